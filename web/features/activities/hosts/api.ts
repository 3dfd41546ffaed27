import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACCESS_ENDPOINTS,
  type AccessEndpoints,
  type AccessInput,
  type ActivitySettingsInput,
  exportActivityMembersCsv,
  getActivityReport,
  getActivitySettings,
  saveActivitySettings,
  setActivityParent,
} from '../../../../contracts/activity-access';
import {
  type ActivityHostInput,
  createActivityHost,
  deleteActivityHost,
  listActivityHosts,
  lookupHostEmail,
  sendActivityHostMail,
  updateActivityHost,
} from '../../../../contracts/activity-hosts';
import { buildUrl, call } from '../../../lib/api';
import { activityKeys } from '../api';

/** V5 hosts, V2/V4 access, V4 subscribe figures and parent, V2 defaults: keys under the project's activities. */
export const hostKeys = {
  hosts: (projectId: string, activityId: string) => ['activities', projectId, 'hosts', activityId] as const,
  report: (projectId: string, activityId: string) => ['activities', projectId, 'report', activityId] as const,
  access: (projectId: string, owner: AccessOwner) => ['activities', projectId, 'access', owner] as const,
  settings: (projectId: string) => ['activities', projectId, 'settings'] as const,
};

export const hostListQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: hostKeys.hosts(projectId, activityId),
    queryFn: ({ signal }) => call(listActivityHosts, { params: { projectId, activityId }, signal }),
  });

export const activityReportQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: hostKeys.report(projectId, activityId),
    queryFn: ({ signal }) => call(getActivityReport, { params: { projectId, activityId }, signal }),
  });

export const activitySettingsQuery = (projectId: string) =>
  queryOptions({
    queryKey: hostKeys.settings(projectId),
    queryFn: ({ signal }) => call(getActivitySettings, { params: { projectId }, signal }),
  });

/** The address of the members' CSV (a plain download: the session cookie goes along). */
export const membersCsvUrl = (projectId: string, activityId: string) =>
  buildUrl(exportActivityMembersCsv.path, { projectId, activityId });

/** Everything shown about the project's activities is refreshed after a change. */
function useProjectMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.project(projectId) }),
    meta: { silent },
  });
}

/** The spec's GetEmailIsExist; the host step shows its answer itself. */
export const lookupEmail = (projectId: string, email: string) =>
  call(lookupHostEmail, { params: { projectId }, body: { email } });

/** Silent: the forms show the server's field errors (the add modal's host step its own message). */
export const useSaveHost = (projectId: string, activityId: string) =>
  useProjectMutation(
    projectId,
    ({ hostId, body }: { hostId: string | null; body: ActivityHostInput }) =>
      hostId
        ? call(updateActivityHost, { params: { projectId, activityId, hostId }, body })
        : call(createActivityHost, { params: { projectId, activityId }, body }),
    true,
  );

/** The add modal: the host of an activity just created. */
export const createHost = (projectId: string, activityId: string, body: ActivityHostInput) =>
  call(createActivityHost, { params: { projectId, activityId }, body });

export const useDeleteHost = (projectId: string, activityId: string) =>
  useProjectMutation(projectId, (hostId: string) =>
    call(deleteActivityHost, { params: { projectId, activityId, hostId } }),
  );

export const useSendHostMail = (projectId: string, activityId: string) =>
  useMutation({
    mutationFn: (hostId: string) => call(sendActivityHostMail, { params: { projectId, activityId, hostId } }),
  });

export const useSetParent = (projectId: string, activityId: string) =>
  useProjectMutation(projectId, (parentId: string | null) =>
    call(setActivityParent, { params: { projectId, activityId }, body: { parentId } }),
  );

export const useSaveActivitySettings = (projectId: string) =>
  useProjectMutation(
    projectId,
    (body: ActivitySettingsInput) => call(saveActivitySettings, { params: { projectId }, body }),
    true,
  );

// ---------- access: an activity, a section or a category ----------

export type AccessOwner =
  | { kind: 'activity'; activityId: string }
  | { kind: 'section' | 'category'; categoryId: string };

/** The endpoints and path parameters of an owner (the activity's endpoints take the same shape). */
function accessOf(projectId: string, owner: AccessOwner) {
  const endpoints = ACCESS_ENDPOINTS[owner.kind] as unknown as AccessEndpoints;
  const params =
    owner.kind === 'activity'
      ? { projectId, activityId: owner.activityId }
      : { projectId, categoryId: owner.categoryId };
  return { endpoints, params: params as { projectId: string; categoryId: string } };
}

export const accessQuery = (projectId: string, owner: AccessOwner) =>
  queryOptions({
    queryKey: hostKeys.access(projectId, owner),
    queryFn: ({ signal }) => {
      const { endpoints, params } = accessOf(projectId, owner);
      return call(endpoints.list, { params, signal });
    },
  });

export function useAddAccess(projectId: string, owner: AccessOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AccessInput) => {
      const { endpoints, params } = accessOf(projectId, owner);
      return call(endpoints.add, { params, body });
    },
    onSuccess: (list) => queryClient.setQueryData(hostKeys.access(projectId, owner), list),
  });
}

export function useRemoveAccess(projectId: string, owner: AccessOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accessId: string) => {
      const { endpoints, params } = accessOf(projectId, owner);
      return call(endpoints.remove, { params: { ...params, accessId } });
    },
    onSuccess: (list) => queryClient.setQueryData(hostKeys.access(projectId, owner), list),
  });
}
