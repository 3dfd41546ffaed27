/**
 * The bar of `npm run bench -- matching` (matching.md, "The bar"): every instance generated from a seed, so anyone
 * can rebuild it. Table instances come from server/matching/random.ts: objective `none` without questions for the
 * rotation lines; with scores, 20 questions of 3–6 choices, each person choosing 1–2 answers, objective `similar`.
 * Meetings instances come from the meetings solver's generator (server/matching/meetings/generate.ts) with the
 * sizes of meetings-instances.ts and seed 1, the seed whose HiGHS answers optima.json caches.
 */
import type { TablesInstance } from '../../server/matching/instance';
import type { MeetingsInstanceSpec } from '../../server/matching/meetings/generate';
import { randomTablesInstance } from '../../server/matching/random';
import { meetingsBenchSpecs } from './meetings-instances';

/** The seed of every table and scores instance. */
export const BENCH_SEED = 2026;
/** The seed of the meetings instances: optima.json holds HiGHS's answers for it. */
export const MEETINGS_SEED = 1;

interface Base {
  id: string;
  /** What the instance is, in words. */
  label: string;
  /** What the line must reach, in words. */
  target: string;
  /** Seconds given to the solver and to its baseline (`quick`: with --quick). */
  timeLimit: number;
  quick: number;
}

export interface RotationLine extends Base {
  kind: 'rotation';
  instance: () => TablesInstance;
  /** Met when repeats ≤ this within `seconds`. */
  repeats: number;
  seconds: number;
}

export interface ScoresLine extends Base {
  kind: 'grouping';
  instance: () => TablesInstance;
  /** Met when (BKS − score) / BKS ≤ this, with no hard violation (and no repeat), within `seconds`. */
  gap: number;
  seconds: number;
}

export interface MeetingsLine extends Base {
  kind: 'meetings';
  size: Omit<MeetingsInstanceSpec, 'seed'>;
  /** Met when weight ≥ share × reference (the optimum, or the LP bound) within `seconds`. */
  share: number;
  reference: 'optimum' | 'lp';
  seconds: number;
}

export interface ScoresComputeLine extends Base {
  kind: 'scores';
  people: number;
  seconds: number;
}

export type BarLine = RotationLine | ScoresLine | MeetingsLine | ScoresComputeLine;

function meetingsSize(id: string): MeetingsLine['size'] {
  const found = meetingsBenchSpecs.find((m) => m.id === id);
  if (!found) throw new Error(`no meetings spec ${id} in meetings-instances.ts`);
  return found.spec;
}

const rotation = (tables: number, seats: number, rounds: number) => () =>
  randomTablesInstance({ seed: BENCH_SEED, tables, seats, rounds, objective: 'none' });
const grouping =
  (tables: number, seats: number, rounds: number, extra = {}) =>
  () =>
    randomTablesInstance({ seed: BENCH_SEED, tables, seats, rounds, objective: 'similar', ...extra });

