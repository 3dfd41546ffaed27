import type { Language } from '../../../contracts/http';
import type { ImportAction } from '../../../contracts/spreadsheet-import';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { runAlive } from '../../jobs/liveness';
import * as participantRepo from '../participants/repository';
import type { AuthContext } from '../session/auth-context';
import type { ImportKindName, Targets } from './kind';
import * as repo from './repository';

/**
 * The state of an import and where it is kept: the import's JSON, its rows, the checked batches of its dry run in
 * the storage, and the runs of this process (polling answers from memory while one works).
 */

/** A job that has not noted progress for this long is taken as interrupted (the process stopped). */
export const STALE_MS = 2 * 60_000;

/** The lock a run holds while it works (server/jobs/liveness.ts): free once its process has stopped. */
export const importRunLock = (runId: string) => `participants.import:${runId}`;

type Status = 'uploaded' | 'analysing' | 'ready' | 'saving' | 'done' | 'failed';

export interface StoredReason {
  /** The target the reason is about (`email`, `profile.<id>`…), shown before the message. */
  field?: string;
  /** An encoded validation message (contracts/http.ts encodeMessage). */
  message: string;
}

export interface StoredRow {
  line: number;
  action: ImportAction;
  reasons: StoredReason[];
  /** The participant's e-mail (participants); empty for other kinds. */
  email: string;
  /** The participant's name, the activity's French title. */
  name: string;
  /** The activity's start as the file gives it (activities). */
  start?: string;
}

/**
 * The state of an import, kept as JSON in the storage under `imports/<id>.json`; the rows of its last dry run or
 * save under `imports/<id>-rows.json` (read only to show a page of them or the error report, never while polling).
 */
export interface ImportState {
  id: string;
  /** What the import makes (states written before activities could be imported have none: participants). */
  kind?: ImportKindName;
  companyId: string;
  projectId: string;
  fileKey: string;
  fileName: string;
  columns: string[];
  mapping: (string | null)[];
  status: Status;
  progress: number;
  summary: Record<ImportAction, number>;
  /** The rows of the file (header and empty rows left out), known once a dry run has read it: the save's progress. */
  lineCount?: number;
  error: string | null;
  sendInscription: boolean;
  /**
   * What the last dry run checked, kept so that the save does not check the file a second time: its run (the key
   * of its checked batches), how many batches, and the fingerprint of what the checks depended on.
   */
  checked?: { runId: string; batches: number; fingerprint: string };
  /** The batches the dry run at work has kept so far (noted with its progress: an interrupted one leaves them). */
  keeping?: { runId: string; batches: number };
  /** Q1: the save at work wrote answers (the scores are computed again once it is done). */
  answersWritten?: boolean;
  /** The run the background job must match (a newer start supersedes an older job). */
  runId: string | null;
  /** When the job took that run (it holds the run's lock from then on); unset while the run waits in the queue. */
  startedAt?: string;
  /** The caller's user and language, for the job (inscription e-mails use the participant's language). */
  userId: string;
  locale: Language;
  /**
   * The last write of the state (a live run's heartbeat among them). The import's last step, from which its retention
   * counts, is in its row (`participant_imports`); states written before this version may still hold it as
   * `activeAt`, which nothing reads.
   */
  updatedAt: string;
}

export interface ImportJobData {
  importId: string;
  runId: string;
}

export const stateKey = (id: string) => `imports/${id}.json`;
const rowsKey = (id: string) => `imports/${id}-rows.json`;

/** The valid rows of one batch of a dry run, with what they were checked against (see `CheckedBatch`). */
export const checkedKey = (id: string, runId: string, batch: number) =>
  `imports/${id}-checked-${runId}-${batch}.json`;
export const emptySummary = (): Record<ImportAction, number> => ({
  create: 0,
  update: 0,
  unchanged: 0,
  skip: 0,
});

/**
 * The runs of this process, so that polling answers from memory: the progress, the state the run holds (once it
 * has started), and what a column can feed (read by the first poll: the page is polled every 200 ms).
 */
export interface LiveRun {
  progress: number;
  state?: ImportState;
  targets?: Promise<Targets>;
}
export const live = new Map<string, LiveRun>();

