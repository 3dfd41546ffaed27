/**
 * `npx tsx bench/profile.ts <benchmark> [case] [--engine=postgres|pglite] [--quick] [--rounds=N] [--top=N]`:
 * where a request's time goes. Seeds one benchmark as `npm run bench` does, warms the case up, then records a CPU
 * profile (node:inspector) of the subject alone, `rounds` calls one after another, and prints the self time by
 * function and by package. The seeding is not in the profile. The profile is written to
 * bench/results/<benchmark>-<case>.cpuprofile (open it in Chrome's DevTools, Performance tab, for the flame chart).
 * See "Where a request's time goes" in bench/README.md.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Benchmark, type Engine, pgliteEngine, postgresEngine } from './harness';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const appRoot = path.dirname(benchDir);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a function lives: a package of node_modules, a file of ours, Node's internals, or V8's own entries. */
function placeOf(url: string): string {
  if (!url) return '(V8)';
  if (url.startsWith('node:')) return 'node (internals)';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = file.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = file.slice(modules + '/node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return path.relative(appRoot, file);
}

/** A function's file: inside its package for node_modules, from the repository's root for ours. */
function fileOf(url: string): string {
  if (!url || url.startsWith('node:')) return url;
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const modules = file.lastIndexOf('/node_modules/');
  return modules >= 0 ? file.slice(modules + '/node_modules/'.length) : path.relative(appRoot, file);
}

/** Self time (ms) per function and per place, largest first; idle time (waiting for the database) kept apart. */
function summarizeProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  // The profiler's own stop (node:inspector's `post`, under which V8 builds the profile) is not the subject's time.
  const isProfilerStop = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = (byId.get(at) as ProfileNode).callFrame;
      if (frame.url === 'node:inspector' && frame.functionName === 'post') return true;
    }
    return false;
  };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  let idleUs = 0;
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    if (isProfilerStop(id)) continue;
    const { functionName, url, lineNumber } = (byId.get(id) as ProfileNode).callFrame;
    if (functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const place = placeOf(url);
    const name = `${functionName || '(anonymous)'}  ${fileOf(url)}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    places.set(place, (places.get(place) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, ms: us / 1000 }));
  return {
    busyMs: busyUs / 1000,
    idleMs: idleUs / 1000,
    functions: sorted(functions),
    places: sorted(places),
  };
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}`))?.split('=')[1] ?? undefined;
  const [benchName, caseName] = args.filter((a) => !a.startsWith('--'));
  if (!benchName)
    throw new Error('usage: npx tsx bench/profile.ts <benchmark> [case] [--engine=…] [--quick]');
  const quick = args.includes('--quick');
  const rounds = Number(flag('rounds') ?? 500);
  const top = Number(flag('top') ?? 25);
  const file = fs.readdirSync(benchDir).find((f) => f === `${benchName}.bench.ts`);
  if (!file) throw new Error(`no bench/${benchName}.bench.ts`);
  const benchmark = ((await import(pathToFileURL(path.join(benchDir, file)).href)) as { default: Benchmark })
    .default;

  const engineName = flag('engine') ?? 'postgres';
  const engine: Engine | { skipped: string } =
    engineName === 'pglite' ? pgliteEngine() : await postgresEngine();
  if ('skipped' in engine) throw new Error(engine.skipped);
  process.on('SIGINT', () => process.exit(130));
  const { database, dispose } = await engine.open(benchmark.name);
  try {
    const options = { quick, explain: false, warmup: 30, iterations: rounds };
    const prepared = await benchmark.setup({ engine: engine.name, database, options, log: console.log });
    const c = prepared.cases.find((x) => !caseName || x.name === caseName);
    if (!c) throw new Error(`no case ${caseName} (have ${prepared.cases.map((x) => x.name)})`);
    await c.check?.();
    for (let i = 0; i < 50; i++) await c.subject();

    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const started = performance.now();
    for (let i = 0; i < rounds; i++) await c.subject();
    const wallMs = performance.now() - started;
    const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
    session.disconnect();

    const out = path.join(benchDir, 'results', `${benchmark.name}-${c.name}.cpuprofile`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(profile));
    const summary = summarizeProfile(profile);
    const per = (x: number) => (x / rounds).toFixed(3).padStart(7);
    console.log(
      `\n${benchmark.name} / ${c.name} on ${engine.name}: ${rounds} calls, ${per(wallMs)} ms per call ` +
        `(${per(summary.busyMs)} ms of it on the CPU of this process, ${per(summary.idleMs)} ms idle: waiting ` +
        'for the database)\n\nself time per call (ms), by package or file:',
    );
    for (const p of summary.places.slice(0, top)) console.log(`${per(p.ms)}  ${p.name}`);
    console.log('\nself time per call (ms), by function:');
    for (const f of summary.functions.slice(0, top)) console.log(`${per(f.ms)}  ${f.name}`);
    console.log(`\nWritten: ${path.relative(process.cwd(), out)}`);
    await prepared.close?.();
  } finally {
    await dispose();
    await engine.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
