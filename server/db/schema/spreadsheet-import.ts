import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * U3: one row per participant import, so that what an import keeps in the storage (`imports/<id>…`: the uploaded
 * file, the dry run's kept batches, its rows and its state) is found and deleted after IMPORT_RETENTION_DAYS without
 * listing the storage. No foreign key: an import of a project or company deleted since still has files to delete.
 */
export const participantImports = pgTable(
  'participant_imports',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    /** What the import makes: 'participants' (U3) or 'activities' (V1). */
    kind: text('kind').notNull().default('participants'),
    /**
     * The import's last step (upload, mapping, the start and the end of a dry run or a save) or the heartbeat of its
     * running job (at most once a minute): retention counts from it. `-infinity` once its company is deleted.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    /**
     * When a purge took the import (its lease): another purge leaves it for an hour, then takes it again (the first
     * one stopped). A step of the import clears it.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the retention purge deleted what the import kept: it then answers "expired" (the row holds no one). */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    /**
     * RS3: the run of the save that committed, written in the save's own transaction: a save whose process died
     * after its commit, before its state said so, is known as saved (not as interrupted).
     */
    savedRunId: uuid('saved_run_id'),
  },
  (t) => [index('participant_imports_to_purge_idx').on(t.lastActivityAt).where(sql`purged_at is null`)],
);
