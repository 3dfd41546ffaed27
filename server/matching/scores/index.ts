/**
 * Questionnaire scores of every pair (matching.md, "Scores from the questionnaire"), fast: answers encoded as
 * bitsets and combined per group of questions (`encode.ts`, `kernel.ts`), the upper triangle quantised to uint16,
 * rows split across worker threads (`scores-worker.ts`) that write into one SharedArrayBuffer.
 *
 * Quantisation: value = round(score · scale) with scale = 65535 / Σ weights (the highest possible score is stored as
 * 65535), so `get(i, j)` = value / scale is within 0.5 / scale = Σ weights / 131,070 of `pairScore` (plus float
 * rounding, about 1e-12 relative): with 20 questions of weight 1, within 0.00016.
 */
import os from 'node:os';
import type { Answers, ScoreQuestion } from '../score';
import { encodeAnswers, pairIndex, rowStart } from './encode';
import { scoreRows } from './kernel';
import { scoreInWorkers, startScoreWorkers } from './threads';

/** Every pair's score as stored and read back (the file keeps no thread count). */
export type ScoreMatrix = Omit<PairScores, 'threads'>;

/** Where the pair (i, j), in either order (i ≠ j), sits in `values`. */
export function triangleIndex(n: number, i: number, j: number): number {
  return i < j ? pairIndex(n, i, j) : pairIndex(n, j, i);
}

export interface PairScores {
  n: number;
  /** value / scale = score. */
  scale: number;
  /** The upper triangle, row after row: row i holds (i, i+1) … (i, n−1); see `pairIndex`. */
  values: Uint16Array;
  /** The decoded score of i and j (either order; 0 for i = j). Throws RangeError outside 0 … n−1. */
  get(i: number, j: number): number;
  /** Threads that computed it (1: the calling thread). */
  threads: number;
}

export interface ComputeScoresOptions {
  /**
   * Threads to use (default: the machine's available parallelism). 1 computes in the calling thread; so do small
   * instances (under `WORKER_MIN_PAIRS` pairs), where starting workers costs more than it saves.
   */
  threads?: number;
  /** Pairs from which workers are used (default `WORKER_MIN_PAIRS`). */
  workersFrom?: number;
}

/** Below this many pairs (about 1,400 people) the calling thread computes alone. */
export const WORKER_MIN_PAIRS = 1_000_000;

function scores(n: number, scale: number, values: Uint16Array, threads = 1): PairScores {
  return {
    n,
    threads,
    scale,
    values,
    get(i, j) {
      if (i < 0 || j < 0 || i >= n || j >= n) throw new RangeError(`no pair (${i}, ${j}) among ${n}`);
      if (i === j) return 0;
      return values[i < j ? pairIndex(n, i, j) : pairIndex(n, j, i)] / scale;
    },
  };
}

/** The same scores in the calling thread. */
export function computeScoresHere(
  questions: readonly ScoreQuestion[],
  people: readonly { answers: Answers }[],
): PairScores {
  const encoded = encodeAnswers(questions, people);
  const scale = encoded.total > 0 ? 65535 / encoded.total : 1;
  const values = new Uint16Array(rowStart(encoded.n, encoded.n));
  scoreRows(encoded, values, scale, 0, encoded.n);
  return scores(encoded.n, scale, values);
}

/** Every pair's score; the same bytes whatever the number of threads. */
export async function computeScores(
  questions: readonly ScoreQuestion[],
  people: readonly { answers: Answers }[],
  options: ComputeScoresOptions = {},
): Promise<PairScores> {
  const threads = Math.max(1, Math.floor(options.threads ?? os.availableParallelism()));
  const n = people.length;
  if (threads === 1 || rowStart(n, n) < (options.workersFrom ?? WORKER_MIN_PAIRS))
    return computeScoresHere(questions, people);
  const workers = startScoreWorkers(threads);
  let encoded: ReturnType<typeof encodeAnswers>;
  try {
    encoded = encodeAnswers(questions, people);
  } catch (error) {
    for (const worker of workers) void worker.terminate();
    throw error;
  }
  const scale = encoded.total > 0 ? 65535 / encoded.total : 1;
  const values = await scoreInWorkers(workers, encoded, scale);
  return scores(n, scale, values, threads);
}

export interface TopScores {
  k: number;
  /** n × k: the others of person i with the highest scores, best first (ties: the lower index first); −1 pads. */
  people: Int32Array;
  /** n × k: their quantised values (value / scale = score). */
  values: Uint16Array;
}

/** Each person's k best-scoring others (`k` is capped at n − 1). */
export function topScores(scores: PairScores, k: number): TopScores {
  const { n, values } = scores;
  const kk = Math.max(0, Math.min(k, n - 1));
  const people = new Int32Array(n * kk).fill(-1);
  const best = new Uint16Array(n * kk);
  if (kk === 0) return { k: kk, people, values: best };
  // A sorted list of the k best per person, filled by scanning each person's row and column once.
  const heapPeople = new Int32Array(kk);
  const heapValues = new Int32Array(kk);
  for (let i = 0; i < n; i++) {
    let size = 0;
    const offer = (j: number, v: number) => {
      // Keep (value desc, index asc); j arrives in increasing order, so an equal value never displaces.
      if (size === kk && v <= heapValues[kk - 1]) return;
      let at = size < kk ? size++ : kk - 1;
      while (at > 0 && heapValues[at - 1] < v) {
        heapValues[at] = heapValues[at - 1];
        heapPeople[at] = heapPeople[at - 1];
        at--;
      }
      heapValues[at] = v;
      heapPeople[at] = j;
    };
    for (let j = 0; j < i; j++) offer(j, values[pairIndex(n, j, i)]);
    const start = rowStart(n, i);
    for (let j = i + 1; j < n; j++) offer(j, values[start + j - i - 1]);
    people.set(heapPeople.subarray(0, size), i * kk);
    best.set(heapValues.subarray(0, size), i * kk);
  }
  return { k: kk, people, values: best };
}
