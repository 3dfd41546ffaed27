import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
import type { TablesInstance, TablesResult } from '../../matching/instance';
import type { GenerationRow } from './generation-repository';
import type { PairingRow } from './repository';
import * as seats from './seats-repository';

/**
 * Live adjustment (« Reprendre les rondes restantes », docs/matching/seats.md): a generation from round r keeps every
 * seat of the rounds before r (the instance's `fixed`), leaves the absent out from their round (`absent`), and writes
 * only the rounds from r: whatever the solver returns, the rounds already held are never rewritten.
 */

/** A resume needs a round after the first, within the pairing's rounds, whose previous round was generated. */
export async function checkResumable(db: Executor, pairing: PairingRow, fromRound: number) {
  if (fromRound >= pairing.rounds || !(await seats.roundExists(db, pairing.id, fromRound - 1)))
    throw AppError.field('fromRound', 'validation.pairingSeats.fromRound', { rounds: pairing.rounds });
}

/** The instance of a resumed generation: the held rounds' seats fixed, the absent left out from their round. */
export async function resumedInstance(
  db: Executor,
  row: Pick<GenerationRow, 'pairingId' | 'fromRound'>,
  instance: TablesInstance,
): Promise<TablesInstance> {
  const fromRound = row.fromRound ?? 0;
  const people = new Set(instance.people.map((p) => p.id));
  const tables = new Set(instance.tables.map((t) => t.id));
  const held = await seats.seatsBefore(db, row.pairingId, fromRound);
  const absences = await seats.listAbsences(db, row.pairingId);
  return {
    ...instance,
    fixed: held
      .filter((s) => s.round < instance.rounds && people.has(s.participantId) && tables.has(s.tableId))
      .map((s) => ({ round: s.round, table: s.tableId, person: s.participantId })),
    absent: absences
      .filter((a) => people.has(a.participantId))
      .map((a) => ({ person: a.participantId, fromRound: a.fromRound })),
  };
}

/** The seats a finished generation writes: every round, or only those from `fromRound`; never an absent person. */
export function seatsToWrite(result: TablesResult, instance: TablesInstance, fromRound: number | null) {
  const absentFrom = new Map(instance.absent.map((a) => [a.person, a.fromRound]));
  return result.rounds.flatMap((tables, round) =>
    fromRound !== null && round < fromRound
      ? []
      : tables.flatMap((t) =>
          t.people
            .filter((person) => round < (absentFrom.get(person) ?? Number.POSITIVE_INFINITY))
            .map((participantId) => ({ round, tableId: t.table, participantId })),
        ),
  );
}
