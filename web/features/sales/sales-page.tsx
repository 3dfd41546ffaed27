import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconClock, IconGift, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppTab, AppTabs } from '../../components/app-tabs';
import { usePageTitle } from '../../lib/page-title';
import { projectQuery } from '../projects/api';
import { CourtesyModal } from './courtesy-modal';
import { SaleDetail } from './sale-detail';
import { SalesList } from './sales-list';
import { type SalesTab, salesSearch } from './search';

const ICONS: Record<SalesTab, typeof IconReceipt> = {
  sales: IconReceipt,
  pending: IconClock,
  courtesy: IconGift,
  archive: IconArchive,
};

/**
 * S1–S2: a project's sales by tab (sales, pending, courtesy, archive), a sale's detail in place of the list
 * (`&sale=<id>`), its refunds and bills. The tab, the list's state and the sale open are in the URL.
 */
export function SalesPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ strict: false }) as { projectId: string };
  const raw = useSearch({ strict: false });
  const search = useMemo(() => salesSearch.parse(raw), [raw]);
  const navigate = useNavigate();
  usePageTitle(t('sales.title'));
  const timeZone = useQuery(projectQuery(projectId)).data?.timeZone;
  const tab: SalesTab = search.tab ?? 'sales';
  const [addingCourtesy, setAddingCourtesy] = useState(false);

  const tabs: AppTab<SalesTab>[] = (['sales', 'pending', 'courtesy', 'archive'] as const).map((value) => {
    const Icon = ICONS[value];
    return {
      value,
      label: t(`sales.tabs.${value}`),
      icon: <Icon size={16} />,
      content: search.sale ? (
        <SaleDetail
          projectId={projectId}
          saleId={search.sale}
          timeZone={timeZone}
          backSearch={{ ...search, sale: undefined }}
        />
      ) : (
        <Stack gap="sm">
          {value === 'courtesy' && (
            <Group justify="flex-end">
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAddingCourtesy(true)}>
                {t('sales.courtesy.add')}
              </Button>
            </Group>
          )}
          <SalesList projectId={projectId} tab={value} search={search} timeZone={timeZone} />
        </Stack>
      ),
    };
  });

  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {t('sales.title')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('sales.intro')}
      </Text>
      <AppTabs<SalesTab>
        label={t('sales.tabs.label')}
        value={tab}
        onChange={(value) =>
          void navigate({
            to: '/projects/$projectId/sales',
            params: { projectId },
            search: { tab: value === 'sales' ? undefined : value },
          } as never)
        }
        tabs={tabs}
      />
      {addingCourtesy && (
        <CourtesyModal
          projectId={projectId}
          onClose={() => setAddingCourtesy(false)}
          onCreated={(sale) => {
            setAddingCourtesy(false);
            void navigate({
              to: '/projects/$projectId/sales',
              params: { projectId },
              search: { tab: 'courtesy', sale: sale.id },
            } as never);
          }}
        />
      )}
    </Stack>
  );
}
