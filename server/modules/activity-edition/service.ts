import type { z } from 'zod';
import type {
  ActivityLanguage,
  ActivityOptions,
  ActivityVisual,
  activityOptionsPatch,
} from '../../../contracts/activity-edition';
import { fileUrl, type UploadedFile } from '../../../contracts/files';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertMaxFitsMembers } from '../activities/capacity';
import { deleteCompanyFile, findFileToReference } from '../files/repository';
import { removeStoredBytes, uploadDocument } from '../files/service';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * V4's options and visual tabs, E9 and P12. Every function finds the activity within the signed-in company and the
 * project first: another company's (or another project's) activity is not found (404).
 */

async function load(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  lock?: 'update' | 'share',
) {
  const row = await repo.findEditionRow(db, auth.companyId, projectId, activityId, lock);
  if (!row) throw AppError.notFound();
  return row;
}

const presentOptions = (row: repo.EditionRow): ActivityOptions => ({
  displayDate: row.displayDate,
  registrationOpen: row.registrationOpen,
  onLanding: row.onLanding,
  maxMembers: row.maxMembers,
});

const presentVisual = (row: repo.EditionRow): ActivityVisual => ({
  backgroundColor: row.backgroundColor,
  image: row.imageFileId ? { id: row.imageFileId, url: fileUrl(row.imageFileId) } : null,
});

// ---------- options ----------

export async function getOptions(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  return presentOptions(await load(deps.db, auth, projectId, activityId));
}

/** Changes only the options sent (each switch of the tab saves on its own). */
export async function updateOptions(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  patch: z.output<typeof activityOptionsPatch>,
) {
  return deps.db.transaction(async (tx) => {
    await load(tx, auth, projectId, activityId, 'update');
    const fields: repo.EditionFields = {};
    if (patch.displayDate !== undefined) fields.displayDate = patch.displayDate;
    if (patch.registrationOpen !== undefined) fields.registrationOpen = patch.registrationOpen;
    if (patch.onLanding !== undefined) fields.onLanding = patch.onLanding;
    if (patch.maxMembers !== undefined) {
      await assertMaxFitsMembers(tx, projectId, [activityId], patch.maxMembers);
      fields.maxMembers = patch.maxMembers;
    }
    if (Object.keys(fields).length) await repo.updateEditionRow(tx, projectId, activityId, fields);
    return presentOptions(await load(tx, auth, projectId, activityId));
  });
}

// ---------- visual ----------

export async function getVisual(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  return presentVisual(await load(deps.db, auth, projectId, activityId));
}

export async function setBackgroundColor(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  backgroundColor: string | null,
) {
  return deps.db.transaction(async (tx) => {
    await load(tx, auth, projectId, activityId, 'update');
    await repo.updateEditionRow(tx, projectId, activityId, { backgroundColor });
    return presentVisual(await load(tx, auth, projectId, activityId));
  });
}

/**
 * E9: the image must be one of this company uploaded for `activity.image` (else a field error on fileId); null
 * removes it. As for the organisation's logo, the image it replaces (or removes) is deleted: its row in the same
 * transaction, its bytes once it committed.
 */
export async function setImage(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  fileId: string | null,
) {
  const { visual, replaced } = await deps.db.transaction(async (tx) => {
    // The row lock first: a concurrent change of the image waits, and reads the image this one saved.
    const current = await load(tx, auth, projectId, activityId, 'update');
    if (fileId && !(await findFileToReference(tx, auth.companyId, fileId, 'activity.image'))) {
      throw AppError.field('fileId', 'validation.invalid');
    }
    if (current.imageFileId === fileId) return { visual: presentVisual(current), replaced: null };
    await repo.updateEditionRow(tx, projectId, activityId, { imageFileId: fileId });
    const old = current.imageFileId ? await deleteCompanyFile(tx, auth.companyId, current.imageFileId) : null;
    return { visual: presentVisual({ ...current, imageFileId: fileId }), replaced: old ?? null };
  });
  if (replaced) await removeStoredBytes(deps, [replaced.storageKey]);
  return visual;
}

// ---------- documents (P12) ----------

const presentDocument = (row: repo.DocumentRow) => ({
  id: row.id,
  language: row.language as ActivityLanguage,
  name: row.name ?? 'document.pdf',
  size: row.size,
  url: fileUrl(row.fileId),
  createdAt: row.createdAt,
});

export async function listDocuments(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  await load(deps.db, auth, projectId, activityId);
  const rows = await repo.listDocuments(deps.db, projectId, activityId);
  return { items: rows.map(presentDocument) };
}

/**
 * P12: a PDF (the files module's document rules: recognised by its content, 10 MB at most) attached to the activity
 * in one language. The activity is checked before the file is stored, and held while the attachment is saved; if it
 * went meanwhile, the stored file goes too (404).
 */
export async function uploadActivityDocument(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  input: { language: ActivityLanguage; file: UploadedFile },
) {
  await load(deps.db, auth, projectId, activityId);
  const stored = await uploadDocument(deps, auth, {
    file: input.file,
    purpose: 'activity.document',
    projectId,
  });
  try {
    return await deps.db.transaction(async (tx) => {
      await load(tx, auth, projectId, activityId, 'share');
      const id = await repo.insertDocument(tx, {
        companyId: auth.companyId,
        projectId,
        activityId,
        language: input.language,
        fileId: stored.id,
      });
      const row = await repo.findDocument(tx, auth.companyId, projectId, activityId, id);
      if (!row) throw AppError.notFound();
      return presentDocument(row);
    });
  } catch (error) {
    const gone = await deleteCompanyFile(deps.db, auth.companyId, stored.id);
    if (gone) await removeStoredBytes(deps, [gone.storageKey]);
    throw error;
  }
}

/** Deletes the document and its file (the attachment goes with the file); the bytes once it committed. */
export async function deleteActivityDocument(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  documentId: string,
) {
  const removed = await deps.db.transaction(async (tx) => {
    await load(tx, auth, projectId, activityId);
    const row = await repo.findDocument(tx, auth.companyId, projectId, activityId, documentId);
    if (!row) throw AppError.notFound();
    return deleteCompanyFile(tx, auth.companyId, row.fileId);
  });
  if (removed) await removeStoredBytes(deps, [removed.storageKey]);
  return { ok: true as const };
}
