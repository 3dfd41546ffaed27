import { Badge, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_TYPES,
  type ActivityBulkValues,
  type ActivityListItem,
  HYBRID_TYPES,
} from '../../../contracts/activities';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { AnchorTo, ButtonTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { ActivityBulkModal, OFFERED_BULK_ACTIONS } from './activity-bulk-modal';
import { ActivityFormModal } from './activity-form-modal';
import { activityCategoryListQuery, activityListQuery } from './api';
import { useLocalizedName } from './localized-name';
import { type ActivitySearch, activitySearch } from './search';

const ALL = 'all';
type BulkAction = ActivityBulkValues['action'];

/** V1: the activities of the project; a row opens the activity's edition. */
export function ActivityListPage() {
  const { t } = useTranslation();
  usePageTitle(t('activities.title'));
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const search = useSearch({ from: '/app/projects/$projectId/activities' });
  const navigate = useNavigate();
  const go = (change: (prev: ActivitySearch) => Partial<ActivitySearch>) =>
    void navigate({
      to: '/projects/$projectId/activities',
      params: { projectId },
      search: (prev: object) => ({ ...prev, ...change(activitySearch.parse(prev)) }),
    } as never);
  const [adding, setAdding] = useState(false);

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('activities.title')}
        </Title>
        <Group gap="xs">
          <ButtonTo variant="default" to="/projects/$projectId/activities/calendar" params={{ projectId }}>
            {t('calendar.open')}
          </ButtonTo>
          <ButtonTo variant="default" to="/projects/$projectId/activities/landing" params={{ projectId }}>
            {t('landing.open')}
          </ButtonTo>
          <ButtonTo
            variant="default"
            to="/projects/$projectId/activities/configuration"
            params={{ projectId }}
          >
            {t('activities.configuration.open')}
          </ButtonTo>
          <ButtonTo variant="default" to="/projects/$projectId/activities/import" params={{ projectId }}>
            {t('activityImport.open')}
          </ButtonTo>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('activities.add')}
          </Button>
        </Group>
      </Group>
      <ActivityTable projectId={projectId} search={search} go={go} onAdd={() => setAdding(true)} />
      {adding && <ActivityFormModal projectId={projectId} onClose={() => setAdding(false)} />}
    </>
  );
}

