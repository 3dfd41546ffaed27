import type { AbsenceInput } from '../../../contracts/pairing-seats';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { meetingsFollowSeats, queueRooms } from '../pairing-meetings/meeting-writer';
import type { AuthContext } from '../session/auth-context';
import { startGeneration } from './generation';
import * as seats from './seats-repository';
import { getPairingRow, scopeOf } from './service';

/**
 * Live adjustment: « Marquer absent » from a round on, present again, and « Reprendre les rondes restantes ». Once
 * meetings are generated, an absent person leaves the meetings of their rounds from the absence on, and a person
 * present again joins those of the tables they are still seated at, in the same transaction.
 */

export async function markAbsent(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  input: AbsenceInput,
) {
  const scope = scopeOf(auth, projectId);
  const rooms = await deps.db.transaction(async (tx) => {
    const pairing = await getPairingRow(tx, scope, pairingId, true);
    if (!(await seats.findParticipant(tx, scope, input.participantId))) throw AppError.notFound();
    if (input.fromRound >= pairing.rounds)
      throw AppError.field('fromRound', 'validation.pairingSeats.absentRound', { rounds: pairing.rounds });
    await seats.setAbsence(tx, { ...scope, pairingId }, input.participantId, input.fromRound);
    // Every round: marked again from a later round, the person is back in the meetings in between.
    const of = { ...scope, id: pairingId, categoryId: pairing.categoryId };
    return meetingsFollowSeats(deps, tx, of, { participantId: input.participantId });
  });
  await queueRooms(deps, rooms);
  return { participantId: input.participantId, fromRound: input.fromRound };
}

export async function clearAbsence(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  participantId: string,
) {
  const scope = scopeOf(auth, projectId);
  const rooms = await deps.db.transaction(async (tx) => {
    const pairing = await getPairingRow(tx, scope, pairingId, true);
    if (!(await seats.deleteAbsence(tx, pairingId, participantId))) throw AppError.notFound();
    const of = { ...scope, id: pairingId, categoryId: pairing.categoryId };
    return meetingsFollowSeats(deps, tx, of, { participantId });
  });
  await queueRooms(deps, rooms);
  return { ok: true as const };
}

/** Re-seats the rounds from `fromRound` on: the generation job, with the held rounds fixed and the absent out. */
export async function resumeRounds(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  fromRound: number,
) {
  return startGeneration(deps, auth, projectId, pairingId, { fromRound });
}
