import { Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type CompanySwitch, listCompanySwitches } from '../../../contracts/companies';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { call } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';

/** P2: the record of super-admins' switches into other companies: who, when, from, to. */
export function CompanySwitchListPage() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  usePageTitle(t('companies.switches.title'));
  const search = useSearch({ from: '/app/admin/company-switches' });
  const navigate = useNavigate({ from: '/admin/company-switches' });
  const query = listQueryOf(search);
  const list = useQuery({
    queryKey: ['companies', 'switches', query],
    queryFn: ({ signal }) => call(listCompanySwitches, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const columns: Column<CompanySwitch>[] = [
    {
      key: 'switchedAt',
      header: t('companies.switches.switchedAt'),
      sortKey: 'switchedAt',
      render: (s) => dateTime(s.switchedAt),
    },
    {
      key: 'userEmail',
      header: t('companies.switches.user'),
      sortKey: 'userEmail',
      render: (s) => s.userEmail,
    },
    { key: 'from', header: t('companies.switches.from'), render: (s) => s.fromCompanyName },
    { key: 'to', header: t('companies.switches.to'), render: (s) => s.toCompanyName },
  ];
  return (
    <>
      <Title order={1} size="h2" mb="md">
        {t('companies.switches.title')}
      </Title>
      <DataTable
        label={t('companies.switches.title')}
        columns={columns}
        {...bindListTable(list, search, navigate as never)}
        getRowId={(s) => s.id}
        emptyText={t('companies.switches.empty')}
      />
    </>
  );
}
