import { and, asc, eq } from 'drizzle-orm';
import type { ActivityLanguage } from '../../../contracts/activity-edition';
import type { Executor } from '../../db/client';
import { activities, activityFiles, files } from '../../db/schema';

const scope = (companyId: string, projectId: string, activityId: string) =>
  and(
    eq(activities.companyId, companyId),
    eq(activities.projectId, projectId),
    eq(activities.id, activityId),
  );

const editionColumns = {
  id: activities.id,
  displayDate: activities.displayDate,
  registrationOpen: activities.registrationOpen,
  onLanding: activities.onLanding,
  maxMembers: activities.maxMembers,
  backgroundColor: activities.backgroundColor,
  imageFileId: activities.imageFileId,
};

export type EditionRow = {
  id: string;
  displayDate: boolean;
  registrationOpen: boolean;
  onLanding: boolean;
  maxMembers: number | null;
  backgroundColor: string | null;
  imageFileId: string | null;
};

/**
 * An activity of this project of this company, with what the options and visual tabs show; undefined otherwise.
 * `lock` holds the row until the transaction ends: 'update' for a change of the row, 'share' while a document is
 * attached to it (a deletion of the activity then waits).
 */
export async function findEditionRow(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
  lock?: 'update' | 'share',
): Promise<EditionRow | undefined> {
  const query = db
    .select(editionColumns)
    .from(activities)
    .where(scope(companyId, projectId, activityId));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

export type EditionFields = Partial<Omit<EditionRow, 'id'>>;

export async function updateEditionRow(
  db: Executor,
  projectId: string,
  activityId: string,
  fields: EditionFields,
) {
  await db
    .update(activities)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(activities.projectId, projectId), eq(activities.id, activityId)));
}

// ---------- documents (P12) ----------

const documentColumns = {
  id: activityFiles.id,
  language: activityFiles.language,
  fileId: activityFiles.fileId,
  name: files.originalName,
  size: files.byteSize,
  createdAt: activityFiles.createdAt,
};

export type DocumentRow = {
  id: string;
  language: string;
  fileId: string;
  name: string | null;
  size: number;
  createdAt: Date;
};

/** The documents of an activity, oldest first (ties by id). */
export async function listDocuments(
  db: Executor,
  projectId: string,
  activityId: string,
): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(activityFiles)
    .innerJoin(files, eq(files.id, activityFiles.fileId))
    .where(and(eq(activityFiles.projectId, projectId), eq(activityFiles.activityId, activityId)))
    .orderBy(asc(activityFiles.createdAt), asc(activityFiles.id));
}

export async function findDocument(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select(documentColumns)
    .from(activityFiles)
    .innerJoin(files, eq(files.id, activityFiles.fileId))
    .where(
      and(
        eq(activityFiles.companyId, companyId),
        eq(activityFiles.projectId, projectId),
        eq(activityFiles.activityId, activityId),
        eq(activityFiles.id, documentId),
      ),
    );
  return row;
}

export async function insertDocument(
  db: Executor,
  row: {
    companyId: string;
    projectId: string;
    activityId: string;
    language: ActivityLanguage;
    fileId: string;
  },
): Promise<string> {
  const [created] = await db.insert(activityFiles).values(row).returning({ id: activityFiles.id });
  return created.id;
}
