import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, participantImports } from '../../db/schema';

/**
 * The imports' rows (`participant_imports`): when each one last took a step, so that the retention purge finds
 * those whose time is over without listing the storage, which purge holds one (its lease), and whether it purged
 * them.
 */

/** A purge that took an import and has not marked it purged after this long stopped: another one takes it again. */
const LEASE = sql`interval '1 hour'`;

/**
 * Notes an import's last step (the upload makes its row) and clears a purge's claim on it. False when the import
 * was purged: nothing of it may be written again.
 */
/** RS3: the save of this run committed (written in the save's own transaction). */
export async function markSaved(db: Executor, id: string, runId: string) {
  await db.update(participantImports).set({ savedRunId: runId }).where(eq(participantImports.id, id));
}

export async function noteImportActivity(
  db: Executor,
  row: { id: string; companyId: string; projectId: string; kind?: string; at: Date },
) {
  const noted = await db
    .insert(participantImports)
    .values({
      id: row.id,
      companyId: row.companyId,
      projectId: row.projectId,
      kind: row.kind ?? 'participants',
      lastActivityAt: row.at,
    })
    .onConflictDoUpdate({
      target: participantImports.id,
      set: { lastActivityAt: row.at, claimedAt: null },
      setWhere: sql`${participantImports.purgedAt} is null`,
    })
    .returning({ id: participantImports.id });
  return noted.length > 0;
}

/** Makes the rows of imports stored before the rows existed (an import that has one keeps it as it is). */
export async function adoptImports(
  db: Executor,
  rows: { id: string; companyId: string; projectId: string; kind?: string; lastActivityAt: Date }[],
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

/** The row of an import of this project of this company (an import purged keeps its row); null for any other. */
export async function findImportRow(db: Executor, companyId: string, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(participantImports)
    .where(
      and(
        eq(participantImports.id, id),
        eq(participantImports.companyId, companyId),
        eq(participantImports.projectId, projectId),
      ),
    );
  return row ?? null;
}

/**
 * Takes up to `limit` imports whose last step is older than `before` and that no purge holds (or one that took it
 * over an hour ago and never finished: it stopped), noting the claim in the same statement: two purges at once
 * (two instances) never take the same import. `purged_at` is set only once its files are gone (`markImportPurged`).
 */
export async function claimImportsToPurge(db: Executor, before: Date, at: Date, limit: number) {
  const now = sql`${at.toISOString()}::timestamptz`;
  const rows = await db
    .update(participantImports)
    .set({ claimedAt: at })
    .where(
      inArray(
        participantImports.id,
        sql`(select ${participantImports.id} from ${participantImports}
          where ${participantImports.purgedAt} is null
            and ${participantImports.lastActivityAt} < ${before.toISOString()}::timestamptz
            and (${participantImports.claimedAt} is null or ${participantImports.claimedAt} < ${now} - ${LEASE})
          order by ${participantImports.lastActivityAt} limit ${limit} for update skip locked)`,
      ),
    )
    .returning({ id: participantImports.id });
  return rows.map((r) => r.id);
}

/**
 * Marks an import purged once its files are gone, unless it took a step since it was claimed (that step wrote
 * after the deletion, or will find nothing: a later purge takes what is left). A purged import of a company deleted
 * since loses its row (nobody can ask for it). True when it was marked.
 */
export async function markImportPurged(db: Executor, id: string, before: Date, at: Date) {
  const marked = await db
    .update(participantImports)
    .set({ purgedAt: at, claimedAt: null })
    .where(and(eq(participantImports.id, id), lt(participantImports.lastActivityAt, before)))
    .returning({ id: participantImports.id });
  if (!marked.length) return false;
  await db
    .delete(participantImports)
    .where(
      and(
        eq(participantImports.id, id),
        sql`not exists (select 1 from ${companies} where ${companies.id} = ${participantImports.companyId})`,
      ),
    );
  return true;
}

/** Hands back imports the purge did not clear (the storage failed, or a run works on it): the next purge may take them. */
export async function releaseImports(db: Executor, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(participantImports)
    .set({ claimedAt: null })
    .where(and(inArray(participantImports.id, ids), isNotNull(participantImports.claimedAt)));
}

/**
 * A company deleted: its imports are due at once (the next purge deletes their files, then their rows), and the
 * rows of those already purged go now (they hold nothing). In the company's deletion transaction.
 */
export async function dropCompanyImports(db: Executor, companyId: string) {
  await db
    .delete(participantImports)
    .where(and(eq(participantImports.companyId, companyId), isNotNull(participantImports.purgedAt)));
  await db
    .update(participantImports)
    .set({ lastActivityAt: sql`'-infinity'` })
    .where(eq(participantImports.companyId, companyId));
}
