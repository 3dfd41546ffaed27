import type { ImportAction } from '../../../contracts/spreadsheet-import';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { databaseErrorCode } from '../../http/errors';
import { recordAudit } from '../audit/record';
import { analyse, type CheckedBatch } from './dry-run';
import { kindOf } from './kinds';
import { markSaved } from './repository';
import { checkedKey, type ImportState, keepSkippedRows, type RunContext, requireProject } from './state';

/**
 * The save, in one transaction: the dry run's checked batches written as they are while they still hold, else the
 * file checked again and written batch by batch. What a row writes is its kind's (`ImportKind.write`).
 */

/** Issue 22: the save as one event of the audit log (the rows made and updated), in the save's transaction. */
async function auditImport(tx: Executor, state: ImportState, summary: Record<ImportAction, number>) {
  const count = summary.create + summary.update;
  const entity = state.kind === 'activities' ? 'activity' : 'participant';
  const actor = { userId: state.userId, companyId: state.companyId };
  await recordAudit(tx, actor, {
    entity,
    action: 'import',
    projectId: state.projectId,
    label: state.fileName,
    count,
  });
}

/** The checks of a batch no longer hold (the project or a row's target changed since they were made). */
class StaleCheck extends Error {}

/**
 * The save without checking the file a second time: the valid rows the dry run kept are written as they are, in one
 * transaction, if what their checks depended on is still what the database holds — the project's side (the
 * fingerprint: for participants, roles, groups, fields and defaults) and what each natural key of the file names
 * (a stamp per key, compared a batch at a time). Anything else (null) means the file must be checked again.
 */
async function saveChecked(
  deps: Deps,
  state: ImportState,
  runId: string,
  onProgress: (percent: number) => Promise<void>,
): Promise<{ stored: null; summary: Record<ImportAction, number> } | null> {
  const checked = state.checked;
  if (!checked) return null;
  const kind = kindOf(state);
  try {
    return await deps.db.transaction(async (tx) => {
      await requireProject(tx, state.companyId, state.projectId);
      if ((await kind.checkContext(tx, state)).fingerprint !== checked.fingerprint) throw new StaleCheck();
      // Each batch is read while the one before is written.
      const read = async (n: number) => {
        const file = await deps.storage.get(checkedKey(state.id, checked.runId, n));
        return file ? (JSON.parse(file.bytes.toString('utf8')) as CheckedBatch) : null;
      };
      let next = read(0);
      for (let n = 0; n < checked.batches; n++) {
        const batch = await next;
        if (n + 1 < checked.batches) {
          next = read(n + 1);
          next.catch(() => undefined); // met at the next turn; the transaction may end first
        }
        if (!batch) throw new StaleCheck();
        const now = await kind.stamps(
          tx,
          state,
          batch.stamps.map(([key]) => key),
        );
        if (batch.stamps.some(([key, stamp]) => (now.get(key) ?? '') !== stamp)) throw new StaleCheck();
        // The rows the dry run showed stay as they are: the writes refuse what was made meanwhile.
        const valid = batch.valid.map((row) => kind.restore(row));
        await kind.write(deps, tx, state, valid, 'refuse', onProgress);
        await onProgress(((n + 1) / Math.max(1, checked.batches)) * 99).catch(() => undefined);
      }
      await auditImport(tx, state, state.summary);
      await markSaved(tx, state.id, runId);
      return { stored: null, summary: state.summary };
    });
  } catch (err) {
    // A unique index refusing an insert: a row's target was made since the checks.
    if (err instanceof StaleCheck || databaseErrorCode(err) === '23505') return null;
    throw err;
  }
}

/**
 * The save's work (see `runImport`): the dry run's checked rows when they still hold, else the file checked again
 * and written batch by batch, in one transaction for the whole file. False when a newer run took over meanwhile
 * (nothing of the outcome noted); else the state holds it.
 */
export async function saveRows(deps: Deps, state: ImportState, run: RunContext) {
  const kind = kindOf(state);
  state.answersWritten = undefined;
  const saved =
    (await saveChecked(deps, state, run.runId, run.onProgress)) ??
    // The project or a row's target changed since the dry run: each batch is checked again, then written, as the
    // file is read, in one transaction for the whole file.
    (await deps.db.transaction(async (tx) => {
      // What the rolled-back transaction wrote is not written.
      state.answersWritten = undefined;
      await requireProject(tx, state.companyId, state.projectId);
      const analysed = await analyse(tx, run.bytes, state, run.onProgress, ({ valid }) =>
        kind.write(deps, tx, state, valid, 'merge', run.onProgress),
      );
      await auditImport(tx, state, analysed.summary);
      await markSaved(tx, state.id, run.runId);
      return analysed;
    }));
  if (await run.superseded()) return false;
  // Only the skipped rows are kept (the error report): the others are now in the project.
  await keepSkippedRows(deps, state.id, saved.stored ?? undefined);
  Object.assign(state, { summary: saved.summary, status: 'done', progress: 100, error: null });
  state.checked = undefined;
  await kind.afterSave(deps, state);
  return true;
}
