import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity } from '../../../../contracts/activities';
import {
  type ActivityDocument,
  type ActivityLanguage,
  type ActivityOptionsPatch,
  type ActivityVisual,
  deleteActivityDocument,
  getActivityOptions,
  getActivityVisual,
  listActivityDocuments,
  setActivityBackgroundColor,
  setActivityImage,
  updateActivityOptions,
  uploadActivityDocument,
} from '../../../../contracts/activity-edition';
import { call, upload } from '../../../lib/api';
import { activityKeys } from '../api';

/** V4 options and visual tabs, E9, P12: the queries live under the activity's own key. */
export const editionKeys = {
  options: (projectId: string, activityId: string) =>
    [...activityKeys.one(projectId, activityId), 'options'] as const,
  visual: (projectId: string, activityId: string) =>
    [...activityKeys.one(projectId, activityId), 'visual'] as const,
  documents: (projectId: string, activityId: string) =>
    [...activityKeys.one(projectId, activityId), 'documents'] as const,
};

export const activityOptionsQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: editionKeys.options(projectId, activityId),
    queryFn: ({ signal }) => call(getActivityOptions, { params: { projectId, activityId }, signal }),
  });

export const activityVisualQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: editionKeys.visual(projectId, activityId),
    queryFn: ({ signal }) => call(getActivityVisual, { params: { projectId, activityId }, signal }),
  });

export const activityDocumentsQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: editionKeys.documents(projectId, activityId),
    queryFn: ({ signal }) => call(listActivityDocuments, { params: { projectId, activityId }, signal }),
  });

/**
 * What a change of one tab means for the others: the activity as the configuration tab and the list read it gets
 * the new values at once (a configuration saved next sends them back as they are), then everything of the project's
 * activities is read again.
 */
function useEditionMutation<V, R>(
  projectId: string,
  activityId: string,
  fn: (v: V) => Promise<R>,
  {
    patchActivity,
    ownKey,
    silent = false,
  }: {
    patchActivity?: (result: R) => Partial<Activity>;
    /** The query the answer replaces at once (the tab shows it without waiting for a new read). */
    ownKey?: QueryKey;
    silent?: boolean;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result) => {
      if (ownKey) queryClient.setQueryData(ownKey, result);
      if (patchActivity) {
        queryClient.setQueryData<Activity>(activityKeys.one(projectId, activityId), (old) =>
          old ? { ...old, ...patchActivity(result) } : old,
        );
      }
      await queryClient.invalidateQueries({ queryKey: activityKeys.project(projectId) });
    },
    // Not silent: a failure opens the error popup with the server's message, unless the screen shows it itself.
    meta: { silent },
  });
}

export const useUpdateActivityOptions = (projectId: string, activityId: string) =>
  useEditionMutation(
    projectId,
    activityId,
    (body: ActivityOptionsPatch) => call(updateActivityOptions, { params: { projectId, activityId }, body }),
    {
      patchActivity: (options) => ({ maxMembers: options.maxMembers }),
      ownKey: editionKeys.options(projectId, activityId),
    },
  );

export const useSetActivityBackgroundColor = (projectId: string, activityId: string) =>
  useEditionMutation(
    projectId,
    activityId,
    (backgroundColor: string | null) =>
      call(setActivityBackgroundColor, { params: { projectId, activityId }, body: { backgroundColor } }),
    {
      patchActivity: (visual: ActivityVisual) => ({ backgroundColor: visual.backgroundColor }),
      ownKey: editionKeys.visual(projectId, activityId),
    },
  );

export const useSetActivityImage = (projectId: string, activityId: string) =>
  // The image field shows its own failures.
  useEditionMutation(
    projectId,
    activityId,
    (fileId: string | null) =>
      call(setActivityImage, { params: { projectId, activityId }, body: { fileId } }),
    { silent: true, ownKey: editionKeys.visual(projectId, activityId) },
  );

/** P12: one file in one language (the tab sends several one after the other). */
export function uploadDocumentFile(
  projectId: string,
  activityId: string,
  language: ActivityLanguage,
  file: File,
): Promise<ActivityDocument> {
  const form = new FormData();
  form.set('language', language);
  // The file last: the server reads the text fields first.
  form.set('file', file, file.name);
  return upload(uploadActivityDocument, form, {
    params: { projectId, activityId },
  }) as Promise<ActivityDocument>;
}

export const useDeleteActivityDocument = (projectId: string, activityId: string) =>
  // The documents section shows the server's message itself.
  useEditionMutation(
    projectId,
    activityId,
    (documentId: string) => call(deleteActivityDocument, { params: { projectId, activityId, documentId } }),
    { silent: true },
  );
