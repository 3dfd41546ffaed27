/**
 * Rounds from the affine geometry over GF(2) (a constructive start, like the MOLS of mols.ts): people are the 2^k
 * vectors of GF(2)^k, a round is the set of cosets of one m-dimensional subspace D (2^(k−m) tables of 2^m), and two
 * people x, y sit together in that round exactly when x ⊕ y ∈ D. Rounds built from subspaces that share no nonzero
 * vector therefore never seat a pair twice (a partial spread: e.g. 9 planes of GF(2)^5 give 8-4-9 outright).
 */
import type { Rng } from './rng';

/** Every m-dimensional subspace of GF(2)^k, as the sorted list of its nonzero vectors (k ≤ 7, m ≤ 3). */
function subspaces(k: number, m: number): number[][] {
  const found = new Map<string, number[]>();
  const size = 1 << k;
  const grow = (span: number[], depth: number, from: number) => {
    if (depth === m) {
      const nonzero = span.filter((v) => v !== 0).sort((a, b) => a - b);
      found.set(nonzero.join(','), nonzero);
      return;
    }
    for (let v = from; v < size; v++) {
      if (span.includes(v)) continue;
      grow([...span, ...span.map((x) => x ^ v)], depth + 1, v + 1);
    }
  };
  grow([0], 0, 1);
  return [...found.values()];
}

/**
 * `rounds` subspaces of dimension m in GF(2)^k sharing no nonzero vector, found by a randomised depth-first
 * search within `nodes` steps; null when none is found (or the sizes are out of range).
 */
export function disjointSubspaces(
  k: number,
  m: number,
  rounds: number,
  rng: Rng,
  nodes = 200_000,
): number[][] | null {
  if (k > 7 || m < 1 || m > 3 || m > k || rounds * ((1 << m) - 1) > (1 << k) - 1) return null;
  const all = subspaces(k, m);
  rng.shuffle(all);
  const used = new Uint8Array(1 << k);
  const chosen: number[][] = [];
  let budget = nodes;
  const search = (from: number): boolean => {
    if (chosen.length === rounds) return true;
    for (let s = from; s < all.length; s++) {
      if (--budget < 0) return false;
      const space = all[s];
      if (space.some((v) => used[v])) continue;
      for (const v of space) used[v] = 1;
      chosen.push(space);
      if (search(s + 1)) return true;
      chosen.pop();
      for (const v of space) used[v] = 0;
    }
    return false;
  };
  return search(0) ? chosen : null;
}

/** The table (0..2^(k−m) − 1) of each vector in the round of subspace `space`: cosets numbered in order. */
export function cosetTables(k: number, space: number[]): Int32Array {
  const table = new Int32Array(1 << k).fill(-1);
  let next = 0;
  for (let x = 0; x < 1 << k; x++) {
    if (table[x] >= 0) continue;
    table[x] = next;
    for (const d of space) table[x ^ d] = next;
    next++;
  }
  return table;
}
