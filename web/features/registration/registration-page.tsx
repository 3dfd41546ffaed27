import { Stack, Text, Title } from '@mantine/core';
import {
  IconCategory,
  IconDiscount,
  IconLink,
  IconReceiptTax,
  IconSettings,
  IconTicket,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TAXES_OPTION } from '../../../contracts/project-options';
import { type AppTab, AppTabs } from '../../components/app-tabs';
import { usePageTitle } from '../../lib/page-title';
import { PaymentCategoriesTab } from '../payments/categories-tab';
import { PaymentsTab } from '../payments/payments-tab';
import { projectOptionsQuery } from '../projects/api';
import { PromoCodesTab } from '../promo-codes/promo-codes-tab';
import { SalesSettingsTab } from '../taxes/sales-settings-tab';
import { TaxesTab } from '../taxes/taxes-tab';
import { RegistrationPageTab } from './page-tab';
import { type RegistrationSearch, type RegistrationTab, registrationSearch } from './search';

/**
 * A project's registration set-up (issue 20): the payments and their ticketing (R1), their categories, the taxes (R2,
 * only when option 54 is on; the sales configuration on its own otherwise), the promo codes (R3) and the public registration page's address. The tab and the
 * payment open in the side panel are in the URL.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ strict: false }) as { projectId: string };
  const raw = useSearch({ strict: false });
  const search = useMemo(() => registrationSearch.parse(raw), [raw]);
  const navigate = useNavigate();
  usePageTitle(t('registration.title'));
  const options = useQuery(projectOptionsQuery(projectId));
  const taxesOn = options.data?.items.some((o) => o.id === TAXES_OPTION && o.value) ?? false;
  const go = (next: Partial<RegistrationSearch>) =>
    void navigate({
      to: '/projects/$projectId/registration',
      params: { projectId },
      search: (prev: object) => ({ ...prev, ...next }),
    } as never);
  const tab: RegistrationTab = search.tab ?? 'payments';

  const tabs: AppTab<RegistrationTab>[] = [
    {
      value: 'payments',
      label: t('registration.tabs.payments'),
      icon: <IconTicket size={16} />,
      content: (
        <PaymentsTab
          projectId={projectId}
          paymentId={search.payment}
          onOpen={(paymentId) => go({ payment: paymentId })}
        />
      ),
    },
    {
      value: 'categories',
      label: t('registration.tabs.categories'),
      icon: <IconCategory size={16} />,
      content: <PaymentCategoriesTab projectId={projectId} />,
    },
    // With the taxes (option 54) on, their tab holds the sales configuration too; otherwise it has its own tab.
    taxesOn
      ? {
          value: 'taxes' as const,
          label: t('registration.tabs.taxes'),
          icon: <IconReceiptTax size={16} />,
          content: <TaxesTab projectId={projectId} />,
        }
      : {
          value: 'settings' as const,
          label: t('registration.tabs.settings'),
          icon: <IconSettings size={16} />,
          content: <SalesSettingsTab projectId={projectId} />,
        },
    {
      value: 'promo-codes',
      label: t('registration.tabs.promoCodes'),
      icon: <IconDiscount size={16} />,
      content: <PromoCodesTab projectId={projectId} />,
    },
    {
      value: 'page',
      label: t('registration.tabs.page'),
      icon: <IconLink size={16} />,
      content: <RegistrationPageTab projectId={projectId} />,
    },
  ];
  const shown = tabs.some((entry) => entry.value === tab) ? tab : 'payments';

  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {t('registration.title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('registration.intro')}
      </Text>
      <AppTabs<RegistrationTab>
        label={t('registration.tabs.label')}
        value={shown}
        onChange={(value) => go({ tab: value, payment: undefined })}
        tabs={tabs}
      />
    </Stack>
  );
}
