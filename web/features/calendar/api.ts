import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityScheduleInput,
  type CalendarQuery,
  downloadParticipantCalendar,
  downloadProjectCalendar,
  getActivityCalendar,
  getParticipantCalendarFeed,
  getProjectCalendarFeed,
  regenerateParticipantCalendarFeed,
  regenerateProjectCalendarFeed,
  rescheduleActivity,
} from '../../../contracts/calendar';
import { buildUrl, call } from '../../lib/api';
import { activityKeys } from '../activities/api';

export const calendarKeys = {
  range: (projectId: string, query: CalendarQuery) =>
    [...activityKeys.project(projectId), 'calendar', query] as const,
  feed: (projectId: string, participantId: string | null) =>
    ['calendar-feed', projectId, participantId ?? 'project'] as const,
};

/** The activities of the days shown (under the activities' key: any change to an activity refreshes it). */
export const calendarQuery = (projectId: string, query: CalendarQuery) =>
  queryOptions({
    queryKey: calendarKeys.range(projectId, query),
    queryFn: ({ signal }) => call(getActivityCalendar, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** A drag or resize, confirmed: its errors (a time daylight saving skips or repeats) are shown in the confirmation. */
export function useRescheduleActivity(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, body }: { activityId: string; body: ActivityScheduleInput }) =>
      call(rescheduleActivity, { params: { projectId, activityId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: activityKeys.project(projectId) }),
    meta: { silent: true },
  });
}

/** The feed of the project (participantId null) or of one participant. */
export const calendarFeedQuery = (projectId: string, participantId: string | null) =>
  queryOptions({
    queryKey: calendarKeys.feed(projectId, participantId),
    queryFn: ({ signal }) =>
      participantId
        ? call(getParticipantCalendarFeed, { params: { projectId, participantId }, signal })
        : call(getProjectCalendarFeed, { params: { projectId }, signal }),
  });

export function useRegenerateCalendarFeed(projectId: string, participantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      participantId
        ? call(regenerateParticipantCalendarFeed, { params: { projectId, participantId } })
        : call(regenerateProjectCalendarFeed, { params: { projectId } }),
    onSuccess: (feed) => queryClient.setQueryData(calendarKeys.feed(projectId, participantId), feed),
  });
}

/** The .ics download from the back office (a plain link: the session cookie goes along). */
export const calendarDownloadUrl = (projectId: string, participantId: string | null) =>
  participantId
    ? buildUrl(downloadParticipantCalendar.path, { projectId, participantId })
    : buildUrl(downloadProjectCalendar.path, { projectId });
