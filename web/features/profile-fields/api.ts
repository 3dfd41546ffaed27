import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addProfileFieldItem,
  createProfileField,
  deleteProfileField,
  deleteProfileFieldItem,
  listProfileFields,
  type ProfileField,
  type ProfileFieldInput,
  type ProfileFieldSwitch,
  renameProfileFieldItem,
  reorderProfileFieldItems,
  reorderProfileFields,
  setProfileFieldSwitch,
  updateProfileFieldTitle,
} from '../../../contracts/profile-fields';
import type { Localized } from '../../../contracts/texts';
import { call } from '../../lib/api';
import { participantKeys } from '../participants/api';

export const profileFieldKeys = {
  all: ['profile-fields'] as const,
  list: (projectId: string) => ['profile-fields', projectId] as const,
};

export const profileFieldListQuery = (projectId: string) =>
  queryOptions({
    queryKey: profileFieldKeys.list(projectId),
    queryFn: ({ signal }) => call(listProfileFields, { params: { projectId }, signal }),
  });

function useFieldMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileFieldKeys.list(projectId) }),
    meta: { silent },
  });
}

/** A change of items changes what participants' answers read (labels, a deleted item gone): both are reloaded. */
function useItemMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileFieldKeys.list(projectId) }),
        queryClient.invalidateQueries({ queryKey: participantKeys.project(projectId) }),
      ]),
    meta: { silent },
  });
}

/** Forms show their own errors: their mutations are silent. */
export const useCreateProfileField = (projectId: string) =>
  useFieldMutation(
    projectId,
    (body: ProfileFieldInput) => call(createProfileField, { params: { projectId }, body }),
    true,
  );

export const useRenameProfileField = (projectId: string) =>
  useFieldMutation(
    projectId,
    ({ profileFieldId, title }: { profileFieldId: string; title: Localized }) =>
      call(updateProfileFieldTitle, { params: { projectId, profileFieldId }, body: { title } }),
    true,
  );

export const useDeleteProfileField = (projectId: string) =>
  useFieldMutation(projectId, (profileFieldId: string) =>
    call(deleteProfileField, { params: { projectId, profileFieldId } }),
  );

/**
 * A switch saves at once: the list shows the new state before the answer and goes back to the old one if the
 * change fails (the error popup says why).
 */
export function useSetProfileFieldSwitch(projectId: string) {
  const queryClient = useQueryClient();
  const key = profileFieldKeys.list(projectId);
  return useMutation({
    mutationFn: ({
      profileFieldId,
      name,
      value,
    }: {
      profileFieldId: string;
      name: ProfileFieldSwitch;
      value: boolean;
    }) => call(setProfileFieldSwitch, { params: { projectId, profileFieldId }, body: { name, value } }),
    onMutate: async ({ profileFieldId, name, value }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ items: ProfileField[] }>(key);
      queryClient.setQueryData<{ items: ProfileField[] }>(key, (list) =>
        list
          ? { items: list.items.map((f) => (f.id === profileFieldId ? { ...f, [name]: value } : f)) }
          : list,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** P11: the sortable list shows its own error and reloads the fields itself. */
export const saveProfileFieldOrder = (projectId: string, ids: string[]) =>
  call(reorderProfileFields, { params: { projectId }, body: { ids } });

// ---------- the items of a choice field ----------

/** The item forms show their own errors: adding and renaming are silent; a refused deletion opens the popup. */
export const useAddProfileFieldItem = (projectId: string, profileFieldId: string) =>
  useItemMutation(
    projectId,
    (label: Localized) =>
      call(addProfileFieldItem, { params: { projectId, profileFieldId }, body: { label } }),
    true,
  );

export const useRenameProfileFieldItem = (projectId: string, profileFieldId: string) =>
  useItemMutation(
    projectId,
    ({ itemId, label }: { itemId: string; label: Localized }) =>
      call(renameProfileFieldItem, { params: { projectId, profileFieldId, itemId }, body: { label } }),
    true,
  );

export const useDeleteProfileFieldItem = (projectId: string, profileFieldId: string) =>
  useItemMutation(projectId, (itemId: string) =>
    call(deleteProfileFieldItem, { params: { projectId, profileFieldId, itemId } }),
  );

/** P11: the sortable list of the items shows its own error and reloads the fields itself. */
export const saveProfileFieldItemOrder = (projectId: string, profileFieldId: string, ids: string[]) =>
  call(reorderProfileFieldItems, { params: { projectId, profileFieldId }, body: { ids } });
