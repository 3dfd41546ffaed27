/**
 * Score grouping (matching.md, family 2; the maximally diverse grouping problem, MDGP): one round, nothing but the
 * score to weigh, table sizes fixed or between a minimum and a maximum. Iterated maxima search (Lai & Hao, EJOR 254
 * (2016)):
 * - a best-of-several start: greedy seatings (each person, in a random order, to the table it scores best with on
 *   average, among those with room), each improved by a descent;
 * - then, until the time limit (or the score bound): a strong perturbation of the current seating (a few random
 *   moves and swaps, STRENGTH) and a maxima search: descents (every improving move, then every improving swap, until
 *   none is left) alternating with weak perturbations (four times, the best of n random moves or swaps, good or not)
 *   from the best seating of this search, until four descents in a row find nothing better. The best seating ever
 *   met is returned.
 *
 * Every evaluation is O(1) through sumTo[i, g] = Σ score(i, x) over the people x at table g (the delta matrix):
 * moving i from g to h changes the score by sumTo[i, h] − sumTo[i, g]; swapping i (at g) and j (at h) by
 * sumTo[i, h] − sumTo[i, g] + sumTo[j, g] − sumTo[j, h] − 2 · score(i, j). Making a move updates two columns, O(n).
 * The schedule counts steps, never time: the clock only stops it (same seed, same trajectory).
 */
import type { Budget } from './budget';
import { Grouping } from './groups';
import type { Model } from './model';
import type { Rng } from './rng';

/** Greedy starts, each followed by a descent, before the iterated search (Lai & Hao: 10). */
const STARTS = 10;
/** Weak perturbations per round of a maxima search, and descents without a new best before it ends (Lai & Hao: 3, 3). */
const WEAK_ROUNDS = 4;
const MAXIMA_PATIENCE = 4;
/**
 * Random moves or swaps of the strong perturbation: STRENGTH × (people / tables) × (people / 120)^0.8, at least 2 —
 * 3 at 120 people in 10 tables, 9 at 240 in 12, 18 at 480 in 20. Lai & Hao perturb with people / tables (12 at
 * 120); measured here with 1–8 s of CPU (RanReal, RanInt): 3 swaps beat 6 and 12 at n = 120 (0.06–0.15 % against
 * 0.27–0.31 and 0.32–0.52 %), about 10 beat 5 and 15 at 240, 18 beat 9 at 480.
 */
const STRENGTH = 0.25;
const EPSILON = 1e-9;

export interface GroupingBounds {
  /** Fewest and most people at table t (lo[t] = hi[t]: a fixed size). */
  lo: Int32Array;
  hi: Int32Array;
}

/**
 * The search over one Grouping: `movers` are the people it may move (fixed people stay where they are, and are
 * seated before it starts), `bounds` the sizes each table may take.
 */
export class GroupingSearch {
  readonly current: Grouping;
  readonly best: Grouping;
  private readonly localBest: Grouping;
  private readonly n: number;
  private readonly G: number;
  /** Share of moves among random neighbours: moves are n · G of them, swaps n(n − 1) / 2. */
  private readonly moveShare: number;
  private readonly variable: boolean;
  private readonly movable: Uint8Array;
  private readonly reach: Float64Array;
  /** The smallest score of two movable people (the pruning bound of `descent`). */
  private readonly minScore: number;

  constructor(
    n: number,
    G: number,
    d: Float64Array,
    private readonly movers: Int32Array,
    private readonly bounds: GroupingBounds,
    private readonly rng: Rng,
    private readonly budget: Budget,
    /** Stop once the value reaches this (a bound: nothing left to gain). */
    private readonly target: number,
  ) {
    this.n = n;
    this.G = G;
    this.current = new Grouping(n, G, d);
    this.best = new Grouping(n, G, d);
    this.localBest = new Grouping(n, G, d);
    const m = movers.length;
    this.variable = bounds.lo.some((lo, g) => lo < bounds.hi[g]);
    this.moveShare = this.variable ? (m * G) / (m * G + (m * (m - 1)) / 2) : 0;
    this.movable = new Uint8Array(n);
    for (const i of movers) this.movable[i] = 1;
    this.reach = new Float64Array(G * G);
    let minScore = Number.POSITIVE_INFINITY;
    for (const i of movers)
      for (const j of movers) if (i !== j && d[i * n + j] < minScore) minScore = d[i * n + j];
    this.minScore = Number.isFinite(minScore) ? minScore : 0;
  }

  private finished(): boolean {
    return this.best.value >= this.target - EPSILON || this.budget.done();
  }

