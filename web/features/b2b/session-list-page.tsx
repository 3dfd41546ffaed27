import { ActionIcon, Button, Group, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { B2bSession } from '../../../contracts/b2b';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { sessionListQuery, useDeleteSession } from './api';
import { SessionFormModal } from './session-form-modal';

/** The B2B meeting sessions of the project: list, add, edit, delete (confirmed); a name opens the session. */
export function B2bSessionListPage() {
  const { t } = useTranslation();
  usePageTitle(t('b2b.title'));
  const { projectId } = useParams({ from: '/app/projects/$projectId' });
  const search = useSearch({ from: '/app/projects/$projectId/b2b' });
  const navigate = useNavigate();
  const { dateTime, number } = useFormat();
  const list = useQuery(sessionListQuery(projectId, listQueryOf(search)));
  const [editing, setEditing] = useState<B2bSession | 'new' | null>(null);
  const [deleting, setDeleting] = useState<B2bSession | null>(null);
  const remove = useDeleteSession(projectId);

  const columns: Column<B2bSession>[] = [
    {
      key: 'name',
      header: t('b2b.fields.name'),
      sortKey: 'name',
      render: (s) => (
        <AnchorTo to="/projects/$projectId/b2b/$sessionId" params={{ projectId, sessionId: s.id }} size="sm">
          {s.name}
        </AnchorTo>
      ),
    },
    {
      key: 'startsAt',
      header: t('b2b.fields.startsAt'),
      sortKey: 'startsAt',
      render: (s) => dateTime(s.startsAt, s.timeZone),
    },
    {
      key: 'slots',
      header: t('b2b.fields.slots'),
      render: (s) => t('b2b.sessions.slotsSummary', { count: s.slotCount, minutes: s.slotMinutes }),
    },
    { key: 'tables', header: t('b2b.fields.tables'), align: 'right', render: (s) => number(s.tables) },
    {
      key: 'requests',
      header: t('b2b.fields.requests'),
      align: 'right',
      render: (s) => number(s.requestCount),
    },
    {
      key: 'meetings',
      header: t('b2b.fields.meetings'),
      align: 'right',
      render: (s) => number(s.meetingCount),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('b2b.sessions.editNamed', { name: s.name })}
              onClick={() => setEditing(s)}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('b2b.sessions.deleteNamed', { name: s.name })}
              onClick={() => setDeleting(s)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('b2b.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          {t('b2b.sessions.add')}
        </Button>
      </Group>
      <DataTable
        label={t('b2b.title')}
        columns={columns}
        {...bindListTable(list, search, (options) =>
          navigate({ to: '/projects/$projectId/b2b', params: { projectId }, ...options } as never),
        )}
        state={search}
        getRowId={(s) => s.id}
        emptyText={t('b2b.sessions.empty')}
      />
      {editing && (
        <SessionFormModal
          projectId={projectId}
          session={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        title={t('b2b.sessions.deleteTitle')}
        confirmLabel={t('common.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('b2b.sessions.deleted') });
              setDeleting(null);
            },
          })
        }
      >
        {t('b2b.sessions.deleteBody', { name: deleting?.name ?? '', count: deleting?.meetingCount ?? 0 })}
      </ConfirmModal>
    </>
  );
}
