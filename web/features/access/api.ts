import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccessInput,
  listAccessProjects,
  listAccessUsers,
  revokeProjectAccess,
  updateUserAccess,
} from '../../../contracts/access';
import type { QueryOf } from '../../../contracts/http';
import { call } from '../../lib/api';
import { sessionQuery } from '../session/api';

export const accessKeys = {
  all: ['access'] as const,
  users: (query: QueryOf<typeof listAccessUsers>) => ['access', 'users', query] as const,
  projects: ['access', 'projects'] as const,
};

export const accessUsersQuery = (query: QueryOf<typeof listAccessUsers>) =>
  queryOptions({
    queryKey: accessKeys.users(query),
    queryFn: ({ signal }) => call(listAccessUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAccessProjects = () =>
  useQuery({ queryKey: accessKeys.projects, queryFn: ({ signal }) => call(listAccessProjects, { signal }) });

function useAccessMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The session too: an administrator who changes their own access sees the menu follow.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accessKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      ]),
  });
}

export const useUpdateAccess = () =>
  useAccessMutation(({ userId, body }: { userId: string; body: AccessInput }) =>
    call(updateUserAccess, { params: { userId }, body }),
  );

export const useRevokeProject = () =>
  useAccessMutation(({ userId, projectId }: { userId: string; projectId: string }) =>
    call(revokeProjectAccess, { params: { userId, projectId } }),
  );
