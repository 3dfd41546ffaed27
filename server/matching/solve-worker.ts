/**
 * The worker thread of `solveInWorker` (run.ts): runs one solve and posts its progress, then its result or its
 * error. Its solver may compute for seconds without returning to the event loop, so the abort also arrives through
 * shared memory: `signal.aborted` reads a flag the main thread sets at once (the `abort` event itself fires when the
 * solver next yields).
 */
import { parentPort } from 'node:worker_threads';
import type { MatchingInstance, MatchingResult } from './instance';
import { solveMeetings } from './meetings';
import { solveTables } from './tables';

export type SolveRequest = {
  type: 'solve';
  instance: MatchingInstance;
  seed: number;
  timeLimitSeconds: number;
  /** Over a SharedArrayBuffer: 1 once aborted. */
  abortFlag: Int32Array;
};
export type SolveControl = SolveRequest | { type: 'abort' };

export type SolveReply =
  | { type: 'progress'; fraction: number; best: number }
  | { type: 'result'; result: MatchingResult }
  | { type: 'error'; message: string; stack?: string };

const nativeAborted = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')?.get;

/** An AbortSignal whose `aborted` is also true as soon as the shared flag is set. */
function sharedSignal(controller: AbortController, flag: Int32Array): AbortSignal {
  const signal = controller.signal;
  Object.defineProperty(signal, 'aborted', {
    get: () => Atomics.load(flag, 0) === 1 || Boolean(nativeAborted?.call(signal)),
  });
  return signal;
}

async function solve(request: SolveRequest, controller: AbortController): Promise<MatchingResult> {
  const options = {
    seed: request.seed,
    timeLimitSeconds: request.timeLimitSeconds,
    signal: sharedSignal(controller, request.abortFlag),
    onProgress: (progress: { fraction: number; best: number }) =>
      port?.postMessage({ type: 'progress', ...progress } satisfies SolveReply),
  };
  const { instance } = request;
  return instance.kind === 'tables' ? solveTables(instance, options) : solveMeetings(instance, options);
}

const port = parentPort;
if (port) {
  const controller = new AbortController();
  port.on('message', (message: SolveControl) => {
    if (message.type === 'abort') {
      controller.abort();
      return;
    }
    const started = performance.now();
    solve(message, controller).then(
      (result) =>
        port.postMessage({
          type: 'result',
          // The solve's duration as measured here (the thread's start is not counted), whatever the solver said.
          result: { ...result, stats: { ...result.stats, seconds: (performance.now() - started) / 1000 } },
        } as SolveReply),
      (error: unknown) =>
        port.postMessage({
          type: 'error',
          message: error instanceof Error ? error.message : String(error),
          stack: error instanceof Error ? error.stack : undefined,
        } satisfies SolveReply),
    );
  });
}
