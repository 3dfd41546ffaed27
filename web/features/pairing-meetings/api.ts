import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  generatePairingMeetings,
  getPairingMeetings,
  type PairingMeetingsInput,
} from '../../../contracts/pairing-meetings';
import { buildUrl, call } from '../../lib/api';
import { activityKeys } from '../activities/api';
import { pairingKeys } from '../pairings/api';

/** M6: under the pairing's key, so that a seat generation (which refreshes the pairing) refreshes it too. */
export const meetingsKey = (projectId: string, pairingId: string) =>
  [...pairingKeys.one(projectId, pairingId), 'meetings'] as const;

export const pairingMeetingsQuery = (projectId: string, pairingId: string) =>
  queryOptions({
    queryKey: meetingsKey(projectId, pairingId),
    queryFn: ({ signal }) => call(getPairingMeetings, { params: { projectId, pairingId }, signal }),
  });

/** The meetings are activities: the programme's lists and calendar are read again too. */
export function useGenerateMeetings(projectId: string, pairingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The form shows its errors (under the fields, or in the popup after the confirmation).
    meta: { silent: true },
    mutationFn: (body: PairingMeetingsInput) =>
      call(generatePairingMeetings, { params: { projectId, pairingId }, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meetingsKey(projectId, pairingId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.project(projectId) }),
      ]),
  });
}

export const pairingExportUrl = (projectId: string, pairingId: string) =>
  buildUrl('/api/projects/:projectId/pairings/:pairingId/export.xlsx', { projectId, pairingId });
