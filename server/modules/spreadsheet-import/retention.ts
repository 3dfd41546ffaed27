import type { Deps } from '../../deps';
import {
  adoptImports,
  claimImportsToPurge,
  knownImportIds,
  markImportPurged,
  releaseImports,
} from './repository';
import { dropReading } from './sheet-reader';
import { busy, type ImportState, readState, retentionCutoff, STALE_MS, stateKey } from './state';

/**
 * The retention of imported personal data (IMPORT_RETENTION_DAYS): an import's uploaded file, the batches its dry
 * run kept, its rows and its state are deleted that long after its last step. The save already dropped the file and
 * the batches, and kept only the skipped rows (the error report).
 */

/** Imports taken per statement. */
const CLAIM = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Whether this process has looked for imports stored before their rows existed (once is enough: see below). */
let adopted = false;

/** The import's id when the key is the state of an import (`imports/<uuid>.json`). */
function importOfKey(key: string) {
  const id = key.slice('imports/'.length, -'.json'.length);
  return UUID.test(id) && stateKey(id) === key ? id : null;
}

/** A state that says whose it is and when it was last written: the row an adoption makes needs all three. */
const adoptable = (state: ImportState | null): state is ImportState =>
  !!state &&
  typeof state.companyId === 'string' &&
  UUID.test(state.companyId) &&
  typeof state.projectId === 'string' &&
  UUID.test(state.projectId) &&
  !Number.isNaN(new Date(state.updatedAt).getTime());

/**
 * Imports stored before `participant_imports` existed have no row, so the purge would never find them: the first
 * purge of each process lists the imports' folder once (after the first purges it holds only imports within their
 * retention) and makes a row for each state without one, from the state's last write. A state that cannot be read
 * or does not say whose it is stays as it is.
 */
async function adoptUntrackedImports(deps: Deps) {
  const ids = (await deps.storage.list('imports/')).flatMap((key) => importOfKey(key) ?? []);
  const known = await knownImportIds(deps.db, ids);
  const rows = [];
  for (const id of ids.filter((x) => !known.has(x))) {
    const state = await readState(deps, id).catch(() => null);
    if (!adoptable(state)) continue;
    rows.push({
      id,
      companyId: state.companyId,
      projectId: state.projectId,
      kind: state.kind ?? 'participants',
      lastActivityAt: new Date(state.updatedAt),
    });
  }
  await adoptImports(deps.db, rows);
}

/**
 * Deletes what the import keeps in the storage (`imports/<id>…`, whatever run made it), its state last: an import
 * partly cleared is still found, and cleared again by a later purge. False when a run is at work on it (its state
 * says so and was written within STALE_MS): it is left alone.
 */
async function clearImport(deps: Deps, id: string, now: Date) {
  const state = await readState(deps, id).catch(() => null);
  if (state && busy(state) && now.getTime() - new Date(state.updatedAt).getTime() < STALE_MS) return false;
  const keys = await deps.storage.list(`imports/${id}`);
  for (const key of keys.filter((k) => k !== stateKey(id))) {
    dropReading(key);
    await deps.storage.delete(key);
  }
  await deps.storage.delete(stateKey(id));
  return true;
}

/**
 * Deletes from the storage all that the imports whose retention is over keep and then marks their rows purged: the
 * page then says the import has expired. Each import is claimed in the database first (a lease: two instances never
 * purge the same one at once, and one claimed by a purge that stopped is taken again an hour later); one whose run is
 * at work, or that the storage fails to clear, is handed back for the next purge; one that took a step meanwhile is
 * not marked. Answers how many imports were purged.
 */
export async function purgeExpiredImports(deps: Deps, now = deps.now()): Promise<number> {
  const before = retentionCutoff(deps, now);
  if (!adopted) {
    // A storage that cannot be listed (an S3 key without s3:ListBucket) must not stop the purge of known imports.
    try {
      await adoptUntrackedImports(deps);
      adopted = true;
    } catch (err) {
      console.error('participant import adoption:', String((err as Error).message).slice(0, 300));
    }
  }
  const handedBack: string[] = [];
  let purged = 0;
  try {
    for (;;) {
      const ids = await claimImportsToPurge(deps.db, before, now, CLAIM);
      for (const id of ids) {
        try {
          if (!(await clearImport(deps, id, now))) handedBack.push(id);
          else if (await markImportPurged(deps.db, id, before, now)) purged++;
        } catch (err) {
          handedBack.push(id);
          console.error('participant import purge:', String((err as Error).message).slice(0, 300));
        }
      }
      if (ids.length < CLAIM) break;
    }
  } finally {
    // Released or not (the database failed), a claim lapses after an hour.
    await releaseImports(deps.db, handedBack);
  }
  return purged;
}
