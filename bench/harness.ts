/**
 * The benchmark harness: engines (PGlite, and a PostgreSQL server it starts itself), interleaved timing of a
 * subject against a baseline measured in the same run, statistics, the table and bench/results/latest.json.
 * Performance is judged by these ratios, never by timed tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ListParams } from '../contracts/http';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type Database, type Db, migrateDatabase, openDatabase } from '../server/db/client';
import { listPage } from '../server/db/list';
import { companies } from '../server/db/schema';
import { hashPassword } from '../server/modules/users/passwords';
import { insertUser } from '../server/modules/users/repository';
import { findPostgresBinaries, startPostgresServer, withDatabase } from '../tests/support/postgres-server';

// ---------- what a benchmark declares ----------

export interface BenchOptions {
  /** Fewer rows and iterations: a smoke run that checks the benchmark still works. */
  quick: boolean;
  /** Print EXPLAIN (ANALYZE, BUFFERS) of every baseline query before measuring. */
  explain: boolean;
  /** SQL applied after the seed and before measuring (to try an index before writing a migration). */
  extraSql?: string;
  warmup: number;
  iterations: number;
  /** `--only=a,b`: run only the cases whose name contains one of these (a benchmark may then skip their seeds). */
  only?: string[];
}

/** Whether `--only` keeps the case of this name (every case without `--only`). */
export const wantsCase = (options: BenchOptions, name: string) =>
  !options.only?.length || options.only.some((part) => name.includes(part));

export interface SetupContext {
  engine: EngineName;
  database: Database;
  options: BenchOptions;
  log(message: string): void;
}

/** One measured comparison: the subject and a baseline that does the irreducible part of the same work. */
export interface BenchCase {
  name: string;
  description: string;
  subject: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
  /** Run once before the warm-up: throws when subject and baseline disagree (then the ratio would be meaningless). */
  check?: () => Promise<void>;
  /** The SQL of the baseline, shown with --explain. */
  explain?: { label: string; sql: string; params: unknown[] }[];
  /**
   * Untimed, before every round (warm-up and measured): for subjects that change the data (an import creates
   * rows), so that every round starts from the same state.
   */
  prepare?: () => Promise<void>;
  /** Rounds of this case when they must differ from the run's (a case whose call takes seconds). */
  rounds?: { warmup: number; iterations: number };
}

export interface Prepared {
  /** Sizes and shares worth printing next to the figures (rows seeded, rows matched, …). */
  facts: Record<string, string | number>;
  cases: BenchCase[];
  close?: () => Promise<void>;
}

export interface Benchmark {
  name: string;
  description: string;
  setup(ctx: SetupContext): Promise<Prepared>;
}

export function defineBenchmark(benchmark: Benchmark): Benchmark {
  return benchmark;
}

// ---------- statistics ----------

