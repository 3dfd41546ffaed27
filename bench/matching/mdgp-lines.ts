/**
 * The MDGP lines of `npm run bench -- matching` (issue 17 §4): each MDGPLIB instance of `../shared/mdgp/` (mdgp.ts)
 * solved through the worker runner (`solveInWorker`, as the pairing job does) with the literature's time limit, one
 * round, distances as pair scores; the score recounted by the checker from the seats; the gap to TPSDP's best
 * known value (Yang et al. 2022), and the mean gap per group against issue 17's goals. `--only=MDGP` runs these
 * lines alone; `--only=RanReal_n120_ss_01,…` some of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkTables } from '../../server/matching/checker';
import { solveInWorker } from '../../server/matching/run';
import type { LineResult } from './lines';
import { MDGP_DIR, mdgpTablesInstance, readMdgpInstance, readMdgpReference } from './mdgp';

/** `--only=MDGP` selects every MDGP line. */
export const MDGP = 'MDGP';

/** The literature's time limits (Lai & Hao 2016; Yang et al. 2022): 3 s at n = 120, 20 s at 240, 60 s at 480. */
function timeLimit(n: number): number {
  return n <= 120 ? 3 : n <= 240 ? 20 : 60;
}

interface Group {
  label: string;
  /** Mean gap to reach (issue 17 §4). */
  goal: number;
  has: (name: string) => boolean;
}

const size = (name: string) => Number(/_n(\d+)_/.exec(name)?.[1]);
const random = (name: string) => /^Ran(Real|Int)_/.test(name);
const GROUPS: Group[] = [
  {
    label: 'RanReal+RanInt n=120 ss',
    goal: 0.002,
    has: (x) => random(x) && size(x) === 120 && x.includes('_ss_'),
  },
  { label: 'RanReal+RanInt n=240', goal: 0.002, has: (x) => random(x) && size(x) === 240 },
  { label: 'RanReal+RanInt n=480', goal: 0.005, has: (x) => random(x) && size(x) === 480 },
  { label: 'Geo (n=120, 240) ss', goal: 0.0002, has: (x) => x.startsWith('Geo_') && x.includes('_ss_') },
  { label: 'ds (min/max sizes) n=120', goal: 0.002, has: (x) => x.includes('_ds_') },
];

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const seconds = (s: number) => `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;

/** The instance names present, or null when the folder is missing. */
export function mdgpNames(): string[] | null {
  const dir = path.join(MDGP_DIR, 'instances');
  if (!fs.existsSync(dir)) return null;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => f.slice(0, -4))
    .sort((a, b) => size(a) - size(b) || a.localeCompare(b));
}

/** Whether `--only` asks for some MDGP line (every line when there is no `--only`). */
export function mdgpSelected(only: string[] | undefined, name: string): boolean {
  return !only?.length || only.includes(MDGP) || only.includes(name);
}

async function runInstance(name: string, quick: boolean): Promise<LineResult> {
  const mdgp = readMdgpInstance(path.join(MDGP_DIR, 'instances', `${name}.txt`));
  const reference = readMdgpReference(path.join(MDGP_DIR, 'tpsdp-solutions', `${name}.txt`));
  const limit = quick ? Math.min(3, timeLimit(mdgp.n)) : timeLimit(mdgp.n);
  const group = GROUPS.find((g) => g.has(name));
  const common = {
    id: name,
    label: `MDGP n=${mdgp.n}, ${mdgp.lo.length} groups ${mdgp.kind}, ${limit} s`,
    target: group ? `group mean ≤ ${pct(group.goal)}` : '(no goal)',
    reference: `TPSDP best ${reference.best.toFixed(2)}, mean of 20 runs ${pct((reference.best - reference.mean) / reference.best)} under`,
  };
  const instance = mdgpTablesInstance(mdgp);
  try {
    const result = await solveInWorker(instance, { seed: 1, timeLimitSeconds: limit });
    const load = os.loadavg()[0];
    const { stats, violations } = checkTables(instance, result);
    const sizes = result.rounds[0].map((t) => t.people.length);
    const outside = sizes.findIndex((s, g) => s < mdgp.lo[g] || s > mdgp.hi[g]);
    if (outside >= 0)
      violations.push(
        `group ${outside} holds ${sizes[outside]}, not within ${mdgp.lo[outside]}–${mdgp.hi[outside]}`,
      );
    const gap = (reference.best - stats.score) / reference.best;
    const data = {
      score: stats.score,
      gap,
      seconds: result.stats.seconds,
      load,
      limit,
      best: reference.best,
      violations,
    };
    if (violations.length) return { ...common, figure: violations[0], verdict: 'INVALID', data };
    return {
      ...common,
      figure: `gap ${pct(gap)}, ${seconds(result.stats.seconds)} (load ${load.toFixed(1)})`,
      verdict: group && gap <= group.goal ? 'met' : 'GAP',
      data,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...common, figure: `solver: ${message}`, verdict: 'n/a', data: {} };
  }
}

/** Every selected MDGP line, then one line per group with its mean gap and time. */
export async function runMdgpLines(
  only: string[] | undefined,
  quick: boolean,
  log: (message: string) => void,
): Promise<LineResult[]> {
  const names = mdgpNames();
  if (!names) {
    log(
      `MDGP lines skipped: ${MDGP_DIR} is missing (the MDGPLIB instances and TPSDP solutions, see issue 17).`,
    );
    return [];
  }
  const results: LineResult[] = [];
  for (const name of names.filter((x) => mdgpSelected(only, x))) {
    const result = await runInstance(name, quick);
    results.push(result);
    log(`  ${result.id} ${result.verdict}: ${result.figure}`);
  }
  for (const group of GROUPS) {
    const lines = results.filter((r) => group.has(r.id) && typeof r.data.gap === 'number');
    if (!lines.length) continue;
    const mean = (key: string) => lines.reduce((sum, r) => sum + (r.data[key] as number), 0) / lines.length;
    const valid = lines.every((r) => r.verdict !== 'INVALID');
    results.push({
      id: 'MDGP mean',
      label: `${group.label} (${lines.length} instance${lines.length > 1 ? 's' : ''})`,
      figure: `gap ${pct(mean('gap'))}, ${seconds(mean('seconds'))} (load ${mean('load').toFixed(1)})`,
      target: `≤ ${pct(group.goal)}`,
      verdict: valid && mean('gap') <= group.goal ? 'met' : valid ? 'GAP' : 'INVALID',
      reference: `TPSDP mean of 20 runs: ${pct(
        lines.reduce((sum, r) => sum + tpsdpMeanGap(r.id), 0) / lines.length,
      )} under its best`,
      data: {
        group: group.label,
        meanGap: mean('gap'),
        meanSeconds: mean('seconds'),
        instances: lines.length,
      },
    });
  }
  return results;
}

function tpsdpMeanGap(name: string): number {
  const reference = readMdgpReference(path.join(MDGP_DIR, 'tpsdp-solutions', `${name}.txt`));
  return (reference.best - reference.mean) / reference.best;
}
