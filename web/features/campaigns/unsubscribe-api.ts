import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  exportUnsubscribesCsv,
  listUnsubscribes,
  resubscribe,
  type UnsubscribedExportQuery,
  type UnsubscribedListQuery,
} from '../../../contracts/unsubscribe';
import { buildUrl, call } from '../../lib/api';

/** CASL: the project's unsubscribed people (contracts/unsubscribe.ts). */
export const unsubscribeKeys = {
  project: (projectId: string) => ['projects', projectId, 'unsubscribes'] as const,
  list: (projectId: string, query: UnsubscribedListQuery) =>
    [...unsubscribeKeys.project(projectId), 'list', query] as const,
};

export const unsubscribedListQuery = (projectId: string, query: UnsubscribedListQuery) =>
  queryOptions({
    queryKey: unsubscribeKeys.list(projectId, query),
    queryFn: ({ signal }) => call(listUnsubscribes, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** A person who asked for it receives campaigns again; the list is read again. */
export function useResubscribe(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (participantId: string) => call(resubscribe, { params: { projectId, participantId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: unsubscribeKeys.project(projectId) }),
  });
}

/** The address of the list as CSV, searched and sorted as shown (a plain download: the session cookie goes along). */
export const unsubscribesCsvUrl = (projectId: string, query: UnsubscribedExportQuery) =>
  buildUrl(exportUnsubscribesCsv.path, { projectId }, query);
