import { randomUUID } from 'node:crypto';
import { IMAGE_MAX_BYTES, type UploadedFile } from '../../../contracts/files';
import { IMPORT_MAX_BYTES } from '../../../contracts/participant-import';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import * as participantRepo from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import { matchHeaders } from './headers';
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
import { targetsOf } from './targets';

/**
 * The upload of a file (its header row read) and the mapping of its columns.
 */

export async function upload(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  file: UploadedFile | undefined,
) {
  await requireProject(deps.db, auth.companyId, projectId);
  if (!file || file.bytes.length === 0) throw AppError.field('file', 'validation.empty');
  if (file.truncated || file.bytes.length > IMPORT_MAX_BYTES) {
    // The server's multipart limit (app.ts) may be lower than the import's own: the message gives the lower one.
    const maximum = Math.min(IMPORT_MAX_BYTES, IMAGE_MAX_BYTES) / 1024 / 1024;
    throw AppError.field('file', 'validation.participantImport.tooLarge', { maximum });
  }
  const id = randomUUID();
  const kind = detectKind(file.bytes);
  const fileKey = `imports/${id}.${kind}`;
  let columns: string[] | undefined;
  try {
    // The reading stays paused after the header: the dry run goes on with it.
    columns = await readHeader(fileKey, file.bytes);
  } catch {
    throw AppError.field('file', 'validation.participantImport.unreadable');
  }
  if (!columns?.length) throw AppError.field('file', 'validation.participantImport.noHeader');
  let state: ImportState;
  try {
    await noteActivity(deps, { id, companyId: auth.companyId, projectId });
    await deps.storage.put(
      fileKey,
      file.bytes,
      kind === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const own = await participantRepo.listOwnProfileFields(deps.db, projectId);
    // Columns of standard fields switched inactive are matched to nothing (U5: never written).
    const offered = new Set((await targetsOf(deps.db, auth.companyId, projectId)).map((x) => x.key));
    state = {
      id,
      companyId: auth.companyId,
      projectId,
      fileKey,
      fileName: file.filename.slice(0, 200),
      columns,
      mapping: matchHeaders(columns, own).map((target) => (target && offered.has(target) ? target : null)),
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
) {
  const state = await loadState(deps, auth, projectId, id);
  assertIdle(state);
  const known = new Set((await targetsOf(deps.db, auth.companyId, projectId)).map((x) => x.key));
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
