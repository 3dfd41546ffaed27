import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityBulkAction,
  type ActivityCategoryInput,
  type ActivityCategoryKind,
  type ActivityInput,
  applyActivityBulkAction,
  createActivity,
  createActivityCategory,
  createActivitySection,
  deleteActivityCategory,
  deleteActivitySection,
  getActivity,
  listActivities,
  listActivityCategories,
  listActivitySections,
  updateActivity,
  updateActivityCategory,
  updateActivitySection,
} from '../../../contracts/activities';
import type { QueryOf } from '../../../contracts/http';
import { call } from '../../lib/api';

export const activityKeys = {
  project: (projectId: string) => ['activities', projectId] as const,
  list: (projectId: string, query: QueryOf<typeof listActivities>) =>
    ['activities', projectId, 'list', query] as const,
  one: (projectId: string, activityId: string) => ['activities', projectId, 'one', activityId] as const,
  kind: (projectId: string, kind: ActivityCategoryKind) => ['activities', projectId, kind] as const,
};

export const activityListQuery = (projectId: string, query: QueryOf<typeof listActivities>) =>
  queryOptions({
    queryKey: activityKeys.list(projectId, query),
    queryFn: ({ signal }) => call(listActivities, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const activityQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: activityKeys.one(projectId, activityId),
    queryFn: ({ signal }) => call(getActivity, { params: { projectId, activityId }, signal }),
  });

const CATEGORY_ENDPOINTS = {
  section: {
    list: listActivitySections,
    create: createActivitySection,
    update: updateActivitySection,
    delete: deleteActivitySection,
  },
  category: {
    list: listActivityCategories,
    create: createActivityCategory,
    update: updateActivityCategory,
    delete: deleteActivityCategory,
  },
} as const;

/** V2: the sections (menus) or the categories of a project, in order. */
export const activityCategoryListQuery = (projectId: string, kind: ActivityCategoryKind) =>
  queryOptions({
    queryKey: activityKeys.kind(projectId, kind),
    queryFn: ({ signal }) => call(CATEGORY_ENDPOINTS[kind].list, { params: { projectId }, signal }),
  });

/** Every change to activities, sections or categories refreshes what the project's activity screens show. */
function useActivityMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.project(projectId) }),
    meta: { silent },
  });
}

export const useSaveActivity = (projectId: string) =>
  useActivityMutation(
    projectId,
    ({ activityId, body }: { activityId: string | null; body: ActivityInput }) =>
      activityId
        ? call(updateActivity, { params: { projectId, activityId }, body })
        : call(createActivity, { params: { projectId }, body }),
    true,
  );

export const useActivityBulkAction = (projectId: string) =>
  useActivityMutation(
    projectId,
    (body: ActivityBulkAction) => call(applyActivityBulkAction, { params: { projectId }, body }),
    true,
  );

export const useSaveActivityCategory = (projectId: string, kind: ActivityCategoryKind) =>
  useActivityMutation(
    projectId,
    ({ categoryId, body }: { categoryId: string | null; body: ActivityCategoryInput }) =>
      categoryId
        ? call(CATEGORY_ENDPOINTS[kind].update, { params: { projectId, categoryId }, body })
        : call(CATEGORY_ENDPOINTS[kind].create, { params: { projectId }, body }),
    true,
  );

export const useDeleteActivityCategory = (projectId: string, kind: ActivityCategoryKind) =>
  useActivityMutation(projectId, (categoryId: string) =>
    call(CATEGORY_ENDPOINTS[kind].delete, { params: { projectId, categoryId } }),
  );
