import { Button, Group, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDiscount, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate } from '../../../contracts/money';
import type { PromoCode, PromoCodeList } from '../../../contracts/promo-codes';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { formatDateTime } from '../../lib/format';
import { promoCodeKeys, promoCodeListQuery, promoPaymentsQuery } from './api';
import { PromoCodeDeleteModal, PromoCodeFormModal } from './promo-code-modals';

type Dialog = { kind: 'form'; promo: PromoCode | null } | { kind: 'delete'; promo: PromoCode } | null;

/**
 * R3: the project's promo codes (one per payment): code, payment, discount (« 15 % », « 12,50 $ »), validity in the
 * project's zone and uses « 3 / 10 »; add and edit in a modal, delete confirmed.
 */
export function PromoCodesTab({
  projectId,
}: {
  projectId: string;
  paymentId?: string;
  onOpen?: (id?: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const codes = useQuery(promoCodeListQuery(projectId));
  const payments = useQuery(promoPaymentsQuery(projectId));
  const [dialog, setDialog] = useState<Dialog>(null);

  if (!codes.data || !payments.data) {
    return codes.isError || payments.isError ? (
      <Group>
        <Text>{t('errors.unexpected')}</Text>
        <Button
          variant="light"
          onClick={() => void queryClient.invalidateQueries({ queryKey: promoCodeKeys.all })}
        >
          {t('common.retry')}
        </Button>
      </Group>
    ) : (
      <Loader role="progressbar" aria-label={t('common.loading')} />
    );
  }

  const canAdd = payments.data.items.length > 0;
  const addButton = (
    <Button
      leftSection={<IconPlus size={16} />}
      disabled={!canAdd}
      onClick={() => setDialog({ kind: 'form', promo: null })}
    >
      {t('promoCodes.create')}
    </Button>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2} size="h3">
            {t('promoCodes.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('promoCodes.intro')}
          </Text>
        </Stack>
        {codes.data.items.length > 0 && addButton}
      </Group>
      {codes.data.items.length === 0 ? (
        <Paper withBorder p="xl" data-testid="promo-codes-empty">
          <Stack align="center" gap="sm">
            <IconDiscount size={32} aria-hidden />
            <Text>{t(canAdd ? 'promoCodes.empty' : 'promoCodes.noPayment')}</Text>
            {addButton}
          </Stack>
        </Paper>
      ) : (
        <PromoCodeTable
          list={codes.data}
          onEdit={(promo) => setDialog({ kind: 'form', promo })}
          onDelete={(promo) => setDialog({ kind: 'delete', promo })}
        />
      )}
      {dialog?.kind === 'form' && (
        <PromoCodeFormModal
          projectId={projectId}
          promo={dialog.promo}
          payments={payments.data}
          timeZone={codes.data.timeZone}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <PromoCodeDeleteModal projectId={projectId} promo={dialog.promo} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

function PromoCodeTable({
  list,
  onEdit,
  onDelete,
}: {
  list: PromoCodeList;
  onEdit: (promo: PromoCode) => void;
  onDelete: (promo: PromoCode) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const when = (instant: string | Date) =>
    formatDateTime(
      String(instant instanceof Date ? instant.toISOString() : instant),
      language,
      list.timeZone,
    );
  const validity = (promo: PromoCode) => {
    if (promo.validFrom && promo.validUntil) {
      return t('promoCodes.between', { from: when(promo.validFrom), until: when(promo.validUntil) });
    }
    if (promo.validFrom) return t('promoCodes.from', { date: when(promo.validFrom) });
    if (promo.validUntil) return t('promoCodes.until', { date: when(promo.validUntil) });
    return t('promoCodes.always');
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label={t('promoCodes.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('promoCodes.columns.code')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.payment')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.discount')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.validity')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.uses')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.items.map((promo) => (
            <Table.Tr key={promo.id} data-testid="promo-code-row">
              <Table.Td fw={600}>{promo.code}</Table.Td>
              <Table.Td>{promo.paymentName[language]}</Table.Td>
              <Table.Td>
                {promo.kind === 'amount'
                  ? formatMoney(promo.value, list.currency, language)
                  : formatRate(promo.value, language)}
              </Table.Td>
              <Table.Td>{validity(promo)}</Table.Td>
              <Table.Td>
                {promo.maxUses === null
                  ? t('promoCodes.usesUnlimited', { uses: promo.uses })
                  : t('promoCodes.uses', { uses: promo.uses, max: promo.maxUses })}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <EditDeleteActions
                    editLabel={t('promoCodes.editNamed', { code: promo.code })}
                    deleteLabel={t('promoCodes.deleteNamed', { code: promo.code })}
                    onEdit={() => onEdit(promo)}
                    onDelete={() => onDelete(promo)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
