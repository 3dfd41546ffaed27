/**
 * `npm run bench -- load` (issue 22, RS6): two instances of the built server (`npm run build`) on one PostgreSQL
 * server, jobs on in both, and N signed-in sessions (default 200) for D seconds (default 300) driven by autocannon
 * over 127.0.0.1: each session asks a request every 1/rate seconds (default 2 s) drawn from the mix
 * (bench/load-mix.ts), on a connection that changes instance every phase (30 s), so every session is served by
 * both; one import is saved and one pairing generated meanwhile. Reads and writes measured apart (p50, p95, p99,
 * max, errors, non-2xx) against the goals (p99 < 300 ms reads, < 800 ms writes, 0 errors), then the database
 * checked: each job ran once, nothing twice. Run by name only (not in the full `npm run bench`). See
 * bench/README.md, "load".
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../tests/support/global-setup-e2e';
import { machine, postgresEngine, random } from './harness';
import { Recorder, type Sample, type Session, signInOver } from './load-client';
import { cpuBetween, describeCpu, postmasterPid, sampleCpu, serverPids, snapshot } from './load-cpu';
import { type Lane, lanesOf, phase } from './load-driver';
import { checkDatabase, createPairing, generateDuringRun, importDuringRun } from './load-jobs';
import { MIX, mixTable, type VirtualUser } from './load-mix';
import { ms, table, timelineTable } from './load-report';
import {
  LOAD_PASSWORD,
  LOAD_SIZE,
  organiserEmail,
  PLANNER_EMAIL,
  SESSIONS_PER_ORGANISER,
  seedLoad,
} from './load-seed';
import { makeRows } from './participant-import.bench';

export const LOAD = 'load';
export const GOALS = { read: 300, write: 800 } as const;
const WARMUP_SECONDS = 10;
/** The timeline's window. */
const WINDOW_SECONDS = 20;

