import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addActivityMembers,
  type CandidateListQuery,
  importActivityMembers,
  listActivityCandidates,
  listActivityMembers,
  type MemberAddSelection,
  type MemberListQuery,
  type MemberRemoveSelection,
  type MemberStatus,
  removeActivityMembers,
  updateActivityMemberStatus,
} from '../../../contracts/activity-members';
import { call, upload } from '../../lib/api';
import { activityKeys } from '../activities/api';

/** Under the activities of the project: a change to an activity (its maximum) refreshes its members too. */
export const memberKeys = {
  activity: (projectId: string, activityId: string) =>
    [...activityKeys.project(projectId), 'members', activityId] as const,
  in: (projectId: string, activityId: string, query: MemberListQuery) =>
    [...memberKeys.activity(projectId, activityId), 'in', query] as const,
  out: (projectId: string, activityId: string, query: CandidateListQuery) =>
    [...memberKeys.activity(projectId, activityId), 'out', query] as const,
};

/** The "in" list: the activity's members, with its capacity. */
export const memberListQuery = (projectId: string, activityId: string, query: MemberListQuery) =>
  queryOptions({
    queryKey: memberKeys.in(projectId, activityId, query),
    queryFn: ({ signal }) => call(listActivityMembers, { params: { projectId, activityId }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** The "out" list: the project's participants not in the activity. */
export const candidateListQuery = (projectId: string, activityId: string, query: CandidateListQuery) =>
  queryOptions({
    queryKey: memberKeys.out(projectId, activityId, query),
    queryFn: ({ signal }) =>
      call(listActivityCandidates, { params: { projectId, activityId }, query, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Every change refreshes both lists. The manager shows its own errors (`silent`): a refusal over the maximum is
 * read in the modal, beside the lists, not in the error popup.
 */
function useMemberMutation<V, R>(projectId: string, activityId: string, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.activity(projectId, activityId) }),
    meta: { silent: true },
  });
}

export const useAddMembers = (projectId: string, activityId: string) =>
  useMemberMutation(projectId, activityId, (body: MemberAddSelection) =>
    call(addActivityMembers, { params: { projectId, activityId }, body }),
  );

export const useRemoveMembers = (projectId: string, activityId: string) =>
  useMemberMutation(projectId, activityId, (body: MemberRemoveSelection) =>
    call(removeActivityMembers, { params: { projectId, activityId }, body }),
  );

export const useImportMembers = (projectId: string, activityId: string) =>
  useMemberMutation(projectId, activityId, (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return upload(importActivityMembers, form, { params: { projectId, activityId } });
  });

/** A status button: its errors go to the error popup like any save. */
export function useUpdateMemberStatus(projectId: string, activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, status }: { participantId: string; status: MemberStatus }) =>
      call(updateActivityMemberStatus, {
        params: { projectId, activityId, participantId },
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.activity(projectId, activityId) }),
  });
}