export interface Stats {
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** Percentile by linear interpolation between the closest ranks (samples in ms). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

export function summarize(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    mean: sorted.reduce((s, x) => s + x, 0) / sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

export interface CaseResult {
  benchmark: string;
  engine: EngineName;
  engineVersion: string;
  case: string;
  description: string;
  warmup: number;
  iterations: number;
  subject: Stats;
  baseline: Stats;
  ratio: { p50: number; p95: number; mean: number };
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Warm-up, then `iterations` rounds; each round times the subject and the baseline one after the other,
 * alternating which goes first, so drift (GC, caches, a noisy neighbour) weighs on both alike.
 */
export async function compare(
  c: Pick<BenchCase, 'subject' | 'baseline' | 'prepare'>,
  warmup: number,
  iterations: number,
): Promise<{ subject: Stats; baseline: Stats }> {
  for (let i = 0; i < warmup; i++) {
    await c.prepare?.();
    await c.subject();
    await c.baseline();
  }
  const subject: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < iterations; i++) {
    await c.prepare?.();
    if (i % 2 === 0) {
      subject.push(await time(c.subject));
      baseline.push(await time(c.baseline));
    } else {
      baseline.push(await time(c.baseline));
      subject.push(await time(c.subject));
    }
  }
  return { subject: summarize(subject), baseline: summarize(baseline) };
}

// ---------- engines ----------

export type EngineName = 'pglite' | 'postgres';

export interface Engine {
  name: EngineName;
  /** Where it runs, for the report (e.g. "in-memory", "PostgreSQL server started by the harness"). */
  where: string;
  /** A fresh, migrated database for one benchmark (with its URL on a PostgreSQL server, for other processes). */
  open(benchmark: string): Promise<{ database: Database; url?: string; dispose(): Promise<void> }>;
  stop(): Promise<void>;
}

/**
 * The benchmarks that measure the process's memory (RSS): their PGlite keeps its files in a folder on disk, as the
 * product's does (`npm start`: DATA_DIR). In memory, every row written (10,000 messages and their QR images) would be
 * counted in the process's RSS, which the product's embedded database does not hold.
 */
const PGLITE_ON_DISK = new Set(['campaigns', 'reports']);

export function pgliteEngine(): Engine {
  return {
    name: 'pglite',
    where: 'PGlite (in memory; on disk as the product runs for campaigns and reports)',
    async open(benchmark) {
      const dataDir = PGLITE_ON_DISK.has(benchmark)
        ? fs.mkdtempSync(path.join(os.tmpdir(), `maillage-bench-${benchmark}-`))
        : undefined;
      const database = await openDatabase({ engine: 'pglite', dataDir });
      await migrateDatabase(database);
      return {
        database,
        async dispose() {
          await database.close();
          if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
    async stop() {},
  };
}

/**
 * A PostgreSQL server: BENCH_DATABASE_URL when set (its role needs CREATEDB), else one the harness starts.
 * Each benchmark gets its own database, created and dropped here.
 */
export async function postgresEngine(): Promise<Engine | { skipped: string }> {
  const external = process.env.BENCH_DATABASE_URL;
  let url: string;
  let where: string;
  let stopServer = async () => {};
  if (external) {
    url = external;
    where = 'PostgreSQL server at BENCH_DATABASE_URL';
  } else {
    const bin = findPostgresBinaries();
    if (!bin) return { skipped: 'no PostgreSQL server binaries on PATH or in /usr/lib/postgresql/*/bin' };
    if (process.getuid?.() === 0 && spawnSync('runuser', ['--help']).status !== 0) {
      return { skipped: 'running as root without runuser (server binaries refuse to run as root)' };
    }
    // Stopped with this process too: on Ctrl-C, run.ts turns SIGINT/SIGTERM into process.exit, and a
    // watchdog covers tsx's SIGKILL.
    const server = await startPostgresServer({
      binDir: bin,
      superuser: 'bench',
      tempPrefix: 'maillage-bench-pg-',
      stopWithProcess: true,
    });
    url = server.url;
    stopServer = server.stop;
    where = `PostgreSQL server started by the harness (${bin}, fsync=off)`;
  }
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  let counter = 0;
  return {
    name: 'postgres',
    where,
    async open(benchmark) {
      const name = `maillage_bench_${process.pid}_${counter++}_${benchmark.replace(/\W/g, '_')}`;
      try {
        await admin.query(`create database "${name}"`);
      } catch (error) {
        throw new Error(
          `cannot create database ${name} (the role needs CREATEDB): ${(error as Error).message}`,
        );
      }
      const database = await openDatabase({ engine: 'postgres', url: withDatabase(url, name) });
      await migrateDatabase(database);
      return {
        database,
        url: withDatabase(url, name),
        async dispose() {
          await database.close();
          await admin.query(`drop database if exists "${name}"`);
        },
      };
    },
    async stop() {
      await admin.end();
      await stopServer();
    },
  };
}

// ---------- helpers for benchmarks of the HTTP API ----------

/** The whole application, as in production but without jobs and logs. */
export async function startApp(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), 'maillage-bench-data'),
    SEED_DEMO: 'false',
    JOBS: 'false',
    COOKIE_SECURE: 'false',
    SESSION_IDLE_SECONDS: '3600',
    // To measure the app as it was before sessions were kept between calls: SESSION_RECHECK_SECONDS=0.
    SESSION_RECHECK_SECONDS: process.env.SESSION_RECHECK_SECONDS ?? '5',
  });
  const { app } = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** Signs in through the API like the web app does; returns the cookies to send with later requests. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const state = await app.inject({ method: 'GET', url: '/api/session' });
  if (state.statusCode !== 200) throw new Error(`GET /api/session answered ${state.statusCode}`);
  const cookies: Record<string, string> = {};
  for (const c of state.cookies) cookies[c.name] = c.value;
  const login = await app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { 'x-csrf-token': state.json().csrfToken },
    cookies,
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in answered ${login.statusCode}: ${login.body}`);
  for (const c of login.cookies) cookies[c.name] = c.value;
  return cookies;
}

/** A list bench's subject: one GET through the whole HTTP layer, which must answer 200. */
export function getThrough(app: FastifyInstance, url: string, cookies: Record<string, string>) {
  return async () => {
    const res = await app.inject({ method: 'GET', url, cookies });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
}

type Statement = { sql: string; params: unknown[] };

/** A list bench's baseline: the endpoint's page and count run as raw SQL, together as `listPage` runs them. */
export function rawListPage(
  database: Database,
  params: Pick<ListParams, 'page' | 'pageSize'>,
  page: Statement,
  count: Statement,
) {
  return listPage(
    params,
    async () => (await database.sql.query<Record<string, unknown>>(page.sql, page.params)).rows,
    async () => Number(Object.values((await database.sql.query(count.sql, count.params)).rows[0])[0]),
  );
}

/**
 * Throws unless the endpoint's answer and the baseline's rows hold the same ids in the same order and the same total
 * (drizzle selects the columns without aliases: the id is the first value of each row), or when the page is empty.
 */
export function assertSameList(
  name: string,
  body: { items: { id: string }[]; total: number },
  direct: { items: Record<string, unknown>[]; total: number },
) {
  const ids = direct.items.map((row) => Object.values(row)[0] as string);
  const same =
    body.total === direct.total &&
    body.items.length === ids.length &&
    body.items.every((item, i) => item.id === ids[i]);
  if (!same || body.items.length === 0) {
    throw new Error(
      `${name}: the endpoint and the baseline SQL disagree (or the page is empty): ` +
        `endpoint total ${body.total}, ids ${body.items.map((i) => i.id).slice(0, 3)}…; ` +
        `baseline total ${direct.total}, ids ${ids.slice(0, 3)}…`,
    );
  }
  return ids;
}

/** A small seeded generator, so every run seeds the same rows: the one `npm run seed:scale` uses. */
export { scaleRandom as random } from '../server/seed/scale';

// ---------- report ----------

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    /** 1-minute load average when the run started: above the number of cores, other work shared the machine. */
    loadAverage: Number(os.loadavg()[0].toFixed(2)),
  };
}

const ms = (x: number) => x.toFixed(2);
const ratio = (x: number) => `${x.toFixed(2)}×`;

/** A plain-text table, right-aligned numbers. */
export function formatTable(results: CaseResult[]): string {
  const header = [
    'engine',
    'benchmark / case',
    'iter',
    'subject p50',
    'p95',
    'mean',
    'baseline p50',
    'p95',
    'mean',
    'ratio p50',
    'ratio p95',
    'Δp50 ms',
  ];
  const rows = results.map((r) => [
    r.engine,
    `${r.benchmark} / ${r.case}`,
    String(r.iterations),
    ms(r.subject.p50),
    ms(r.subject.p95),
    ms(r.subject.mean),
    ms(r.baseline.p50),
    ms(r.baseline.p95),
    ms(r.baseline.mean),
    ratio(r.ratio.p50),
    ratio(r.ratio.p95),
    ms(r.subject.p50 - r.baseline.p50),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export async function runCase(
  benchmark: string,
  engine: EngineName,
  engineVersion: string,
  c: BenchCase,
  options: BenchOptions,
  database: Database,
  log: (message: string) => void,
): Promise<CaseResult> {
  if (c.check) await c.check();
  if (options.explain) {
    for (const q of c.explain ?? []) {
      const plan = await database.sql.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${q.sql}`,
        q.params,
      );
      log(`EXPLAIN ANALYZE — ${engine} — ${c.name} — ${q.label}\n${q.sql}\n`);
      log(`${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}\n`);
    }
  }
  const { warmup, iterations } = c.rounds ?? options;
  const { subject, baseline } = await compare(c, warmup, iterations);
  return {
    benchmark,
    engine,
    engineVersion,
    case: c.name,
    description: c.description,
    warmup,
    iterations,
    subject,
    baseline,
    ratio: {
      p50: subject.p50 / baseline.p50,
      p95: subject.p95 / baseline.p95,
      mean: subject.mean / baseline.mean,
    },
  };
}

export const BENCH_EMAIL = 'banc@maillage.test';
export const BENCH_PASSWORD = 'Banc-d-essai-2026';

/**
 * The companies every list bench measures: the organiser's (with a signed-in user, `BENCH_EMAIL`) and another one
 * whose rows the queries must leave out.
 */
export async function createBenchCompanies(db: Db) {
  const [main] = await db
    .insert(companies)
    .values({ name: 'Événements Banc d’essai', contactEmail: 'banc@maillage.test' })
    .returning();
  const [other] = await db
    .insert(companies)
    .values({ name: 'Congrès Boréal (banc d’essai)', contactEmail: 'info@boreal.test' })
    .returning();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await insertUser(db, {
    companyId: main.id,
    email: BENCH_EMAIL,
    firstName: 'Camille',
    lastName: 'Gagnon',
    passwordHash,
    locale: 'fr',
  });
  return { main, other, passwordHash };
}
