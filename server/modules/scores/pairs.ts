/**
 * M5: the pairs and averages of a « from » × « to » selection over a score matrix, as pure functions on people's
 * indices (the matrix's order). Values are the matrix's quantised ones (0 … 65535 = the maximum), so a pair costs a
 * look-up, and 2,000 × 2,000 people (2 M pairs) sort in one typed-array sort.
 */

/** A quantised score of people i and j (either order, i ≠ j). */
export type PairValue = (i: number, j: number) => number;

export const QUANTUM = 65535;

/**
 * The pairs from × to, without a person with themself, each unordered pair once when from and to overlap (then kept
 * as (lower index, higher index)), best first, ties in index order: sorted keys, decoded by `decodePair`.
 */
export function sortedPairs(
  n: number,
  from: readonly number[],
  to: readonly number[],
  value: PairValue,
): Float64Array {
  const inFrom = new Uint8Array(n);
  const inTo = new Uint8Array(n);
  for (const i of from) inFrom[i] = 1;
  for (const j of to) inTo[j] = 1;
  const keys = new Float64Array(from.length * to.length);
  const square = n * n;
  let count = 0;
  for (const i of from) {
    for (const j of to) {
      if (j === i) continue;
      // Both ways possible: keep it once, from the lower index.
      if (inFrom[j] && inTo[i] && j < i) continue;
      keys[count++] = (QUANTUM - value(i, j)) * square + i * n + j;
    }
  }
  return keys.subarray(0, count).sort();
}

export function decodePair(n: number, key: number) {
  const square = n * n;
  const rest = key % square;
  return { i: Math.floor(rest / n), j: rest % n, value: QUANTUM - Math.round((key - rest) / square) };
}

export interface PersonAverage {
  index: number;
  count: number;
  /** Σ quantised values / count, or null when nobody to compare with. */
  value: number | null;
}

/** Each « from » person's average against « to » (themself left out), best first (no average last). */
export function averages(from: readonly number[], to: readonly number[], value: PairValue): PersonAverage[] {
  const rows = from.map((i) => {
    let sum = 0;
    let count = 0;
    for (const j of to) {
      if (j === i) continue;
      sum += value(i, j);
      count++;
    }
    return { index: i, count, value: count ? sum / count : null };
  });
  return rows.sort((x, y) => (y.value ?? -1) - (x.value ?? -1) || x.index - y.index);
}

/** The average over every pair of the selection (each unordered pair once), with the number of pairs. */
export function overallAverage(n: number, from: readonly number[], to: readonly number[], value: PairValue) {
  const inFrom = new Uint8Array(n);
  const inTo = new Uint8Array(n);
  for (const i of from) inFrom[i] = 1;
  for (const j of to) inTo[j] = 1;
  let sum = 0;
  let pairs = 0;
  for (const i of from) {
    for (const j of to) {
      if (j === i || (inFrom[j] && inTo[i] && j < i)) continue;
      sum += value(i, j);
      pairs++;
    }
  }
  return pairs ? { value: sum / pairs, pairs } : null;
}

/** How many pairs the selection holds, without listing them (the Excel limit is checked before any work). */
export function pairCount(from: readonly number[], to: readonly number[]) {
  const inTo = new Set(to);
  const both = from.filter((i) => inTo.has(i)).length;
  return from.length * to.length - both - (both * (both - 1)) / 2;
}
