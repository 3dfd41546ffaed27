/**
 * Bounds reported with the result and used to stop early.
 * - repeatsAtLeast: person i sits with at least Σ_r (smallest table of round r − 1) others over the rounds (its own
 *   table's size when its seat is fixed; 0 in a round where someone may stay unseated), and can meet at most
 *   (people present at some point − 1 − the people i already met) of them for the first time, so
 *   repeats ≥ ⌈Σ_i max(0, that excess) / 2⌉ — matching.md's ⌈n · max(0, R(s−1) − (n−1)) / 2⌉ on uniform tables.
 * - scoreAtMost: in each round, person i gains at most the sum of its best (largest table − 1) scores with the
 *   people present in that round; halved (each pair counted from both sides) and summed over the rounds.
 * - scoreAtLeast (for `diverse`): the same with the smallest scores and the smallest table.
 */
import type { Model } from './model';

function roundTables(model: Model, r: number): { smallest: number; largest: number; unseated: number } {
  const { T, sizes } = model;
  let smallest = Number.POSITIVE_INFINITY;
  let largest = 0;
  for (let t = 0; t < T; t++) {
    const size = sizes[r * (T + 1) + t];
    if (size <= 0) continue;
    smallest = Math.min(smallest, size);
    largest = Math.max(largest, size);
  }
  return { smallest: Number.isFinite(smallest) ? smallest : 0, largest, unseated: sizes[r * (T + 1) + T] };
}

export function repeatsAtLeast(model: Model): number {
  const { n, R, present, fixedTable, sizes, T } = model;
  let everPresent = 0;
  for (let i = 0; i < n; i++) {
    for (let r = 0; r < R; r++) {
      if (present[r * n + i]) {
        everPresent++;
        break;
      }
    }
  }
  const metPartners = new Int32Array(n);
  const seen = new Set<number>();
  for (const [i, j] of model.met) {
    const key = Math.min(i, j) * n + Math.max(i, j);
    if (seen.has(key)) continue;
    seen.add(key);
    metPartners[i]++;
    metPartners[j]++;
  }
  const rounds = Array.from({ length: R }, (_, r) => roundTables(model, r));
  let excess = 0;
  for (let i = 0; i < n; i++) {
    let mates = 0;
    for (let r = 0; r < R; r++) {
      if (!present[r * n + i]) continue;
      const fixed = fixedTable[r * n + i];
      if (fixed >= 0) mates += sizes[r * (T + 1) + fixed] - 1;
      else if (rounds[r].unseated === 0) mates += Math.max(0, rounds[r].smallest - 1);
    }
    excess += Math.max(0, mates - (everPresent - 1 - metPartners[i]));
  }
  return Math.ceil(excess / 2);
}

/** Sum of the k largest (or smallest) values of row i over the people present in round r. */
function extremeRow(
  scores: Float64Array,
  model: Model,
  r: number,
  i: number,
  k: number,
  largest: boolean,
): number {
  if (k <= 0) return 0;
  const { n, present } = model;
  const kept: number[] = [];
  for (let j = 0; j < n; j++) {
    if (j === i || !present[r * n + j]) continue;
    const v = largest ? scores[i * n + j] : -scores[i * n + j];
    if (kept.length < k) {
      kept.push(v);
      kept.sort((a, b) => a - b);
    } else if (v > kept[0]) {
      kept[0] = v;
      kept.sort((a, b) => a - b);
    }
  }
  const sum = kept.reduce((total, v) => total + v, 0);
  return largest ? sum : -sum;
}

export function scoreBounds(scores: Float64Array | null, model: Model): { atMost: number; atLeast: number } {
  if (!scores) return { atMost: 0, atLeast: 0 };
  const { n, R, present } = model;
  let atMost = 0;
  let atLeast = 0;
  for (let r = 0; r < R; r++) {
    const { smallest, largest, unseated } = roundTables(model, r);
    for (let i = 0; i < n; i++) {
      if (!present[r * n + i]) continue;
      atMost += extremeRow(scores, model, r, i, largest - 1, true);
      if (!unseated) atLeast += extremeRow(scores, model, r, i, smallest - 1, false);
    }
  }
  return { atMost: atMost / 2, atLeast: Math.max(0, atLeast / 2) };
}
