import { Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '../../../contracts/money';
import {
  type SalesSettings,
  SELLER_ADDRESS_MAX,
  SELLER_NAME_MAX,
  salesSettingsInput,
} from '../../../contracts/taxes';
import { SubmitButton } from '../../components/forms/submit-button';
import { UnsavedChangesGuard } from '../../components/forms/unsaved-guard';
import { useAppForm } from '../../components/forms/use-app-form';
import { useSaveSalesSettings } from './api';

/**
 * R2: « Configuration des taxes »: the currency of the project's prices and the seller printed on bills, validated
 * by the same rules as the server (spec §5: valid before save), each error under its field.
 */
export function SalesSettingsForm({ projectId, settings }: { projectId: string; settings: SalesSettings }) {
  const { t } = useTranslation();
  const save = useSaveSalesSettings(projectId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: salesSettingsInput,
    initialValues: {
      currency: settings.currency as (typeof CURRENCIES)[number],
      sellerName: settings.sellerName ?? '',
      sellerAddress: settings.sellerAddress ?? '',
    },
    submit: (body) => save.mutateAsync(body),
    successMessage: t('taxes.settings.saved'),
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sales-settings-title">
      <UnsavedChangesGuard dirty={dirty} guardQuery />
      <form onSubmit={onSubmit} noValidate data-testid="sales-settings-form">
        <Stack gap="sm">
          <Title order={2} size="h3" id="sales-settings-title">
            {t('taxes.settings.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {settings.saved ? t('taxes.settings.intro') : t('taxes.settings.notSaved')}
          </Text>
          <Select
            label={t('taxes.settings.currency')}
            data={[...CURRENCIES]}
            allowDeselect={false}
            required
            maw={200}
            comboboxProps={{ withinPortal: true }}
            {...field('currency')}
          />
          <TextInput
            label={t('taxes.settings.sellerName')}
            required
            maxLength={SELLER_NAME_MAX}
            {...field('sellerName')}
          />
          <Textarea
            label={t('taxes.settings.sellerAddress')}
            required
            rows={3}
            maxLength={SELLER_ADDRESS_MAX}
            {...field('sellerAddress')}
          />
          <Group justify="flex-end">
            <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
