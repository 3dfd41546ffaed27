import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createRole,
  deleteRole,
  listRoles,
  type RoleDefaults,
  type RoleInput,
  type RoleList,
  reorderRoles,
  setRoleDefaults,
  updateRole,
} from '../../../contracts/roles';
import { call } from '../../lib/api';

export const roleKeys = {
  all: ['roles'] as const,
  list: (projectId: string) => ['roles', projectId] as const,
};

export const roleListQuery = (projectId: string) =>
  queryOptions({
    queryKey: roleKeys.list(projectId),
    queryFn: ({ signal }) => call(listRoles, { params: { projectId }, signal }),
  });

/** Every change refreshes the project's roles (and anything else that lists them). */
function useRoleMutation<V, R>(fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
    meta: { silent },
  });
}

/** The form shows its own field errors: its mutations are silent. */
export const useSaveRole = (projectId: string) =>
  useRoleMutation(
    ({ roleId, body }: { roleId: string | null; body: RoleInput }) =>
      roleId
        ? call(updateRole, { params: { projectId, roleId }, body })
        : call(createRole, { params: { projectId }, body }),
    true,
  );

export const useDeleteRole = (projectId: string) =>
  useRoleMutation(({ roleId, moveTo }: { roleId: string; moveTo: string | null }) =>
    call(deleteRole, { params: { projectId, roleId }, body: { moveTo } }),
  );

/** P11: the SortableList's save; its reload follows. */
export const saveRoleOrder = (projectId: string, ids: string[]) =>
  call(reorderRoles, { params: { projectId }, body: { ids } });

/**
 * The default role and default persona role are saved as soon as one is chosen: the page shows the choice before
 * the answer and goes back if the change fails (the error popup says why).
 */
export function useSetRoleDefaults(projectId: string) {
  const queryClient = useQueryClient();
  const key = roleKeys.list(projectId);
  return useMutation({
    mutationFn: (body: RoleDefaults) => call(setRoleDefaults, { params: { projectId }, body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<RoleList>(key);
      queryClient.setQueryData<RoleList>(key, (list) => (list ? { ...list, ...body } : list));
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
}
