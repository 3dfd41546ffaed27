import { Badge, Button, Group, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../contracts/projects';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { AnchorTo, ButtonTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { projectListQuery, useSetManyActivation } from './api';

export function ProjectListPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('projects.title'));
  const { date } = useFormat();
  const search = useSearch({ from: '/app/projects' });
  const navigate = useNavigate({ from: '/projects' });
  const [selected, setSelected] = useState<string[]>([]);
  const query = { ...listQueryOf(search), status: search.status ?? ('all' as const) };
  const list = useQuery(projectListQuery(query));
  const bulk = useSetManyActivation();
  const setMany = (isActive: boolean) =>
    bulk.mutate(
      { projectIds: selected, isActive },
      {
        onSuccess: ({ updated }) => {
          notifications.show({ color: 'teal', message: t('projects.bulk.done', { count: updated }) });
          setSelected([]);
        },
      },
    );
  const name = (p: Project) => (i18n.language === 'en' ? p.nameEn : p.nameFr);

  const columns: Column<Project>[] = [
    {
      key: 'name',
      header: t('projects.fields.name'),
      sortKey: 'name',
      // The row opens the project too; the name is its link (new tab, copied address).
      render: (p) => (
        <AnchorTo to="/projects/$projectId" params={{ projectId: p.id }} size="sm" fw={500}>
          {name(p)}
        </AnchorTo>
      ),
    },
    {
      key: 'startsOn',
      header: t('projects.fields.startsOn'),
      sortKey: 'startsOn',
      render: (p) => date(p.startsOn),
    },
    { key: 'endsOn', header: t('projects.fields.endsOn'), sortKey: 'endsOn', render: (p) => date(p.endsOn) },
    { key: 'timeZone', header: t('projects.fields.timeZone'), render: (p) => p.timeZone },
    {
      key: 'isActive',
      header: t('projects.fields.isActive'),
      sortKey: 'isActive',
      render: (p) => (
        <Badge color={p.isActive ? 'teal' : 'gray'} variant="light">
          {p.isActive ? t('common.active') : t('common.inactive')}
        </Badge>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('projects.title')}
        </Title>
        <ButtonTo to="/projects/new" leftSection={<IconPlus size={16} />}>
          {t('projects.create')}
        </ButtonTo>
      </Group>
      <DataTable
        label={t('projects.title')}
        columns={columns}
        {...bindListTable(list, search, navigate as never)}
        getRowId={(p) => p.id}
        onRowClick={(p) => void navigate({ to: '/projects/$projectId', params: { projectId: p.id } })}
        selection={{
          selected,
          onChange: setSelected,
          actions: (
            <>
              <Button size="xs" variant="light" loading={bulk.isPending} onClick={() => setMany(true)}>
                {t('projects.bulk.activate')}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="gray"
                loading={bulk.isPending}
                onClick={() => setMany(false)}
              >
                {t('projects.bulk.deactivate')}
              </Button>
            </>
          ),
        }}
        emptyText={t('projects.empty')}
        filters={
          <ListFilter
            label={t('projects.statusFilter')}
            options={(['all', 'active', 'inactive'] as const).map((s) => ({
              value: s,
              label: t(`projects.status.${s}`),
            }))}
            value={search.status}
            onChange={(status) =>
              void navigate({
                search: (prev) => ({
                  ...prev,
                  status: status === 'all' ? undefined : status,
                  page: undefined,
                }),
              })
            }
            testId="status-filter"
          />
        }
      />
    </>
  );
}
