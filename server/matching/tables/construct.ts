/**
 * The first seating. Where the instance is an s-s-R grid (n = s² people all present, s tables of s, R ≤ s + 1, no
 * fixed seats) and MOLS of order s are known, rows, columns and Latin squares give a seating without any repeat; 2^k
 * people at tables of 2^m come from GF(2) subspaces; T tables of s ≤ T for R ≤ T rounds from difference rows.
 * Otherwise a greedy pass, round by round and table by table, seats next the person who meets the fewest people
 * already met at that table (blocked pairs and VIP misplacement weigh as in the hard cost), scanning people in a
 * seeded random order and stopping at the first free one.
 */
import { differenceRows } from './difference';
import { mutuallyOrthogonalSquares } from './mols';
import type { Rng } from './rng';
import type { Seating } from './seating';
import { cosetTables, disjointSubspaces } from './subspaces';

function gridSide(seating: Seating): number {
  const { n, T, R, model } = seating;
  const s = Math.round(Math.sqrt(n));
  if (s < 2 || s * s !== n || T !== s || R > s + 1) return 0;
  for (let r = 0; r < R; r++) {
    for (let t = 0; t < T; t++) if (model.sizes[r * (T + 1) + t] !== s) return 0;
    for (let i = 0; i < n; i++) if (!seating.movable[r * n + i]) return 0;
  }
  return s;
}

/** Seats an s-s-R grid from MOLS; false when the instance is not such a grid or no squares are known. */
function seatFromSquares(seating: Seating, rng: Rng): boolean {
  const s = gridSide(seating);
  if (!s) return false;
  const squares = mutuallyOrthogonalSquares(s, Math.max(0, seating.R - 2));
  if (!squares) return false;
  const cellPerson = Int32Array.from({ length: s * s }, (_, k) => k);
  rng.shuffle(cellPerson);
  const tables = [...Array(s).keys()];
  rng.shuffle(tables);
  for (let r = 0; r < seating.R; r++) {
    const order: number[] = [];
    for (const t of tables) {
      for (let cell = 0; cell < s * s; cell++) {
        const x = Math.floor(cell / s);
        const y = cell % s;
        const group = r === 0 ? x : r === 1 ? y : squares[r - 2][cell];
        if (group === t) order.push(cellPerson[cell]);
      }
    }
    seating.seatRound(r, order);
  }
  return true;
}

/** Up to this many people a round, the greedy pass weighs each candidate's "freedom" (Triska & Musliu). */
const FREEDOM_LIMIT = 400;

/** Uniform rounds: every table takes `size` people in every round, everyone movable; 0 otherwise. */
function uniformSize(seating: Seating): number {
  const { n, T, R, model } = seating;
  const size = model.sizes[0];
  if (size < 2 || size * T !== n) return 0;
  for (let r = 0; r < R; r++) {
    for (let t = 0; t < T; t++) if (model.sizes[r * (T + 1) + t] !== size) return 0;
    for (let i = 0; i < n; i++) if (!seating.movable[r * n + i]) return 0;
  }
  return size;
}

/** Seats 2^k people at tables of 2^m from disjoint subspaces of GF(2)^k; false when that does not apply. */
function seatFromSubspaces(seating: Seating, rng: Rng): boolean {
  const size = uniformSize(seating);
  const k = Math.log2(seating.n);
  const m = Math.log2(size);
  if (!size || !Number.isInteger(k) || !Number.isInteger(m)) return false;
  // As many rounds as disjoint subspaces allow (9 for 32 people at tables of 4); the greedy pass seats the rest.
  let spaces: number[][] | null = null;
  for (let rounds = seating.R; rounds >= Math.max(2, seating.R - 2) && !spaces; rounds--)
    spaces = disjointSubspaces(k, m, rounds, rng);
  if (!spaces) return false;
  const vectorPerson = Int32Array.from({ length: seating.n }, (_, v) => v);
  rng.shuffle(vectorPerson);
  for (let r = 0; r < spaces.length; r++) {
    const tables = cosetTables(k, spaces[r]);
    const order: number[] = [];
    for (let t = 0; t < seating.T; t++)
      for (let v = 0; v < seating.n; v++) if (tables[v] === t) order.push(vectorPerson[v]);
    seating.seatRound(r, order);
  }
  for (let r = spaces.length; r < seating.R; r++) seatGreedily(seating, r, rng);
  return true;
}

