/**
 * One bar line of `npm run bench -- matching`: the solver through the worker runner, its result recounted by the
 * checker, and the reference run beside it on the same instance (baseline.ts; HiGHS for meetings; BKS for scores).
 */
import os from 'node:os';
import { checkMeetings, checkTables } from '../../server/matching/checker';
import type { MeetingsInstance } from '../../server/matching/instance';
import { generateMeetingsInstance } from '../../server/matching/meetings/generate';
import { randomQuestionnaire, seededRandom } from '../../server/matching/random';
import { solveInWorker } from '../../server/matching/run';
import { computeScores } from '../../server/matching/scores';
import { annealTables, greedyDescentTables, greedyMeetings, plainScores } from './baseline';
import { type Bks, fingerprint } from './bks';
import { meetingsLpBound, readOptima } from './highs';
import {
  type BarLine,
  BENCH_SEED,
  MEETINGS_SEED,
  type MeetingsLine,
  type RotationLine,
  type ScoresComputeLine,
  type ScoresLine,
} from './instances';

export interface LineResult {
  id: string;
  label: string;
  figure: string;
  target: string;
  /** met, GAP (below the target), INVALID (a rule broken), or n/a (the solver or its reference is missing). */
  verdict: 'met' | 'GAP' | 'INVALID' | 'n/a';
  reference: string;
  /** The numbers behind the figure, for bench/results/matching.json. */
  data: Record<string, unknown>;
}

export interface LineContext {
  quick: boolean;
  bks: Record<string, Bks>;
  log: (message: string) => void;
}

const s = (seconds: number) => `${seconds < 10 ? seconds.toFixed(2) : seconds.toFixed(1)} s`;
const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runLine(line: BarLine, context: LineContext): Promise<LineResult> {
  if (line.kind === 'rotation') return rotation(line, context);
  if (line.kind === 'grouping') return grouping(line, context);
  if (line.kind === 'meetings') return meetings(line, context);
  return scores(line);
}

async function rotation(line: RotationLine, { quick }: LineContext): Promise<LineResult> {
  const instance = line.instance();
  const limit = quick ? line.quick : line.timeLimit;
  const base = annealTables(instance, 1, limit);
  const baseRepeats = checkTables(instance, base).stats.repeats;
  const reference = `SA: ${baseRepeats} repeats, ${s(base.seconds)}`;
  const common = { id: line.id, label: line.label, target: line.target, reference };
  try {
    const result = await solveInWorker(instance, { seed: 1, timeLimitSeconds: limit });
    const { stats, violations } = checkTables(instance, result);
    const data = {
      repeats: stats.repeats,
      seconds: result.stats.seconds,
      violations,
      baseline: { repeats: baseRepeats, seconds: base.seconds },
    };
    if (violations.length) return { ...common, figure: violations[0], verdict: 'INVALID', data };
    const met = stats.repeats <= line.repeats && result.stats.seconds < line.seconds;
    return {
      ...common,
      figure: `${stats.repeats} repeats, ${s(result.stats.seconds)}`,
      verdict: met ? 'met' : 'GAP',
      data,
    };
  } catch (error) {
    return { ...common, figure: `solver: ${failure(error)}`, verdict: 'n/a', data: {} };
  }
}

async function grouping(line: ScoresLine, { quick, bks }: LineContext): Promise<LineResult> {
  const instance = line.instance();
  const limit = quick ? line.quick : line.timeLimit;
  const known = bks[line.id];
  const best = known && known.instance === fingerprint(instance) ? known.score : undefined;
  const gapOf = (score: number) => (best === undefined ? undefined : (best - score) / best);
  const describe = (score: number, hard: number) =>
    `${gapOf(score) === undefined ? `score ${score.toFixed(1)}` : `gap ${pct(gapOf(score) as number)}`}` +
    `${hard ? `, ${hard} hard` : ''}`;
  const base = greedyDescentTables(instance, 1, limit);
  const baseStats = checkTables(instance, base).stats;
  const baseHard = baseStats.repeats + baseStats.blockedTogether + baseStats.vipMisplaced;
  const bksText =
    best === undefined
      ? known
        ? 'BKS stale: --refresh-bks'
        : 'no BKS: --refresh-bks'
      : `BKS ${best.toFixed(1)}`;
  const reference = `greedy+descent: ${describe(baseStats.score, baseHard)}, ${s(base.seconds)}; ${bksText}`;
  const common = { id: line.id, label: line.label, target: line.target, reference };
  try {
    const result = await solveInWorker(instance, { seed: 1, timeLimitSeconds: limit });
    const { stats, violations } = checkTables(instance, result);
    const hard = stats.repeats + stats.blockedTogether + stats.vipMisplaced;
    const gap = gapOf(stats.score);
    const data = {
      ...stats,
      seconds: result.stats.seconds,
      gap,
      bks: best,
      violations,
      baseline: { ...baseStats, seconds: base.seconds },
    };
    if (violations.length) return { ...common, figure: violations[0], verdict: 'INVALID', data };
    const figure = `${describe(stats.score, hard)}, ${s(result.stats.seconds)}`;
    if (gap === undefined) return { ...common, figure, verdict: 'n/a', data };
    const met = hard === 0 && gap <= line.gap && result.stats.seconds < line.seconds * 1.05;
    return { ...common, figure, verdict: met ? 'met' : 'GAP', data };
  } catch (error) {
    return { ...common, figure: `solver: ${failure(error)}`, verdict: 'n/a', data: {} };
  }
}

