import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../contracts/http';
import {
  createRelease,
  createReleaseCategory,
  createReleaseItem,
  deleteRelease,
  deleteReleaseEntry,
  getRelease,
  listReleases,
  listWhatsNew,
  type ReleaseInput,
  type ReleaseOrder,
  type ReleaseSummary,
  reorderRelease,
  setReleaseActive,
  updateRelease,
  updateReleaseCategory,
  updateReleaseItem,
} from '../../../contracts/releases';
import type { Localized } from '../../../contracts/texts';
import { call } from '../../lib/api';

export const releaseKeys = {
  all: ['releases'] as const,
  list: ['releases', 'list'] as const,
  one: (releaseId: string) => ['releases', 'one', releaseId] as const,
  whatsNew: (language: Language) => ['releases', 'whats-new', language] as const,
};

export const releaseListQuery = queryOptions({
  queryKey: releaseKeys.list,
  queryFn: ({ signal }) => call(listReleases, { signal }),
});

export const releaseQuery = (releaseId: string) =>
  queryOptions({
    queryKey: releaseKeys.one(releaseId),
    queryFn: ({ signal }) => call(getRelease, { params: { releaseId }, signal }),
  });

export const whatsNewQuery = (language: Language) =>
  queryOptions({
    queryKey: releaseKeys.whatsNew(language),
    queryFn: ({ signal }) => call(listWhatsNew, { query: { language }, signal }),
  });

/** Every change refreshes what the release screens show (list, edition, what's new). */
function useReleaseMutation<V, R>(fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
    meta: { silent },
  });
}

/** Forms show their own errors: their mutations are silent. */
export const useCreateRelease = () =>
  useReleaseMutation((body: ReleaseInput) => call(createRelease, { body }), true);
export const useUpdateRelease = (releaseId: string) =>
  useReleaseMutation((body: ReleaseInput) => call(updateRelease, { params: { releaseId }, body }), true);
export const useDeleteRelease = () =>
  useReleaseMutation((releaseId: string) => call(deleteRelease, { params: { releaseId } }));

/**
 * A5: the active switch saves at once; the list shows the new state before the answer and goes back to the old
 * one if the change fails (the error popup says why).
 */
export function useSetReleaseActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ releaseId, isActive }: { releaseId: string; isActive: boolean }) =>
      call(setReleaseActive, { params: { releaseId }, body: { isActive } }),
    onMutate: async ({ releaseId, isActive }) => {
      await queryClient.cancelQueries({ queryKey: releaseKeys.list });
      const previous = queryClient.getQueryData<ReleaseSummary[]>(releaseKeys.list);
      queryClient.setQueryData<ReleaseSummary[]>(releaseKeys.list, (list) =>
        list?.map((r) => (r.id === releaseId ? { ...r, isActive } : r)),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(releaseKeys.list, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: releaseKeys.all }),
  });
}

export const useSaveCategory = (releaseId: string) =>
  useReleaseMutation(
    ({ categoryId, name }: { categoryId: string | null; name: Localized }) =>
      categoryId
        ? call(updateReleaseCategory, { params: { releaseId, categoryId }, body: { name } })
        : call(createReleaseCategory, { params: { releaseId }, body: { name } }),
    true,
  );

export const useSaveItem = (releaseId: string) =>
  useReleaseMutation(
    ({ itemId, categoryId, text }: { itemId: string | null; categoryId: string | null; text: Localized }) =>
      itemId
        ? call(updateReleaseItem, { params: { releaseId, itemId }, body: { text } })
        : call(createReleaseItem, { params: { releaseId }, body: { categoryId, text } }),
    true,
  );

export const useDeleteEntry = (releaseId: string) =>
  useReleaseMutation((entryId: string) => call(deleteReleaseEntry, { params: { releaseId, entryId } }));

/** P11: the sortable list shows its own error and reloads the release itself. */
export const saveReleaseOrder = (releaseId: string, order: ReleaseOrder) =>
  call(reorderRelease, { params: { releaseId }, body: order });
