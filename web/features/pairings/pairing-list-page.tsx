import { Badge, Button, Group, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PairingListItem } from '../../../contracts/pairings';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useLocalizedName } from '../activities/localized-name';
import { pairingListQuery, pairingQuery, useDeletePairing } from './api';
import { algorithmName } from './labels';
import { PairingFormModal } from './pairing-form-modal';

const ROUTE = '/app/projects/$projectId/pairings';

export const STATUS_COLORS: Record<string, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'teal',
  failed: 'red',
  cancelled: 'orange',
};

/** M1: the project's pairings: search, sort, pages; add, edit and delete (confirmed). A name opens the pairing. */
export function PairingListPage() {
  const { t } = useTranslation();
  usePageTitle(t('pairings.title'));
  const nameOf = useLocalizedName();
  const { number } = useFormat();
  const { projectId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: '/projects/$projectId/pairings' });
  const list = useQuery(pairingListQuery(projectId, listQueryOf(search)));
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PairingListItem | null>(null);
  const remove = useDeletePairing(projectId);
  // A new pairing's page opens once its modal has closed (its unsaved-changes guard released).
  const [created, setCreated] = useState<string | null>(null);
  useEffect(() => {
    if (created && editing === null)
      void navigate({
        to: '/projects/$projectId/pairings/$pairingId',
        params: { projectId, pairingId: created },
      });
  }, [created, editing, navigate, projectId]);

  const columns: Column<PairingListItem>[] = [
    {
      key: 'name',
      header: t('pairings.columns.name'),
      sortKey: 'name',
      render: (p) => (
        <AnchorTo
          to="/projects/$projectId/pairings/$pairingId"
          params={{ projectId, pairingId: p.id }}
          fw={500}
        >
          {p.name}
        </AnchorTo>
      ),
    },
    { key: 'category', header: t('pairings.columns.category'), render: (p) => nameOf(p.category.name) },
    { key: 'rounds', header: t('pairings.columns.rounds'), align: 'right', render: (p) => number(p.rounds) },
    {
      key: 'algorithm',
      header: t('pairings.columns.algorithm'),
      render: (p) => t(`pairings.algorithms.${algorithmName(p.algorithm)}`),
    },
    {
      key: 'status',
      header: t('pairings.columns.status'),
      render: (p) => (
        <Badge variant="light" color={p.generationStatus ? STATUS_COLORS[p.generationStatus] : 'gray'}>
          {t(`pairings.statuses.${p.generationStatus ?? 'never'}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (p) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <EditDeleteActions
            editLabel={`${t('pairings.edit')} — ${p.name}`}
            deleteLabel={`${t('pairings.delete')} — ${p.name}`}
            onEdit={() => setEditing(p.id)}
            onDelete={() => setDeleting(p)}
          />
        </Group>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('pairings.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('pairings.add')}
        </Button>
      </Group>
      <DataTable<PairingListItem>
        label={t('pairings.label')}
        columns={columns}
        getRowId={(p) => p.id}
        onRowClick={(p) =>
          void navigate({
            to: '/projects/$projectId/pairings/$pairingId',
            params: { projectId, pairingId: p.id },
          })
        }
        emptyText={t('pairings.empty')}
        {...bindListTable(list, search, navigate)}
      />
      {editing === 'new' && (
        <PairingFormModal
          projectId={projectId}
          pairing={null}
          onClose={() => setEditing(null)}
          onSaved={(saved) => setCreated(saved.id)}
        />
      )}
      {editing && editing !== 'new' && (
        <EditLoaded projectId={projectId} pairingId={editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmModal
          opened
          danger
          title={t('pairings.deleteTitle')}
          confirmLabel={t('pairings.deleteConfirm')}
          loading={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('pairings.notifications.deleted') });
                setDeleting(null);
              },
            })
          }
        >
          {t('pairings.deleteBody', { name: deleting.name })}
        </ConfirmModal>
      )}
    </>
  );
}

/** The edit modal once the pairing (its choices, its people) has loaded. */
function EditLoaded({
  projectId,
  pairingId,
  onClose,
}: {
  projectId: string;
  pairingId: string;
  onClose: () => void;
}) {
  const pairing = useQuery(pairingQuery(projectId, pairingId));
  return pairing.data ? (
    <PairingFormModal projectId={projectId} pairing={pairing.data} onClose={onClose} />
  ) : null;
}
