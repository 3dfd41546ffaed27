import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityLinkInput,
  createActivityLink,
  deleteActivityLink,
  listActivityLinks,
  updateActivityLink,
  updateActivityLocation,
} from '../../../../contracts/activity-links';
import {
  type GenerateVideoRoomInput,
  generateVideoRoom,
  getVideoRoom,
} from '../../../../contracts/activity-video';
import { call } from '../../../lib/api';
import { activityKeys } from '../api';

/** V4 link tab and V6 video room: queries and mutations, under the activity's keys (refreshed with it). */

export const linkTabKeys = {
  links: (projectId: string, activityId: string) =>
    [...activityKeys.one(projectId, activityId), 'links'] as const,
  videoRoom: (projectId: string, activityId: string) =>
    [...activityKeys.one(projectId, activityId), 'video-room'] as const,
};

export const activityLinksQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: linkTabKeys.links(projectId, activityId),
    queryFn: ({ signal }) => call(listActivityLinks, { params: { projectId, activityId }, signal }),
  });

/** How often the tab asks again while Whereby's room is being made. */
export const VIDEO_ROOM_POLL_MS = 1000;

export const videoRoomQuery = (projectId: string, activityId: string) =>
  queryOptions({
    queryKey: linkTabKeys.videoRoom(projectId, activityId),
    queryFn: ({ signal }) => call(getVideoRoom, { params: { projectId, activityId }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? VIDEO_ROOM_POLL_MS : false),
  });

export function useSaveLocation(projectId: string, activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (location: string) =>
      call(updateActivityLocation, { params: { projectId, activityId }, body: { location } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.project(projectId) }),
    meta: { silent: true },
  });
}

export function useSaveActivityLink(projectId: string, activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId: string | null; body: ActivityLinkInput }) =>
      linkId
        ? call(updateActivityLink, { params: { projectId, activityId, linkId }, body })
        : call(createActivityLink, { params: { projectId, activityId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkTabKeys.links(projectId, activityId) }),
    meta: { silent: true },
  });
}

export function useDeleteActivityLink(projectId: string, activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => call(deleteActivityLink, { params: { projectId, activityId, linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linkTabKeys.links(projectId, activityId) }),
  });
}

/** Generate (or, with `replace`, regenerate) the room: the answer is pending, and the query polls from there. */
export function useGenerateVideoRoom(projectId: string, activityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateVideoRoomInput) =>
      call(generateVideoRoom, { params: { projectId, activityId }, body }),
    onSuccess: (room) => queryClient.setQueryData(linkTabKeys.videoRoom(projectId, activityId), room),
    // A refusal (another tab made it meanwhile, the key removed…) shows in the popup; the room is read again.
    onError: () => queryClient.invalidateQueries({ queryKey: linkTabKeys.videoRoom(projectId, activityId) }),
  });
}
