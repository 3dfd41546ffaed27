import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARTICIPANT_STATUSES, type ParticipantListItem } from '../../../contracts/participants';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo, ButtonTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useGroupOptions } from '../groups/api';
import {
  exportUrl,
  participantFormQuery,
  participantListQuery,
  useAddParticipantsToGroup,
  useDeleteParticipants,
} from './api';
import { InfoWindowProvider } from './info-window';
import { ParticipantCreateModal } from './participant-create-modal';
import { ParticipantEditPanel } from './participant-edit-panel';
import { useLocalizedName } from './participant-form-fields';
import { ParticipantInfoButton, ParticipantInfoWindow } from './participant-info-window';
import { type ParticipantSearch, participantSearch } from './search';
import { StatusBadge } from './status-badge';

const ALL = 'all';

/** U1: the participants of the project; a row opens the edition panel in place of the list. */
export function ParticipantListPage() {
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const options = useQuery(participantFormQuery(projectId));
  // The info window (one at a time, §5) stays open over the list and the edition panel.
  return (
    <InfoWindowProvider>
      <ParticipantListContent />
      <ParticipantInfoWindow projectId={projectId} options={options.data} />
    </InfoWindowProvider>
  );
}

function ParticipantListContent() {
  const { t } = useTranslation();
  usePageTitle(t('participants.title'));
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const search = useSearch({ from: '/app/projects/$projectId/participants' });
  const navigate = useNavigate();
  const go = (change: (prev: ParticipantSearch) => Partial<ParticipantSearch>) =>
    void navigate({
      to: '/projects/$projectId/participants',
      params: { projectId },
      search: (prev: object) => ({ ...prev, ...change(participantSearch.parse(prev)) }),
    } as never);
  const options = useQuery(participantFormQuery(projectId));
  const [adding, setAdding] = useState(false);

  if (search.participant && options.data) {
    return (
      <ParticipantEditPanel
        projectId={projectId}
        participantId={search.participant}
        options={options.data}
        onBack={() => go(() => ({ participant: undefined }))}
      />
    );
  }

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('participants.title')}
        </Title>
        <Group gap="xs">
          <ExportButtons projectId={projectId} search={search} />
          <ButtonTo variant="default" to="/projects/$projectId/participants/import" params={{ projectId }}>
            {t('participantImport.open')}
          </ButtonTo>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setAdding(true)}
            disabled={!options.data}
          >
            {t('participants.add')}
          </Button>
        </Group>
      </Group>
      <ParticipantTable
        projectId={projectId}
        search={search}
        go={go}
        onAdd={options.data ? () => setAdding(true) : undefined}
      />
      {adding && options.data && (
        <ParticipantCreateModal
          projectId={projectId}
          options={options.data}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}

function ParticipantTable({
  projectId,
  search,
  go,
  onAdd,
}: {
  projectId: string;
  search: ParticipantSearch;
  go: (change: (prev: ParticipantSearch) => Partial<ParticipantSearch>) => void;
  onAdd?: () => void;
}) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const nameOf = useLocalizedName();
  const { participant: _open, ...listState } = search;
  const list = useQuery(participantListQuery(projectId, listQueryOf(listState)));
  const options = useQuery(participantFormQuery(projectId));
  const [selected, setSelected] = useState<string[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [choosingGroup, setChoosingGroup] = useState(false);
  const remove = useDeleteParticipants(projectId);

  const handleDelete = () =>
    remove.mutate(selected, {
      onSuccess: ({ deleted }) => {
        notifications.show({ color: 'teal', message: t('participants.bulk.deleted', { count: deleted }) });
        setSelected([]);
        setConfirmDelete(false);
      },
    });

  const columns: Column<ParticipantListItem>[] = [
    {
      key: 'info',
      header: '',
      render: (p) => <ParticipantInfoButton id={p.id} name={`${p.firstName} ${p.lastName}`} />,
    },
    {
      key: 'lastName',
      header: t('participants.fields.lastName'),
      sortKey: 'lastName',
      // The row opens the edition panel too; the name is its link (new tab, copied address).
      render: (p) => (
        <AnchorTo
          to="/projects/$projectId/participants"
          params={{ projectId }}
          search={{ ...search, participant: p.id }}
          size="sm"
          display="block"
          truncate="end"
          maw={150}
          title={p.lastName}
        >
          {p.lastName}
        </AnchorTo>
      ),
    },
    {
      key: 'firstName',
      header: t('participants.fields.firstName'),
      sortKey: 'firstName',
      render: (p) => <CellText value={p.firstName} max={120} />,
    },
    {
      key: 'email',
      header: t('participants.fields.email'),
      sortKey: 'email',
      render: (p) => <CellText value={p.email} max={150} />,
    },
    {
      key: 'organisation',
      header: t('participants.fields.organisation'),
      sortKey: 'organisation',
      render: (p) => <CellText value={p.organisation ?? ''} max={120} />,
    },
    {
      key: 'role',
      header: t('participants.fields.role'),
      sortKey: 'role',
      render: (p) => <CellText value={nameOf(p.role.name)} max={120} />,
    },
    {
      key: 'groups',
      header: t('participants.fields.groups'),
      render: (p) => (
        <Text size="sm" lineClamp={2}>
          {p.groups.map((g) => nameOf(g.name)).join(', ')}
        </Text>
      ),
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

  const groupOptions = useGroupOptions(projectId);

  const filter =
    <K extends 'roleId' | 'groupId' | 'status'>(key: K) =>
    (value: string | undefined) =>
      go(() => ({ [key]: value === ALL ? undefined : value, page: undefined }));

  return (
    <>
      <DataTable
        label={t('participants.title')}
        columns={columns}
        {...bindListTable(list, listState, ({ search: next }) =>
          go((prev) => next(prev) as ParticipantSearch),
        )}
        getRowId={(p) => p.id}
        onRowClick={(p) => go(() => ({ participant: p.id }))}
        selection={{
          selected,
          onChange: setSelected,
          actions: (
            <>
              <Button size="xs" variant="light" onClick={() => setChoosingGroup(true)}>
                {t('participants.bulk.addToGroup')}
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => setConfirmDelete(true)}>
                {t('participants.bulk.delete')}
              </Button>
            </>
          ),
        }}
        emptyText={t('participants.empty')}
        emptyState={
          search.roleId || search.groupId || search.status ? undefined : (
            <Stack align="center" gap="sm" py="xl" data-testid="participants-empty">
              <Text fw={500}>{t('participants.emptyProject.title')}</Text>
              <Text c="dimmed" size="sm" ta="center" maw={480}>
                {t('participants.emptyProject.body')}
              </Text>
              <Group gap="xs">
                <Button leftSection={<IconPlus size={16} />} onClick={onAdd} disabled={!onAdd}>
                  {t('participants.emptyProject.add')}
                </Button>
                <ButtonTo
                  variant="default"
                  to="/projects/$projectId/participants/import"
                  params={{ projectId }}
                >
                  {t('participants.emptyProject.import')}
                </ButtonTo>
              </Group>
            </Stack>
          )
        }
        filters={
          <Group gap="xs">
            <ListFilter
              label={t('participants.filters.role')}
              options={[
                { value: ALL, label: t('participants.filters.allRoles') },
                ...(options.data?.roles ?? []).map((r) => ({ value: r.id, label: nameOf(r.name) })),
              ]}
              value={search.roleId}
              onChange={filter('roleId')}
              testId="role-filter"
            />
            <ListFilter
              label={t('participants.filters.group')}
              options={[{ value: ALL, label: t('participants.filters.allGroups') }, ...groupOptions]}
              value={search.groupId}
              onChange={filter('groupId')}
              testId="group-filter"
            />
            <ListFilter
              label={t('participants.filters.status')}
              options={[
                { value: ALL, label: t('participants.filters.allStatuses') },
                ...PARTICIPANT_STATUSES.map((s) => ({ value: s, label: t(`participants.status.${s}`) })),
              ]}
              value={search.status}
              onChange={filter('status')}
              testId="status-filter"
            />
          </Group>
        }
      />
      <ConfirmModal
        opened={confirmDelete}
        title={t('participants.bulk.deleteTitle')}
        confirmLabel={t('common.delete')}
        onConfirm={handleDelete}
        onCancel={() => setConfirmDelete(false)}
        loading={remove.isPending}
        danger
      >
        {t('participants.bulk.deleteConfirm', { count: selected.length })}
      </ConfirmModal>
      {choosingGroup && (
        <AddToGroupModal
          projectId={projectId}
          ids={selected}
          groups={groupOptions}
          onClose={() => setChoosingGroup(false)}
          onDone={() => setSelected([])}
        />
      )}
    </>
  );
}

/**
 * A text of a cell that never pushes the other columns off the screen: whole up to `max` pixels, then cut with an
 * ellipsis (a 70-letter name, an address of a long domain), the whole text in its tooltip. The widths keep the
 * whole table, role and status included, inside a 1440 px window beside the wide menu.
 */
function CellText({ value, max }: { value: string; max: number }) {
  return (
    <Text size="sm" truncate="end" maw={max} title={value}>
      {value}
    </Text>
  );
}

/** U1: download the list as it is filtered and sorted (every row, not one page), as Excel or CSV. */
function ExportButtons({ projectId, search }: { projectId: string; search: ParticipantSearch }) {
  const { t } = useTranslation();
  const { q, sort, dir, roleId, groupId, status } = search;
  const query = { q, sort, dir, roleId, groupId, status };
  return (['xlsx', 'csv'] as const).map((format) => (
    <Button
      key={format}
      component="a"
      href={exportUrl(projectId, format, query)}
      download
      variant="default"
      leftSection={<IconDownload size={16} />}
    >
      {t(`participants.export.${format}`)}
    </Button>
  ));
}

/** U1: put the selected participants in one group of the project. */
function AddToGroupModal({
  projectId,
  ids,
  groups,
  onClose,
  onDone,
}: {
  projectId: string;
  ids: string[];
  groups: { group: string; items: { value: string; label: string }[] }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<string | null>(null);
  const add = useAddParticipantsToGroup(projectId);
  const handleAdd = () => {
    if (!groupId) return;
    add.mutate(
      { ids, groupId },
      {
        onSuccess: ({ added }) => {
          notifications.show({ color: 'teal', message: t('participants.bulk.added', { count: added }) });
          onDone();
          onClose();
        },
      },
    );
  };
  return (
    <AppModal opened onClose={onClose} title={t('participants.bulk.addToGroupTitle')}>
      <Text size="sm" mb="sm">
        {t('participants.bulk.addToGroupBody', { count: ids.length })}
      </Text>
      <Select
        label={t('participants.bulk.group')}
        data={groups}
        value={groupId}
        onChange={setGroupId}
        searchable
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={handleAdd} disabled={!groupId} loading={add.isPending}>
          {t('participants.bulk.addToGroup')}
        </Button>
      </Group>
    </AppModal>
  );
}
