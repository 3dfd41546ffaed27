import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { B2bSession } from '../../../contracts/b2b';
import type { Column } from '../../components/data-table/data-table';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { sessionListQuery, useDeleteSession } from './api';
import { B2bListTable } from './list-table';
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
  ];

  return (
    <>
      <B2bListTable
        toolbar={
          <Group justify="space-between">
            <Title order={1} size="h2">
              {t('b2b.title')}
            </Title>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('b2b.sessions.add')}
            </Button>
          </Group>
        }
        columns={columns}
        table={bindListTable(list, search, (options) =>
          navigate({ to: '/projects/$projectId/b2b', params: { projectId }, ...options } as never),
        )}
        texts={{
          label: t('b2b.title'),
          empty: t('b2b.sessions.empty'),
          editNamed: (s) => t('b2b.sessions.editNamed', { name: s.name }),
          deleteNamed: (s) => t('b2b.sessions.deleteNamed', { name: s.name }),
          deleteTitle: t('b2b.sessions.deleteTitle'),
          deleteBody: (s) => t('b2b.sessions.deleteBody', { name: s.name, count: s.meetingCount }),
          deleted: t('b2b.sessions.deleted'),
        }}
        onEdit={setEditing}
        remove={remove}
      />
      {editing && (
        <SessionFormModal
          projectId={projectId}
          session={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
