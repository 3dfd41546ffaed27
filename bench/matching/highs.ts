/**
 * The reference for the meetings solver: the model written as a MIP in CPLEX LP format and solved by HiGHS (npm
 * `highs`, WebAssembly), built from the instance on its own (not from the solver's code).
 *
 *   max Σ w_r x_rs   over requests r and slots s free for both people, x_rs ∈ {0, 1}
 *   Σ_s x_rs ≤ 1 (each request once) · Σ_r x_rs ≤ tables (per slot) · Σ_{r ∋ p} x_rs ≤ 1 (per person and slot)
 *   Σ_{r ∋ p, s} x_rs ≤ max_p (per person)
 *
 * Tables are interchangeable inside a slot, so they need no index. `npx tsx bench/matching/highs.ts --refresh`
 * rebuilds optima.json (the bench's cache); `--only B1` limits it to one line, `--seeds 1,2` to some seeds,
 * `--time-limit 120` the MIP's time (default 120 s), `--lp-only` skips the MIP. Each answer is written as soon
 * as it comes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import highsLoader, { type Highs } from 'highs';
import type { MeetingsInstance } from '../../server/matching/instance';
import { generateMeetingsInstance } from '../../server/matching/meetings/generate';
import { meetingsBenchSeeds, meetingsBenchSpecs } from './meetings-instances';

export interface HighsRun {
  /** Weight of the best solution found (MIP) or the LP optimum; 0 when none was found. */
  objective: number;
  /** Proven upper bound (the MIP's dual bound; for the LP, its optimum). */
  bound: number;
  /** HiGHS's model status: optimal, timeLimit, … */
  status: string;
  seconds: number;
}

let loaded: Promise<Highs> | undefined;
const loadHighs = () => {
  loaded ??= highsLoader();
  return loaded;
};

/** The model in CPLEX LP format; `integer`: binary variables, else 0 ≤ x ≤ 1. */
export function meetingsLpText(instance: MeetingsInstance, integer: boolean): string {
  const index = new Map(instance.people.map((p, i) => [p.id, i]));
  const freeSets = instance.people.map((p) => new Set(p.available.filter((s) => s < instance.slots)));
  const heaviest = new Map<string, { a: number; b: number; weight: number }>();
  for (const request of instance.requests) {
    const a = index.get(request.a);
    const b = index.get(request.b);
    if (a === undefined || b === undefined) throw new Error(`unknown person in ${request.a}–${request.b}`);
    if (a === b) continue;
    const key = a < b ? `${a}-${b}` : `${b}-${a}`;
    const seen = heaviest.get(key);
    if (!seen || seen.weight < request.weight) heaviest.set(key, { a, b, weight: request.weight });
  }
  const objective: string[] = [];
  const once: string[][] = [];
  const bySlot: string[][] = Array.from({ length: instance.slots }, () => []);
  const byPersonSlot = new Map<number, string[]>();
  const byPerson: string[][] = instance.people.map(() => []);
  const names: string[] = [];
  let r = 0;
  for (const { a, b, weight } of heaviest.values()) {
    const vars: string[] = [];
    for (let s = 0; s < instance.slots; s++) {
      if (!freeSets[a].has(s) || !freeSets[b].has(s)) continue;
      const x = `x${r}_${s}`;
      vars.push(x);
      names.push(x);
      objective.push(`${weight} ${x}`);
      bySlot[s].push(x);
      for (const p of [a, b]) {
        const key = p * instance.slots + s;
        if (!byPersonSlot.has(key)) byPersonSlot.set(key, []);
        byPersonSlot.get(key)!.push(x);
        byPerson[p].push(x);
      }
    }
    if (vars.length > 0) once.push(vars);
    r++;
  }
  const rows: string[] = [];
  const row = (name: string, vars: string[], rhs: number) => {
    if (vars.length > rhs) rows.push(` ${name}: ${wrap(vars.join(' + '))} <= ${rhs}`);
  };
  for (const [i, vars] of once.entries()) row(`once${i}`, vars, 1);
  for (const [s, vars] of bySlot.entries()) row(`tables${s}`, vars, instance.tables);
  for (const [key, vars] of byPersonSlot) row(`busy${key}`, vars, 1);
  for (const [p, vars] of byPerson.entries()) row(`cap${p}`, vars, instance.people[p].max);
  return [
    'Maximize',
    ` weight: ${objective.length > 0 ? wrap(objective.join(' + ')) : '0 x_empty'}`,
    'Subject To',
    ...(rows.length > 0 ? rows : [' none: x_empty <= 0']),
    'Bounds',
    ...names.map((x) => ` 0 <= ${x} <= 1`),
    ...(objective.length === 0 ? [' 0 <= x_empty <= 0'] : []),
    ...(integer && names.length > 0 ? ['Binary', wrap(names.join(' '))] : []),
    'End',
    '',
  ].join('\n');
}

