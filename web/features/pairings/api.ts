import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberAddSelection } from '../../../contracts/activity-members';
import {
  addGroupMembers,
  createGroupsFromActivities,
  createMatchGroup,
  createPairingRule,
  deleteMatchGroup,
  deletePairingRule,
  type GroupMemberQuery,
  type GroupRemoveSelection,
  listGroupCandidates,
  listGroupMembers,
  listMatchGroups,
  listPairingRules,
  type MatchGroupInput,
  type PairingRuleInput,
  removeGroupMembers,
  updateMatchGroup,
  updatePairingRule,
} from '../../../contracts/match-groups';
import {
  cancelGeneration,
  createPairing,
  deletePairing,
  getPairing,
  getPairingOptions,
  getPairingSeats,
  listPairings,
  type PairingInput,
  type PairingListQuery,
  startGeneration,
  updatePairing,
} from '../../../contracts/pairings';
import { call } from '../../lib/api';

export const pairingKeys = {
  project: (projectId: string) => ['pairings', projectId] as const,
  list: (projectId: string, query: PairingListQuery) => ['pairings', projectId, 'list', query] as const,
  options: (projectId: string) => ['pairings', projectId, 'options'] as const,
  one: (projectId: string, pairingId: string) => ['pairings', projectId, 'one', pairingId] as const,
  seats: (projectId: string, pairingId: string) =>
    ['pairings', projectId, 'one', pairingId, 'seats'] as const,
  groups: (projectId: string, pairingId: string) =>
    ['pairings', projectId, 'one', pairingId, 'groups'] as const,
  rules: (projectId: string, pairingId: string) =>
    ['pairings', projectId, 'one', pairingId, 'rules'] as const,
};

export const pairingListQuery = (projectId: string, query: PairingListQuery) =>
  queryOptions({
    queryKey: pairingKeys.list(projectId, query),
    queryFn: ({ signal }) => call(listPairings, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const pairingOptionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: pairingKeys.options(projectId),
    queryFn: ({ signal }) => call(getPairingOptions, { params: { projectId }, signal }),
  });

/** The pairing, polled every second while a generation is queued or running (its progress bar). */
export const pairingQuery = (projectId: string, pairingId: string) =>
  queryOptions({
    queryKey: pairingKeys.one(projectId, pairingId),
    queryFn: ({ signal }) => call(getPairing, { params: { projectId, pairingId }, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.generation?.status;
      return status === 'queued' || status === 'running' ? 1000 : false;
    },
  });

/** Every generated round (the pairing page's results). */
export const seatsQuery = (projectId: string, pairingId: string) =>
  queryOptions({
    queryKey: [...pairingKeys.seats(projectId, pairingId), 'all'] as const,
    queryFn: ({ signal }) => call(getPairingSeats, { params: { projectId, pairingId }, signal }),
  });

/** One round of the seats (from 0), as the seats screen shows it: only that round's tables and people. */
export const seatRoundQuery = (projectId: string, pairingId: string, round: number) =>
  queryOptions({
    queryKey: [...pairingKeys.seats(projectId, pairingId), 'round', round] as const,
    queryFn: ({ signal }) =>
      call(getPairingSeats, { params: { projectId, pairingId }, query: { round }, signal }),
  });

export const groupsQuery = (projectId: string, pairingId: string) =>
  queryOptions({
    queryKey: pairingKeys.groups(projectId, pairingId),
    queryFn: ({ signal }) => call(listMatchGroups, { params: { projectId, pairingId }, signal }),
  });

export const rulesQuery = (projectId: string, pairingId: string) =>
  queryOptions({
    queryKey: pairingKeys.rules(projectId, pairingId),
    queryFn: ({ signal }) => call(listPairingRules, { params: { projectId, pairingId }, signal }),
  });

export const groupSideQuery = (
  projectId: string,
  pairingId: string,
  groupId: string,
  side: 'in' | 'out',
  query: GroupMemberQuery,
) =>
  queryOptions({
    queryKey: [...pairingKeys.groups(projectId, pairingId), groupId, side, query] as const,
    queryFn: ({ signal }) =>
      call(side === 'in' ? listGroupMembers : listGroupCandidates, {
        params: { projectId, pairingId, groupId },
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Every change refreshes the project's pairings (lists, the pairing, its groups and rules). */
function usePairingMutation<V, R>(projectId: string, fn: (v: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pairingKeys.project(projectId) }),
    ...(silent ? { meta: { silent: true } } : {}),
  });
}

export const useSavePairing = (projectId: string) =>
  usePairingMutation(projectId, ({ pairingId, body }: { pairingId: string | null; body: PairingInput }) =>
    pairingId
      ? call(updatePairing, { params: { projectId, pairingId }, body })
      : call(createPairing, { params: { projectId }, body }),
  );

export const useDeletePairing = (projectId: string) =>
  usePairingMutation(projectId, (pairingId: string) =>
    call(deletePairing, { params: { projectId, pairingId } }),
  );

export const useStartGeneration = (projectId: string, pairingId: string) =>
  usePairingMutation(projectId, () => call(startGeneration, { params: { projectId, pairingId } }));

export const useCancelGeneration = (projectId: string, pairingId: string) =>
  usePairingMutation(projectId, () => call(cancelGeneration, { params: { projectId, pairingId } }));

export const useSaveGroup = (projectId: string, pairingId: string) =>
  usePairingMutation(projectId, ({ groupId, body }: { groupId: string | null; body: MatchGroupInput }) =>
    groupId
      ? call(updateMatchGroup, { params: { projectId, pairingId, groupId }, body })
      : call(createMatchGroup, { params: { projectId, pairingId }, body }),
  );

export const useDeleteGroup = (projectId: string, pairingId: string) =>
  usePairingMutation(projectId, (groupId: string) =>
    call(deleteMatchGroup, { params: { projectId, pairingId, groupId } }),
  );

export const useGroupsFromActivities = (projectId: string, pairingId: string) =>
  usePairingMutation(projectId, (body: { activityIds: string[] }) =>
    call(createGroupsFromActivities, { params: { projectId, pairingId }, body }),
  );

export const useAddGroupMembers = (projectId: string, pairingId: string, groupId: string) =>
  usePairingMutation(
    projectId,
    (body: MemberAddSelection) => call(addGroupMembers, { params: { projectId, pairingId, groupId }, body }),
    true,
  );

export const useRemoveGroupMembers = (projectId: string, pairingId: string, groupId: string) =>
  usePairingMutation(
    projectId,
    (body: GroupRemoveSelection) =>
      call(removeGroupMembers, { params: { projectId, pairingId, groupId }, body }),
    true,
  );

export const useSaveRule = (projectId: string, pairingId: string) =>
  usePairingMutation(projectId, ({ ruleId, body }: { ruleId: string | null; body: PairingRuleInput }) =>
    ruleId
      ? call(updatePairingRule, { params: { projectId, pairingId, ruleId }, body })
      : call(createPairingRule, { params: { projectId, pairingId }, body }),
  );

export const useDeleteRule = (projectId: string, pairingId: string) =>
  usePairingMutation(projectId, (ruleId: string) =>
    call(deletePairingRule, { params: { projectId, pairingId, ruleId } }),
  );
