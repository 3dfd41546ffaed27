import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AbsenceInput,
  clearAbsence,
  getPairingPreflight,
  getSeatPerson,
  markAbsent,
  moveSeat,
  resumeRounds,
  type SeatMoveInput,
} from '../../../contracts/pairing-seats';
import type { PairingSeats, SeatTable } from '../../../contracts/pairings';
import { call } from '../../lib/api';
import { pairingKeys, seatRoundQuery } from '../pairings/api';
import { moveInSeats, replaceTables } from './seat-moves';

export const seatKeys = {
  person: (projectId: string, pairingId: string, participantId: string, round: number) =>
    [...pairingKeys.seats(projectId, pairingId), 'person', participantId, round] as const,
  preflight: (projectId: string, pairingId: string) =>
    [...pairingKeys.one(projectId, pairingId), 'preflight'] as const,
};

export const seatPersonQuery = (projectId: string, pairingId: string, participantId: string, round: number) =>
  queryOptions({
    queryKey: seatKeys.person(projectId, pairingId, participantId, round),
    queryFn: ({ signal }) =>
      call(getSeatPerson, { params: { projectId, pairingId, participantId }, query: { round }, signal }),
  });

export const preflightQuery = (projectId: string, pairingId: string) =>
  queryOptions({
    queryKey: seatKeys.preflight(projectId, pairingId),
    queryFn: ({ signal }) => call(getPairingPreflight, { params: { projectId, pairingId }, signal }),
  });

type Seats = PairingSeats;

/**
 * M4: a drop moves the person at once (only the two tables change, so the other table cards keep their props and do
 * not re-render), then the server's two tables replace them; a refusal (table full…) puts the seats back and the
 * error popup says why.
 */
export function useMoveSeat(
  projectId: string,
  pairingId: string,
  lookup: (id: string) => SeatTable['people'][number] | undefined,
) {
  const queryClient = useQueryClient();
  // The round's seats (the screen loads one round at a time).
  const keyOf = (round: number) => seatRoundQuery(projectId, pairingId, round).queryKey;
  return useMutation({
    mutationFn: (input: SeatMoveInput) => call(moveSeat, { params: { projectId, pairingId }, body: input }),
    onMutate: async (input) => {
      const key = keyOf(input.round);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<Seats>(key);
      const person = lookup(input.participantId);
      if (before && person) queryClient.setQueryData<Seats>(key, moveInSeats(before, input, person));
      return { before };
    },
    onError: (_error, input, context) => {
      if (context?.before) queryClient.setQueryData<Seats>(keyOf(input.round), context.before);
    },
    onSuccess: (result) => {
      queryClient.setQueryData<Seats>(keyOf(result.round), (seats) =>
        seats ? replaceTables(seats, result) : seats,
      );
      const seatsKey = pairingKeys.seats(projectId, pairingId);
      // The person panel, and the pairing page's list of every round, read again.
      void queryClient.invalidateQueries({ queryKey: [...seatsKey, 'person'] });
      void queryClient.invalidateQueries({ queryKey: [...seatsKey, 'all'] });
    },
  });
}

function useSeatsMutation<V, R>(projectId: string, pairingId: string, fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pairingKeys.one(projectId, pairingId) }),
  });
}

export const useMarkAbsent = (projectId: string, pairingId: string) =>
  useSeatsMutation(projectId, pairingId, (body: AbsenceInput) =>
    call(markAbsent, { params: { projectId, pairingId }, body }),
  );

export const useClearAbsence = (projectId: string, pairingId: string) =>
  useSeatsMutation(projectId, pairingId, (participantId: string) =>
    call(clearAbsence, { params: { projectId, pairingId, participantId } }),
  );

export const useResumeRounds = (projectId: string, pairingId: string) =>
  useSeatsMutation(projectId, pairingId, (fromRound: number) =>
    call(resumeRounds, { params: { projectId, pairingId }, body: { fromRound } }),
  );