  /** Seats everyone (fixed people already in `current`), greedily: see the file's comment. */
  greedy(fixedGroup: Int32Array) {
    const { current, G, rng } = this;
    const { lo, hi } = this.bounds;
    current.clear();
    for (let i = 0; i < this.n; i++) if (fixedGroup[i] >= 0) current.add(i, fixedGroup[i]);
    const order = Int32Array.from(this.movers);
    rng.shuffle(order);
    let missing = 0;
    for (let g = 0; g < G; g++) missing += Math.max(0, lo[g] - current.size[g]);
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      // When the people left only just cover the minimums, they go to tables below theirs.
      const mustFill = order.length - k <= missing;
      let bestGroup = -1;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (let g = 0; g < G; g++) {
        const size = current.size[g];
        if (size >= hi[g] || (mustFill && size >= lo[g])) continue;
        // An empty table comes first, so that the first people open every table (Lai & Hao's start).
        const score = size ? current.to(i, g) / size : Number.POSITIVE_INFINITY;
        const tie = rng.next() * 1e-9;
        if (score + tie > bestScore) {
          bestScore = score + tie;
          bestGroup = g;
        }
      }
      if (current.size[bestGroup] < lo[bestGroup]) missing--;
      current.add(i, bestGroup);
    }
  }

  private canMove(i: number, g: number): boolean {
    const from = this.current.group[i];
    return (
      from !== g && this.current.size[from] > this.bounds.lo[from] && this.current.size[g] < this.bounds.hi[g]
    );
  }

  /**
   * Every improving move, then every improving swap, until a pass finds none. A swap of i (at g) with j (at h)
   * gains at most A_i(h) + A_j(g) − 2 · min score, A_x(t) being x's move gain to t; `reach[h · G + g]` = max of
   * A_j(g) over the movable j at h bounds the second term, so most tables h are ruled out for i without looking at
   * their people (recounted after each swap made, O(n · G)).
   */
  descent() {
    const { current: c, movers, G, n, movable, reach } = this;
    const m = movers.length;
    const { group, sumTo, d, size, members } = c;
    for (let improved = true; improved; ) {
      if (this.budget.done()) return;
      improved = false;
      if (this.variable) {
        for (let a = 0; a < m; a++) {
          const i = movers[a];
          for (let g = 0; g < G; g++) {
            if (this.canMove(i, g) && c.moveDelta(i, g) > EPSILON) {
              c.move(i, g);
              improved = true;
            }
          }
        }
      }
      this.computeReach();
      const slack = EPSILON + 2 * this.minScore;
      for (let a = 0; a < m; a++) {
        const i = movers[a];
        const gi = group[i];
        const own = sumTo[gi * n + i];
        const row = i * n;
        search: for (let h = 0; h < G; h++) {
          if (h === gi) continue;
          const gain = sumTo[h * n + i] - own;
          if (gain + reach[h * G + gi] <= slack) continue;
          const first = h * n;
          for (let k = first, end = first + size[h]; k < end; k++) {
            const j = members[k];
            if (!movable[j]) continue;
            const delta = gain + sumTo[gi * n + j] - sumTo[first + j] - 2 * d[row + j];
            if (delta > EPSILON) {
              c.swap(i, j);
              this.computeReach();
              improved = true;
              break search;
            }
          }
        }
      }
    }
  }

  /** reach[h · G + g]: the most a movable person at h gains by moving to g (see `descent`). */
  private computeReach() {
    const { current: c, G, n, movable, reach } = this;
    const { size, members, sumTo } = c;
    reach.fill(Number.NEGATIVE_INFINITY);
    for (let h = 0; h < G; h++) {
      for (let k = h * n, end = h * n + size[h]; k < end; k++) {
        const j = members[k];
        if (!movable[j]) continue;
        const own = sumTo[h * n + j];
        for (let g = 0; g < G; g++) {
          const gain = sumTo[g * n + j] - own;
          if (gain > reach[h * G + g]) reach[h * G + g] = gain;
        }
      }
    }
  }

  /**
   * A random neighbour that keeps the sizes within bounds: [i, g] a move (g ≥ 0), [i, -1 - j] a swap with j; null
   * when none was found in a few draws (everyone at one table).
   */
  private randomNeighbour(): [number, number] | null {
    const { movers, rng, current: c, G } = this;
    const m = movers.length;
    for (let tries = 0; tries < 100; tries++) {
      const i = movers[rng.int(m)];
      if (rng.next() < this.moveShare) {
        const g = rng.int(G);
        if (this.canMove(i, g)) return [i, g];
      } else {
        const j = movers[rng.int(m)];
        if (c.group[i] !== c.group[j]) return [i, -1 - j];
      }
    }
    return null;
  }

  private apply([i, x]: [number, number]) {
    if (x >= 0) this.current.move(i, x);
    else this.current.swap(i, -1 - x);
  }

  /** The best of `samples` random neighbours, made whatever its change. */
  private weakPerturbation(samples: number) {
    let chosen: [number, number] | null = null;
    let bestDelta = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < samples; k++) {
      const neighbour = this.randomNeighbour();
      if (!neighbour) return;
      const [i, x] = neighbour;
      const delta = x >= 0 ? this.current.moveDelta(i, x) : this.current.swapDelta(i, -1 - x);
      if (delta > bestDelta) {
        bestDelta = delta;
        chosen = neighbour;
      }
    }
    if (chosen) this.apply(chosen);
  }

  private strongPerturbation(count: number) {
    for (let k = 0; k < count; k++) {
      const neighbour = this.randomNeighbour();
      if (!neighbour) return;
      this.apply(neighbour);
    }
  }

  private keepIfBest() {
    if (this.current.value > this.best.value + EPSILON) {
      this.best.copyFrom(this.current);
      this.budget.report(this.best.value);
    }
  }

  /** Descents and weak perturbations from the current seating; leaves the best of them as the current seating. */
  private maximaSearch() {
    const { current, localBest } = this;
    const samples = this.movers.length;
    localBest.copyFrom(current);
    for (let without = 0; without < MAXIMA_PATIENCE && !this.finished(); ) {
      this.descent();
      if (current.value > localBest.value + EPSILON) {
        localBest.copyFrom(current);
        this.keepIfBest();
        without = 0;
      } else without++;
      current.copyFrom(localBest);
      for (let k = 0; k < WEAK_ROUNDS; k++) this.weakPerturbation(samples);
    }
    current.copyFrom(localBest);
  }

  /** The whole search: starts, then perturbation and maxima search until the budget or the target. */
  run(fixedGroup: Int32Array): Grouping {
    const { current, best } = this;
    best.value = Number.NEGATIVE_INFINITY;
    if (this.movers.length < 2) {
      this.greedy(fixedGroup);
      best.copyFrom(current);
      return best;
    }
    for (let s = 0; s < STARTS && (s === 0 || !this.finished()); s++) {
      this.greedy(fixedGroup);
      this.descent();
      if (current.value > best.value + EPSILON) best.copyFrom(current);
    }
    current.copyFrom(best);
    // Nothing to change (one table, or every table full and alone in its size): the start is the only seating.
    if (!this.randomNeighbour()) return best;
    const m = this.movers.length;
    const strength = Math.max(
      2,
      Math.round(STRENGTH * (m / Math.max(1, this.G)) * Math.max(1, m / 120) ** 0.8),
    );
    // A random walk over the maxima found (no acceptance test): perturbing the best seating instead was far worse
    // (0.39 / 0.45 % against 0.07 / 0.09 % on RanReal and RanInt n = 120 in 1 s of CPU).
    while (!this.finished()) {
      this.strongPerturbation(strength);
      this.maximaSearch();
      this.keepIfBest();
    }
    return best;
  }
}

