/**
 * The score and chosen-tables search, run after the rotation search: simulated annealing over swaps of two people
 * of one round at different tables, evaluated in O(1) with the delta matrix (Seating.gain) and the chosen-table
 * counts, and only among swaps that do not raise the hard cost (blocked pairs, VIP placement and repeats stay as
 * the rotation search left them, or get better). The schedule is counted in steps, never in time: cycles cool from
 * T0 to T0 / 1000, each cycle twice as long as the one before, each starting from the best seating found; the
 * search stops at the time limit, at the bound, or after three cycles without a new best.
 *
 * Maximised: sign · score + WC · (people seated at least once at a table they chose) + WT · (`together` pairs who
 * shared a table at least once), sign = +1 (similar), -1 (diverse), 0 (none); WC exceeds any score change one swap
 * can make, so a chosen table is never traded for score; WT exceeds any chosen-tables change one swap can make (two
 * people), so a « rencontre » pair is never traded for a chosen table. With `together` pairs, one move in four is
 * targeted: someone of an unmet pair trades seats with a person at their partner's table.
 */
import type { Budget } from './budget';
import type { Rng } from './rng';
import type { Seating } from './seating';
import { TogetherCounts } from './together';

/** T0 = this share of the mean change of a random swap. */
const START_TEMPERATURE = 0.1;
/** Cycles without a new best before the search stops on its own. */
const PATIENCE = 8;
/** Cycles stop doubling past this many steps per movable seat: the search ends there (same seed, same end). */
const LONGEST_CYCLE = 20_000;
/** Steps of the first cycle, per movable seat. */
const FIRST_CYCLE = 50;
/** The first descent stops after this many failed tries per movable seat in a row. */
const DESCENT_PATIENCE = 20;
/** Restarts from the best seating, shaken, once the cycles end on their own with time left. */
const RESTARTS = 5;
/** Random swaps of a shake, as a share of the movable seats. */
const SHAKE_SHARE = 0.1;
/** A restart's first cycle (steps per movable seat), and its cycles without a new best before it ends. */
const RESTART_CYCLE = 400;
const RESTART_PATIENCE = 3;

export interface ImproveGoal {
  sign: number;
  /** Stop when sign · score reaches this (the score bound), with every chooser satisfied. */
  scoreTarget: number;
}

