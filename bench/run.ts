/**
 * `npm run bench [-- options] [filter]`: every bench/*.bench.ts on PGlite and on a PostgreSQL server, and the
 * first page's weight against its budget (`first-page`, no database). `npm run bench -- matching` runs the
 * matching bar instead (bench/matching/run.ts, no database; only when asked by name: it takes minutes of CPU), and
 * `npm run bench -- load` (or `--only=load`) the two-instance load run (bench/load.bench.ts; only when asked by name).
 * Options: --quick, --engine=pglite|postgres|all, --explain, --sql=<file>, --iterations=N, --warmup=N,
 * --only=case,case (only the cases whose name contains one, e.g. `campaigns --only=deliver`); for
 * matching: --only=R1,G1, --refresh-bks, --bks-seeds=N, --bks-seconds=S; for load: --duration=S (300),
 * --sessions=N (200), --rate=R (requests a second of each session, 0.5).
 * See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config';
import { tuneHeap } from '../server/heap';
import { FIRST_PAGE, formatFirstPage, measureBuiltFirstPage } from './first-page';
import {
  type Benchmark,
  type BenchOptions,
  type CaseResult,
  type Engine,
  formatTable,
  machine,
  pgliteEngine,
  postgresEngine,
  runCase,
  wantsCase,
} from './harness';
import { LOAD, runLoadBench } from './load.bench';
import { MATCHING, runMatchingBench } from './matching/run';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv: string[]) {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (const arg of argv) {
    if (arg.startsWith('--')) {
      const [key, value] = arg.slice(2).split(/=(.*)/s);
      flags.set(key, value ?? 'true');
    } else {
      positional.push(arg);
    }
  }
  const known = [
    'quick',
    'engine',
    'explain',
    'sql',
    'iterations',
    'warmup',
    'help',
    'only',
    'refresh-bks',
    'bks-seeds',
    'bks-seconds',
    'duration',
    'sessions',
    'rate',
  ];
  for (const key of flags.keys()) {
    if (!known.includes(key)) throw new Error(`unknown option --${key} (known: ${known.join(', ')})`);
  }
  return { flags, filter: positional[0] };
}

const usage = `usage: npm run bench -- [--quick] [--engine=pglite|postgres|all] [--explain] [--sql=file.sql]
                       [--iterations=N] [--warmup=N] [--only=case[,case…]] [filter[,filter…]]
       npm run bench -- matching [--quick] [--only=R1,G1] [--refresh-bks [--bks-seeds=N] [--bks-seconds=S]]
       npm run bench -- load [--duration=300] [--sessions=200] [--rate=0.5]`;

async function main() {
  const { flags, filter } = parseArgs(process.argv.slice(2));
  // The bench process stands for the server's: the same heap setting as server/main.ts (HEAP_GROWING_PERCENT).
  tuneHeap(loadConfig().heapGrowingPercent);
  if (flags.has('help')) {
    console.log(usage);
    return;
  }
  const quick = flags.has('quick');
  if (filter === MATCHING) {
    const m = machine();
    console.log(
      `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}` +
        `\nMode: ${quick ? 'quick (shorter time limits)' : 'full'}; benchmark: ${MATCHING}\n`,
    );
    if (m.loadAverage > m.cpus) {
      console.log(`Warning: load average ${m.loadAverage} on ${m.cpus} cores — times will be noisy.\n`);
    }
    await runMatchingBench({
      quick,
      only: flags.get('only')?.split(',').filter(Boolean),
      refreshBks: flags.has('refresh-bks'),
      bksSeeds: Number(flags.get('bks-seeds') ?? 2),
      bksSeconds: flags.has('bks-seconds') ? Number(flags.get('bks-seconds')) : undefined,
    });
    return;
  }
  if (filter === LOAD || (!filter && flags.get('only') === LOAD)) {
    const positive = (key: string, fallback: number) => {
      const value = Number(flags.get(key) ?? fallback);
      if (!Number.isInteger(value) || value < 1) throw new Error(`--${key}: a whole number of at least 1`);
      return value;
    };
    // Requests a second of each session: a whole number, or 1/k (0.5: a request every 2 s).
    const rateOf = (text = '0.5') => {
      const rate = Number(text);
      const whole = Number.isInteger(rate) && rate >= 1;
      if (!whole && !(rate > 0 && rate < 1 && Number.isInteger(1 / rate)))
        throw new Error('--rate: requests a second of each session, a whole number or 1/k (0.5, 0.25…)');
      return rate;
    };
    // Ctrl-C: the harness's `exit` handler stops the PostgreSQL server; startServer's children die with this process.
    process.on('SIGINT', () => process.exit(130));
    process.on('SIGTERM', () => process.exit(143));
    await runLoadBench({
      durationSeconds: positive('duration', 300),
      sessions: positive('sessions', 200),
      rate: rateOf(flags.get('rate')),
      out: path.join(benchDir, 'results', 'load.json'),
    });
    return;
  }
  const engineChoice = flags.get('engine') ?? 'all';
  if (!['pglite', 'postgres', 'all'].includes(engineChoice)) throw new Error(usage);
  const options: BenchOptions = {
    quick,
    explain: flags.has('explain'),
    extraSql: flags.has('sql') ? fs.readFileSync(flags.get('sql') as string, 'utf8') : undefined,
    warmup: Number(flags.get('warmup') ?? (quick ? 5 : 30)),
    iterations: Number(flags.get('iterations') ?? (quick ? 20 : 200)),
    only: flags.get('only')?.split(',').filter(Boolean),
  };

  // Several filters separated by commas: `projects-list,participants-list,activities` runs the three in one run.
  const filters = filter ? filter.split(',').filter(Boolean) : [];
  const files = fs
    .readdirSync(benchDir)
    // The load run starts servers for minutes: only when asked by name (above).
    .filter((f) => f.endsWith('.bench.ts') && f !== `${LOAD}.bench.ts`)
    .sort();
  const benchmarks: Benchmark[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { default: Benchmark };
    if (!filters.length || filters.some((f) => mod.default.name.includes(f))) benchmarks.push(mod.default);
  }
  const withFirstPage = !filters.length || filters.some((f) => FIRST_PAGE.includes(f));
  if (!benchmarks.length && !withFirstPage) {
    throw new Error(
      `no benchmark matches "${filter}" (have: ${files.map((f) => f.replace('.bench.ts', ''))}, ${FIRST_PAGE})`,
    );
  }

  const m = machine();
  console.log(
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}` +
      `\nMode: ${quick ? 'quick (smoke run)' : 'full'}; ${options.warmup} warm-up + ${options.iterations} measured rounds per case` +
      `\nBenchmarks: ${[...benchmarks.map((b) => b.name), ...(withFirstPage ? [FIRST_PAGE] : [])].join(', ')}\n`,
  );
  if (m.loadAverage > m.cpus) {
    console.log(
      `Warning: load average ${m.loadAverage} on ${m.cpus} cores — absolute times will be noisy; ` +
        'the ratios (subject and baseline interleaved) hold up better.\n',
    );
  }

  // Ctrl-C (often delivered twice: by the terminal and relayed by tsx): exit at once; the harness's `exit`
  // handler stops the PostgreSQL server synchronously and removes its folder.
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));

  // A size, measured first: a fresh build of the web app (a few seconds), no database.
  const firstPage = withFirstPage ? await measureBuiltFirstPage(path.join(benchDir, '..')) : null;
  if (firstPage) console.log(`▶ ${FIRST_PAGE}\n${formatFirstPage(firstPage)}\n`);

  const engines: Engine[] = [];
  const skipped: string[] = [];
  if (benchmarks.length && engineChoice !== 'postgres') engines.push(pgliteEngine());
  if (benchmarks.length && engineChoice !== 'pglite') {
    const started = performance.now();
    const pgEngine = await postgresEngine();
    if ('skipped' in pgEngine) {
      skipped.push(`postgres: ${pgEngine.skipped}`);
      console.log(`PostgreSQL server skipped: ${pgEngine.skipped}\n`);
    } else {
      engines.push(pgEngine);
      console.log(`${pgEngine.where}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    }
  }
  const stopAll = () => Promise.all(engines.map((e) => e.stop().catch(() => {})));

  const results: CaseResult[] = [];
  const setups: Record<string, unknown>[] = [];
  const log = (message: string) => console.log(message);
  try {
    for (const engine of engines) {
      for (const benchmark of benchmarks) {
        const started = performance.now();
        const { database, dispose } = await engine.open(benchmark.name);
        try {
          const [{ version }] = (await database.sql.query<{ version: string }>('select version()')).rows;
          const engineVersion = version.split(' on ')[0];
          console.log(`▶ ${benchmark.name} on ${engine.name} (${engineVersion}, ${engine.where})`);
          const prepared = await benchmark.setup({ engine: engine.name, database, options, log });
          if (options.extraSql) {
            await database.sql.exec(options.extraSql);
            await database.sql.exec('analyze');
            console.log('  extra SQL applied (--sql), then ANALYZE');
          }
          const setupSeconds = (performance.now() - started) / 1000;
          for (const [k, v] of Object.entries(prepared.facts)) {
            console.log(`  ${k}: ${typeof v === 'number' ? v.toLocaleString('en') : v}`);
          }
          console.log(`  setup: ${setupSeconds.toFixed(1)} s`);
          setups.push({
            benchmark: benchmark.name,
            engine: engine.name,
            engineVersion,
            where: engine.where,
            setupSeconds,
            facts: prepared.facts,
          });
          try {
            for (const c of prepared.cases.filter((c) => wantsCase(options, c.name))) {
              const caseStarted = performance.now();
              const r = await runCase(benchmark.name, engine.name, engineVersion, c, options, database, log);
              results.push(r);
              console.log(
                `  ${c.name}: ratio p50 ${r.ratio.p50.toFixed(2)}×, p95 ${r.ratio.p95.toFixed(2)}× ` +
                  `(${((performance.now() - caseStarted) / 1000).toFixed(1)} s)`,
              );
            }
          } finally {
            await prepared.close?.();
          }
        } finally {
          await dispose();
        }
        console.log('');
      }
    }
  } finally {
    await stopAll();
  }

  if (results.length) {
    console.log(formatTable(results));
    console.log(
      '\nTimes in ms per call. ratio = subject / baseline, both measured in this run on the same engine;' +
        '\nΔp50 = subject p50 − baseline p50 (what the subject adds on top of its baseline).',
    );
  }
  for (const b of benchmarks) console.log(`${b.name}: ${b.description}`);
  const described = new Map(results.map((r) => [`${r.benchmark} / ${r.case}`, r.description]));
  for (const [name, description] of described) console.log(`  ${name}: ${description}`);
  for (const s of skipped) console.log(`skipped engine: ${s}`);
  if (firstPage) console.log(`\n${formatFirstPage(firstPage, 0)}`);

  const out = path.join(benchDir, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      {
        finishedAt: new Date().toISOString(),
        machine: { ...m, loadAverageAtEnd: Number(os.loadavg()[0].toFixed(2)) },
        options: {
          quick,
          filter: filter ?? null,
          warmup: options.warmup,
          iterations: options.iterations,
          only: options.only ?? null,
          extraSql: options.extraSql ?? null,
        },
        skipped,
        setups,
        results,
        firstPage,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nWritten: ${path.relative(process.cwd(), out)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
