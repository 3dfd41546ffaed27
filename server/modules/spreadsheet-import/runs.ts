import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { whileHolding } from '../../jobs/liveness';
import type { AuthContext } from '../session/auth-context';
import { dryRun } from './dry-run';
import type { ImportKindName } from './kind';
import { kindNamed } from './kinds';
import { present } from './present';
import { saveRows } from './save';
import { dropReading } from './sheet-reader';
import {
  assertIdle,
  busy,
  dropChecked,
  type ImportJobData,
  type ImportState,
  importRunLock,
  isExpired,
  type LiveRun,
  live,
  loadState,
  noteActivity,
  readState,
  writeState,
} from './state';

/**
 * The runs of an import: a dry run or a save started as a pg-boss job (or in this process), one at a time, and the
 * frame every run goes through (progress heartbeat, supersession, failure, what it kept).
 */

/** The pg-boss queue of the analysis and the save (see jobs.ts). */
export const IMPORT_JOB = 'participants.import';

/**
 * How often a running job notes activity on its import's row, so that the retention counts from its last heartbeat
 * (a run longer than the retention is not purged under it).
 */
const ACTIVITY_MS = 60_000;

/** Imports whose run is being started by a request of this process: a second start meanwhile is refused. */
const starting = new Set<string>();

/**
 * Runs one step of an import (the job's work): only when the import still waits for this very run, and no live
 * process works on it already (a job delivered again); the run holds its lock until it ends.
 */
export async function runImport(deps: Deps, data: ImportJobData) {
  await whileHolding(deps, importRunLock(data.runId), () => work(deps, data));
}

async function work(deps: Deps, data: ImportJobData) {
  const state = await readState(deps, data.importId);
  if (!state || state.runId !== data.runId || !busy(state)) return;
  // Taken: from now on a free lock means this run's process stopped.
  state.startedAt = deps.now().toISOString();
  await writeState(deps, state);
  const file = await deps.storage.get(state.fileKey);
  const run: LiveRun = { progress: 0, state };
  live.set(state.id, run);
  let lastWrite = Date.now();
  // The run's start noted the last activity.
  let lastNote = Date.now();
  let noting = false;
  /** The import was purged under the run (its heartbeat stopped for long): nothing of it is written again. */
  let gone = false;
  const noteHeartbeat = () => {
    noting = true;
    lastNote = Date.now();
    // Not awaited: a save holds the embedded database's one connection in its transaction until it ends.
    void noteActivity(deps, state)
      .catch((err) => {
        if (isExpired(err)) gone = true;
        else
          console.error(
            `${state.kind ?? 'participants'} import activity:`,
            String((err as Error).message).slice(0, 300),
          );
      })
      .finally(() => {
        noting = false;
      });
  };
  const onProgress = async (percent: number) => {
    run.progress = Math.min(99, percent);
    if (gone) throw new AppError('participantImport.expired', 'gone');
    if (!noting && Date.now() - lastNote > ACTIVITY_MS) noteHeartbeat();
    // A heartbeat now and then, so that another process can tell a running job from an interrupted one.
    if (Date.now() - lastWrite > 5_000) {
      lastWrite = Date.now();
      state.progress = Math.min(99, Math.round(percent));
      await writeState(deps, state);
    }
  };
  /** A newer run started since (in another process): this one's results are not written over it. */
  const superseded = async () => (await readState(deps, state.id))?.runId !== data.runId;
  /** The previous dry run's checked batches: useless once this run has concluded. */
  const previous = state.checked;
  /** The checked batches this run made useless. */
  let dropped: ImportState['checked'];
  try {
    if (!file) throw new AppError('participantImport.fileGone', 'notFound');
    const step = state.status === 'analysing' ? dryRun : saveRows;
    if (!(await step(deps, state, { runId: data.runId, bytes: file.bytes, onProgress, superseded }))) return;
    dropped = previous;
  } catch (err) {
    const code =
      err instanceof AppError && err.code !== 'validation'
        ? `errors.${err.code}`
        : 'errors.participantImport.failed';
    Object.assign(state, { status: 'failed', progress: 100, error: code });
    if (!(err instanceof AppError))
      console.error(
        `${state.kind ?? 'participants'} import failed:`,
        String((err as Error).message).slice(0, 300),
      );
  } finally {
    live.delete(state.id);
    // What this run kept but did not hand over (it failed or was superseded).
    await dropChecked(deps, state.id, state.keeping);
    state.keeping = undefined;
  }
  if (gone) return;
  if (await superseded().catch(() => false)) {
    // A newer run took over: what this dry run kept is nobody's.
    if (state.checked?.runId === data.runId) await dropChecked(deps, state.id, state.checked);
    return;
  }
  state.runId = null;
  try {
    await noteActivity(deps, state);
  } catch (err) {
    // Purged meanwhile: nothing of it is written again. Another failure leaves the retention counting from the
    // run's last heartbeat: the run's outcome is written all the same.
    if (isExpired(err)) return;
    console.error(
      `${state.kind ?? 'participants'} import activity:`,
      String((err as Error).message).slice(0, 300),
    );
  }
  await writeState(deps, state);
  await dropChecked(deps, state.id, dropped);
  // Saved: the file is of no more use (to import it again, it is uploaded again), nor is any reading of it.
  if (state.status === 'done') {
    dropReading(state.fileKey);
    await deps.storage.delete(state.fileKey).catch(() => undefined);
  }
}