/** What a step of a run (dry run or save) is handed besides the import. */
export interface RunContext {
  runId: string;
  /** The uploaded file. */
  bytes: Uint8Array;
  /** Notes the progress (0–100): in memory, and now and then in the state (the heartbeat of a live run). */
  onProgress: (percent: number) => Promise<void>;
  /** A newer run started since (in another process): this one's results are not written over it. */
  superseded: () => Promise<boolean>;
}

export async function readState(deps: Deps, id: string): Promise<ImportState | null> {
  const stored = await deps.storage.get(stateKey(id));
  return stored ? (JSON.parse(stored.bytes.toString('utf8')) as ImportState) : null;
}

export async function writeState(deps: Deps, state: ImportState) {
  state.updatedAt = deps.now().toISOString();
  await deps.storage.put(stateKey(state.id), Buffer.from(JSON.stringify(state)), 'application/json');
}

async function readStoredRows(deps: Deps, id: string): Promise<StoredRow[]> {
  const stored = await deps.storage.get(rowsKey(id));
  return stored ? (JSON.parse(stored.bytes.toString('utf8')) as StoredRow[]) : [];
}

/** The rows of the last dry run or save; none while the import works or before its dry run. */
export const rowsOf = (deps: Deps, state: ImportState) =>
  busy(state) || state.status === 'uploaded' ? Promise.resolve([]) : readStoredRows(deps, state.id);

export async function writeStoredRows(deps: Deps, id: string, rows: StoredRow[]) {
  await deps.storage.put(rowsKey(id), Buffer.from(JSON.stringify(rows)), 'application/json');
}

/**
 * Notes a step of the import in its row (made by the upload, before anything is stored, so that the purge finds
 * whatever the import stores): its retention starts again, and a purge that claimed it leaves it. Noted before the
 * step writes anything: an import purged meanwhile refuses the step (`participantImport.expired`), so that nothing
 * of it is written again.
 */
export async function noteActivity(
  deps: Deps,
  state: Pick<ImportState, 'id' | 'companyId' | 'projectId' | 'kind'>,
) {
  if (!(await repo.noteImportActivity(deps.db, { ...state, at: deps.now() }))) throw expiredError();
}

/** An import whose last step is older than this has passed its retention (IMPORT_RETENTION_DAYS). */
export const retentionCutoff = (deps: Deps, now = deps.now()) =>
  new Date(now.getTime() - deps.config.importRetentionDays * 86_400_000);

/**
 * The import of this project of the caller's company; anything else is not found. An import whose retention is
 * over answers `participantImport.expired` (410): its file is to be uploaded again. Its row alone decides, the one
 * the purge reads: purged, or its last step older than the retention (a running job notes activity on it, so a live
 * run never is); an import whose state is gone while its row is not purged was being purged (410 too).
 */
export async function loadState(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  id: string,
  kind: ImportKindName = 'participants',
) {
  const row = await repo.findImportRow(deps.db, auth.companyId, projectId, id);
  // An import of another kind is not found under this kind's routes.
  if (!row || row.kind !== kind) throw AppError.notFound();
  if (row.purgedAt || row.lastActivityAt < retentionCutoff(deps)) throw expiredError();
  // A run's own state while it works; once it is over, what it wrote (it may not have yet: then still "working").
  const running = live.get(id)?.state;
  const state = running && busy(running) ? { ...running } : await readState(deps, id);
  if (!state) throw expiredError();
  // The row and the state say the same owner; a state that says otherwise is not the caller's.
  if (
    state.companyId !== auth.companyId ||
    state.projectId !== projectId ||
    (state.kind ?? 'participants') !== kind
  )
    throw AppError.notFound();
  // A run whose process stopped (its lock is free) or that stopped noting progress was interrupted: nothing of a save
  // was kept (one transaction), unless its transaction had committed (the row names its run): then it is saved.
  const stopped = busy(state) && !live.has(state.id) ? await stoppedRun(deps, state) : null;
  if (stopped) {
    // The row read again: a save that committed did so before its process stopped, so before the check above.
    const saved =
      stopped.status === 'saving' && (await repo.findImportRow(deps.db, auth.companyId, projectId, id));
    if (saved && stopped.runId && saved.savedRunId === stopped.runId) {
      await finishCommitted(deps, stopped);
      return stopped;
    }
    return markInterrupted(deps, stopped);
  }
  return state;
}

