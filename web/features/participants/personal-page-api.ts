import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getPersonalPageAddress,
  makePersonalPageAddress,
  revokePersonalPageAddress,
} from '../../../contracts/personal-pages';
import { call } from '../../lib/api';
import { participantKeys } from './api';

const personalPageKey = (projectId: string, participantId: string) =>
  [...participantKeys.one(projectId, participantId), 'personal-page'] as const;

/** The secret address of a participant's personal page (null when none is made). */
export const personalPageQuery = (projectId: string, participantId: string) =>
  queryOptions({
    queryKey: personalPageKey(projectId, participantId),
    queryFn: ({ signal }) => call(getPersonalPageAddress, { params: { projectId, participantId }, signal }),
  });

/** Makes the address (the first time) or replaces it, or revokes it; the answer is the address now. */
export function useChangePersonalPage(projectId: string, participantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'make' | 'revoke') =>
      call(change === 'make' ? makePersonalPageAddress : revokePersonalPageAddress, {
        params: { projectId, participantId },
      }),
    onSuccess: (address) => queryClient.setQueryData(personalPageKey(projectId, participantId), address),
  });
}
