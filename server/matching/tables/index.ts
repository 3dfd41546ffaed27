import type { SolveOptions, TablesInstance, TablesResult } from '../instance';
import { repeatsAtLeast, scoreBounds } from './bounds';
import { Budget } from './budget';
import { seatInitially } from './construct';
import { groupByScore, groupingBounds, isScoreGrouping } from './grouping';
import { improve } from './improve';
import { buildModel, type Model } from './model';
import { buildResult } from './result';
import { Rng } from './rng';
import { rotate } from './rotate';
import { scoreMatrix } from './score-matrix';
import { Seating } from './seating';

/**
 * Table rounds and score grouping (rounds = 1): see docs/matching/tables-solver.md. One round of scores only (MDGP)
 * goes to the grouping search (grouping.ts) until the time limit or the score bound; everything else:
 * 1. a first seating (MOLS for s-s-R grids, else a greedy pass); 2. the rotation search on the hard cost (blocked
 * pairs, VIP placement, repeats) down to its lower bound, the time limit, or half of it when scores, chosen tables
 * or `together` pairs follow; 3. the search on those soft terms, which never raises the hard cost.
 */
export async function solveTables(instance: TablesInstance, options: SolveOptions): Promise<TablesResult> {
  const budget = new Budget(options);
  const model = buildModel(instance);
  const scores = scoreMatrix(instance);
  const rng = new Rng(options.seed);
  const repeatsBound = repeatsAtLeast(model);
  const { atMost, atLeast } = scores
    ? scoreBounds(scores, model)
    : { atMost: trivialScoreBound(instance, model), atLeast: 0 };
  const sign = instance.objective === 'similar' ? 1 : instance.objective === 'diverse' ? -1 : 0;
  const secondPhase = (sign !== 0 && scores !== null) || model.choosers > 0 || model.togetherPairs.length > 0;

  const { slots, tableStart } =
    scores && isScoreGrouping(model, scores, sign)
      ? // One round and nothing but the score: the grouping search (grouping.ts), to the time limit or the bound.
        groupByScore(model, scores, sign, groupingBounds(model), rng, budget, sign > 0 ? atMost : -atLeast)
      : seatRounds(model, scores, rng, budget, { sign, secondPhase, repeatsBound, atMost, atLeast });
  const result = buildResult(model, slots, tableStart, scores, instance, {
    seconds: 0,
    repeatsAtLeast: repeatsBound,
    scoreAtMost: atMost,
  });
  result.stats.seconds = budget.seconds();
  return result;
}

/** Steps 1–3 of the method: the first seating, the rotation search, then the search on the soft terms. */
function seatRounds(
  model: Model,
  scores: Float64Array | null,
  rng: Rng,
  budget: Budget,
  goal: { sign: number; secondPhase: boolean; repeatsBound: number; atMost: number; atLeast: number },
): { slots: Int32Array; tableStart: Int32Array } {
  const { sign, secondPhase, repeatsBound, atMost, atLeast } = goal;
  const seating = new Seating(model, scores);
  const scoring = sign !== 0 && scores !== null ? sign : 0;
  const constructed = seatInitially(seating, rng, scoring);
  const target = repeatsBound + seating.weightVip * structuralVip(seating);
  const restart = () => {
    seating.clear();
    seatInitially(seating, rng, scoring);
  };
  // Restarts pay where a construction draws a new start each time (8-4-10 from a partial spread); elsewhere the
  // greedy start is worse than the shaken seating.
  const rotation = rotate(
    seating,
    rng,
    secondPhase ? budget.share(0.5) : budget,
    target,
    constructed ? restart : undefined,
  );
  seating.restore(rotation.best);
  const slots = secondPhase
    ? improve(seating, rng, budget, { sign, scoreTarget: sign > 0 ? atMost : atLeast })
    : rotation.best;
  return { slots, tableStart: seating.tableStart };
}

/** Without a score matrix (past DENSE_SCORES_LIMIT people): every seated pair scoring every weight. */
function trivialScoreBound(instance: TablesInstance, model: Model): number {
  const weights = instance.questions.reduce((sum, q) => sum + q.weight, 0);
  let pairs = 0;
  for (let r = 0; r < model.R; r++)
    for (let t = 0; t < model.T; t++) {
      const size = model.sizes[r * (model.T + 1) + t];
      pairs += (size * (size - 1)) / 2;
    }
  return pairs * weights;
}

/** VIP misplacements no seating avoids: non-VIPs filling VIP seats the VIPs leave free, VIPs beyond them. */
function structuralVip(seating: Seating): number {
  const { model, n, T, R } = seating;
  let total = 0;
  for (let r = 0; r < R; r++) {
    let vips = 0;
    for (let i = 0; i < n; i++) if (model.present[r * n + i] && model.vipPerson[i]) vips++;
    let vipSeats = 0;
    for (let t = 0; t < T; t++) if (model.vipTable[t]) vipSeats += model.sizes[r * (T + 1) + t];
    total += Math.max(0, vipSeats - vips);
    if (model.vipFits[r]) total += Math.max(0, vips - vipSeats);
  }
  return total;
}