/** A run that stopped before its end: nothing of a save was kept (one transaction), nor of a dry run's batches. */
async function markInterrupted(deps: Deps, state: ImportState) {
  state.status = 'failed';
  state.error = 'errors.participantImport.interrupted';
  state.runId = null;
  const partial = state.keeping;
  state.keeping = undefined;
  await writeState(deps, state);
  await dropChecked(deps, state.id, partial);
  return state;
}

/**
 * The state of a busy import whose run no longer works (its lock is free, or it noted nothing for STALE_MS), read
 * again after that check: a run writes its outcome before it lets its lock go, so a state read before the check may
 * be one the run has since replaced (then null: the run ended, nothing to mark).
 */
async function stoppedRun(deps: Deps, state: ImportState) {
  const stale = deps.now().getTime() - new Date(state.updatedAt).getTime() > STALE_MS;
  if (!stale && !(state.startedAt && state.runId)) return null;
  if (!stale && (await runAlive(deps, importRunLock(state.runId as string)))) return null;
  const fresh = await readState(deps, state.id);
  if (!fresh || !busy(fresh) || fresh.runId !== state.runId || live.has(state.id)) return null;
  return fresh;
}

/**
 * A save whose transaction committed but whose process stopped before it said so: what the save does after its
 * commit, done here (the rows to look at kept, the checked batches and the file dropped). The inscriptions were
 * queued in the transaction, and leave with the outbox; the scores, if the file held answers, are computed again at
 * the next change of answers.
 */
async function finishCommitted(deps: Deps, state: ImportState) {
  const checked = state.checked;
  const partial = state.keeping;
  Object.assign(state, { status: 'done', progress: 100, error: null, runId: null });
  state.checked = undefined;
  state.keeping = undefined;
  await keepSkippedRows(deps, state.id);
  await writeState(deps, state);
  await dropChecked(deps, state.id, checked);
  await dropChecked(deps, state.id, partial);
  await deps.storage.delete(state.fileKey).catch(() => undefined);
}

export async function requireProject(db: Executor, companyId: string, projectId: string) {
  const project = await participantRepo.findProject(db, companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

export const busy = (s: ImportState) => s.status === 'analysing' || s.status === 'saving';

const expiredError = () => new AppError('participantImport.expired', 'gone');
/** The import's retention is over (`participantImport.expired`). */
export const isExpired = (err: unknown) =>
  err instanceof AppError && err.code === 'participantImport.expired';

/**
 * Refuses a step on an import at work, or on a saved one: the save keeps nothing of the file (its file is uploaded
 * again to import it again).
 */
export function assertIdle(state: ImportState) {
  if (busy(state)) throw new AppError('participantImport.busy', 'conflict');
  if (state.status === 'done') throw new AppError('participantImport.saved', 'conflict');
}

/** A row the organiser should look at: skipped, or saved with warnings (Q1: an unknown choice label…). */
export const isProblem = (row: StoredRow) => row.action === 'skip' || row.reasons.length > 0;

/**
 * A saved import keeps only what its error report needs: the rows to look at (skipped, or saved with warnings) and
 * their reasons; the others are now in the project.
 */
export async function keepSkippedRows(deps: Deps, id: string, rows?: StoredRow[]) {
  const all = rows ?? (await readStoredRows(deps, id));
  await writeStoredRows(deps, id, all.filter(isProblem));
}

/**
 * Removes the checked batches of a dry run: when the save is done, when a newer dry run replaces them, or when their
 * own run fails or is superseded (a file the storage fails to delete stays behind).
 */
export async function dropChecked(
  deps: Deps,
  id: string,
  checked: { runId: string; batches: number } | undefined,
) {
  if (!checked) return;
  for (let n = 0; n < checked.batches; n++)
    await deps.storage.delete(checkedKey(id, checked.runId, n)).catch(() => undefined);
}
