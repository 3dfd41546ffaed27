import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { participantImports } from '../../db/schema';

/**
 * The imports' rows (`participant_imports`): when each one last took a step, so that the retention purge finds
 * those whose time is over without listing the storage, and whether it purged them.
 */

/** Notes an import's last step (the upload makes its row). */
export async function noteImportActivity(
  db: Executor,
  row: { id: string; companyId: string; projectId: string; at: Date },
) {
  await db
    .insert(participantImports)
    .values({ id: row.id, companyId: row.companyId, projectId: row.projectId, lastActivityAt: row.at })
    .onConflictDoUpdate({ target: participantImports.id, set: { lastActivityAt: row.at } });
}

/** Makes the rows of imports stored before the rows existed (an import that has one keeps it as it is). */
export async function adoptImports(
  db: Executor,
  rows: { id: string; companyId: string; projectId: string; lastActivityAt: Date }[],
) {
  if (!rows.length) return;
  await db.insert(participantImports).values(rows).onConflictDoNothing({ target: participantImports.id });
}

/** The ids among these that have a row. */
export async function knownImportIds(db: Executor, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: participantImports.id })
    .from(participantImports)
    .where(inArray(participantImports.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The import's row, if it has one (an import purged keeps its row). */
export async function findImportRow(db: Executor, id: string) {
  const [row] = await db.select().from(participantImports).where(eq(participantImports.id, id));
  return row ?? null;
}

/**
 * Takes up to `limit` imports whose last step is older than `before` and marks them purged in the same statement:
 * two purges at once (two instances) never take the same import.
 */
export async function claimImportsToPurge(db: Executor, before: Date, at: Date, limit: number) {
  const rows = await db
    .update(participantImports)
    .set({ purgedAt: at })
    .where(
      inArray(
        participantImports.id,
        sql`(select ${participantImports.id} from ${participantImports}
          where ${participantImports.purgedAt} is null
            and ${participantImports.lastActivityAt} < ${before.toISOString()}::timestamptz
          order by ${participantImports.lastActivityAt} limit ${limit} for update skip locked)`,
      ),
    )
    .returning({ id: participantImports.id });
  return rows.map((r) => r.id);
}

/** Hands back imports the purge could not finish (the storage failed): the next purge takes them again. */
export async function releaseImports(db: Executor, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(participantImports)
    .set({ purgedAt: null })
    .where(and(inArray(participantImports.id, ids), sql`${participantImports.purgedAt} is not null`));
}
