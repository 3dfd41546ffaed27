import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activityTables, pairingGenerations, pairingSeats, participants, persons } from '../../db/schema';

/** M3: the generation rows (progress the UI polls) and the seats a finished one writes. */

export type GenerationRow = typeof pairingGenerations.$inferSelect;

export async function latestGeneration(db: Executor, pairingId: string): Promise<GenerationRow | undefined> {
  const [row] = await db
    .select()
    .from(pairingGenerations)
    .where(eq(pairingGenerations.pairingId, pairingId))
    .orderBy(desc(pairingGenerations.createdAt), desc(pairingGenerations.id))
    .limit(1);
  return row;
}

export async function activeGeneration(db: Executor, pairingId: string, lock = false) {
  const query = db
    .select()
    .from(pairingGenerations)
    .where(
      and(
        eq(pairingGenerations.pairingId, pairingId),
        inArray(pairingGenerations.status, ['queued', 'running']),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row as GenerationRow | undefined;
}

export async function findGeneration(db: Executor, generationId: string, lock = false) {
  const query = db.select().from(pairingGenerations).where(eq(pairingGenerations.id, generationId));
  const [row] = lock ? await query.for('update') : await query;
  return row as GenerationRow | undefined;
}

export async function countGenerations(db: Executor, pairingId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pairingGenerations)
    .where(eq(pairingGenerations.pairingId, pairingId));
  return row.n;
}

export async function insertGeneration(
  db: Executor,
  values: {
    companyId: string;
    projectId: string;
    pairingId: string;
    runId: string;
    seed: number;
    fromRound?: number | null;
  },
) {
  const [row] = await db.insert(pairingGenerations).values(values).returning();
  return row;
}

/** Changes a generation only while it is still this run's and still active: a late write of a cancelled run is lost. */
export async function updateActive(
  db: Executor,
  generationId: string,
  runId: string,
  values: Partial<Pick<GenerationRow, 'status' | 'progress' | 'best' | 'error' | 'stats'>> & {
    finished?: boolean;
  },
) {
  const { finished, ...rest } = values;
  const rows = await db
    .update(pairingGenerations)
    .set({ ...rest, heartbeatAt: sql`now()`, ...(finished ? { finishedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(pairingGenerations.id, generationId),
        eq(pairingGenerations.runId, runId),
        inArray(pairingGenerations.status, ['queued', 'running']),
      ),
    )
    .returning({ id: pairingGenerations.id });
  return rows.length > 0;
}

export async function setStatus(
  db: Executor,
  generationId: string,
  status: 'failed' | 'cancelled',
  error: string | null,
) {
  const [row] = await db
    .update(pairingGenerations)
    .set({ status, error, finishedAt: sql`now()` })
    .where(eq(pairingGenerations.id, generationId))
    .returning();
  return row;
}

/** A new run for the same row (recovery): starts cleanly from 0. */
export async function requeue(db: Executor, generationId: string, runId: string) {
  await db
    .update(pairingGenerations)
    .set({ status: 'queued', runId, progress: 0, best: null, error: null, heartbeatAt: sql`now()` })
    .where(eq(pairingGenerations.id, generationId));
}

/** Active rows whose heartbeat is older than `before` (candidates for recovery). */
export async function staleActive(db: Executor, before: Date) {
  return db
    .select()
    .from(pairingGenerations)
    .where(
      and(
        inArray(pairingGenerations.status, ['queued', 'running']),
        lt(pairingGenerations.heartbeatAt, before),
      ),
    );
}

export async function allActive(db: Executor) {
  return db
    .select()
    .from(pairingGenerations)
    .where(inArray(pairingGenerations.status, ['queued', 'running']));
}

// ---------- seats ----------

export async function replaceSeats(
  db: Executor,
  scope: { companyId: string; projectId: string; pairingId: string },
  seats: { round: number; tableId: string; participantId: string }[],
  /** Live adjustment: only the rounds from this one are replaced; the earlier ones stay as they are. */
  fromRound: number | null = null,
) {
  await db
    .delete(pairingSeats)
    .where(
      and(
        eq(pairingSeats.pairingId, scope.pairingId),
        fromRound === null ? undefined : gte(pairingSeats.round, fromRound),
      ),
    );
  for (let i = 0; i < seats.length; i += 1000) {
    await db.insert(pairingSeats).values(seats.slice(i, i + 1000).map((s) => ({ ...scope, ...s })));
  }
}

/** The seats of the pairing with who and which table, every round or one. */
export async function listSeats(db: Executor, pairingId: string, round?: number) {
  return db
    .select({
      round: pairingSeats.round,
      tableId: activityTables.id,
      tableNumber: activityTables.number,
      tableName: activityTables.name,
      tableVip: activityTables.vip,
      participantId: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      company: persons.organisation,
    })
    .from(pairingSeats)
    .innerJoin(activityTables, eq(activityTables.id, pairingSeats.tableId))
    .innerJoin(participants, eq(participants.id, pairingSeats.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(
      round === undefined
        ? eq(pairingSeats.pairingId, pairingId)
        : and(eq(pairingSeats.pairingId, pairingId), eq(pairingSeats.round, round)),
    )
    .orderBy(
      asc(pairingSeats.round),
      asc(activityTables.number),
      asc(sql`${persons.lastName} collate "und-x-icu"`),
      asc(sql`${persons.firstName} collate "und-x-icu"`),
      asc(participants.id),
    );
}

/** The generated rounds of the pairing (from 0), in order. */
export async function generatedRounds(db: Executor, pairingId: string) {
  const rows = await db
    .selectDistinct({ round: pairingSeats.round })
    .from(pairingSeats)
    .where(eq(pairingSeats.pairingId, pairingId))
    .orderBy(asc(pairingSeats.round));
  return rows.map((r) => r.round);
}
