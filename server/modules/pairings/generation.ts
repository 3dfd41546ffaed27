import { randomUUID } from 'node:crypto';
import { canGenerate } from '../../../contracts/pairings';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { runAlive, whileHolding } from '../../jobs/liveness';
import type { JobDefinition } from '../../jobs/queue';
import {
  describeInstanceErrors,
  type MatchingInstance,
  type MatchingResult,
  type SolveOptions,
  type TablesResult,
  tablesInstance,
} from '../../matching/instance';
import { solveInWorker } from '../../matching/run';
import { meetingsFollowSeats, queueRooms } from '../pairing-meetings/meeting-writer';
import { latestDoneGeneration, setSeatsGeneration } from '../pairing-meetings/repository';
import type { AuthContext } from '../session/auth-context';
import * as gens from './generation-repository';
import { buildTablesInstance, TooManyTogetherPairs } from './instance-builder';
import { loadPairingData } from './instance-loader';
import { checkResumable, resumedInstance, seatsToWrite } from './live-adjustment';
import { isStale, presentGeneration } from './present';
import * as repo from './repository';
import { getPairingRow, scopeOf } from './service';

/**
 * M3: « Générer ». A request inserts a generation row (at most one queued or running per pairing: the pairing row is
 * locked, and a partial unique index refuses a second) and queues a pg-boss job; the job builds the instance from
 * the database, runs the solver with progress written on the row (the UI polls it), and writes the seats in one
 * transaction, only while the row is still its run's and running: a cancelled run keeps nothing. A row whose job
 * vanished (its process stopped) is re-queued by `recoverGenerations` and starts again from 0.
 */

export const GENERATION_JOB = 'pairings.generate';
export const RECOVERY_JOB = 'pairings.recover';

export interface GenerationJobData {
  generationId: string;
  runId: string;
}

export type Solve = (instance: MatchingInstance, options: SolveOptions) => Promise<MatchingResult>;

/** How long the solver may improve: 5 s, plus a second per 100 people, at most a minute. */
export const timeLimitFor = (people: number) => Math.min(60, 5 + Math.ceil(people / 100));

/** How often progress (and the heartbeat) is written while the solver runs. */
const WRITE_EVERY_MS = 500;
const HEARTBEAT_MS = 15_000;

/** The runs of this process, to stop one at once when cancelled. */
const running = new Map<string, AbortController>();

async function enqueue(deps: Deps, data: GenerationJobData, solve: Solve = solveInWorker) {
  const queue = deps.jobs.boss ? await deps.jobs.boss.getQueue(GENERATION_JOB).catch(() => null) : null;
  if (queue) {
    // The job's id is the run's: recovery asks pg-boss whether it still exists.
    await deps.jobs.send(GENERATION_JOB, data, { id: data.runId, retryLimit: 0, expireInSeconds: 15 * 60 });
    return;
  }
  void runGeneration(deps, data, solve).catch((error) =>
    console.error('pairing generation failed:', String((error as Error).message).slice(0, 300)),
  );
}

