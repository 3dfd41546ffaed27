import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { files, projects } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Executor, row: typeof files.$inferInsert) {
  const [created] = await db.insert(files).values(row).returning();
  return created;
}

/** A file of the company: another company's file is simply not found. */
export async function findCompanyFile(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id)));
  return row;
}

/** Any file by its id: for serving, where the unguessable id is the permission. */
export async function findFile(db: Executor, id: string) {
  const [row] = await db
    .select({ storageKey: files.storageKey, contentType: files.contentType })
    .from(files)
    .where(eq(files.id, id));
  return row;
}

export async function deleteCompanyFile(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id)))
    .returning({ storageKey: files.storageKey });
  return row;
}

export async function isCompanyProject(db: Executor, companyId: string, projectId: string) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return !!row;
}
