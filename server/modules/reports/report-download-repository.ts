import { and, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files, reportDownloads } from '../../db/schema';

/** T2: a stored report and its link's hash, until `expiresAt`. */
export async function insertReportDownload(db: Executor, row: typeof reportDownloads.$inferInsert) {
  await db.insert(reportDownloads).values(row);
}

/** The file behind a link, while it is valid (null: unknown or expired). */
export async function findValidDownload(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType, name: files.originalName })
    .from(reportDownloads)
    .innerJoin(files, eq(files.id, reportDownloads.fileId))
    .where(and(eq(reportDownloads.tokenHash, tokenHash), gt(reportDownloads.expiresAt, now)));
  return row ?? null;
}

/** The expired links' files (their rows go with them: `file_id … on delete cascade`). */
export async function deleteExpiredDownloads(db: Executor, now: Date) {
  const expired = await db
    .select({ fileId: reportDownloads.fileId, storageKey: files.storageKey })
    .from(reportDownloads)
    .innerJoin(files, eq(files.id, reportDownloads.fileId))
    .where(lte(reportDownloads.expiresAt, now));
  for (const { fileId } of expired) await db.delete(files).where(eq(files.id, fileId));
  return expired.map((row) => row.storageKey);
}