export async function startGeneration(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  options: { fromRound?: number } = {},
) {
  const scope = scopeOf(auth, projectId);
  const fromRound = options.fromRound ?? null;
  const row = await deps.db
    .transaction(async (tx) => {
      const pairing = await getPairingRow(tx, scope, pairingId, true);
      if (fromRound !== null) await checkResumable(tx, pairing, fromRound);
      if (!canGenerate(pairing.algorithm, pairing.questionId))
        throw new AppError('pairings.questionRequired', 'conflict');
      const active = await gens.activeGeneration(tx, pairingId, true);
      if (active && !isStale(active, deps.now()))
        throw new AppError('pairings.generationRunning', 'conflict');
      if (active) await gens.setStatus(tx, active.id, 'failed', 'errors.pairings.interrupted');
      const size = await repo.seatingSize(tx, scope, pairingId, pairing.categoryId);
      if (size.seats === 0) throw new AppError('pairings.noTables', 'conflict');
      if (size.people === 0) throw new AppError('pairings.noPeople', 'conflict');
      const seed = (await gens.countGenerations(tx, pairingId)) + 1;
      return gens.insertGeneration(tx, { ...scope, pairingId, runId: randomUUID(), seed, fromRound });
    })
    .catch((error) => {
      // Two requests at once on a server engine: the partial unique index refuses the second.
      if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '23505')
        throw new AppError('pairings.generationRunning', 'conflict');
      if ((error as { code?: string }).code === '23505')
        throw new AppError('pairings.generationRunning', 'conflict');
      throw error;
    });
  try {
    await enqueue(deps, { generationId: row.id, runId: row.runId });
  } catch (error) {
    await gens.setStatus(deps.db, row.id, 'failed', 'errors.pairings.interrupted');
    throw error;
  }
  return presentGeneration(deps, row, auth.locale);
}

export async function cancelGeneration(deps: Deps, auth: AuthContext, projectId: string, pairingId: string) {
  const scope = scopeOf(auth, projectId);
  const row = await deps.db.transaction(async (tx) => {
    await getPairingRow(tx, scope, pairingId, true);
    const active = await gens.activeGeneration(tx, pairingId, true);
    if (!active) throw new AppError('pairings.noGeneration', 'conflict');
    return gens.setStatus(tx, active.id, 'cancelled', null);
  });
  running.get(row.id)?.abort();
  await deps.jobs.boss?.cancel(GENERATION_JOB, row.runId).catch(() => undefined);
  return presentGeneration(deps, row, auth.locale);
}

/** The lock a run holds while it works (server/jobs/liveness.ts): its absence means the run died. */
const runLock = (runId: string) => `pairings.generate:${runId}`;

/** The job's work: only while the row waits for this very run, which holds its lock from before it says running. */
export async function runGeneration(deps: Deps, data: GenerationJobData, solve: Solve = solveInWorker) {
  const row = await gens.findGeneration(deps.db, data.generationId);
  if (!row || row.runId !== data.runId || (row.status !== 'queued' && row.status !== 'running')) return;
  await whileHolding(deps, runLock(data.runId), () => work(deps, data, row, solve));
}