/**
 * HiGHS's reference for a meetings instance: the cached answer of optima.json (`${id}:${seed}`) when the instance
 * matches, else HiGHS now (the LP only; the MIP would take minutes) unless `quick`. The optimum is used when the MIP
 * proved it; otherwise the LP bound (an upper bound of the optimum, so a share of it is a share of the optimum at least).
 */
async function highsReference(
  line: MeetingsLine,
  instance: MeetingsInstance,
  quick: boolean,
): Promise<{ value?: number; kind: 'optimum' | 'LP bound'; text: string }> {
  const cached = readOptima()[`${line.id}:${MEETINGS_SEED}`];
  const sameSpec =
    cached && JSON.stringify(cached.spec) === JSON.stringify({ ...line.size, seed: MEETINGS_SEED });
  const mip = sameSpec ? cached.mip : undefined;
  if (line.reference === 'optimum' && mip?.status === 'optimal') {
    return {
      value: mip.objective,
      kind: 'optimum',
      text: `HiGHS optimum ${Math.round(mip.objective)} (optima.json)`,
    };
  }
  const missing =
    line.reference === 'optimum' ? ' (MIP not cached: npx tsx bench/matching/highs.ts --refresh)' : '';
  if (sameSpec) {
    const lp = cached.lp.objective;
    return { value: lp, kind: 'LP bound', text: `HiGHS LP bound ${lp.toFixed(1)} (optima.json)${missing}` };
  }
  if (quick) return { kind: 'LP bound', text: 'HiGHS: not cached for this instance (skipped with --quick)' };
  try {
    const lp = await meetingsLpBound(instance);
    return {
      value: lp.bound,
      kind: 'LP bound',
      text: `HiGHS LP bound ${lp.bound.toFixed(1)} (${s(lp.seconds)})${missing}`,
    };
  } catch (error) {
    return { kind: 'LP bound', text: `HiGHS: ${failure(error)}` };
  }
}

async function meetings(line: MeetingsLine, { quick }: LineContext): Promise<LineResult> {
  const instance = generateMeetingsInstance({ ...line.size, seed: MEETINGS_SEED });
  const limit = quick ? line.quick : line.timeLimit;
  const greedy = greedyMeetings(instance);
  const greedyWeight = checkMeetings(instance, greedy).stats.weight;
  const reference = await highsReference(line, instance, quick);
  const share = (w: number) =>
    reference.value ? ` = ${pct(w / reference.value)} of the ${reference.kind}` : '';
  const common = {
    id: line.id,
    label: line.label,
    target: line.target,
    reference: `greedy ${greedyWeight}${share(greedyWeight)}; ${reference.text}`,
  };
  try {
    const result = await solveInWorker(instance, { seed: 1, timeLimitSeconds: limit });
    const { stats, violations } = checkMeetings(instance, result);
    const data = {
      ...stats,
      seconds: result.stats.seconds,
      reference: reference.value,
      referenceKind: reference.kind,
      greedy: greedyWeight,
      violations,
    };
    if (violations.length) return { ...common, figure: violations[0], verdict: 'INVALID', data };
    const figure = `weight ${stats.weight}${share(stats.weight)}, ${s(result.stats.seconds)}`;
    if (!reference.value) return { ...common, figure, verdict: 'n/a', data };
    const met = stats.weight >= line.share * reference.value && result.stats.seconds < line.seconds;
    return { ...common, figure, verdict: met ? 'met' : 'GAP', data };
  } catch (error) {
    return { ...common, figure: `solver: ${failure(error)}`, verdict: 'n/a', data: {} };
  }
}

async function scores(line: ScoresComputeLine): Promise<LineResult> {
  const { questions, answers } = randomQuestionnaire(seededRandom(BENCH_SEED), line.people, {});
  const people = answers.map((a) => ({ answers: a }));
  const threads = os.availableParallelism();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const fast = await computeScores(questions, people, { threads });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // CPU time of every thread of the process: on a machine shared with other work, wall time overstates the cost.
  const cpuSeconds = (used.user + used.system) / 1e6;
  // The plain loop on every row, or (N > 2,000: minutes on a shared machine) on the first rows holding 10 % of the
  // pairs, its time scaled up.
  const rows = line.people > 2000 ? Math.round(line.people * (1 - Math.sqrt(0.9))) : line.people;
  const plain = plainScores(questions, answers, rows);
  const share = plain.values.length / fast.values.length;
  let worst = 0;
  for (let k = 0; k < plain.values.length; k++)
    worst = Math.max(worst, Math.abs(plain.values[k] - fast.values[k]));
  const estimated = share < 1 ? ' (est. from 10 %)' : '';
  const data = {
    seconds,
    threads,
    pairs: fast.values.length,
    plainSeconds: plain.seconds / share,
    worstDifference: worst,
  };
  return {
    id: line.id,
    label: line.label,
    figure: `${s(seconds)} (CPU ${s(cpuSeconds)}, ${fast.threads} thread${fast.threads > 1 ? 's' : ''})${worst > 1 ? `, differs from plain by ${worst}` : ''}`,
    target: line.target,
    verdict: worst <= 1 && seconds < line.seconds ? 'met' : 'GAP',
    reference: `plain loop 1 thread: ${s(plain.seconds / share)}${estimated}`,
    data,
  };
}
