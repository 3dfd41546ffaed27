import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, type UploadedFile } from '../../../contracts/files';
import { IMPORT_MAX_BYTES } from '../../../contracts/spreadsheet-import';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import type { ImportKindName } from './kind';
import { kindNamed } from './kinds';
import { present } from './present';
import { detectKind } from './read';
import { dropReading, readHeader } from './sheet-reader';
import {
  assertIdle,
  dropChecked,
  emptySummary,
  type ImportState,
  loadState,
  noteActivity,
  requireProject,
  writeState,
} from './state';

/**
 * The upload of a file (its header row read) and the mapping of its columns.
 */

export async function upload(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  file: UploadedFile | undefined,
  kindName: ImportKindName = 'participants',
) {
  const kind = kindNamed(kindName);
  await requireProject(deps.db, auth.companyId, projectId);
  if (!file || file.bytes.length === 0) throw AppError.field('file', 'validation.empty');
  if (file.truncated || file.bytes.length > IMPORT_MAX_BYTES) {
    // The server's multipart limit (app.ts) may be lower than the import's own: the message gives the lower one.
    const maximum = Math.min(IMPORT_MAX_BYTES, IMAGE_MAX_BYTES) / 1024 / 1024;
    throw AppError.field('file', 'validation.participantImport.tooLarge', { maximum });
  }
  const id = randomUUID();
  const format = detectKind(file.bytes);
  const fileKey = `imports/${id}.${format}`;
  let columns: string[] | undefined;
  try {
    // The reading stays paused after the header: the dry run goes on with it.
    columns = await readHeader(fileKey, file.bytes, kind.layout);
  } catch {
    throw AppError.field('file', 'validation.participantImport.unreadable');
  }
  if (!columns?.length) throw AppError.field('file', 'validation.participantImport.noHeader');
  let state: ImportState;
  try {
    await noteActivity(deps, { id, companyId: auth.companyId, projectId, kind: kindName });
    await deps.storage.put(
      fileKey,
      file.bytes,
      format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    state = {
      id,
      kind: kindName,
      companyId: auth.companyId,
      projectId,
      fileKey,
      fileName: file.filename.slice(0, 200),
      columns,
      mapping: await kind.autoMapping(deps.db, auth.companyId, projectId, columns),
      status: 'uploaded',
      progress: 0,
      summary: emptySummary(),
      error: null,
      sendInscription: false,
      runId: null,
      userId: auth.userId,
      locale: auth.locale,
      updatedAt: deps.now().toISOString(),
    };
    await writeState(deps, state);
  } catch (err) {
    // No import to analyse: its paused reading is stopped now rather than in a few minutes.
    dropReading(fileKey);
    throw err;
  }
  return present(deps, auth, state);
}

export async function setMapping(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  mapping: (string | null)[],
  kindName: ImportKindName = 'participants',
) {
  const state = await loadState(deps, auth, projectId, id, kindName);
  assertIdle(state);
  const known = new Set(
    (await kindNamed(kindName).targets(deps.db, auth.companyId, projectId)).map((x) => x.key),
  );
  const used = new Set<string>();
  const next = state.columns.map((_, i) => {
    const target = mapping[i] ?? null;
    if (target === null) return null;
    if (!known.has(target)) throw AppError.field(`mapping.${i}`, 'validation.invalid');
    if (used.has(target)) throw AppError.field(`mapping.${i}`, 'validation.participantImport.mappedTwice');
    used.add(target);
    return target;
  });
  state.mapping = next;
  // A new mapping calls for a new dry run: what the last one kept is of no use.
  const previous = state.checked;
  state.checked = undefined;
  state.status = 'uploaded';
  state.summary = emptySummary();
  state.progress = 0;
  await noteActivity(deps, state);
  await writeState(deps, state);
  await dropChecked(deps, state.id, previous);
  return present(deps, auth, state);
}