/** Hands the step to pg-boss when its queue is there; otherwise runs it in this process, in the background. */
async function start(deps: Deps, state: ImportState, status: 'analysing' | 'saving') {
  // Two clicks (two tabs, a retry) may both have read the import as idle: only the first starts a run.
  if (starting.has(state.id) || live.has(state.id)) throw new AppError('participantImport.busy', 'conflict');
  starting.add(state.id);
  try {
    await startRun(deps, state, status);
  } finally {
    starting.delete(state.id);
  }
}

async function startRun(deps: Deps, state: ImportState, status: 'analysing' | 'saving') {
  const runId = randomUUID();
  Object.assign(state, { status, progress: 0, runId, error: null, startedAt: undefined });
  await noteActivity(deps, state);
  await writeState(deps, state);
  const data: ImportJobData = { importId: state.id, runId };
  const queue = deps.jobs.boss ? await deps.jobs.boss.getQueue(IMPORT_JOB).catch(() => null) : null;
  if (queue) {
    await deps.jobs.send(IMPORT_JOB, data, { retryLimit: 1 });
  } else {
    const waiting: LiveRun = { progress: 0 };
    live.set(state.id, waiting);
    void runImport(deps, data)
      .catch((err) => console.error(`${state.kind ?? 'participants'} import failed`, err))
      // A run that did not start (the import changed meanwhile, the storage failed) leaves no "working" mark.
      .finally(() => {
        if (live.get(state.id) === waiting) live.delete(state.id);
      });
  }
}

export async function startDryRun(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  kind: ImportKindName = 'participants',
) {
  const state = await loadState(deps, auth, projectId, id, kind);
  assertIdle(state);
  kindNamed(kind).checkMapping(state.mapping);
  state.locale = auth.locale;
  await start(deps, state, 'analysing');
  return present(deps, auth, state);
}

export async function save(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  sendInscription: boolean,
  kind: ImportKindName = 'participants',
) {
  const state = await loadState(deps, auth, projectId, id, kind);
  assertIdle(state);
  if (state.status === 'uploaded') throw new AppError('participantImport.notAnalysed', 'conflict');
  state.sendInscription = sendInscription;
  state.userId = auth.userId;
  state.locale = auth.locale;
  await start(deps, state, 'saving');
  return present(deps, auth, state);
}
