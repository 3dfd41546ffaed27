/**
 * The all-pairs kernel split across worker threads (`scores-worker.ts`): the upper triangle is cut into runs of rows
 * of about equal area (`balancedBlocks`, 8 per thread), which the workers take one after the other from a shared
 * counter, so a thread slowed by other work on the machine takes fewer. Every worker writes its rows into the one
 * SharedArrayBuffer of the result; the bytes do not depend on which thread wrote them.
 */
import { Worker } from 'node:worker_threads';
import { workerUrl } from '../worker-url';
import { balancedBlocks, type EncodedAnswers, rowStart } from './encode';
import type { ScoresReply, ScoresRequest } from './scores-worker';

const BLOCKS_PER_THREAD = 8;

/** Workers started ahead (they load their modules while the calling thread encodes the answers). */
export function startScoreWorkers(threads: number): Worker[] {
  const url = workerUrl(import.meta.url, './scores-worker.ts', 'scores-worker.js');
  return Array.from({ length: threads }, () => new Worker(url));
}

/** Runs the kernel on `workers` (from `startScoreWorkers`), then terminates them. */
export async function scoreInWorkers(
  workers: Worker[],
  encoded: EncodedAnswers,
  scale: number,
): Promise<Uint16Array> {
  const pairs = rowStart(encoded.n, encoded.n);
  const values = new Uint16Array(new SharedArrayBuffer(pairs * 2));
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const blocks = balancedBlocks(encoded.n, workers.length * BLOCKS_PER_THREAD);
  const request: ScoresRequest = { encoded, values, scale, blocks, counter };
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            worker.once('message', (reply: ScoresReply) =>
              reply.type === 'done' ? resolve() : reject(new Error(reply.message)),
            );
            worker.once('error', reject);
            worker.once('exit', (code) => reject(new Error(`a scores worker stopped (${code})`)));
            worker.postMessage(request);
          }),
      ),
    );
  } finally {
    for (const worker of workers) void worker.terminate();
  }
  return values;
}