/**
 * Whether one round's seating can go to the grouping search: one round, a score to weigh, and nothing else (no
 * blocked pair, VIP, chosen table, `together` or `met` pair, nobody left unseated for lack of seats).
 */
export function isScoreGrouping(model: Model, scores: Float64Array | null, sign: number): boolean {
  const { R, T, sizes } = model;
  return (
    R === 1 &&
    sign !== 0 &&
    scores !== null &&
    model.blocked === null &&
    model.chosen === null &&
    model.togetherPairs.length === 0 &&
    model.met.length === 0 &&
    !model.vipPerson.some((v) => v === 1) &&
    !model.vipTable.some((v) => v === 1) &&
    sizes[T] === 0
  );
}

/**
 * The sizes the grouping search may give each table: the model's (fixed) for tables without `minSeats`; between
 * minSeats (or the people fixed there, if more) and the seats for the others.
 */
export function groupingBounds(model: Model): GroupingBounds {
  const { T, sizes, minSeats, fixedTable, present, n } = model;
  const lo = sizes.slice(0, T);
  const hi = sizes.slice(0, T);
  if (!minSeats) return { lo, hi };
  const fixed = new Int32Array(T);
  for (let i = 0; i < n; i++) if (present[i] && fixedTable[i] >= 0) fixed[fixedTable[i]]++;
  for (let t = 0; t < T; t++) {
    if (minSeats[t] < 0) continue;
    lo[t] = Math.max(minSeats[t], fixed[t]);
    hi[t] = model.seats[t];
  }
  return { lo, hi };
}

/**
 * Seats the round of a score-grouping model (`isScoreGrouping`): returns the slots (people table by table) and the
 * first slot of each table (the layout of Seating.tableStart for one round), the sizes being those found.
 */
export function groupByScore(
  model: Model,
  scores: Float64Array,
  sign: number,
  bounds: GroupingBounds,
  rng: Rng,
  budget: Budget,
  target: number,
): { slots: Int32Array; tableStart: Int32Array } {
  const { n, T, present, fixedTable } = model;
  let d = scores;
  if (sign !== 1) d = scores.map((v) => sign * v);
  const fixedGroup = Int32Array.from({ length: n }, (_, i) => (present[i] ? fixedTable[i] : -1));
  const movers = Int32Array.from([...Array(n).keys()].filter((i) => present[i] && fixedTable[i] < 0));
  const best = new GroupingSearch(n, T, d, movers, bounds, rng, budget, target).run(fixedGroup);
  const tableStart = new Int32Array(T + 2);
  for (let t = 0; t < T; t++) tableStart[t + 1] = tableStart[t] + best.size[t];
  tableStart[T + 1] = tableStart[T];
  const slots = new Int32Array(n).fill(-1);
  const fill = tableStart.slice(0, T);
  for (let i = 0; i < n; i++) if (best.group[i] >= 0) slots[fill[best.group[i]]++] = i;
  return { slots, tableStart };
}
