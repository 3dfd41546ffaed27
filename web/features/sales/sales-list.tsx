import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SaleSummary } from '../../../contracts/sales';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { saleListQuery } from './api';
import { SaleStatusBadge } from './sale-status-badge';
import type { SalesSearch, SalesTab } from './search';

/**
 * S1: the sales of a tab (P5: search on Enter, sort, paging, its state in the URL): date in the project's zone,
 * buyer, items, total, refunded, status and source. A row opens the sale's detail in place of the list.
 */
export function SalesList({
  projectId,
  tab,
  search,
  timeZone,
}: {
  projectId: string;
  tab: SalesTab;
  search: SalesSearch;
  timeZone: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { dateTime, money } = useFormat();
  const navigateTo = useNavigate();
  const navigate = (options: { search: (prev: object) => object }) =>
    navigateTo({ to: '/projects/$projectId/sales', params: { projectId }, search: options.search as never });
  const { tab: _tab, sale: _sale, ...listState } = search;
  const query = {
    ...listQueryOf(listState),
    sort: listState.sort ?? 'createdAt',
    dir: listState.dir ?? 'desc',
    tab,
  };
  const list = useQuery(saleListQuery(projectId, query));
  const lang = i18n.language === 'en' ? 'en' : 'fr';

  const columns: Column<SaleSummary>[] = [
    {
      key: 'createdAt',
      header: t('sales.columns.date'),
      sortKey: 'createdAt',
      noWrap: true,
      render: (s) => dateTime(s.createdAt, timeZone),
    },
    {
      key: 'buyer',
      header: t('sales.columns.buyer'),
      sortKey: 'buyer',
      render: (s) => (
        <Stack gap={0}>
          <AnchorTo
            to="/projects/$projectId/sales"
            params={{ projectId }}
            search={{ ...search, sale: s.id }}
            size="sm"
            fw={500}
          >
            {s.buyer.name}
          </AnchorTo>
          <Text size="xs">{s.buyer.email}</Text>
          {s.buyer.organisation && (
            <Text size="xs" c="dimmed">
              {s.buyer.organisation}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'items',
      header: t('sales.columns.items'),
      render: (s) =>
        s.items
          .map((item) =>
            item.quantity > 1
              ? t('sales.columns.itemTimes', { name: item.name[lang] || item.name.fr, count: item.quantity })
              : item.name[lang] || item.name.fr,
          )
          .join(', '),
    },
    {
      key: 'total',
      header: t('sales.columns.total'),
      sortKey: 'total',
      align: 'right',
      noWrap: true,
      render: (s) => money(s.totalCents, s.currency),
    },
    {
      key: 'refunded',
      header: t('sales.columns.refunded'),
      align: 'right',
      noWrap: true,
      render: (s) => (s.refundedCents ? money(s.refundedCents, s.currency) : '—'),
    },
    {
      key: 'status',
      header: t('sales.columns.status'),
      sortKey: 'status',
      render: (s) => <SaleStatusBadge status={s.status} />,
    },
    { key: 'source', header: t('sales.columns.source'), render: (s) => t(`sales.source.${s.source}`) },
  ];

  return (
    <DataTable
      label={t(`sales.tabs.${tab}`)}
      columns={columns}
      {...bindListTable(list, { ...listState, sort: query.sort, dir: query.dir }, navigate)}
      getRowId={(s) => s.id}
      onRowClick={(s) => void navigate({ search: (prev) => ({ ...prev, sale: s.id }) })}
      emptyText={t(`sales.empty.${tab}`)}
    />
  );
}
