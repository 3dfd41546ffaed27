/**
 * The rotation search: tabu search over conflict-reducing swaps (Dotú & Van Hentenryck's neighbourhood, as used by
 * Triska & Musliu): each step looks at people in conflict (a blocked or repeated table-mate, or a VIP misplacement)
 * and every swap of one of them with someone of another table in the same round, and makes the best swap that is
 * not tabu (a tabu swap is allowed when it beats the best seating found: aspiration). The swap of a pair stays
 * tabu for 4–100 steps. After `stall` steps without a new best, a few random swaps shake the seating; every
 * RESTART_EVERY shakes it starts again from a new first seating; after PATIENCE shakes without a new best it stops (the lower bound may be out of reach, e.g. 6-6-4).
 */
import type { Budget } from './budget';
import type { Rng } from './rng';
import type { Seating } from './seating';

export interface RotationResult {
  best: Int32Array;
  cost: number;
}

/** Until which step swapping a and b again in round r is tabu: a dense array when small, else a map. */
class TabuPairs {
  private readonly dense: Int32Array | null;
  private readonly sparse = new Map<number, number>();

  constructor(
    R: number,
    private readonly n: number,
  ) {
    this.dense = R * n * n <= 8_000_000 ? new Int32Array(R * n * n) : null;
  }

  private key(r: number, a: number, b: number): number {
    return (r * this.n + a) * this.n + b;
  }

  until(r: number, a: number, b: number): number {
    const key = this.key(r, a, b);
    return this.dense ? this.dense[key] : (this.sparse.get(key) ?? 0);
  }

  set(r: number, a: number, b: number, until: number, now: number) {
    if (this.dense) {
      this.dense[this.key(r, a, b)] = until;
      this.dense[this.key(r, b, a)] = until;
      return;
    }
    this.sparse.set(this.key(r, a, b), until);
    this.sparse.set(this.key(r, b, a), until);
    if (this.sparse.size > 100_000)
      for (const [key, end] of this.sparse) if (end <= now) this.sparse.delete(key);
  }

  clear() {
    this.dense?.fill(0);
    this.sparse.clear();
  }
}

/** Evaluated (person, partner) swaps per step, so that a step stays short on large instances. */
const EVALUATIONS_PER_STEP = 20_000;
/** A swap just made stays tabu for a number of steps drawn in [TENURE_MIN, TENURE_MAX] (Dotú & Van Hentenryck). */
const TENURE_MIN = 4;
const TENURE_MAX = 100;
const SHAKE_SWAPS = 3;
/** Shakes without a new best before the search gives up on the lower bound (it may be out of reach). */
const PATIENCE = 2000;
/** Every this many shakes without a new best, the search starts again from a new first seating. */
const RESTART_EVERY = 20;

export function rotate(
  seating: Seating,
  rng: Rng,
  budget: Budget,
  target: number,
  restart?: () => void,
): RotationResult {
  const { n, R, movable, tableOf } = seating;
  let cost = seating.hardCost().cost;
  let best = seating.snapshot();
  let bestCost = cost;
  if (cost <= target) return { best, cost };

  const tabuPairs = new TabuPairs(R, n);
  const { T, met1, met2, count } = seating;
  const stride = T + 1;
  const extra = seating.hasVip || seating.blockedAt !== null;
  const conflicts: number[] = [];
  const movers: number[][] = Array.from({ length: R }, (_, r) =>
    [...Array(n).keys()].filter((i) => movable[r * n + i]),
  );
  const stall = Math.max(200, 20 * n);
  let shakes = 0;
  let lastBest = 0;

  for (let step = 1; ; step++) {
    if ((step & 63) === 0) {
      if (budget.done()) break;
      budget.report(bestCost);
    }
    conflicts.length = 0;
    for (let r = 0; r < R; r++)
      for (const i of movers[r]) if (seating.inConflict(r, i)) conflicts.push(r * n + i);
    if (!conflicts.length) break; // what is left is structural (e.g. VIPs beyond the VIP seats)

    const positions = Math.max(1, Math.floor(EVALUATIONS_PER_STEP / n));
    if (conflicts.length > positions) {
      for (let k = 0; k < positions; k++) {
        const j = k + rng.int(conflicts.length - k);
        const x = conflicts[k];
        conflicts[k] = conflicts[j];
        conflicts[j] = x;
      }
      conflicts.length = positions;
    }

    let bestDelta = Number.POSITIVE_INFINITY;
    let moveRound = -1;
    let moveA = -1;
    let moveB = -1;
    let ties = 0;
    for (const position of conflicts) {
      const r = Math.floor(position / n);
      const a = position - r * n;
      const ta = tableOf[position];
      const ka = position * stride;
      const aLeaves = ta < T ? 1 : 0;
      const aOld = met2[ka + ta];
      const an = a * n;
      const list = movers[r];
      for (let k = 0; k < list.length; k++) {
        const b = list[k];
        const tb = tableOf[r * n + b];
        if (tb === ta) continue;
        const kb = (r * n + b) * stride;
        let delta = met1[kb + ta] + met1[ka + tb] - aOld - met2[kb + tb];
        if (count[an + b] !== 0) delta -= aLeaves + (tb < T ? 1 : 0);
        if (extra) delta += seating.extraDelta(r, a, b);
        if (delta > bestDelta) continue;
        if (tabuPairs.until(r, a, b) > step && cost + delta >= bestCost) continue;
        if (delta < bestDelta) {
          bestDelta = delta;
          ties = 1;
        } else if (rng.int(++ties) !== 0) continue;
        moveRound = r;
        moveA = a;
        moveB = b;
      }
    }
    if (moveRound < 0) {
      tabuPairs.clear();
      continue;
    }
    seating.swap(moveRound, moveA, moveB);
    cost += bestDelta;
    tabuPairs.set(moveRound, moveA, moveB, step + TENURE_MIN + rng.int(TENURE_MAX - TENURE_MIN + 1), step);

    if (cost < bestCost) {
      bestCost = cost;
      best = seating.snapshot();
      lastBest = step;
      shakes = 0;
      if (cost <= target) break;
    } else if (step - lastBest > stall) {
      if (++shakes > PATIENCE) break;
      if (restart && shakes % RESTART_EVERY === 0) {
        // A fresh start (Dotú & Van Hentenryck restart; the constructions draw new random choices).
        restart();
        cost = seating.hardCost().cost;
        tabuPairs.clear();
        lastBest = step;
        if (cost < bestCost) {
          bestCost = cost;
          best = seating.snapshot();
          shakes = 0;
          if (cost <= target) break;
        }
        continue;
      }
      // Shake: a few random swaps of people in conflict.
      for (let k = 0; k < SHAKE_SWAPS; k++) {
        const position = conflicts[rng.int(conflicts.length)];
        const r = Math.floor(position / n);
        const a = position - r * n;
        const b = movers[r][rng.int(movers[r].length)];
        if (tableOf[r * n + b] === tableOf[position]) continue;
        cost += seating.swapDelta(r, a, b);
        seating.swap(r, a, b);
      }
      lastBest = step;
    }
  }
  return { best, cost: bestCost };
}