export function improve(seating: Seating, rng: Rng, budget: Budget, goal: ImproveGoal): Int32Array {
  const { n, R, T, model, movable, tableOf } = seating;
  const chosen = model.chosen;
  const sign = seating.gain ? goal.sign : 0;
  const together = model.togetherPairs.length ? new TogetherCounts(seating) : null;
  if (!sign && !chosen && !together) return seating.snapshot();

  // Chosen tables: rounds each person sits at one of them.
  const chosenRounds = new Int32Array(n);
  if (chosen) {
    for (let r = 0; r < R; r++)
      for (let i = 0; i < n; i++) {
        const t = tableOf[r * n + i];
        if (t >= 0 && t < T && chosen[i * T + t]) chosenRounds[i]++;
      }
  }
  let satisfied = 0;
  for (let i = 0; i < n; i++) if (chosenRounds[i] > 0) satisfied++;
  const scores = seating.scores;
  let maxScore = 0;
  if (scores) for (let k = 0; k < scores.length; k++) if (scores[k] > maxScore) maxScore = scores[k];
  let largest = 1;
  for (let k = 0; k < model.sizes.length; k++) largest = Math.max(largest, model.sizes[k]);
  const unit = 4 * largest * Math.max(1, maxScore) + 1;
  const weightChosen = chosen ? unit : 0;
  const weightTogether = 2 * unit + 1;

  let score = sign ? currentScore(seating) : 0;
  let value = sign * score + weightChosen * satisfied + (together ? weightTogether * together.met : 0);
  const target =
    sign * goal.scoreTarget +
    weightChosen * model.choosers +
    (together ? weightTogether * together.pairs : 0);
  let best = seating.snapshot();
  let bestValue = value;
  let bestDirty = false;

  const movers: Int32Array[] = Array.from({ length: R }, (_, r) =>
    Int32Array.from([...Array(n).keys()].filter((i) => movable[r * n + i])),
  );
  const rounds = movers.map((list, r) => (list.length >= 2 ? r : -1)).filter((r) => r >= 0);
  if (!rounds.length) return best;

  const chosenGain = (i: number, from: number, to: number): number => {
    if (!chosen) return 0;
    const before = chosenRounds[i];
    const after = before - (from < T ? chosen[i * T + from] : 0) + (to < T ? chosen[i * T + to] : 0);
    return (after > 0 ? 1 : 0) - (before > 0 ? 1 : 0);
  };

  /** Chosen-table rounds after a and b swapped tables ta and tb. */
  const moved = (a: number, b: number, ta: number, tb: number) => {
    if (!chosen) return;
    chosenRounds[a] += (tb < T ? chosen[a * T + tb] : 0) - (ta < T ? chosen[a * T + ta] : 0);
    chosenRounds[b] += (ta < T ? chosen[b * T + ta] : 0) - (tb < T ? chosen[b * T + tb] : 0);
  };

  /** The swap drawn by `draw()`: round, people, their tables, and its changes of score and of value. */
  const swap = { r: 0, a: 0, b: 0, ta: 0, tb: 0, scoreDelta: 0, delta: 0 };
  /**
   * Draws a swap of two people's tables in one round into `swap`: a targeted move for an unmet `together` pair one
   * draw in four while some are unmet, else two movable people at random. False when there is nothing to try (no
   * targeted move found, or both at one table).
   */
  const draw = (): boolean => {
    let r: number;
    let a: number;
    let b: number;
    const move =
      together && together.met < together.pairs && rng.int(4) === 0
        ? together.propose(rng, rounds)
        : undefined;
    if (move === null) return false;
    if (move) [r, a, b] = move;
    else {
      r = rounds[rng.int(rounds.length)];
      const list = movers[r];
      a = list[rng.int(list.length)];
      b = list[rng.int(list.length)];
    }
    const ta = tableOf[r * n + a];
    const tb = tableOf[r * n + b];
    if (ta === tb) return false;
    const scoreDelta = sign ? seating.scoreDelta(r, a, b) : 0;
    const chosenDelta = chosen ? chosenGain(a, ta, tb) + chosenGain(b, tb, ta) : 0;
    const togetherDelta = together ? together.swapDelta(r, a, b) : 0;
    swap.r = r;
    swap.a = a;
    swap.b = b;
    swap.ta = ta;
    swap.tb = tb;
    swap.scoreDelta = scoreDelta;
    swap.delta = sign * scoreDelta + weightChosen * chosenDelta + weightTogether * togetherDelta;
    return true;
  };

  // Temperature scale: the mean size of a random swap's change.
  let sampled = 0;
  let total = 0;
  for (let k = 0; k < 1000; k++) {
    const r = rounds[rng.int(rounds.length)];
    const a = movers[r][rng.int(movers[r].length)];
    const b = movers[r][rng.int(movers[r].length)];
    if (tableOf[r * n + a] === tableOf[r * n + b]) continue;
    total += Math.abs(sign * seating.scoreDeltaOrZero(r, a, b));
    sampled++;
  }
  const t0 = Math.max(1e-9, sampled ? (START_TEMPERATURE * total) / sampled : 1);
  const people = rounds.reduce((sum, r) => sum + movers[r].length, 0);

  // Descent first: random swaps that raise the value, until DESCENT_PATIENCE × people tries in a row fail.
  {
    let fails = 0;
    const patience = DESCENT_PATIENCE * people;
    for (let step = 0; fails < patience && value < target; step++) {
      if ((step & 4095) === 0) {
        if (budget.done()) break;
        budget.report(value);
      }
      fails++;
      if (!draw()) continue;
      const { r, a, b, ta, tb, scoreDelta, delta } = swap;
      if (delta <= 1e-9 || seating.swapDelta(r, a, b) > 0) continue;
      together?.recordSwap(r, a, b);
      seating.swap(r, a, b);
      moved(a, b, ta, tb);
      score += scoreDelta;
      value += delta;
      fails = 0;
    }
    if (value > bestValue + 1e-9) {
      bestValue = value;
      best = seating.snapshot();
    }
  }

  let cycleSteps = FIRST_CYCLE * people;
  let cyclesWithoutBest = 0;
  let step = 0;
  let restarts = 0;
  for (;;) {
    if (!(value < target && cyclesWithoutBest < PATIENCE && cycleSteps <= LONGEST_CYCLE * people)) {
      // The cycles ended on their own with time left: start again from the best seating, shaken (iterated local
      // search), with a shorter schedule; the best seating found so far is kept whatever follows.
      if (value >= target || budget.done() || ++restarts > RESTARTS) break;
      shake(seating, rng, rounds, movers, Math.max(2, Math.round(SHAKE_SHARE * people)), (r, a, b) => {
        const ta = tableOf[r * n + a];
        const tb = tableOf[r * n + b];
        const chosenDelta = chosen ? chosenGain(a, ta, tb) + chosenGain(b, tb, ta) : 0;
        const togetherDelta = together ? together.swapDelta(r, a, b) : 0;
        if (chosenDelta < 0 || togetherDelta < 0) return false;
        together?.recordSwap(r, a, b);
        return true;
      });
      recountChosen(seating, chosenRounds);
      together?.recount();
      score = sign ? currentScore(seating) : 0;
      value =
        sign * score +
        weightChosen * countSatisfied(chosenRounds) +
        (together ? weightTogether * together.met : 0);
      cycleSteps = RESTART_CYCLE * people;
      cyclesWithoutBest = PATIENCE - RESTART_PATIENCE;
      continue;
    }
    const bestBefore = bestValue;
    const factor = 1000 ** (-1 / cycleSteps);
    let temp = t0;
    for (let c = 0; c < cycleSteps; c++, step++) {
      if ((step & 4095) === 0) {
        if (budget.done()) break;
        budget.report(bestValue);
      }
      temp *= factor;
      if (!draw()) continue;
      const { r, a, b, ta, tb, scoreDelta, delta } = swap;
      if (delta < 0 && rng.next() >= Math.exp(delta / temp)) continue;
      if (seating.swapDelta(r, a, b) > 0) continue;
      if (delta < 0 && bestDirty) {
        best = seating.snapshot();
        bestDirty = false;
      }
      together?.recordSwap(r, a, b);
      seating.swap(r, a, b);
      moved(a, b, ta, tb);
      score += scoreDelta;
      value += delta;
      if (value > bestValue + 1e-9) {
        bestValue = value;
        bestDirty = true;
        if (value >= target) break;
      }
    }
    if (bestDirty) {
      best = seating.snapshot();
      bestDirty = false;
    }
    if (budget.done()) break;
    cyclesWithoutBest = bestValue > bestBefore + 1e-9 ? 0 : cyclesWithoutBest + 1;
    // Next cycle: from the best seating, twice as long.
    seating.restore(best);
    score = sign ? currentScore(seating) : 0;
    value = bestValue;
    recountChosen(seating, chosenRounds);
    together?.recount();
    cycleSteps *= 2;
  }
  return best;
}

