import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import {
  cancelInvitation,
  deleteUser,
  generatePin,
  inviteUser,
  listUsers,
  resendInvitation,
  type UserInput,
  type UserSettingsInput,
  updateUser,
  updateUserSettings,
} from '../../../contracts/users';
import { call } from '../../lib/api';
import { sessionQuery } from '../session/api';

export const userKeys = {
  all: ['users'] as const,
  list: (query: QueryOf<typeof listUsers>) => ['users', 'list', query] as const,
};

export const userListQuery = (query: QueryOf<typeof listUsers>) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => call(listUsers, { query, signal }),
    placeholderData: keepPreviousData,
  });

function useUserMutation<V, R>(fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // The session too: one's own language or first project may have changed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      ]),
    meta: { silent },
  });
}

export const useInviteUser = () =>
  useUserMutation((body: UserInput & { locale: 'fr' | 'en' }) => call(inviteUser, { body }), true);
export const useUpdateUser = () =>
  useUserMutation(
    ({ userId, body }: { userId: string; body: UserInput }) => call(updateUser, { params: { userId }, body }),
    true,
  );
export const useUpdateUserSettings = () =>
  useUserMutation(
    ({ userId, body }: { userId: string; body: UserSettingsInput }) =>
      call(updateUserSettings, { params: { userId }, body }),
    true,
  );
export const useDeleteUser = () =>
  useUserMutation((userId: string) => call(deleteUser, { params: { userId } }));
export const useResendInvitation = () =>
  useUserMutation((userId: string) => call(resendInvitation, { params: { userId } }));
export const useCancelInvitation = () =>
  useUserMutation((userId: string) => call(cancelInvitation, { params: { userId } }));
export const useGeneratePin = () =>
  useUserMutation((userId: string) => call(generatePin, { params: { userId } }));