async function work(deps: Deps, data: GenerationJobData, row: gens.GenerationRow, solve: Solve) {
  if (!(await gens.updateActive(deps.db, row.id, data.runId, { status: 'running', progress: 0, best: null })))
    return;
  const scope = { companyId: row.companyId, projectId: row.projectId };
  const fail = (error: string) =>
    gens.updateActive(deps.db, row.id, data.runId, { status: 'failed', error, finished: true });
  const pairing = await repo.findPairing(deps.db, scope, row.pairingId);
  if (!pairing) return;
  let built: ReturnType<typeof buildTablesInstance>;
  try {
    built = buildTablesInstance(await loadPairingData(deps.db, pairing, row.projectId));
  } catch (error) {
    if (error instanceof TooManyTogetherPairs) return void (await fail('errors.pairings.togetherTooMany'));
    throw error;
  }
  const parsed = tablesInstance.safeParse(built);
  if (!parsed.success)
    return void (await fail(describeInstanceErrors(parsed.error).join('; ').slice(0, 500)));
  const instance = row.fromRound === null ? parsed.data : await resumedInstance(deps.db, row, parsed.data);
  if (!instance.people.length) return void (await fail('errors.pairings.noPeople'));

  const controller = new AbortController();
  running.set(row.id, controller);
  let lastWrite = 0;
  let writing = false;
  const write = (values: { progress?: number; best?: number }) => {
    if (writing) return;
    writing = true;
    lastWrite = Date.now();
    void gens
      .updateActive(deps.db, row.id, data.runId, values)
      // No longer this run's (cancelled, or re-queued by recovery): stop.
      .then((still) => (still ? undefined : controller.abort()))
      .catch(() => undefined)
      .finally(() => {
        writing = false;
      });
  };
  const heartbeat = setInterval(() => write({}), HEARTBEAT_MS);
  heartbeat.unref();
  let result: TablesResult;
  try {
    result = (await solve(instance, {
      seed: row.seed,
      timeLimitSeconds: timeLimitFor(instance.people.length),
      signal: controller.signal,
      onProgress: ({ fraction, best }) => {
        if (Date.now() - lastWrite < WRITE_EVERY_MS) return;
        write({ progress: Math.max(0, Math.min(99, Math.floor(fraction * 100))), best });
      },
    })) as TablesResult;
  } catch (error) {
    if (!controller.signal.aborted) await fail(String((error as Error).message).slice(0, 500));
    return;
  } finally {
    clearInterval(heartbeat);
    running.delete(row.id);
  }
  if (controller.signal.aborted) return;
  const rooms = await deps.db.transaction(async (tx) => {
    // A resume locks the pairing first (as a move, an absence and a cancel do), then its row.
    if (row.fromRound !== null) await repo.findPairing(tx, scope, row.pairingId, true);
    const current = await gens.findGeneration(tx, row.id, true);
    if (current?.runId !== data.runId || current.status !== 'running') return [];
    const previous = row.fromRound === null ? null : await latestDoneGeneration(tx, row.pairingId);
    const seats = seatsToWrite(result, instance, row.fromRound);
    await gens.replaceSeats(tx, { ...scope, pairingId: row.pairingId }, seats, row.fromRound);
    await gens.updateActive(tx, row.id, data.runId, {
      status: 'done',
      progress: 100,
      stats: result.stats as unknown as Record<string, unknown>,
      finished: true,
    });
    if (row.fromRound === null) return [];
    // « Reprendre les rondes restantes »: the meetings of the rounds re-seated follow the new seats at once, so the
    // set now stands for this generation (a whole generation leaves them out of date, to regenerate).
    await setSeatsGeneration(tx, row.pairingId, row.id, previous);
    const of = { ...scope, id: row.pairingId, categoryId: pairing.categoryId };
    return meetingsFollowSeats(deps, tx, of, { fromRound: row.fromRound });
  });
  await queueRooms(deps, rooms);
}

/**
 * Re-queues the generations whose job vanished: a running one whose run no longer holds its lock (its process
 * stopped: at once, see server/jobs/liveness.ts), a queued one whose pg-boss job is gone or over, or, without a
 * queue, one whose heartbeat is old. Each starts again from 0 under a new run id (the old run, were it alive, could
 * no longer write: every write of a run checks its run id).
 */
export async function recoverGenerations(deps: Deps, solve: Solve = solveInWorker) {
  let recovered = 0;
  for (const row of await gens.allActive(deps.db)) {
    if (running.has(row.id)) continue;
    let vanished = isStale(row, deps.now());
    if (!vanished && row.status === 'running') vanished = !(await runAlive(deps, runLock(row.runId)));
    else if (!vanished && deps.jobs.boss) {
      const job = await deps.jobs.boss.getJobById(GENERATION_JOB, row.runId).catch(() => null);
      vanished = !job || !['created', 'retry', 'active'].includes(job.state);
    }
    if (!vanished) continue;
    const runId = randomUUID();
    await gens.requeue(deps.db, row.id, runId);
    await enqueue(deps, { generationId: row.id, runId }, solve);
    recovered++;
  }
  return recovered;
}

export function pairingJobs(deps: () => Deps, options: { solve?: Solve } = {}): JobDefinition[] {
  const solve = options.solve ?? solveInWorker;
  return [
    { name: GENERATION_JOB, run: async (data) => runGeneration(deps(), data as GenerationJobData, solve) },
    { name: RECOVERY_JOB, cron: '* * * * *', run: async () => recoverGenerations(deps(), solve) },
  ];
}