/**
 * Seats n = T · s people at T tables of s (s ≤ T, R ≤ T, everyone movable) from difference rows over Z_T
 * (difference.ts): no repeat at all; false when that does not apply or no rows were found.
 */
function seatFromDifferences(seating: Seating, rng: Rng): boolean {
  const size = uniformSize(seating);
  const { T, R, n } = seating;
  if (!size || size > T || R > T || R < 2) return false;
  const rows = differenceRows(T, size, R, rng);
  if (!rows) return false;
  const cellPerson = Int32Array.from({ length: n }, (_, k) => k);
  rng.shuffle(cellPerson);
  for (let j = 0; j < R; j++) {
    const order = new Int32Array(n);
    // Table t takes (g, t + D[g][j]) for every row g: slot t · size + g.
    for (let g = 0; g < size; g++) {
      const shift = rows[g * R + j];
      for (let t = 0; t < T; t++) order[t * size + g] = cellPerson[g * T + ((t + shift) % T)];
    }
    seating.seatRound(j, order);
  }
  return true;
}

function seatGreedily(seating: Seating, r: number, rng: Rng, sign = 0) {
  const { n, T, model, count } = seating;
  const scores = sign ? seating.scores : null;
  const blocked = model.blocked;
  const byTable: number[][] = Array.from({ length: T + 1 }, () => []);
  const pool: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!model.present[r * n + i]) continue;
    const fixed = model.fixedTable[r * n + i];
    if (fixed >= 0) byTable[fixed].push(i);
    else pool.push(i);
  }
  rng.shuffle(pool);
  // With scores, every candidate is weighed (fewest hard conflicts, then the most score with the table so far).
  const free = !scores && pool.length <= FREEDOM_LIMIT;
  const tables = [...Array(T).keys()].sort((a, b) => model.vipTable[b] - model.vipTable[a]);
  for (const t of tables) {
    const members = byTable[t];
    const size = model.sizes[r * (T + 1) + t];
    while (members.length < size && pool.length) {
      let best = -1;
      let bestCost = Number.POSITIVE_INFINITY;
      let bestFreedom = -1;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < pool.length && (free || scores || bestCost > 0); k++) {
        const i = pool[k];
        let cost = seating.weightVip * seating.vipCost(r, i, t);
        for (const x of members) {
          if (count[i * n + x] >= 1) cost++;
          if (blocked?.[i * n + x]) cost += seating.weightBlocked;
        }
        if (cost > bestCost) continue;
        if (scores) {
          let gain = 0;
          for (const x of members) gain += scores[i * n + x];
          gain *= sign;
          if (cost < bestCost || gain > bestScore) {
            bestCost = cost;
            bestScore = gain;
            best = k;
          }
          continue;
        }
        // Freedom: how many people left could still join this table with i without meeting anyone again.
        let freedom = 0;
        if (free && members.length + 1 < size) {
          for (const x of pool) {
            if (x === i || count[i * n + x] >= 1) continue;
            let fits = true;
            for (const y of members) {
              if (count[x * n + y] >= 1) {
                fits = false;
                break;
              }
            }
            if (fits) freedom++;
          }
        }
        if (cost < bestCost || freedom > bestFreedom) {
          bestCost = cost;
          bestFreedom = freedom;
          best = k;
        }
      }
      members.push(pool[best]);
      pool[best] = pool[pool.length - 1];
      pool.pop();
    }
  }
  byTable[T].push(...pool);
  const order: number[] = [];
  for (let t = 0; t <= T; t++) order.push(...byTable[t]);
  seating.seatRound(r, order);
}

/**
 * Seats every round; true when a construction (MOLS or subspaces) was used. With a score objective (sign ≠ 0) the
 * greedy pass also weighs scores and the constructions are skipped (their seating ignores scores).
 */
export function seatInitially(seating: Seating, rng: Rng, sign = 0): boolean {
  if (
    !sign &&
    (seatFromSquares(seating, rng) || seatFromSubspaces(seating, rng) || seatFromDifferences(seating, rng))
  )
    return true;
  for (let r = 0; r < seating.R; r++) seatGreedily(seating, r, rng, sign);
  return false;
}
