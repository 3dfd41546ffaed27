import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityTableCounts,
  type ActivityTableInput,
  assignTableParticipants,
  createActivityTable,
  deleteActivityTable,
  listActivityTables,
  listTableAssignments,
  listTableParticipants,
  setActivityTableCounts,
  unassignTableParticipant,
  updateActivityTable,
} from '../../../contracts/activity-tables';
import type { QueryOf } from '../../../contracts/http';
import { call } from '../../lib/api';

export const tableKeys = {
  category: (projectId: string, categoryId: string) => ['activity-tables', projectId, categoryId] as const,
  list: (projectId: string, categoryId: string) =>
    ['activity-tables', projectId, categoryId, 'list'] as const,
  assigned: (projectId: string, categoryId: string, tableId: string) =>
    ['activity-tables', projectId, categoryId, 'assigned', tableId] as const,
  participants: (projectId: string, categoryId: string, query: QueryOf<typeof listTableParticipants>) =>
    ['activity-tables', projectId, categoryId, 'participants', query] as const,
};

/** J7: the tables of a category, with their counts. */
export const tableListQuery = (projectId: string, categoryId: string) =>
  queryOptions({
    queryKey: tableKeys.list(projectId, categoryId),
    queryFn: ({ signal }) => call(listActivityTables, { params: { projectId, categoryId }, signal }),
  });

/** The participants assigned to one table. */
export const assignedQuery = (projectId: string, categoryId: string, tableId: string) =>
  queryOptions({
    queryKey: tableKeys.assigned(projectId, categoryId, tableId),
    queryFn: ({ signal }) => call(listTableAssignments, { params: { projectId, tableId }, signal }),
  });

/** Participants of the project with their table in the category: those without one, or all (a search). */
export const tableParticipantsQuery = (
  projectId: string,
  categoryId: string,
  query: QueryOf<typeof listTableParticipants>,
) =>
  queryOptions({
    queryKey: tableKeys.participants(projectId, categoryId, query),
    queryFn: ({ signal }) =>
      call(listTableParticipants, { params: { projectId, categoryId }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** Every change refreshes what the category's table screens show (tables, counts, assignments, lists). */
function useTableMutation<V, R>(
  projectId: string,
  categoryId: string,
  fn: (v: V) => Promise<R>,
  silent = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tableKeys.category(projectId, categoryId) }),
    meta: { silent },
  });
}

export const useSaveTable = (projectId: string, categoryId: string) =>
  useTableMutation(
    projectId,
    categoryId,
    ({ tableId, body }: { tableId: string | null; body: ActivityTableInput }) =>
      tableId
        ? call(updateActivityTable, { params: { projectId, tableId }, body })
        : call(createActivityTable, { params: { projectId, categoryId }, body }),
    true,
  );

export const useDeleteTable = (projectId: string, categoryId: string) =>
  useTableMutation(projectId, categoryId, (tableId: string) =>
    call(deleteActivityTable, { params: { projectId, tableId } }),
  );

export const useSetTableCounts = (projectId: string, categoryId: string) =>
  useTableMutation(
    projectId,
    categoryId,
    (body: ActivityTableCounts) => call(setActivityTableCounts, { params: { projectId, categoryId }, body }),
    true,
  );

export const useAssign = (projectId: string, categoryId: string) =>
  useTableMutation(
    projectId,
    categoryId,
    ({ tableId, participantId }: { tableId: string; participantId: string }) =>
      call(assignTableParticipants, {
        params: { projectId, tableId },
        body: { participantIds: [participantId] },
      }),
  );

export const useUnassign = (projectId: string, categoryId: string) =>
  useTableMutation(
    projectId,
    categoryId,
    ({ tableId, participantId }: { tableId: string; participantId: string }) =>
      call(unassignTableParticipant, { params: { projectId, tableId, participantId } }),
  );