export interface LoadOptions {
  durationSeconds: number;
  sessions: number;
  /** Requests a second of each session. */
  rate: number;
  out: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

export async function runLoadBench(options: LoadOptions) {
  const log = (m: string) => console.log(m);
  const m = machine();
  log(`Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}`);
  log(
    `Load bench: ${options.sessions} sessions × ${options.rate} request/s for ${options.durationSeconds} s, two instances\n`,
  );
  const engine = await postgresEngine();
  if ('skipped' in engine) throw new Error(`the load bench needs a PostgreSQL server: ${engine.skipped}`);
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-load-files-'));
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    const { database, url, dispose } = await engine.open(LOAD);
    try {
      const [{ version }] = (await database.sql.query<{ version: string }>('select version()')).rows;
      log(`▶ load on ${version.split(' on ')[0]} (${engine.where})`);
      const seed = await seedLoad(database, options.sessions);
      log(
        `  seeded in ${seed.seconds.toFixed(1)} s: ${LOAD_SIZE.participants} participants, ${LOAD_SIZE.activities} activities, ${LOAD_SIZE.inscriptions} inscriptions, ${LOAD_SIZE.projects + 1} projects, ${seed.organisers} organisers`,
      );
      // Production settings but for the port and files: one files folder for both (as one S3 bucket would be).
      const env = {
        DATABASE_URL: url as string,
        JOBS: 'true',
        FILES_DIR: filesDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        RESPONSE_CHECK: 'false',
        LOGIN_MAX_ATTEMPTS: '10',
      };
      const started = performance.now();
      servers.push(...(await Promise.all([startServer(env), startServer(env)])));
      const baseUrls = servers.map((s) => s.baseUrl);
      log(
        `  two instances ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${baseUrls.join(', ')}`,
      );

      // Session s signs in on instance s % 2, four sessions per organiser (the sign-in limit of the defaults is 10).
      const signStarted = performance.now();
      const sessions: Session[] = [];
      for (let s = 0; s < options.sessions; s += 8) {
        const batch = Array.from({ length: Math.min(8, options.sessions - s) }, (_, i) => s + i);
        sessions.push(
          ...(await Promise.all(
            batch.map((n) =>
              signInOver(
                baseUrls[n % 2],
                organiserEmail(Math.floor(n / SESSIONS_PER_ORGANISER)),
                LOAD_PASSWORD,
              ),
            ),
          )),
        );
      }
      const planner = await signInOver(baseUrls[0], PLANNER_EMAIL, LOAD_PASSWORD);
      log(
        `  ${sessions.length} sessions signed in (${((performance.now() - signStarted) / 1000).toFixed(1)} s)`,
      );

      const recorder = new Recorder();
      const flow = { recorder, baseUrls, planner, seed };
      const pairingId = await createPairing(flow);
      const share = Math.floor(seed.participantIds.length / options.sessions);
      const vus: VirtualUser[] = sessions.map((session, index) => ({
        index,
        session,
        random: random(1000 + index),
        records: seed.participantIds.slice(index * share, (index + 1) * share),
        next: 0,
        open: null,
        edits: 0,
      }));
      // Warm-up: every session for WARMUP_SECONDS on the instance it does not start on, not measured.
      const warmupStarted = performance.now();
      const { lanes, connectionRate } = lanesOf(vus, options.rate);
      // The lanes start spread over a second, so that their requests do not all leave at the same instant.
      const spread = (lane: Lane) => sleep((lane.index / lanes.length) * 1000);
      await Promise.all(
        lanes.map(async (lane) => {
          await spread(lane);
          const instance = (lane.index + 1) % 2;
          await phase(lane, instance, baseUrls[instance], WARMUP_SECONDS, connectionRate, seed, recorder);
        }),
      );
      log(
        `  warm-up: ${recorder.warmup.length} requests in ${((performance.now() - warmupStarted) / 1000).toFixed(0)} s, not measured`,
      );
      recorder.measuring = true;

      const phaseSeconds = Math.min(30, Math.max(5, Math.floor(options.durationSeconds / 2)));
      const phases = Math.max(2, Math.round(options.durationSeconds / phaseSeconds));
      const cpuPids = {
        servers: serverPids(baseUrls.map((u) => Number(new URL(u).port))),
        postmaster: postmasterPid(Number(new URL(url as string).port)),
      };
      const cpuAtStart = snapshot(cpuPids.servers, cpuPids.postmaster);
      const windows = sampleCpu(cpuPids.servers, cpuPids.postmaster, WINDOW_SECONDS * 1000);
      const loadAtStart = uptime();
      log(`  start: ${loadAtStart}`);
      log(
        `  ${lanes.length} connections at ${connectionRate} request/s, ${vus.length / lanes.length} session(s) each; ${phases} phases of ${phaseSeconds} s, each connection changing instance at every phase`,
      );
      const runStarted = performance.now();
      const durationMs = phases * phaseSeconds * 1000;
      const background = (async () => {
        await sleep(durationMs * 0.15);
        log(`  import started at ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
        const imported = await importDuringRun(flow);
        log(
          `  import done at ${((performance.now() - runStarted) / 1000).toFixed(0)} s: ${imported.created} created`,
        );
        const wait = durationMs * 0.4 - (performance.now() - runStarted);
        if (wait > 0) await sleep(wait);
        log(`  pairing generation started at ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
        const generated = await generateDuringRun(flow, pairingId);
        log(
          `  pairing generated in ${generated.seconds.toFixed(1)} s (${generated.people} people), at ${((performance.now() - runStarted) / 1000).toFixed(0)} s`,
        );
        return { imported, generated };
      })();
      await Promise.all(
        lanes.map(async (lane) => {
          await spread(lane);
          for (let p = 0; p < phases; p++) {
            const instance = (lane.index + p) % 2;
            await phase(lane, instance, baseUrls[instance], phaseSeconds, connectionRate, seed, recorder);
          }
        }),
      );
      const loadSeconds = (performance.now() - runStarted) / 1000;
      const loadAtEnd = uptime();
      const cpu = cpuBetween(cpuAtStart, snapshot(cpuPids.servers, cpuPids.postmaster), loadSeconds);
      const timeline = windows.stop().map((w) => {
        const inWindow = (s: Sample) => (s.at ?? 0) > w.from && (s.at ?? 0) <= w.to;
        const reads = recorder.figures(
          (s) => s.kind === 'read' && inWindow(s),
          () => false,
        );
        const writes = recorder.figures(
          (s) => s.kind === 'write' && inWindow(s),
          () => false,
        );
        return {
          from: Math.max(0, (w.from - runStarted) / 1000),
          to: (w.to - runStarted) / 1000,
          reads,
          writes,
          cpu: w.cpu,
        };
      });
      log(`  load done in ${loadSeconds.toFixed(0)} s; end: ${loadAtEnd}`);
      const jobs = await background;

      const importEmails = makeRows(LOAD_SIZE.importRows, 7).map((r) => r.person.email.toLowerCase());
      const saves = [...recorder.warmup, ...recorder.samples].filter(
        (s) => s.name === 'participant save' && s.kind === 'write' && s.status < 300,
      ).length;
      const bothInstances = vus.filter(
        (vu) => recorder.answeredBy[0].has(vu.index) && recorder.answeredBy[1].has(vu.index),
      ).length;
      const checks = await checkDatabase(database, seed, {
        pairingId,
        importEmails,
        saves,
        cutSaves: recorder.cuts.get('participant save') ?? 0,
        sessions: sessions.length,
        bothInstances,
      });

      const all = () => true;
      const reads = recorder.figures(
        (s) => s.kind === 'read',
        (n) => MIX.find((e) => e.name === n)?.kind !== 'write',
      );
      const writes = recorder.figures(
        (s) => s.kind === 'write',
        (n) => MIX.find((e) => e.name === n)?.kind === 'write',
      );
      const names = [...new Set(recorder.samples.map((s) => s.name))];
      const rows = [
        { label: 'reads (GET)', f: reads, goal: GOALS.read },
        { label: 'writes (PUT, POST)', f: writes, goal: GOALS.write },
        ...names.map((n) => ({
          label: `  ${n}`,
          f: recorder.figures(
            (s) => s.name === n,
            (e) => e === n,
          ),
        })),
        { label: 'all', f: recorder.figures(all, all) },
      ];
      const perInstance = [0, 1].map((i) => recorder.samples.filter((s) => s.instance === i).length);
      log(`\n${table(rows)}`);
      log(
        `\nBy ${WINDOW_SECONDS} s window: latencies beside the CPU of the window (seconds of CPU over the window)`,
      );
      log(timelineTable(timeline));
      log(
        `\nTimes in ms per request (autocannon's own latency of each answer; the import and the pairing's calls by fetch).`,
      );
      log(
        `Requests per instance: A ${perInstance[0]}, B ${perInstance[1]}; ${(recorder.samples.length / loadSeconds).toFixed(1)} requests/s over ${loadSeconds.toFixed(0)} s`,
      );
      log(
        `${describeCpu(cpu)}; the servers spent ${((1000 * (cpu.serverA + cpu.serverB)) / recorder.samples.length).toFixed(1)} ms of CPU a request, PostgreSQL ${((1000 * cpu.postgres) / recorder.samples.length).toFixed(1)} ms`,
      );
      log(
        `Cut by the end of a phase (sent, answer not read; not counted): ${JSON.stringify(Object.fromEntries(recorder.cuts))}`,
      );
      for (const f of recorder.failures) log(`  failure: ${f}`);
      log('\nChecks in the database:');
      for (const c of checks) log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: ${c.detail}`);
      const warmupFailed = recorder.warmup.filter((s) => s.status < 200 || s.status >= 300).length;
      log(`Warm-up: ${recorder.warmup.length} requests, ${warmupFailed} non-2xx`);
      const pass =
        warmupFailed === 0 &&
        reads.p99 < GOALS.read &&
        writes.p99 < GOALS.write &&
        reads.errors + writes.errors + reads.non2xx + writes.non2xx === 0 &&
        checks.every((c) => c.ok);
      log(
        `\n${pass ? 'PASS' : 'FAIL'}: reads p99 ${ms(reads.p99)} ms (goal < ${GOALS.read}), writes p99 ${ms(writes.p99)} ms (goal < ${GOALS.write}), ` +
          `errors ${reads.errors + writes.errors}, non-2xx ${reads.non2xx + writes.non2xx}, checks ${checks.filter((c) => c.ok).length}/${checks.length}`,
      );
      log(`\nThe mix:\n${mixTable()}`);
      fs.mkdirSync(path.dirname(options.out), { recursive: true });
      fs.writeFileSync(
        options.out,
        `${JSON.stringify(
          {
            finishedAt: new Date().toISOString(),
            machine: m,
            options,
            uptime: { start: loadAtStart, end: loadAtEnd },
            loadSeconds,
            cpu,
            timeline,
            perInstance,
            jobs,
            figures: Object.fromEntries(rows.map((r) => [r.label.trim(), r.f])),
            checks,
            failures: recorder.failures,
            pass,
          },
          null,
          2,
        )}\n`,
      );
      log(`\nWritten: ${path.relative(process.cwd(), options.out)}`);
      if (!pass) process.exitCode = 1;
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await dispose();
    }
  } finally {
    await engine.stop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  }
}
