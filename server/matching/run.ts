/**
 * `solveInWorker`: runs the instance's solver (tables or meetings) in a worker thread of its own (`solve-worker.ts`),
 * so that the product's pairing job, `npm run pairing` and the bench never block their event loop. Progress is
 * relayed; an abort is passed on at once (a shared flag the solver's `signal.aborted` reads, and a message) and the
 * solver returns its best so far; if it has not answered `graceSeconds` after the abort, the worker is terminated and
 * the promise rejects. The time limit is wall time: on a loaded machine a phase that does not look at the clock (the
 * first seating of 2,000 people) can run past it, so `graceSeconds` past the limit the solver is asked to stop (as by
 * an abort, without rejecting), and only a solver silent at three times its limit plus `6 × graceSeconds` is
 * terminated (the promise rejects). The result's `stats.seconds` is the solve's
 * duration measured in the worker (from the call to the solver to its answer; the thread's start is not counted).
 */
import { Worker } from 'node:worker_threads';
import type {
  MatchingInstance,
  MatchingResult,
  MeetingsInstance,
  MeetingsResult,
  SolveOptions,
  TablesInstance,
  TablesResult,
} from './instance';
import type { SolveControl, SolveReply } from './solve-worker';
import { workerUrl } from './worker-url';

export interface RunOptions extends SolveOptions {
  /** How long a solver may take to answer after an abort before its worker is terminated (default 5 s). */
  graceSeconds?: number;
}

export function solveInWorker(instance: TablesInstance, options: RunOptions): Promise<TablesResult>;
export function solveInWorker(instance: MeetingsInstance, options: RunOptions): Promise<MeetingsResult>;
export function solveInWorker(instance: MatchingInstance, options: RunOptions): Promise<MatchingResult>;
export function solveInWorker(instance: MatchingInstance, options: RunOptions): Promise<MatchingResult> {
  const grace = (options.graceSeconds ?? 5) * 1000;
  const abortFlag = new Int32Array(new SharedArrayBuffer(4));
  return new Promise<MatchingResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new Error('the solve was aborted before it started'));
      return;
    }
    const worker = new Worker(workerUrl(import.meta.url, './solve-worker.ts', 'solve-worker.js'));
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const stopAfter = (ms: number, why: string) => {
      timers.push(setTimeout(() => finish(() => reject(new Error(why))), ms));
    };
    const stopSolver = () => {
      Atomics.store(abortFlag, 0, 1);
      worker.postMessage({ type: 'abort' } satisfies SolveControl);
    };
    const onAbort = () => {
      stopSolver();
      stopAfter(grace, `the solver did not stop within ${grace / 1000} s of the abort`);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const limit = options.timeLimitSeconds * 1000;
    timers.push(setTimeout(() => stopSolver(), limit + grace));
    stopAfter(
      3 * limit + 6 * grace,
      `the solver did not answer within three times its time limit (${options.timeLimitSeconds} s) and more`,
    );
    worker.on('message', (reply: SolveReply) => {
      if (reply.type === 'progress') options.onProgress?.({ fraction: reply.fraction, best: reply.best });
      else if (reply.type === 'result') finish(() => resolve(reply.result));
      else
        finish(() =>
          reject(Object.assign(new Error(reply.message), reply.stack ? { stack: reply.stack } : {})),
        );
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) => finish(() => reject(new Error(`the solver's thread stopped (${code})`))));
    worker.postMessage({
      type: 'solve',
      instance,
      seed: options.seed,
      timeLimitSeconds: options.timeLimitSeconds,
      abortFlag,
    } satisfies SolveControl);
  });
}
