import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArrowLeft, IconEdit, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../../contracts/money';
import type { SaleDetail as Sale, SaleItem } from '../../../contracts/sales';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { saleQuery, useArchiveSale } from './api';
import { RefundModal } from './refund-modal';
import { SaleBills } from './sale-bills';
import { SaleEditModal } from './sale-edit-modal';
import { SaleStatusBadge } from './sale-status-badge';
import type { SalesSearch } from './search';

/**
 * S1: one sale in place of the list (`&sale=<id>`): its buyer, items with their taxes, sums, refunds with their
 * state and its bills; edit, archive or unarchive (confirmed), refund the sale or one item (S2).
 */
export function SaleDetail({
  projectId,
  saleId,
  timeZone,
  backSearch,
}: {
  projectId: string;
  saleId: string;
  timeZone: string | undefined;
  backSearch: SalesSearch;
}) {
  const { t } = useTranslation();
  const sale = useQuery(saleQuery(projectId, saleId));
  const navigate = useNavigate();
  return (
    <Stack gap="md" data-testid="sale-detail">
      <AnchorTo to="/projects/$projectId/sales" params={{ projectId }} search={backSearch} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('sales.detail.back')}
        </Group>
      </AnchorTo>
      {sale.data ? (
        <SaleSheet
          projectId={projectId}
          sale={sale.data}
          timeZone={timeZone}
          onLeave={() =>
            void navigate({
              to: '/projects/$projectId/sales',
              params: { projectId },
              search: backSearch as never,
            })
          }
        />
      ) : (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

type Opened = { kind: 'edit' } | { kind: 'archive' } | { kind: 'refund'; item: SaleItem | null } | null;

function SaleSheet({
  projectId,
  sale,
  timeZone,
  onLeave,
}: {
  projectId: string;
  sale: Sale;
  timeZone?: string;
  /** Back to the list, once the sale has left its tab (archived or unarchived, spec §4). */
  onLeave: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { dateTime, money: format } = useFormat();
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  const money = (cents: number) => format(cents, sale.currency);
  const name = (value: { fr: string; en: string }) => value[lang] || value.fr;
  const archive = useArchiveSale(projectId);
  const [opened, setOpened] = useState<Opened>(null);
  const refundable = sale.status === 'paid';
  const itemName = (itemId: string | null) => {
    const item = sale.items.find((i) => i.id === itemId);
    return item ? name(item.name) : t('sales.detail.wholeSale');
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            {sale.buyer.name}
          </Title>
          <Text size="sm">{sale.buyer.email}</Text>
          {sale.buyer.organisation && <Text size="sm">{sale.buyer.organisation}</Text>}
          <Group gap="xs" mt={4}>
            <SaleStatusBadge status={sale.status} />
            {sale.archived && <Badge color="gray">{t('sales.detail.archived')}</Badge>}
            <Text size="sm" c="dimmed">
              {t(`sales.source.${sale.source}`)} · {dateTime(sale.createdAt, timeZone)}
            </Text>
          </Group>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconEdit size={16} />}
            onClick={() => setOpened({ kind: 'edit' })}
          >
            {t('sales.detail.edit')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArchive size={16} />}
            onClick={() => setOpened({ kind: 'archive' })}
          >
            {sale.archived ? t('sales.detail.unarchive') : t('sales.detail.archive')}
          </Button>
          {refundable && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => setOpened({ kind: 'refund', item: null })}
              disabled={sale.refundableFeeCents <= 0 || !sale.refundTaxes}
            >
              {t('sales.detail.refundSale')}
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder p="sm">
        <Table aria-label={t('sales.detail.items')} data-testid="sale-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sales.detail.item')}</Table.Th>
              <Table.Th ta="right">{t('sales.detail.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('sales.detail.quantity')}</Table.Th>
              <Table.Th ta="right">{t('sales.detail.discount')}</Table.Th>
              <Table.Th>{t('sales.detail.taxes')}</Table.Th>
              <Table.Th ta="right">{t('sales.detail.total')}</Table.Th>
              <Table.Th ta="right">{t('sales.detail.refunded')}</Table.Th>
              {refundable && <Table.Th>{t('sales.detail.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sale.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {name(item.name)}
                  {item.promoCode && (
                    <Text size="xs" c="dimmed">
                      {t('sales.detail.promoCode', { code: item.promoCode })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(item.unitPriceCents)}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{money(item.discountCents)}</Table.Td>
                <Table.Td>
                  {item.taxes.map((tax) => (
                    <Text size="sm" key={`${tax.name.fr}${tax.rateMilli}`}>
                      {t('sales.detail.taxLine', {
                        name: name(tax.name),
                        rate: formatRate(tax.rateMilli, lang),
                        amount: money(tax.amountCents),
                      })}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td ta="right">{money(item.totalCents)}</Table.Td>
                <Table.Td ta="right">{money(item.refundedCents)}</Table.Td>
                {refundable && (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={item.refundableFeeCents <= 0}
                      onClick={() => setOpened({ kind: 'refund', item })}
                      aria-label={t('sales.detail.refundItemOf', { name: name(item.name) })}
                    >
                      {t('sales.detail.refundItem')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Stack gap={2} align="flex-end" mt="sm" data-testid="sale-sums">
          <Text size="sm">
            {t('sales.detail.subtotal')} {money(sale.subtotalCents)}
          </Text>
          <Text size="sm">
            {t('sales.detail.discount')} −{money(sale.discountCents)}
          </Text>
          <Text size="sm">
            {t('sales.detail.taxes')} {money(sale.taxCents)}
          </Text>
          <Text fw={700}>
            {t('sales.detail.total')} {money(sale.totalCents)}
          </Text>
          <Text size="sm">
            {t('sales.detail.refunded')} {money(sale.refundedCents)}
          </Text>
        </Stack>
      </Paper>

      {sale.refunds.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {t('sales.detail.refunds')}
          </Title>
          <Table aria-label={t('sales.detail.refunds')} data-testid="sale-refunds">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sales.detail.date')}</Table.Th>
                <Table.Th>{t('sales.detail.item')}</Table.Th>
                <Table.Th ta="right">{t('sales.refund.fee')}</Table.Th>
                <Table.Th ta="right">{t('sales.refund.retained')}</Table.Th>
                <Table.Th ta="right">{t('sales.refund.totalWithTaxes')}</Table.Th>
                <Table.Th>{t('sales.detail.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sale.refunds.map((refund) => (
                <Table.Tr key={refund.id}>
                  <Table.Td>{dateTime(refund.createdAt, timeZone)}</Table.Td>
                  <Table.Td>
                    {itemName(refund.itemId)}
                    {refund.full && ` · ${t('sales.detail.fullRefund')}`}
                  </Table.Td>
                  <Table.Td ta="right">{money(refund.feeCents)}</Table.Td>
                  <Table.Td ta="right">{money(refund.retainedCents)}</Table.Td>
                  <Table.Td ta="right">{money(refund.totalWithTaxesCents)}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={
                        refund.status === 'succeeded' ? 'teal' : refund.status === 'failed' ? 'red' : 'yellow'
                      }
                    >
                      {t(`sales.refundStatus.${refund.status}`)}
                    </Badge>
                    {refund.failureCode && (
                      <Text size="xs" c="dimmed">
                        {refund.failureCode}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}

      <SaleBills projectId={projectId} saleId={sale.id} />

      {opened?.kind === 'refund' && (
        <RefundModal projectId={projectId} sale={sale} item={opened.item} onClose={() => setOpened(null)} />
      )}
      {opened?.kind === 'edit' && (
        <SaleEditModal projectId={projectId} sale={sale} onClose={() => setOpened(null)} />
      )}
      <ConfirmModal
        opened={opened?.kind === 'archive'}
        title={sale.archived ? t('sales.archive.unarchiveTitle') : t('sales.archive.archiveTitle')}
        confirmLabel={sale.archived ? t('sales.detail.unarchive') : t('sales.detail.archive')}
        loading={archive.isPending}
        onCancel={() => setOpened(null)}
        onConfirm={() =>
          archive.mutate(
            { saleId: sale.id, archived: !sale.archived },
            {
              onSuccess: (next) => {
                setOpened(null);
                onLeave();
                notifications.show({
                  color: 'teal',
                  message: next.archived ? t('sales.archive.archived') : t('sales.archive.unarchived'),
                });
              },
            },
          )
        }
      >
        {sale.archived ? t('sales.archive.unarchiveBody') : t('sales.archive.archiveBody')}
      </ConfirmModal>
    </Stack>
  );
}
