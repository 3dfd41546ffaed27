/**
 * The meetings solver against the cached HiGHS answers (optima.json), one line per instance and seed, as a
 * markdown table: `npx tsx bench/matching/meetings-figures.ts [--time-limit S]` (default: each line's target
 * time). Wall seconds depend on the machine's load; CPU seconds are the process's own.
 */
import { solveMeetings } from '../../server/matching/meetings';
import { generateMeetingsInstance } from '../../server/matching/meetings/generate';
import { readOptima } from './highs';
import { meetingsBenchSeeds, meetingsBenchSpecs } from './meetings-instances';

const targetSeconds: Record<string, number> = { B1: 0.5, B2: 2, B3: 10 };
const args = process.argv.slice(2);
const limit = args.includes('--time-limit') ? Number(args[args.indexOf('--time-limit') + 1]) : undefined;
const optima = readOptima();
const percent = (x: number, y: number) => (y > 0 ? `${((100 * x) / y).toFixed(2)} %` : '–');

console.log(
  '| line:seed | weight | solver bound | wall s | CPU s | HiGHS MIP | % of MIP | LP bound | % of LP |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { id, spec } of meetingsBenchSpecs) {
  for (const seed of meetingsBenchSeeds) {
    const instance = generateMeetingsInstance({ ...spec, seed });
    const cpu = process.cpuUsage();
    const result = await solveMeetings(instance, { seed: 1, timeLimitSeconds: limit ?? targetSeconds[id] });
    const cpuSeconds = process.cpuUsage(cpu).user / 1e6;
    const cached = optima[`${id}:${seed}`];
    const run = cached?.mip;
    const optimal = run?.status === 'optimal';
    const mip = run
      ? `${Math.round(run.objective)} ${optimal ? '(optimal)' : `(≤ ${run.bound.toFixed(1)}, ${run.status})`}`
      : '–';
    console.log(
      `| ${id}:${seed} | ${result.stats.weight} | ${result.stats.bound} | ${result.stats.seconds.toFixed(2)} | ` +
        `${cpuSeconds.toFixed(2)} | ${mip} | ${run && optimal ? percent(result.stats.weight, run.objective) : '–'} | ` +
        `${cached ? cached.lp.objective.toFixed(2) : '–'} | ${cached ? percent(result.stats.weight, cached.lp.objective) : '–'} |`,
    );
  }
}
