import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ParticipantListItem } from '../../../../contracts/participants';
import { type Column, DataTable } from '../../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../../components/data-table/list-search';
import { useFormat } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { StatusBadge } from '../../participants/status-badge';
import { projectQuery } from '../../projects/api';
import { reportExportUrl, reportListQuery, reportOptionsQuery } from './api';
import { FILTER_ORDER, ReportBadges } from './report-badges';
import { ReportEmailButton } from './report-email';
import { ReportFilters } from './report-filters';
import { DEPENDENT, type ReportFilterKey, type ReportSearch, reportSearch } from './search';

/** T1 « Projet › Rapport »: the participants through the report's filters, their badges, the table and the export. */
export function ReportPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('report.title'));
  const { projectId } = useParams({ strict: false }) as { projectId: string };
  const search = reportSearch.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const { date } = useFormat();
  const timeZone = useQuery(projectQuery(projectId)).data?.timeZone ?? '';
  const options = useQuery(reportOptionsQuery(projectId));
  const list = useQuery(reportListQuery(projectId, listQueryOf(search)));
  const nameOf = (n: { fr: string; en: string }) => (i18n.language === 'en' ? n.en : n.fr) || n.fr;

  const go = (change: (prev: ReportSearch) => Partial<ReportSearch>) =>
    void navigate({
      to: '/projects/$projectId/reports',
      params: { projectId },
      search: (prev: object) => ({ ...prev, ...change(reportSearch.parse(prev)) }),
    } as never);
  // A filter's change starts the list over at its first page.
  const filter = (patch: Partial<ReportSearch>) => go(() => ({ ...patch, page: undefined }));
  const remove = (key: ReportFilterKey) => {
    const dependent = DEPENDENT[key];
    filter({ [key]: undefined, ...(dependent ? { [dependent]: undefined } : {}) });
  };
  const clear = () => filter(Object.fromEntries(FILTER_ORDER.map((key) => [key, undefined])));

  const { page: _page, pageSize: _size, ...exported } = search;
  const columns: Column<ParticipantListItem>[] = [
    {
      key: 'lastName',
      header: t('participants.fields.lastName'),
      sortKey: 'lastName',
      render: (p) => p.lastName,
    },
    {
      key: 'firstName',
      header: t('participants.fields.firstName'),
      sortKey: 'firstName',
      render: (p) => p.firstName,
    },
    { key: 'email', header: t('participants.fields.email'), sortKey: 'email', render: (p) => p.email },
    {
      key: 'organisation',
      header: t('participants.fields.organisation'),
      sortKey: 'organisation',
      render: (p) => p.organisation ?? '',
    },
    {
      key: 'role',
      header: t('participants.fields.role'),
      sortKey: 'role',
      render: (p) => nameOf(p.role.name),
    },
    {
      key: 'groups',
      header: t('participants.fields.groups'),
      render: (p) => p.groups.map((g) => nameOf(g.name)).join(', '),
    },
    {
      key: 'status',
      header: t('participants.fields.status'),
      render: (p) => <StatusBadge status={p.status} />,
    },
    {
      key: 'createdAt',
      header: t('participants.fields.createdAt'),
      sortKey: 'createdAt',
      render: (p) => date(p.createdAt.slice(0, 10)),
    },
  ];

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('report.title')}
        </Title>
        <Group gap="xs">
          <ReportEmailButton projectId={projectId} query={exported} />
          <Button
            component="a"
            href={reportExportUrl(projectId, exported)}
            download
            variant="default"
            leftSection={<IconDownload size={16} />}
            data-testid="report-export"
          >
            {t('report.export')}
          </Button>
        </Group>
      </Group>
      <Text c="dimmed" mb="sm">
        {t('report.intro', { timeZone })}
      </Text>
      <ReportFilters search={search} options={options.data} onChange={filter} />
      <ReportBadges search={search} options={options.data} onRemove={remove} onClear={clear} />
      <DataTable
        label={t('report.title')}
        columns={columns}
        {...bindListTable(list, search, ({ search: next }) => go((prev) => next(prev) as ReportSearch))}
        getRowId={(p) => p.id}
        emptyText={t('report.empty')}
      />
    </Stack>
  );
}
