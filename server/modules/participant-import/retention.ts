import type { Deps } from '../../deps';
import { adoptImports, claimImportsToPurge, knownImportIds, releaseImports } from './repository';
import { dropReading } from './sheet-reader';
import { readState, retentionCutoff } from './state';

/**
 * The retention of imported personal data (IMPORT_RETENTION_DAYS): an import's uploaded file, the batches its dry
 * run kept, its rows and its state are deleted that long after its last step. The save already dropped the file and
 * the batches, and kept only the skipped rows (the error report).
 */

/** Imports taken per statement. */
const CLAIM = 100;

/** The state of an import: `imports/<uuid>.json`. */
const STATE_KEY = /^imports\/([0-9a-f-]{36})\.json$/;
/** Whether this process has looked for imports stored before their rows existed (once is enough: see below). */
let adopted = false;

/**
 * Imports stored before `participant_imports` existed have no row, so the purge would never find them: the first
 * purge of each process lists the imports' folder once (after the first purges it holds only imports within their
 * retention) and makes a row for each state without one, from the state's last step.
 */
async function adoptUntrackedImports(deps: Deps) {
  const ids = (await deps.storage.list('imports/')).flatMap((key) => STATE_KEY.exec(key)?.[1] ?? []);
  const known = await knownImportIds(deps.db, ids);
  const rows = [];
  for (const id of ids.filter((x) => !known.has(x))) {
    // A state that cannot be read is left as it is (nothing says whose it is).
    const state = await readState(deps, id).catch(() => null);
    if (!state) continue;
    const lastActivityAt = new Date(state.activeAt ?? state.updatedAt);
    rows.push({ id, companyId: state.companyId, projectId: state.projectId, lastActivityAt });
  }
  await adoptImports(deps.db, rows);
}

/**
 * Deletes from the storage all that the imports whose retention is over keep (`imports/<id>…`, whatever run made
 * it) and marks their rows purged: the page then says the import has expired. Imports are claimed in the database
 * first, so that two instances never purge the same one; one the storage fails to clear is handed back for the next
 * purge. Answers how many imports were purged.
 */
export async function purgeExpiredImports(deps: Deps, now = deps.now()): Promise<number> {
  const before = retentionCutoff(deps, now);
  if (!adopted) {
    await adoptUntrackedImports(deps);
    adopted = true;
  }
  const failed: string[] = [];
  let purged = 0;
  for (;;) {
    const ids = await claimImportsToPurge(deps.db, before, now, CLAIM);
    for (const id of ids) {
      try {
        const keys = await deps.storage.list(`imports/${id}`);
        // Its state last: an import partly cleared is still found, and cleared again by the next purge.
        const state = `imports/${id}.json`;
        for (const key of keys.filter((k) => k !== state)) {
          dropReading(key);
          await deps.storage.delete(key);
        }
        await deps.storage.delete(state);
        purged++;
      } catch (err) {
        failed.push(id);
        console.error('participant import purge:', String((err as Error).message).slice(0, 300));
      }
    }
    if (ids.length < CLAIM) break;
  }
  await releaseImports(deps.db, failed);
  return purged;
}
