import type { AbsenceInput } from '../../../contracts/pairing-seats';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import { startGeneration } from './generation';
import * as seats from './seats-repository';
import { getPairingRow, scopeOf } from './service';

/** Live adjustment: « Marquer absent » from a round on, present again, and « Reprendre les rondes restantes ». */

export async function markAbsent(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  input: AbsenceInput,
) {
  const scope = scopeOf(auth, projectId);
  return deps.db.transaction(async (tx) => {
    const pairing = await getPairingRow(tx, scope, pairingId, true);
    if (!(await seats.findParticipant(tx, scope, input.participantId))) throw AppError.notFound();
    if (input.fromRound >= pairing.rounds)
      throw AppError.field('fromRound', 'validation.pairingSeats.absentRound', { rounds: pairing.rounds });
    await seats.setAbsence(tx, { ...scope, pairingId }, input.participantId, input.fromRound);
    return { participantId: input.participantId, fromRound: input.fromRound };
  });
}

export async function clearAbsence(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  participantId: string,
) {
  await getPairingRow(deps.db, scopeOf(auth, projectId), pairingId);
  if (!(await seats.deleteAbsence(deps.db, pairingId, participantId))) throw AppError.notFound();
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
