import '@mantine/core/styles/Table.css';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contracts/http';
import { formatMoney, formatRate } from '../../../contracts/money';
import type { RegistrationQuote } from '../../../contracts/registration';

/**
 * Step 4: what will be charged, as the server priced it: each line with its discount and each of its taxes, then the
 * total; free, the button registers; otherwise it goes to the card payment page.
 */
export function SummaryStep({
  quote,
  language,
  busy,
  onBack,
  onConfirm,
}: {
  quote: RegistrationQuote;
  language: Language;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, quote.currency, language);
  const rows: { key: string; label: string; amount: string; strong?: boolean }[] = [];
  for (const line of quote.lines) {
    rows.push({ key: line.paymentId, label: line.name[language], amount: money(line.unitPriceCents) });
    if (line.discountCents > 0) {
      rows.push({
        key: `${line.paymentId}:discount`,
        label: line.promoCode
          ? t('publicRegistration.summary.discountCode', { code: line.promoCode })
          : t('publicRegistration.summary.discount'),
        amount: money(-line.discountCents),
      });
    }
    for (const [index, tax] of line.taxes.entries()) {
      rows.push({
        key: `${line.paymentId}:tax:${index}`,
        label: t('publicRegistration.summary.tax', {
          name: tax.name[language],
          rate: formatRate(tax.rateMilli, language),
        }),
        amount: money(tax.amountCents),
      });
    }
  }
  rows.push({
    key: 'total',
    label: t('publicRegistration.summary.total'),
    amount: money(quote.totalCents),
    strong: true,
  });
  const free = quote.totalCents === 0;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('publicRegistration.summary.title')}
      </Title>
      <Table data-testid="summary" verticalSpacing={6}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td fw={row.strong ? 700 : undefined}>{row.label}</Table.Td>
              <Table.Td ta="right" fw={row.strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                {row.amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!free && (
        <Text size="sm" c="dimmed">
          {t('publicRegistration.summary.toCard')}
        </Text>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {t('publicRegistration.back')}
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          {free
            ? t('publicRegistration.summary.register')
            : t('publicRegistration.summary.pay', { total: money(quote.totalCents) })}
        </Button>
      </Group>
    </Stack>
  );
}
