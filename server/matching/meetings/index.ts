import type { MeetingsInstance, MeetingsResult, SolveOptions } from '../instance';
import { lagrangianBound } from './bound';
import { compileMeetings } from './problem';
import { createRandom } from './random';
import { MeetingsSearch } from './search';

/** Rounds of subgradient steps and coordinate descent for the bound, when the first descent stalls. */
const BOUND_ROUNDS = 6;
/** The search stops when this many steps in a row (per person with requests) found nothing heavier. */
const PATIENCE_PER_PERSON = 30;
const PATIENCE_MIN = 2000;
const PROGRESS_MS = 100;

/**
 * One-to-one meetings: requests placed in slots and tables, maximising the weight placed
 * (docs/matching/meetings-solver.md). A pair asked twice keeps its heaviest request; a request of a person with
 * herself is left out. Deterministic for `options.seed`; the clock only stops it.
 */
export async function solveMeetings(
  instance: MeetingsInstance,
  options: SolveOptions,
): Promise<MeetingsResult> {
  const started = performance.now();
  const deadline = started + options.timeLimitSeconds * 1000;
  const shouldStop = () => options.signal?.aborted === true || performance.now() >= deadline;
  const problem = compileMeetings(instance);
  const search = new MeetingsSearch(problem, createRandom(options.seed));
  const schedule = search.schedule;
  let activePeople = 0;
  for (let p = 0; p < problem.personIds.length; p++)
    if (problem.personStart[p + 1] > problem.personStart[p]) activePeople++;
  const patience = Math.max(PATIENCE_MIN, PATIENCE_PER_PERSON * activePeople);

  let lastReport = started;
  let bound = Number.POSITIVE_INFINITY;
  const fraction = () =>
    Math.min(
      1,
      Math.max(
        (performance.now() - started) / Math.max(1, options.timeLimitSeconds * 1000),
        (search.iterations - search.lastImprovement) / patience,
      ),
    );
  /** Reports progress at most every 100 ms, and lets the event loop run then (an abort can arrive). */
  const checkpoint = async () => {
    const now = performance.now();
    if (now - lastReport < PROGRESS_MS) return;
    lastReport = now;
    options.onProgress?.({ fraction: fraction(), best: search.bestWeight });
    await new Promise((resolve) => setImmediate(resolve));
  };
  const proved = () => search.bestWeight >= bound - 1e-9 * Math.max(1, bound);

  search.greedy(shouldStop);
  await checkpoint();
  while (!shouldStop() && search.sweep(shouldStop)) await checkpoint();
  if (!shouldStop()) bound = lagrangianBound(problem, search.bestWeight, BOUND_ROUNDS, shouldStop);
  while (!shouldStop() && !proved() && search.iterations - search.lastImprovement < patience) {
    search.step();
    if ((search.iterations & 31) === 0) await checkpoint();
  }
  search.restoreBest();
  if (!Number.isFinite(bound)) bound = problem.weight.reduce((sum, w) => sum + w, 0);

  const tableOf = new Int32Array(problem.slots);
  const meetings: MeetingsResult['meetings'] = [];
  for (let r = 0; r < schedule.slotOf.length; r++) {
    const slot = schedule.slotOf[r];
    if (slot < 0) continue;
    meetings.push({
      a: problem.personIds[problem.reqA[r]],
      b: problem.personIds[problem.reqB[r]],
      slot,
      table: tableOf[slot]++,
    });
  }
  let weight = 0;
  for (let r = 0; r < schedule.slotOf.length; r++) if (schedule.slotOf[r] >= 0) weight += problem.weight[r];
  options.onProgress?.({ fraction: 1, best: weight });
  return {
    meetings,
    stats: { weight, bound: Math.max(bound, weight), seconds: (performance.now() - started) / 1000 },
  };
}
