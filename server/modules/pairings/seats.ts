import { and, desc, eq } from 'drizzle-orm';
import type { PairingSeats } from '../../../contracts/pairings';
import { pairingGenerations } from '../../db/schema';
import type { Deps } from '../../deps';
import type { AuthContext } from '../session/auth-context';
import * as gens from './generation-repository';
import { getPairingRow, scopeOf } from './service';

/** M3: the generated rounds (round → table → people) and the stats of the generation that wrote them. */
export async function getSeats(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
): Promise<PairingSeats> {
  await getPairingRow(deps.db, scopeOf(auth, projectId), pairingId);
  const rows = await gens.listSeats(deps.db, pairingId);
  const rounds: PairingSeats['rounds'] = [];
  for (const row of rows) {
    let round = rounds[rounds.length - 1];
    if (round?.round !== row.round) {
      round = { round: row.round, tables: [] };
      rounds.push(round);
    }
    let table = round.tables[round.tables.length - 1];
    if (table?.table.id !== row.tableId) {
      table = {
        table: { id: row.tableId, number: row.tableNumber, name: row.tableName, vip: row.tableVip },
        people: [],
      };
      round.tables.push(table);
    }
    table.people.push({ participantId: row.participantId, firstName: row.firstName, lastName: row.lastName });
  }
  const [done] = await deps.db
    .select({ stats: pairingGenerations.stats })
    .from(pairingGenerations)
    .where(and(eq(pairingGenerations.pairingId, pairingId), eq(pairingGenerations.status, 'done')))
    .orderBy(desc(pairingGenerations.finishedAt))
    .limit(1);
  const s = done?.stats as Record<string, number> | null | undefined;
  return {
    rounds,
    stats: s
      ? {
          repeats: s.repeats,
          blockedTogether: s.blockedTogether,
          vipMisplaced: s.vipMisplaced,
          score: s.score,
          chosenTablesMet: s.chosenTablesMet,
          seconds: s.seconds,
        }
      : null,
  };
}
