import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconReceiptTax } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../../contracts/money';
import type { Tax } from '../../../contracts/taxes';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SortableList } from '../../components/sortable/sortable-list';
import { salesSettingsQuery, saveTaxOrder, taxKeys, taxListQuery } from './api';
import { SalesSettingsForm } from './sales-settings-form';
import { TaxDeleteModal, TaxFormModal } from './tax-modals';

type Dialog = { kind: 'form'; tax: Tax | null } | { kind: 'delete'; tax: Tax } | null;

/**
 * R2 (shown only when option 54 is on): the taxes configuration at the top, then the project's taxes, each with its
 * name in the reader's language, its rate (« 9,975 % ») and its registration number; add, edit, delete, order.
 */
export function TaxesTab({
  projectId,
}: {
  projectId: string;
  paymentId?: string;
  onOpen?: (id?: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const queryClient = useQueryClient();
  const settings = useQuery(salesSettingsQuery(projectId));
  const taxes = useQuery(taxListQuery(projectId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const nameOf = (tax: Tax) => tax.name[language];
  const items = useMemo(
    () => (taxes.data?.items ?? []).map((tax) => ({ ...tax, label: tax.name[language] })),
    [taxes.data, language],
  );

  if (!settings.data || !taxes.data) {
    return settings.isError || taxes.isError ? (
      <Group>
        <Text>{t('errors.unexpected')}</Text>
        <Button variant="light" onClick={() => void queryClient.invalidateQueries({ queryKey: taxKeys.all })}>
          {t('common.retry')}
        </Button>
      </Group>
    ) : (
      <Loader role="progressbar" aria-label={t('common.loading')} />
    );
  }

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'form', tax: null })}>
      {t('taxes.create')}
    </Button>
  );

  return (
    <Stack maw={860}>
      <SalesSettingsForm
        key={String(settings.dataUpdatedAt)}
        projectId={projectId}
        settings={settings.data}
      />
      <Group justify="space-between" mt="md">
        <Stack gap={0}>
          <Title order={2} size="h3">
            {t('taxes.listTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('taxes.intro')}
          </Text>
        </Stack>
        {items.length > 0 && addButton}
      </Group>
      {items.length === 0 ? (
        <Paper withBorder p="xl" data-testid="taxes-empty">
          <Stack align="center" gap="sm">
            <IconReceiptTax size={32} aria-hidden />
            <Text>{t('taxes.empty')}</Text>
            {addButton}
          </Stack>
        </Paper>
      ) : (
        <SortableList
          label={t('taxes.listTitle')}
          items={items}
          onSave={(order) => saveTaxOrder(projectId, order.items)}
          onReload={() => queryClient.invalidateQueries({ queryKey: taxKeys.list(projectId) })}
          renderItem={(tax) => (
            <Group justify="space-between" wrap="nowrap" data-testid="tax-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} data-testid="tax-name">
                    {tax.label}
                  </Text>
                  <Text data-testid="tax-rate">{formatRate(tax.rateMilli, language)}</Text>
                </Group>
                <Text size="xs" c="dimmed" data-testid="tax-number">
                  {tax.registrationNumber || t('taxes.noNumber')}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <EditDeleteActions
                  editLabel={t('taxes.editNamed', { name: tax.label })}
                  deleteLabel={t('taxes.deleteNamed', { name: tax.label })}
                  onEdit={() => setDialog({ kind: 'form', tax })}
                  onDelete={() => setDialog({ kind: 'delete', tax })}
                />
              </Group>
            </Group>
          )}
        />
      )}
      {dialog?.kind === 'form' && (
        <TaxFormModal projectId={projectId} tax={dialog.tax} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <TaxDeleteModal
          projectId={projectId}
          tax={dialog.tax}
          name={nameOf(dialog.tax)}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