/** Breaks a long expression into lines of about 200 characters (the LP format allows any line breaks there). */
function wrap(text: string): string {
  return text.replace(/(.{200,}?) /g, '$1\n  ');
}

async function run(lp: string, timeLimitSeconds: number, integer: boolean): Promise<HighsRun> {
  const highs = await loadHighs();
  const started = performance.now();
  return highs.withModel({ format: 'lp', data: lp }, (model) => {
    model.options.set({ output_flag: false, time_limit: timeLimitSeconds, mip_rel_gap: 0 });
    model.run();
    const code = model.getModelStatus();
    const status =
      Object.entries(highs.constants.modelStatus).find(([, value]) => value === code)?.[0] ?? String(code);
    const value = Number(model.info.get('objective_function_value') ?? 0);
    const bound = integer ? Number(model.info.get('mip_dual_bound') ?? Number.NaN) : value;
    const hasSolution = Number(model.info.get('primal_solution_status') ?? 0) === 2;
    return {
      objective: hasSolution ? value : 0,
      bound,
      status,
      seconds: (performance.now() - started) / 1000,
    };
  });
}

/** The MIP optimum (or the best found and the dual bound when the time runs out). */
export function meetingsOptimum(
  instance: MeetingsInstance,
  { timeLimitSeconds }: { timeLimitSeconds: number },
): Promise<HighsRun> {
  return run(meetingsLpText(instance, true), timeLimitSeconds, true);
}

/** The LP relaxation's optimum: an upper bound of any solution. */
export function meetingsLpBound(instance: MeetingsInstance): Promise<HighsRun> {
  return run(meetingsLpText(instance, false), 600, false);
}

export interface CachedOptimum {
  spec: (typeof meetingsBenchSpecs)[number]['spec'] & { seed: number };
  /** Absent when only the LP was run (`--lp-only`). */
  mip?: HighsRun;
  lp: HighsRun;
}
export const optimaFile = fileURLToPath(new URL('./optima.json', import.meta.url));

/** optima.json: `${id}:${seed}` → the MIP's and the LP's answers for that instance. */
export function readOptima(): Record<string, CachedOptimum> {
  try {
    return JSON.parse(readFileSync(optimaFile, 'utf8')).meetings ?? {};
  } catch {
    return {};
  }
}

async function refresh(args: string[]): Promise<void> {
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const limit = args.includes('--time-limit') ? Number(args[args.indexOf('--time-limit') + 1]) : 120;
  const seeds = args.includes('--seeds')
    ? args[args.indexOf('--seeds') + 1].split(',').map(Number)
    : meetingsBenchSeeds;
  const lpOnly = args.includes('--lp-only');
  const meetings = readOptima();
  for (const { id, spec } of meetingsBenchSpecs) {
    if (only && only !== id) continue;
    for (const seed of seeds) {
      const instance = generateMeetingsInstance({ ...spec, seed });
      const lp = await meetingsLpBound(instance);
      const mip = lpOnly ? undefined : await meetingsOptimum(instance, { timeLimitSeconds: limit });
      meetings[`${id}:${seed}`] = { spec: { ...spec, seed }, mip, lp };
      const mipText = mip
        ? `MIP ${mip.status} ${mip.objective} ≤ ${mip.bound.toFixed(2)} in ${mip.seconds.toFixed(1)} s  `
        : '';
      console.log(`${id}:${seed}  ${mipText}LP ${lp.objective.toFixed(2)} in ${lp.seconds.toFixed(1)} s`);
      const sorted = Object.fromEntries(Object.entries(meetings).sort(([x], [y]) => x.localeCompare(y)));
      const command = 'npx tsx bench/matching/highs.ts --refresh';
      writeFileSync(optimaFile, `${JSON.stringify({ command, meetings: sorted }, null, 2)}\n`);
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--refresh'))
  await refresh(process.argv.slice(2));
