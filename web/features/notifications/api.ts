import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  type NotificationInput,
  setNotificationActive,
  updateNotification,
} from '../../../contracts/notifications';
import { call } from '../../lib/api';

type ListQuery = QueryOf<typeof listNotifications>;

export const notificationKeys = {
  all: (projectId: string) => ['notifications', projectId] as const,
  list: (projectId: string, query: ListQuery) => ['notifications', projectId, 'list', query] as const,
  one: (projectId: string, notificationId: string) =>
    ['notifications', projectId, 'one', notificationId] as const,
};

export const notificationListQuery = (projectId: string, query: ListQuery) =>
  queryOptions({
    queryKey: notificationKeys.list(projectId, query),
    queryFn: ({ signal }) => call(listNotifications, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const notificationQuery = (projectId: string, notificationId: string) =>
  queryOptions({
    queryKey: notificationKeys.one(projectId, notificationId),
    queryFn: ({ signal }) => call(getNotification, { params: { projectId, notificationId }, signal }),
  });

/** After any change the project's notifications are read again. */
function useNotificationMutation<V>(projectId: string, send: (values: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(projectId) }),
  });
}

/** Creates a notification (`notificationId` null) or saves one. */
export const useSaveNotification = (projectId: string) =>
  useNotificationMutation(
    projectId,
    ({ notificationId, body }: { notificationId: string | null; body: NotificationInput }) =>
      notificationId
        ? call(updateNotification, { params: { projectId, notificationId }, body })
        : call(createNotification, { params: { projectId }, body }),
  );

export const useSetNotificationActive = (projectId: string) =>
  useNotificationMutation(
    projectId,
    ({ notificationId, active }: { notificationId: string; active: boolean }) =>
      call(setNotificationActive, { params: { projectId, notificationId }, body: { active } }),
  );

export const useDeleteNotification = (projectId: string) =>
  useNotificationMutation(projectId, (notificationId: string) =>
    call(deleteNotification, { params: { projectId, notificationId } }),
  );
