import { ActionIcon } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { tableParticipantSortable } from '../../../contracts/activity-table-list';
import type { ActivityTable, TableParticipant } from '../../../contracts/activity-tables';
import { DataTable, fromQuery } from '../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { useLocalizedName } from '../activities/localized-name';
import { tableParticipantsQuery } from './api';
import { ChooseTableModal, fullName } from './assignment-modals';

type Sortable = (typeof tableParticipantSortable)[number];

/** The participants of the project without a table in this category: searched, sorted, paged (state in the URL). */
export function UnassignedTab({
  projectId,
  categoryId,
  tables,
  state,
  onStateChange,
}: {
  projectId: string;
  categoryId: string;
  tables: ActivityTable[];
  state: ListState;
  onStateChange: (next: ListState) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const [seating, setSeating] = useState<TableParticipant | null>(null);
  const list = useQuery(
    tableParticipantsQuery(projectId, categoryId, {
      ...listQueryOf(state),
      sort: state.sort as Sortable | undefined,
      show: 'unassigned',
    }),
  );

  return (
    <>
      <DataTable<TableParticipant>
        label={t('activityTables.assignments.unassignedLabel')}
        columns={[
          {
            key: 'name',
            header: t('activityTables.assignments.columns.name'),
            sortKey: 'name',
            render: fullName,
          },
          {
            key: 'email',
            header: t('activityTables.assignments.columns.email'),
            sortKey: 'email',
            render: (p) => p.email,
          },
          {
            key: 'organisation',
            header: t('activityTables.assignments.columns.organisation'),
            render: (p) => p.organisation,
          },
          {
            key: 'role',
            header: t('activityTables.assignments.columns.role'),
            sortKey: 'role',
            render: (p) => nameOf(p.role),
          },
          {
            key: 'actions',
            header: t('common.actions'),
            align: 'right',
            render: (p) => (
              <ActionIcon
                variant="subtle"
                aria-label={t('activityTables.assignments.assignToTableNamed', { name: fullName(p) })}
                onClick={() => setSeating(p)}
                disabled={tables.length === 0}
              >
                <IconArmchair size={16} />
              </ActionIcon>
            ),
          },
        ]}
        {...fromQuery(list)}
        state={state}
        onStateChange={onStateChange}
        getRowId={(p) => p.participantId}
        emptyText={t('activityTables.assignments.allAssigned')}
      />
      {seating && (
        <ChooseTableModal
          projectId={projectId}
          categoryId={categoryId}
          participant={seating}
          tables={tables}
          title={t('activityTables.assignments.assignTitle', { name: fullName(seating) })}
          confirmLabel={t('activityTables.assignments.assign')}
          successMessage={t('activityTables.notifications.assigned')}
          onClose={() => setSeating(null)}
        />
      )}
    </>
  );
}
