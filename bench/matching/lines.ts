/**
 * One bar line of `npm run bench -- matching`: the solver through the worker runner, its result recounted by the
 * checker, and the reference run beside it on the same instance (baseline.ts; HiGHS for meetings; BKS for scores).
 */
import os from 'node:os';
import { checkMeetings, checkTables } from '../../server/matching/checker';
import type { MeetingsInstance } from '../../server/matching/instance';
import { randomQuestionnaire, seededRandom } from '../../server/matching/random';
import { solveInWorker } from '../../server/matching/run';
import { computeScores } from '../../server/matching/scores';
import { annealTables, greedyDescentTables, greedyMeetings, plainScores } from './baseline';
import { type Bks, fingerprint } from './bks';
import {
  type BarLine,
  BENCH_SEED,
  type MeetingsLine,
  meetingsGenerator,
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

interface Highs {
  meetingsOptimum(
    instance: MeetingsInstance,
    options: { timeLimitSeconds: number },
  ): Promise<{ objective: number; bound: number; status: string; seconds: number }>;
  meetingsLpBound(instance: MeetingsInstance): Promise<unknown> | unknown;
}

let highs: Promise<Highs | null> | undefined;
function loadHighs(): Promise<Highs | null> {
  highs ??= import(new URL('./highs.ts', import.meta.url).href).then(
    (mod: Highs) => (typeof mod.meetingsOptimum === 'function' ? mod : null),
    () => null,
  );
  return highs;
}

/** The LP bound whatever shape highs.ts gives it: a number, or { bound } / { objective }. */
function lpValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const v = value as { bound?: number; objective?: number } | null;
  return v?.bound ?? v?.objective;
}

async function meetings(line: MeetingsLine, { quick }: LineContext): Promise<LineResult> {
  const { generate, source } = await meetingsGenerator();
  const instance = generate({ ...line.size, seed: BENCH_SEED });
  const limit = quick ? line.quick : line.timeLimit;
  const greedy = greedyMeetings(instance);
  const greedyWeight = checkMeetings(instance, greedy).stats.weight;
  let referenceValue: number | undefined;
  let referenceText = 'HiGHS: bench/matching/highs.ts missing';
  const solver = await loadHighs();
  if (solver) {
    try {
      if (line.reference === 'optimum') {
        const optimum = await solver.meetingsOptimum(instance, { timeLimitSeconds: 120 });
        referenceValue =
          optimum.status === 'Optimal' || optimum.objective === optimum.bound ? optimum.objective : undefined;
        referenceText = `HiGHS ${optimum.status} ${optimum.objective} (bound ${optimum.bound}, ${s(optimum.seconds)})`;
      } else {
        referenceValue = lpValue(await solver.meetingsLpBound(instance));
        referenceText = `HiGHS LP bound ${referenceValue?.toFixed(1)}`;
      }
    } catch (error) {
      referenceText = `HiGHS: ${failure(error)}`;
    }
  }
  const share = (w: number) => (referenceValue ? ` = ${pct(w / referenceValue)}` : '');
  const reference = `greedy ${greedyWeight}${share(greedyWeight)}; ${referenceText}`;
  const common = { id: line.id, label: line.label, target: line.target, reference };
  const generator = source.includes('missing') ? { generator: source } : {};
  try {
    const result = await solveInWorker(instance, { seed: 1, timeLimitSeconds: limit });
    const { stats, violations } = checkMeetings(instance, result);
    const data = {
      ...stats,
      seconds: result.stats.seconds,
      reference: referenceValue,
      greedy: greedyWeight,
      violations,
      ...generator,
    };
    if (violations.length) return { ...common, figure: violations[0], verdict: 'INVALID', data };
    const figure = `weight ${stats.weight}${share(stats.weight)}, ${s(result.stats.seconds)}`;
    if (!referenceValue) return { ...common, figure, verdict: 'n/a', data };
    const met = stats.weight >= line.share * referenceValue && result.stats.seconds < line.seconds;
    return { ...common, figure, verdict: met ? 'met' : 'GAP', data };
  } catch (error) {
    return { ...common, figure: `solver: ${failure(error)}`, verdict: 'n/a', data: { ...generator } };
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
