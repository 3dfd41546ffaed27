import { Alert, Button, Group, Loader, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRate, parseMoney, refundTotals } from '../../../contracts/money';
import type { SaleDetail, SaleItem } from '../../../contracts/sales';
import { AppModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { useRefundSale } from './api';

/** A new key per opened form, and after a failure the server answered: a double click or a lost answer is one refund. */
const newKey = () => crypto.randomUUID();

/**
 * S2: refund the whole sale or one item, fully or partly (spec §5): the full switch hides the amount; fee = what is
 * left to refund before taxes; total = fee − amount; each tax is its rate of that total; the total with taxes; all
 * shown live as the amount is typed (decimal commas accepted). While saving, an in-progress indicator stands in for
 * the button; a failure shows an alert panel and the button returns (spec §4, §8).
 */
export function RefundModal({
  projectId,
  sale,
  item,
  onClose,
}: {
  projectId: string;
  sale: SaleDetail;
  /** The detail level: one item, or null for the whole sale. */
  item: SaleItem | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  const money = (cents: number) => formatMoney(cents, sale.currency, lang);
  const refund = useRefundSale(projectId, sale.id);
  const [full, setFull] = useState(false);
  const [retainedText, setRetainedText] = useState('');
  const [key, setKey] = useState(newKey);
  const [failure, setFailure] = useState<string | null>(null);
  const [retainedError, setRetainedError] = useState<string | null>(null);

  const fee = item ? item.refundableFeeCents : sale.refundableFeeCents;
  const taxes = (item ? item.taxes : sale.refundTaxes) ?? [];
  const retained = full ? 0 : retainedText.trim() === '' ? 0 : parseMoney(retainedText);
  const totals = retained === null ? null : refundTotals(fee, retained, taxes, full);
  const localError =
    retained === null
      ? t('validation.sales.amount')
      : totals === null
        ? t('validation.sales.retainedAboveFee')
        : null;
  const name = (value: { fr: string; en: string }) => value[lang] || value.fr;

  async function handleSave() {
    if (!totals || refund.isPending) return;
    setFailure(null);
    setRetainedError(null);
    try {
      await refund.mutateAsync({
        itemId: item?.id ?? null,
        full,
        retained: full ? undefined : retainedText.trim() || '0',
        idempotencyKey: key,
      });
      notifications.show({ color: 'teal', message: t('sales.refund.done') });
      onClose();
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      const onRetained = api?.fields.find((f) => f.field === 'retained');
      if (onRetained) setRetainedError(onRetained.message);
      else setFailure(api?.title || t('sales.refund.failed'));
      // The server answered (a refusal, the processor's failure): the next try is a new refund. Without an answer
      // the key is kept, so trying again cannot refund twice.
      if (api && api.code !== 'network' && (api.status < 500 || api.status === 502)) setKey(newKey());
    }
  }

  const rows: [string, string][] = totals
    ? [
        [t('sales.refund.total'), money(totals.totalCents)],
        ...totals.taxes.map((tax): [string, string] => [
          t('sales.refund.tax', { name: name(tax.name), rate: formatRate(tax.rateMilli, lang) }),
          money(tax.amountCents),
        ]),
        [t('sales.refund.totalWithTaxes'), money(totals.totalWithTaxesCents)],
      ]
    : [];

  return (
    <AppModal
      opened
      onClose={onClose}
      title={item ? t('sales.refund.itemTitle', { name: name(item.name) }) : t('sales.refund.saleTitle')}
      dirty={retainedText !== '' || full}
    >
      <Stack>
        <Text size="sm">
          {t('sales.refund.fee')} <strong data-testid="refund-fee">{money(fee)}</strong>
        </Text>
        <Switch
          label={t('sales.refund.full')}
          checked={full}
          onChange={(event) => setFull(event.currentTarget.checked)}
        />
        {!full && (
          <TextInput
            label={t('sales.refund.retained')}
            description={t('sales.refund.retainedHelp')}
            inputMode="decimal"
            value={retainedText}
            onChange={(event) => {
              setRetainedText(event.currentTarget.value);
              setRetainedError(null);
            }}
            error={retainedError ?? localError ?? undefined}
            data-autofocus
          />
        )}
        {totals && (
          <Table aria-label={t('sales.refund.sums')} data-testid="refund-sums">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row" fw={label === t('sales.refund.totalWithTaxes') ? 700 : 400}>
                    {label}
                  </Table.Th>
                  <Table.Td ta="right">{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {failure && (
          <Alert color="red" role="alert" title={t('sales.refund.failedTitle')}>
            {failure}
          </Alert>
        )}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={refund.isPending}>
          {t('common.cancel')}
        </Button>
        {refund.isPending ? (
          <Group gap="xs" role="status" aria-live="polite">
            <Loader size="sm" />
            <Text size="sm">{t('sales.refund.inProgress')}</Text>
          </Group>
        ) : (
          <Button color="red" onClick={handleSave} disabled={!totals || fee <= 0}>
            {t('sales.refund.save')}
          </Button>
        )}
      </Group>
    </AppModal>
  );
}
