import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  AS_UPLOADED_MAX_SIDE,
  DOCUMENT_MAX_BYTES,
  type DocumentPurpose,
  EDITOR_IMAGE_MAX_WIDTH,
  fileUrl,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_TYPE_AS_UPLOADED,
  IMAGE_TYPE_FREE_RATIO,
  type StoredDocument,
  type StoredImage,
  type UploadedFile,
  type uploadImageBody,
} from '../../../contracts/files';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import { cropFree, cropToTarget, type EncodedImage, fitInside, readUpload } from './images';
import * as repo from './repository';

const MAX_MEGABYTES = IMAGE_MAX_BYTES / (1024 * 1024);

/** The original name, for the record only: never used as a path or shown unescaped. */
const originalName = (file: UploadedFile) => file.filename.slice(0, 200) || null;

/** Stores the encoded image and its row; the row is what makes it found, so a failed insert removes the file. */
async function store(
  deps: Deps,
  auth: AuthContext,
  image: EncodedImage,
  row: { purpose: string; projectId: string | null; originalName: string | null },
): Promise<StoredImage> {
  const id = randomUUID();
  const storageKey = `images/${id}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`;
  await deps.storage.put(storageKey, image.bytes, image.contentType);
  try {
    await repo.insertFile(deps.db, {
      id,
      companyId: auth.companyId,
      projectId: row.projectId,
      purpose: row.purpose,
      storageKey,
      contentType: image.contentType,
      byteSize: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      originalName: row.originalName,
      createdBy: auth.userId,
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return { id, url: fileUrl(id), width: image.width, height: image.height };
}

/**
 * E8: an image cut to its target size (or kept as uploaded for image type 14), re-encoded without metadata,
 * stored for the company (and the project, which must be one of the company's).
 */
export async function uploadImage(
  deps: Deps,
  auth: AuthContext,
  input: z.output<typeof uploadImageBody>,
): Promise<StoredImage> {
  const projectId = input.projectId ?? null;
  if (projectId && !(await repo.isCompanyProject(deps.db, auth.companyId, projectId))) {
    throw AppError.notFound();
  }
  const source = await readUpload(input.file, MAX_MEGABYTES);
  const image =
    input.imageType === IMAGE_TYPE_AS_UPLOADED
      ? await fitInside(source, AS_UPLOADED_MAX_SIDE, AS_UPLOADED_MAX_SIDE)
      : input.width === 0 && input.height === 0
        ? await cropFree(source, input.crop, IMAGE_MAX_SIDE)
        : await cropToTarget(
            source,
            {
              width: input.width,
              height: input.height,
              // E9: image type 12 is a free ratio at a fixed width, its height at least the one given.
              freeHeight: input.height === 0 || input.imageType === IMAGE_TYPE_FREE_RATIO,
            },
            input.crop,
            IMAGE_MAX_SIDE,
          );
  return store(deps, auth, image, {
    purpose: input.purpose,
    projectId,
    originalName: originalName(input.file),
  });
}

/**
 * E7: an image pasted or chosen in the rich-text editor, scaled down to the editor's width. A project of another
 * company is not found (404); the editor then removes the image, as on any failed upload.
 */
export async function uploadEditorImage(
  deps: Deps,
  auth: AuthContext,
  input: { file: UploadedFile; projectId?: string },
): Promise<{ location: string }> {
  const projectId = input.projectId ?? null;
  if (projectId && !(await repo.isCompanyProject(deps.db, auth.companyId, projectId))) {
    throw AppError.notFound();
  }
  const source = await readUpload(input.file, MAX_MEGABYTES);
  const image = await fitInside(source, EDITOR_IMAGE_MAX_WIDTH);
  const stored = await store(deps, auth, image, {
    purpose: 'editor',
    projectId,
    originalName: originalName(input.file),
  });
  return { location: stored.url };
}

/**
 * E8: deletes an image of the company. What pointed to it (an organisation's or a project's logo, a banner) is
 * cleared by the database (ON DELETE SET NULL). Images of the rich-text editor live inside texts and are never
 * deleted by hand: they are not found here. The bytes go once the row is gone.
 */
export async function deleteFile(deps: Deps, auth: AuthContext, fileId: string) {
  const row = await repo.deleteCompanyFile(deps.db, auth.companyId, fileId);
  if (!row) throw AppError.notFound();
  await removeStoredBytes(deps, [row.storageKey]);
  return { ok: true as const };
}

/**
 * Removes the bytes of files whose rows are gone (call it after the transaction committed). The row is what makes
 * a file found, so bytes the storage failed to remove are only space, never served: the caller's change stands.
 */
export async function removeStoredBytes(deps: Deps, storageKeys: string[]) {
  await Promise.allSettled(storageKeys.map((key) => deps.storage.delete(key)));
}

/** The bytes of a file, by its id alone (served publicly: images go into e-mails and public pages). */
export async function readFile(deps: Deps, fileId: string, auth: AuthContext | null) {
  const row = await repo.findFile(deps.db, fileId);
  if (!row) return null;
  // A document (a CV) is personal data: only a signed-in user of its company reads it; anyone else does not find it.
  const isDocument = row.contentType === 'application/pdf';
  if (isDocument && (!auth || auth.companyId !== row.companyId)) return null;
  const object = await deps.storage.get(row.storageKey);
  return object
    ? {
        bytes: object.bytes,
        contentType: row.contentType,
        // Documents (a CV) are downloaded, never shown inside the site.
        download: row.contentType === 'application/pdf' ? (row.originalName ?? 'document.pdf') : null,
      }
    : null;
}

const PDF_MAGIC = '%PDF-';

/**
 * U1: a PDF document (a participant's CV) of at most 10 MB, recognised by its content (`%PDF-`), never by its
 * name or declared type; stored for the company (and the project, which must be one of the company's).
 */
export async function uploadDocument(
  deps: Deps,
  auth: AuthContext,
  input: { file: UploadedFile; purpose: DocumentPurpose; projectId?: string },
): Promise<StoredDocument> {
  const projectId = input.projectId ?? null;
  if (projectId && !(await repo.isCompanyProject(deps.db, auth.companyId, projectId))) {
    throw AppError.notFound();
  }
  const { bytes } = input.file;
  if (input.file.truncated || bytes.byteLength > DOCUMENT_MAX_BYTES) {
    throw AppError.field('file', 'validation.participants.cvTooLarge', {
      maximum: DOCUMENT_MAX_BYTES / (1024 * 1024),
    });
  }
  if (bytes.byteLength === 0) throw AppError.field('file', 'validation.empty');
  if (Buffer.from(bytes.subarray(0, PDF_MAGIC.length)).toString('latin1') !== PDF_MAGIC) {
    throw AppError.field('file', 'validation.participants.cvNotPdf');
  }
  const id = randomUUID();
  const storageKey = `documents/${id}.pdf`;
  const name = pdfName(input.file.filename);
  await deps.storage.put(storageKey, bytes, 'application/pdf');
  try {
    await repo.insertFile(deps.db, {
      id,
      companyId: auth.companyId,
      projectId,
      purpose: input.purpose,
      storageKey,
      contentType: 'application/pdf',
      byteSize: bytes.byteLength,
      originalName: name,
      createdBy: auth.userId,
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw error;
  }
  return { id, url: fileUrl(id), name };
}

/**
 * The name a document is downloaded under: the original one (composed, NFC), without path or control characters,
 * ending in .pdf. Letters with their marks, digits, punctuation, symbols (an emoji, with its joiners) and spaces stay.
 */
function pdfName(filename: string) {
  const base = (filename.normalize('NFC').split(/[\\/]/).pop() ?? '')
    .replace(/[^\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\u200d]/gu, '')
    .replace(/"/g, '')
    .trim();
  // 150 characters at most, counted by code point: a cut never splits a character in two.
  const short = Array.from(base).slice(0, 150).join('');
  if (!short) return 'document.pdf';
  return /\.pdf$/i.test(short) ? short : `${short}.pdf`;
}

/** How long an image may wait for the form that uploaded it (a wizard left open overnight) before it is purged. */
export const UNREFERENCED_GRACE_HOURS = 24;

/** Deletes the logos, banners, pictures and CVs nothing points to any more, then their bytes; answers how many went. */
export async function purgeUnreferencedImages(deps: Deps): Promise<number> {
  const before = new Date(deps.now().getTime() - UNREFERENCED_GRACE_HOURS * 3_600_000);
  const gone = await repo.deleteUnreferencedImages(deps.db, before);
  await removeStoredBytes(
    deps,
    gone.map((row) => row.storageKey),
  );
  return gone.length;
}
