import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  addGroupMembers,
  type CategoryInput,
  createGroup,
  createGroupCategory,
  deleteGroup,
  deleteGroupCategory,
  type GroupInput,
  type GroupOrder,
  importGroupMembers,
  listGroupCandidates,
  listGroupMembers,
  listGroups,
  removeGroupMember,
  reorderGroups,
  updateGroup,
  updateGroupCategory,
} from '../../../contracts/groups';
import type { QueryOf } from '../../../contracts/http';
import { call, upload } from '../../lib/api';
import { nameIn } from './names';

type MemberQuery = QueryOf<typeof listGroupMembers>;

export const groupKeys = {
  all: (projectId: string) => ['groups', projectId] as const,
  tree: (projectId: string) => ['groups', projectId, 'tree'] as const,
  members: (projectId: string, groupId: string, params: MemberQuery) =>
    ['groups', projectId, 'members', groupId, params] as const,
  candidates: (projectId: string, groupId: string, q: string) =>
    ['groups', projectId, 'candidates', groupId, q] as const,
};

export const groupTreeQuery = (projectId: string) =>
  queryOptions({
    queryKey: groupKeys.tree(projectId),
    queryFn: ({ signal }) => call(listGroups, { params: { projectId }, signal }),
  });

/**
 * The project's groups as the options of a select, under their category's name in the reader's language (U4: as
 * the groups page shows them); empty categories left out.
 */
export function useGroupOptions(projectId: string | undefined) {
  const { i18n } = useTranslation();
  const tree = useQuery({ ...groupTreeQuery(projectId ?? ''), enabled: Boolean(projectId) });
  return (tree.data?.categories ?? [])
    .filter((c) => c.groups.length > 0)
    .map((c) => ({
      group: nameIn(c.name, i18n.language),
      items: c.groups.map((g) => ({ value: g.id, label: nameIn(g.name, i18n.language) })),
    }));
}

export const groupMembersQuery = (projectId: string, groupId: string, params: MemberQuery) =>
  queryOptions({
    queryKey: groupKeys.members(projectId, groupId, params),
    queryFn: ({ signal }) =>
      call(listGroupMembers, { params: { projectId, groupId }, query: params, signal }),
    placeholderData: (previous) => previous,
  });

export const groupCandidatesQuery = (projectId: string, groupId: string, q: string) =>
  queryOptions({
    queryKey: groupKeys.candidates(projectId, groupId, q),
    queryFn: ({ signal }) =>
      call(listGroupCandidates, { params: { projectId, groupId }, query: { q: q || undefined }, signal }),
    placeholderData: (previous) => previous,
  });

/** Every change refreshes the page and its panels (member counts follow the members). */
function useGroupMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all(projectId) }),
    meta: { silent },
  });
}

/** Forms show their own errors: their mutations are silent. */
export const useSaveCategory = (projectId: string) =>
  useGroupMutation(
    projectId,
    ({ categoryId, body }: { categoryId: string | null; body: CategoryInput }) =>
      categoryId
        ? call(updateGroupCategory, { params: { projectId, categoryId }, body })
        : call(createGroupCategory, { params: { projectId }, body }),
    true,
  );

export const useSaveGroup = (projectId: string) =>
  useGroupMutation(
    projectId,
    ({ groupId, body }: { groupId: string | null; body: GroupInput }) =>
      groupId
        ? call(updateGroup, { params: { projectId, groupId }, body })
        : call(createGroup, { params: { projectId }, body }),
    true,
  );

/** A refusal (a category that still has groups) opens the error popup with the server's reason. */
export const useDeleteCategory = (projectId: string) =>
  useGroupMutation(projectId, (categoryId: string) =>
    call(deleteGroupCategory, { params: { projectId, categoryId } }),
  );

export const useDeleteGroup = (projectId: string) =>
  useGroupMutation(projectId, (groupId: string) => call(deleteGroup, { params: { projectId, groupId } }));

export const useAddMembers = (projectId: string, groupId: string) =>
  useGroupMutation(projectId, (participantIds: string[]) =>
    call(addGroupMembers, { params: { projectId, groupId }, body: { participantIds } }),
  );

export const useRemoveMember = (projectId: string, groupId: string) =>
  useGroupMutation(projectId, (participantId: string) =>
    call(removeGroupMember, { params: { projectId, groupId, participantId } }),
  );

export const useImportMembers = (projectId: string, groupId: string) =>
  useGroupMutation(
    projectId,
    (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return upload(importGroupMembers, form, { params: { projectId, groupId } });
    },
    true,
  );

/** P11: the sortable list shows its own error and reloads the page itself. */
export const saveGroupOrder = (projectId: string, order: GroupOrder) =>
  call(reorderGroups, { params: { projectId }, body: order });
