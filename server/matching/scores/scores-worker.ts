/**
 * A worker thread of `computeScores` (threads.ts): takes runs of rows from the shared counter until none is left,
 * writes their scores into the shared result, then says it is done.
 */
import { parentPort } from 'node:worker_threads';
import type { EncodedAnswers } from './encode';
import { scoreRows } from './kernel';

export interface ScoresRequest {
  encoded: EncodedAnswers;
  /** Over a SharedArrayBuffer: the whole upper triangle. */
  values: Uint16Array;
  scale: number;
  /** Row boundaries of the runs (`balancedBlocks`). */
  blocks: number[];
  /** Over a SharedArrayBuffer: the next run to take. */
  counter: Int32Array;
}

export type ScoresReply = { type: 'done' } | { type: 'error'; message: string };

const port = parentPort;
if (port) {
  port.once('message', (request: ScoresRequest) => {
    try {
      const { encoded, values, scale, blocks, counter } = request;
      for (;;) {
        const block = Atomics.add(counter, 0, 1);
        if (block >= blocks.length - 1) break;
        scoreRows(encoded, values, scale, blocks[block], blocks[block + 1]);
      }
      port.postMessage({ type: 'done' } satisfies ScoresReply);
    } catch (error) {
      port.postMessage({ type: 'error', message: String(error) } satisfies ScoresReply);
    }
  });
}