function currentScore(seating: Seating): number {
  const { n, R, T, slotPerson, scores } = seating;
  if (!scores) return 0;
  let total = 0;
  for (let r = 0; r < R; r++)
    for (let t = 0; t < T; t++) {
      const end = seating.end(r, t);
      for (let s = seating.start(r, t); s < end; s++)
        for (let u = s + 1; u < end; u++) total += scores[slotPerson[r * n + s] * n + slotPerson[r * n + u]];
    }
  return total;
}

function recountChosen(seating: Seating, chosenRounds: Int32Array) {
  const { n, R, T, model, tableOf } = seating;
  const chosen = model.chosen;
  chosenRounds.fill(0);
  if (!chosen) return;
  for (let r = 0; r < R; r++)
    for (let i = 0; i < n; i++) {
      const t = tableOf[r * n + i];
      if (t >= 0 && t < T && chosen[i * T + t]) chosenRounds[i]++;
    }
}

/** `count` random swaps of one round that keep the hard cost (and that `accept`, called before each swap, allows). */
function shake(
  seating: Seating,
  rng: Rng,
  rounds: number[],
  movers: Int32Array[],
  count: number,
  accept: (r: number, a: number, b: number) => boolean,
) {
  const { n, tableOf } = seating;
  for (let made = 0, tries = 0; made < count && tries < 50 * count; tries++) {
    const r = rounds[rng.int(rounds.length)];
    const list = movers[r];
    const a = list[rng.int(list.length)];
    const b = list[rng.int(list.length)];
    if (tableOf[r * n + a] === tableOf[r * n + b] || seating.swapDelta(r, a, b) > 0) continue;
    if (!accept(r, a, b)) continue;
    seating.swap(r, a, b);
    made++;
  }
}

function countSatisfied(chosenRounds: Int32Array): number {
  let satisfied = 0;
  for (let i = 0; i < chosenRounds.length; i++) if (chosenRounds[i] > 0) satisfied++;
  return satisfied;
}
