import { and, desc, eq } from 'drizzle-orm';
import type { PairingSeats, SeatTable } from '../../../contracts/pairings';
import { pairingGenerations } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import * as gens from './generation-repository';
import * as seatsRepo from './seats-repository';
import { getPairingRow, scopeOf } from './service';

type Person = SeatTable['people'][number];
type TableInfo = SeatTable['table'];

/** Every table of the category, in number order, each with the people seated at it in the round (maybe nobody). */
export function tablesOfRound(categoryTables: TableInfo[], seated: Map<string, Person[]>): SeatTable[] {
  return categoryTables.map((table) => ({ table, people: seated.get(table.id) ?? [] }));
}

/**
 * M3–M4: the generated rounds (round → every table of the category → people), or only `round` (the seats screen's),
 * with the numbers of every generated round, the absences of the live adjustment, and the stats of the generation
 * that wrote them. A round past both the pairing's rounds and the generated ones: 400 on `round`.
 */
export async function getSeats(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  round?: number,
): Promise<PairingSeats> {
  const pairing = await getPairingRow(deps.db, scopeOf(auth, projectId), pairingId);
  const [rows, roundNumbers, categoryTables, absences] = await Promise.all([
    gens.listSeats(deps.db, pairingId, round),
    gens.generatedRounds(deps.db, pairingId),
    seatsRepo.categoryTables(deps.db, pairing.categoryId),
    seatsRepo.listAbsences(deps.db, pairingId),
  ]);
  if (round !== undefined && round >= Math.max(pairing.rounds, (roundNumbers.at(-1) ?? -1) + 1))
    throw AppError.field('round', 'validation.pairingSeats.round');
  const byRound = new Map<number, Map<string, Person[]>>();
  for (const row of rows) {
    const round = byRound.get(row.round) ?? new Map<string, Person[]>();
    byRound.set(row.round, round);
    const people = round.get(row.tableId) ?? [];
    round.set(row.tableId, people);
    people.push({
      participantId: row.participantId,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
    });
  }
  const rounds = [...byRound.keys()]
    .sort((a, b) => a - b)
    .map((round) => ({ round, tables: tablesOfRound(categoryTables, byRound.get(round) ?? new Map()) }));
  const [done] = await deps.db
    .select({ stats: pairingGenerations.stats })
    .from(pairingGenerations)
    .where(and(eq(pairingGenerations.pairingId, pairingId), eq(pairingGenerations.status, 'done')))
    .orderBy(desc(pairingGenerations.finishedAt))
    .limit(1);
  const s = done?.stats as Record<string, number> | null | undefined;
  return {
    rounds,
    roundNumbers,
    absences,
    stats: s
      ? {
          repeats: s.repeats,
          blockedTogether: s.blockedTogether,
          vipMisplaced: s.vipMisplaced,
          score: s.score,
          chosenTablesMet: s.chosenTablesMet,
          togetherUnmet: s.togetherUnmet ?? 0,
          seconds: s.seconds,
        }
      : null,
  };
}