function ActivityTable({
  projectId,
  search,
  go,
  onAdd,
}: {
  projectId: string;
  search: ActivitySearch;
  go: (change: (prev: ActivitySearch) => Partial<ActivitySearch>) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation();
  const { dateTime, number } = useFormat();
  const nameOf = useLocalizedName();
  const navigate = useNavigate();
  const { past, ...listState } = search;
  const list = useQuery(
    activityListQuery(projectId, { ...listQueryOf(listState), past: past ? 'true' : undefined }),
  );
  const sections = useQuery(activityCategoryListQuery(projectId, 'section'));
  const categories = useQuery(activityCategoryListQuery(projectId, 'category'));
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<BulkAction | null>(null);

  const when = (iso: string | null, a: ActivityListItem) =>
    a.noDate || !iso ? t('activities.noDate') : dateTime(iso, a.timeZone);

  const columns: Column<ActivityListItem>[] = [
    {
      key: 'title',
      header: t('activities.fields.title'),
      sortKey: 'title',
      render: (a) => (
        <AnchorTo
          to="/projects/$projectId/activities/$activityId"
          params={{ projectId, activityId: a.id }}
          size="sm"
          display="block"
          truncate="end"
          maw={280}
          title={nameOf(a.title)}
        >
          {nameOf(a.title)}
        </AnchorTo>
      ),
    },
    {
      key: 'type',
      header: t('activities.fields.type'),
      sortKey: 'type',
      render: (a) => t(`activities.types.${a.type}`),
    },
    {
      key: 'startsAt',
      header: t('activities.fields.startsAt'),
      sortKey: 'startsAt',
      noWrap: true,
      render: (a) => when(a.startsAt, a),
    },
    {
      key: 'endsAt',
      header: t('activities.fields.endsAt'),
      noWrap: true,
      render: (a) => (a.noDate ? '' : when(a.endsAt, a)),
    },
    {
      key: 'duration',
      header: t('activities.fields.duration'),
      sortKey: 'duration',
      align: 'right',
      render: (a) => (a.noDate ? '' : t('activities.minutes', { count: a.durationMinutes })),
    },
    {
      key: 'category',
      header: t('activities.fields.category'),
      render: (a) => (a.category ? nameOf(a.category.name) : ''),
    },
    {
      key: 'section',
      header: t('activities.fields.section'),
      render: (a) => (a.section ? nameOf(a.section.name) : ''),
    },
    {
      key: 'maxMembers',
      header: t('activities.fields.maxMembers'),
      align: 'right',
      render: (a) => (a.maxMembers === null ? t('activities.noLimit') : number(a.maxMembers)),
    },
    {
      key: 'hybridType',
      header: t('activities.fields.hybridType'),
      render: (a) => (
        <Badge variant="light" style={{ minWidth: 'max-content' }}>
          {t(`activities.hybridTypes.${a.hybridType}`)}
        </Badge>
      ),
    },
  ];

  const filter =
    <K extends 'type' | 'categoryId' | 'sectionId' | 'hybridType'>(key: K) =>
    (value: string | undefined) =>
      go(() => ({ [key]: value === ALL ? undefined : value, page: undefined }));
  const filtered = Boolean(
    search.type || search.categoryId || search.sectionId || search.hybridType || search.q,
  );

  return (
    <>
      <DataTable
        label={t('activities.title')}
        columns={columns}
        {...bindListTable(list, listState, ({ search: next }) => go((prev) => next(prev) as ActivitySearch))}
        getRowId={(a) => a.id}
        onRowClick={(a) =>
          void navigate({
            to: '/projects/$projectId/activities/$activityId',
            params: { projectId, activityId: a.id },
          })
        }
        selection={{
          selected,
          onChange: setSelected,
          actions: OFFERED_BULK_ACTIONS.map((action) => (
            <Button key={action} size="xs" variant="light" onClick={() => setBulk(action)}>
              {t(`activities.bulk.actions.${action}`)}
            </Button>
          )),
        }}
        emptyText={t('activities.empty')}
        emptyState={
          filtered ? undefined : (
            <Stack align="center" gap="sm" py="xl" data-testid="activities-empty">
              <Text fw={500}>{t('activities.emptyProject.title')}</Text>
              <Text c="dimmed" size="sm" ta="center" maw={480}>
                {t(past ? 'activities.emptyProject.bodyAll' : 'activities.emptyProject.body')}
              </Text>
              <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
                {t('activities.emptyProject.add')}
              </Button>
            </Stack>
          )
        }
        filters={
          <Group gap="xs">
            <ListFilter
              label={t('activities.filters.type')}
              options={[
                { value: ALL, label: t('activities.filters.allTypes') },
                ...ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`activities.types.${type}`) })),
              ]}
              value={search.type}
              onChange={filter('type')}
              testId="type-filter"
            />
            <ListFilter
              label={t('activities.filters.category')}
              options={[
                { value: ALL, label: t('activities.filters.allCategories') },
                ...(categories.data?.items ?? []).map((c) => ({ value: c.id, label: nameOf(c.name) })),
              ]}
              value={search.categoryId}
              onChange={filter('categoryId')}
              testId="category-filter"
            />
            <ListFilter
              label={t('activities.filters.section')}
              options={[
                { value: ALL, label: t('activities.filters.allSections') },
                ...(sections.data?.items ?? []).map((s) => ({ value: s.id, label: nameOf(s.name) })),
              ]}
              value={search.sectionId}
              onChange={filter('sectionId')}
              testId="section-filter"
            />
            <ListFilter
              label={t('activities.filters.hybridType')}
              options={[
                { value: ALL, label: t('activities.filters.allHybridTypes') },
                ...HYBRID_TYPES.map((h) => ({ value: h, label: t(`activities.hybridTypes.${h}`) })),
              ]}
              value={search.hybridType}
              onChange={filter('hybridType')}
              testId="hybrid-filter"
            />
            <Switch
              label={t('activities.filters.past')}
              checked={Boolean(past)}
              onChange={(event) =>
                go(() => ({ past: event.currentTarget.checked || undefined, page: undefined }))
              }
            />
          </Group>
        }
      />
      {bulk && (
        <ActivityBulkModal
          projectId={projectId}
          action={bulk}
          ids={selected}
          sections={sections.data?.items ?? []}
          categories={categories.data?.items ?? []}
          onClose={() => setBulk(null)}
          onDone={() => setSelected([])}
        />
      )}
    </>
  );
}
