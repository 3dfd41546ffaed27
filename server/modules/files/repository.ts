import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activities, activityFiles, companies, files, persons, projects } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: Executor, row: typeof files.$inferInsert) {
  const [created] = await db.insert(files).values(row).returning();
  return created;
}

/**
 * A file of the company stored for `purpose`, about to be pointed to (a logo, a banner): locked until the
 * transaction ends, so that it cannot be deleted between this check and the reference being saved. Another
 * company's file, or one of another purpose, is not found.
 */
export async function findFileToReference(db: Executor, companyId: string, id: string, purpose: string) {
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id), eq(files.purpose, purpose)))
    .for('share');
  return row;
}

/** Any file by its id, for serving: images are public by their unguessable id, documents are not (see routes). */
export async function findFile(db: Executor, id: string) {
  const [row] = await db
    .select({
      companyId: files.companyId,
      storageKey: files.storageKey,
      contentType: files.contentType,
      originalName: files.originalName,
    })
    .from(files)
    .where(eq(files.id, id));
  return row;
}

/**
 * Deletes a file of the company, returning its storage key; references to it are cleared by the database
 * (ON DELETE SET NULL). Another company's file, and an image of the rich-text editor (it lives inside texts), are
 * not found.
 */
export async function deleteCompanyFile(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.companyId, companyId), eq(files.id, id), ne(files.purpose, 'editor')))
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

/** Purposes whose only references are the logo and banner columns: a file of these nobody points to is left over. */
const REFERENCED_BY_COLUMNS = [
  'company.logo',
  'project.logo',
  'project.banner',
  'participant.picture',
  'participant.cv',
  // E9 and P12: an activity's image and documents (left over once the activity is deleted).
  'activity.image',
  'activity.document',
];

/**
 * Deletes the logos, banners, pictures and CVs that nothing points to and that were stored before `before` (an upload abandoned
 * in the wizard, a crop never attached), returning their storage keys. Editor images live inside texts and are
 * left alone.
 */
export async function deleteUnreferencedImages(db: Executor, before: Date) {
  return db
    .delete(files)
    .where(
      and(
        inArray(files.purpose, REFERENCED_BY_COLUMNS),
        lt(files.createdAt, before),
        sql`not exists (select 1 from ${companies} where ${companies.logoFileId} = ${files.id})`,
        sql`not exists (select 1 from ${projects} where ${projects.logoFileId} = ${files.id} or ${projects.bannerFileId} = ${files.id})`,
        sql`not exists (select 1 from ${persons} where ${persons.pictureFileId} = ${files.id} or ${persons.cvFileId} = ${files.id})`,
        sql`not exists (select 1 from ${activities} where ${activities.imageFileId} = ${files.id})`,
        sql`not exists (select 1 from ${activityFiles} where ${activityFiles.fileId} = ${files.id})`,
      ),
    )
    .returning({ storageKey: files.storageKey });
}