export const BAR: BarLine[] = [
  {
    id: 'R1',
    kind: 'rotation',
    label: '5-3-7 (Kirkman, 15 people)',
    instance: rotation(5, 3, 7),
    repeats: 0,
    seconds: 0.1,
    target: '0 repeats, < 0.1 s',
    timeLimit: 1,
    quick: 1,
  },
  {
    id: 'R2',
    kind: 'rotation',
    label: '8-4-8 (32)',
    instance: rotation(8, 4, 8),
    repeats: 0,
    seconds: 2,
    target: '0 repeats, < 2 s',
    timeLimit: 2,
    quick: 2,
  },
  {
    id: 'R3a',
    kind: 'rotation',
    label: '8-4-9 (32)',
    instance: rotation(8, 4, 9),
    repeats: 0,
    seconds: 30,
    target: '0 repeats, < 30 s',
    timeLimit: 30,
    quick: 3,
  },
  {
    id: 'R3b',
    kind: 'rotation',
    label: '8-4-10 (32)',
    instance: rotation(8, 4, 10),
    repeats: 0,
    seconds: 30,
    target: '0 repeats, < 30 s (else the repeats left)',
    timeLimit: 30,
    quick: 3,
  },
  {
    id: 'R4',
    kind: 'rotation',
    label: '6-6-4 (36)',
    instance: rotation(6, 6, 4),
    repeats: 2,
    seconds: 1,
    target: '≤ 2 repeats, < 1 s',
    timeLimit: 1,
    quick: 1,
  },
  {
    id: 'R5',
    kind: 'rotation',
    label: '96 people, 12 × 8, 6 rounds',
    instance: rotation(12, 8, 6),
    repeats: 0,
    seconds: 1,
    target: '0 repeats, < 1 s',
    timeLimit: 1,
    quick: 1,
  },
  {
    id: 'R6',
    kind: 'rotation',
    label: '10-10-4 (100)',
    instance: rotation(10, 10, 4),
    repeats: 0,
    seconds: 30,
    target: '0 repeats, < 30 s',
    timeLimit: 30,
    quick: 3,
  },
  {
    id: 'R7',
    kind: 'grouping',
    label: '2,000 people, 250 × 8, 5 rounds, scores',
    instance: grouping(250, 8, 5),
    gap: 0.01,
    seconds: 10,
    target: '0 repeats, ≤ 1 % under BKS, < 10 s',
    timeLimit: 10,
    quick: 3,
  },
  {
    id: 'G1',
    kind: 'grouping',
    label: '120 people, 10 × 12, 1 round, scores',
    instance: grouping(10, 12, 1),
    gap: 0.005,
    seconds: 1,
    target: '≤ 0.5 % under BKS in 1 s',
    timeLimit: 1,
    quick: 1,
  },
  {
    id: 'G2',
    kind: 'grouping',
    label: '960 people, 80 × 12, 1 round, scores',
    instance: grouping(80, 12, 1),
    gap: 0.01,
    seconds: 30,
    target: '≤ 1 % under BKS in 30 s',
    timeLimit: 30,
    quick: 3,
  },
  {
    id: 'G3',
    kind: 'grouping',
    label: 'G1 + 20 % chosen tables, 6 blocked pairs, 12 VIPs',
    instance: grouping(10, 12, 1, { choosers: 0.2, blocked: 0.05, vips: 0.1 }),
    gap: 0.01,
    seconds: 1,
    target: '0 hard violations, ≤ 1 % under BKS (1 s)',
    timeLimit: 1,
    quick: 1,
  },
  {
    id: 'B1',
    kind: 'meetings',
    label: 'meetings 100 / 400 / 12 slots / 30 tables, cap 10',
    size: meetingsSize('B1'),
    share: 0.995,
    reference: 'optimum',
    seconds: 0.5,
    target: '≥ 99.5 % of the optimum, < 0.5 s',
    timeLimit: 0.5,
    quick: 0.5,
  },
  {
    id: 'B2',
    kind: 'meetings',
    label: 'meetings 300 / 1,500 / 16 / 80, cap 12',
    size: meetingsSize('B2'),
    share: 0.995,
    reference: 'optimum',
    seconds: 2,
    target: '≥ 99.5 % of the optimum, < 2 s',
    timeLimit: 2,
    quick: 2,
  },
  {
    id: 'B3',
    kind: 'meetings',
    label: 'meetings 1,000 / 5,000 / 16 / 300, cap 12',
    size: meetingsSize('B3'),
    share: 0.98,
    reference: 'lp',
    seconds: 10,
    target: '≥ 98 % of the LP bound, < 10 s',
    timeLimit: 10,
    quick: 3,
  },
  {
    id: 'S1',
    kind: 'scores',
    label: 'scores, N = 1,000, 20 questions',
    people: 1000,
    seconds: 0.1,
    target: '< 0.1 s',
    timeLimit: 0,
    quick: 0,
  },
  {
    id: 'S2',
    kind: 'scores',
    label: 'scores, N = 10,000, 20 questions',
    people: 10_000,
    seconds: 3,
    target: '< 3 s on 2 cores (stretch < 1 s)',
    timeLimit: 0,
    quick: 0,
  },
];
