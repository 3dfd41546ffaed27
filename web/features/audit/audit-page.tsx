import { Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, type AuditEvent } from '../../../contracts/audit';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { DateField } from '../../components/forms/date-field';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useAccessProjects } from '../access/api';
import { auditActorsQuery, auditExportUrl, auditListQuery } from './api';
import { auditSearch } from './search';

const ACTION_COLOR: Record<AuditEvent['action'], string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  import: 'grape',
  grant: 'teal',
  revoke: 'orange',
  refund: 'orange',
  invite: 'cyan',
  send: 'indigo',
  plan: 'cyan',
  cancel: 'orange',
};

/** Issue 22: Administration › Journal des modifications — who changed what, when (docs/audit.md). */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('audit.title'));
  const { dateTime } = useFormat();
  const raw = useSearch({ strict: false });
  const search = useMemo(() => auditSearch.parse(raw), [raw]);
  const navigate = useNavigate();
  const { actor, project, entity, action, from, to } = search;
  const filters = { actor, project, entity, action, from, to };
  const list = useQuery(auditListQuery({ ...listQueryOf(search), ...filters }));
  const actors = useQuery(auditActorsQuery);
  const projects = useAccessProjects();
  const filtered = Object.values(filters).some(Boolean) || Boolean(search.q);
  const setFilter = (next: Partial<typeof filters>) =>
    void navigate({ search: (prev: object) => ({ ...prev, ...next, page: undefined }) } as never);
  const all = (key: 'allActors' | 'allEntities' | 'allActions') => ({
    value: 'all',
    label: t(`audit.filters.${key}`),
  });

  const columns: Column<AuditEvent>[] = [
    { key: 'at', header: t('audit.columns.at'), sortKey: 'at', noWrap: true, render: (e) => dateTime(e.at) },
    { key: 'actor', header: t('audit.columns.actor'), sortKey: 'actor', render: (e) => e.actorName },
    {
      key: 'project',
      header: t('audit.columns.project'),
      render: (e) =>
        e.projectName ?? (
          <Text c="dimmed" size="sm">
            {t('audit.companyLevel')}
          </Text>
        ),
    },
    {
      key: 'entity',
      header: t('audit.columns.entity'),
      sortKey: 'entity',
      render: (e) => t(`audit.entities.${e.entity}`),
    },
    {
      key: 'label',
      header: t('audit.columns.label'),
      render: (e) => (e.count > 1 ? t('audit.records', { count: e.count }) : e.entityLabel),
    },
    {
      key: 'action',
      header: t('audit.columns.action'),
      sortKey: 'action',
      render: (e) => (
        <Badge size="sm" variant="light" color={ACTION_COLOR[e.action]}>
          {t(`audit.actions.${e.action}`)}
        </Badge>
      ),
    },
    {
      key: 'fields',
      header: t('audit.columns.fields'),
      render: (e) => (
        <Text size="sm" maw={280} lineClamp={2} title={e.fields.join(', ')}>
          {e.fields.join(', ')}
        </Text>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h2">
          {t('audit.title')}
        </Title>
        <Button
          component="a"
          href={auditExportUrl({ q: search.q, sort: search.sort, dir: search.dir, ...filters })}
          download
          variant="default"
          leftSection={<IconDownload size={16} />}
        >
          {t('audit.export')}
        </Button>
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {t('audit.intro')}
      </Text>
      <DataTable
        label={t('audit.title')}
        columns={columns}
        {...bindListTable(list, search, navigate as never)}
        getRowId={(e) => e.id}
        emptyText={t(filtered ? 'audit.empty' : 'audit.emptyLog')}
        filters={
          <>
            <ListFilter
              label={t('audit.filters.actor')}
              options={[
                all('allActors'),
                ...(actors.data ?? []).map((a) => ({ value: a.id, label: a.name })),
              ]}
              value={actor}
              onChange={(value) => setFilter({ actor: value })}
              testId="actor-filter"
            />
            <ListFilter
              label={t('audit.filters.entity')}
              options={[
                all('allEntities'),
                ...AUDIT_ENTITIES.map((v) => ({ value: v, label: t(`audit.entities.${v}`) })),
              ]}
              value={entity}
              onChange={(value) => setFilter({ entity: value as typeof entity })}
              testId="entity-filter"
            />
            <ListFilter
              label={t('audit.filters.action')}
              options={[
                all('allActions'),
                ...AUDIT_ACTIONS.map((v) => ({ value: v, label: t(`audit.actions.${v}`) })),
              ]}
              value={action}
              onChange={(value) => setFilter({ action: value as typeof action })}
              testId="action-filter"
            />
            <ListFilter
              label={t('audit.filters.project')}
              options={[
                { value: 'all', label: t('audit.filters.allProjects') },
                ...(projects.data?.items ?? []).map((p) => ({
                  value: p.id,
                  label: i18n.language === 'en' ? p.nameEn : p.nameFr,
                })),
              ]}
              value={project}
              onChange={(value) => setFilter({ project: value })}
              testId="project-filter"
            />
            <DateField
              aria-label={t('audit.filters.from')}
              placeholder={t('audit.filters.from')}
              value={from ?? null}
              onChange={(value) => setFilter({ from: value ?? undefined })}
              w={170}
              data-testid="from-filter"
            />
            <DateField
              aria-label={t('audit.filters.to')}
              placeholder={t('audit.filters.to')}
              value={to ?? null}
              onChange={(value) => setFilter({ to: value ?? undefined })}
              w={170}
              data-testid="to-filter"
            />
            {filtered && (
              <Button variant="subtle" onClick={() => void navigate({ search: {} } as never)}>
                {t('audit.filters.clear')}
              </Button>
            )}
          </>
        }
      />
    </>
  );
}
