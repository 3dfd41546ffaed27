import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import { getMailMessage, getMailSettings, listMailMessages } from '../../../contracts/mail';
import { call } from '../../lib/api';

export const mailKeys = {
  all: ['mail'] as const,
  list: (query: QueryOf<typeof listMailMessages>) => ['mail', 'list', query] as const,
  message: (messageId: string) => ['mail', 'message', messageId] as const,
  settings: ['mail', 'settings'] as const,
};

export const mailListQuery = (query: QueryOf<typeof listMailMessages>) =>
  queryOptions({
    queryKey: mailKeys.list(query),
    queryFn: ({ signal }) => call(listMailMessages, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const mailMessageQuery = (messageId: string) =>
  queryOptions({
    queryKey: mailKeys.message(messageId),
    queryFn: ({ signal }) => call(getMailMessage, { params: { messageId }, signal }),
  });

export const mailSettingsQuery = queryOptions({
  queryKey: mailKeys.settings,
  queryFn: ({ signal }) => call(getMailSettings, { signal }),
  staleTime: 5 * 60_000,
});
