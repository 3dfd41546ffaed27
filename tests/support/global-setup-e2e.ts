import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { freePort } from './postgres-server';

/**
 * Browser tier: one server of the built app per worker of the tier (its `maxWorkers`, vitest.config.ts), each on a
 * free port of 127.0.0.1 with a fresh data folder (a copy of an embedded database seeded once with the demo data). Their
 * addresses reach the tests as `e2eServers`, with a lock folder in which a running file holds its server
 * (tests/support/e2e.ts): files running at the same time never share a database, and files sharing one run one at
 * a time. Each server has a fake Stripe of its own (tests/support/fake-stripe.ts, `STRIPE_*` settings pointing at it,
 * its signed webhooks sent to that server), so card payments work as with a Stripe account.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The servers' addresses, and the folder where a file holds one (a sub-folder named by its index). */
    e2eServers: { urls: string[]; lockDir: string };
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Set by the tier's global setup (and so inherited by its workers): a data folder migrated and seeded with the demo
 * data, once. A built server started without a folder of its own begins from a copy of it instead of migrating and
 * seeding a new database (some 5 s of CPU a server).
 */
const SEEDED_DIR = 'MAILLAGE_E2E_SEEDED_DIR';

async function makeSeededDataDir(): Promise<string> {
  const { migrateDatabase, openDatabase } = await import('../../server/db/client');
  const { seedDemo } = await import('../../server/seed/demo');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-e2e-seeded-'));
  const database = await openDatabase({ engine: 'pglite', dataDir: path.join(dir, 'pglite') });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  return dir;
}
const MAIN = path.join(ROOT, process.env.MAILLAGE_DIST || 'dist', 'server/main.js');

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
  /** `kill -9` of the server (its data folder stays until `stop`). */
  kill: () => Promise<void>;
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server stopped (code ${child.exitCode}) before it was ready:\n${output()}`);
    }
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within 90 s:\n${output()}`);
}

/**
 * Starts `node dist/server/main.js` on a free port with a fresh data folder under the system's temporary folder,
 * and waits for /healthz. `env` adds or overrides settings (server/config.ts). `stop` ends the process and
 * removes the folder. `command` starts the server otherwise (`npm start`, tsx): it then runs in a process group of
 * its own, which `stop` (or this process's exit) ends as a whole, launcher and server together.
 */
export async function startServer(
  env: Record<string, string> = {},
  command?: string[],
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  if (!command && !fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first`);
  // A data folder given by the caller outlives the server (a restart on the same data); it removes it.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-e2e-'));
  const seeded = process.env[SEEDED_DIR];
  if (!command && !env.DATABASE_URL && seeded && !fs.existsSync(path.join(dataDir, 'pglite'))) {
    fs.cpSync(seeded, dataDir, { recursive: true });
  }
  const port = await freePort();
  const [file, ...args] = command ?? [process.execPath, MAIN];
  const child = spawn(file, args, {
    detached: Boolean(command),
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '1000',
      JOBS: 'false',
      RESPONSE_CHECK: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopping = false;
  child.once('exit', (code, signal) => {
    // Said at once: every test after this point would only report a refused connection.
    if (!stopping) console.error(`the server on port ${port} stopped (${signal ?? code}):\n${output}`);
  });

  const signal = (name: NodeJS.Signals) => {
    try {
      if (command && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // already gone
    }
  };
  const killGroup = () => signal('SIGKILL');
  if (command) process.once('exit', killGroup);
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      signal('SIGTERM');
      const force = setTimeout(() => signal('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    }
    process.off('exit', killGroup);
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  /** `kill -9`: the process ends at once, mid-work, with no shutdown of any kind. */
  const kill = async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signal('SIGKILL');
    await exited;
    process.off('exit', killGroup);
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, kill };
}

/**
 * `startServer` with card payments on: a fake Stripe of its own on 127.0.0.1 (started first, its address given to
 * the server), whose Checkout pages pay with 4242 4242 4242 4242 and whose webhooks reach this server. `stop` ends
 * both.
 */
export async function startServerWithFakeStripe(
  env: Record<string, string> = {},
): Promise<RunningServer & { stripe: FakeStripe }> {
  const stripe = await startFakeStripe();
  let server: RunningServer;
  try {
    server = await startServer({
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      ...env,
    });
  } catch (error) {
    await stripe.close();
    throw error;
  }
  stripe.webhookUrl = `${server.baseUrl}/api/stripe/webhook`;
  return {
    ...server,
    stripe,
    stop: async () => {
      await server.stop();
      await stripe.close();
    },
  };
}

export default async function setup(project: TestProject) {
  if (!fs.existsSync(MAIN)) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  const count = project.config.maxWorkers || 1;
  const seeded = await makeSeededDataDir();
  process.env[SEEDED_DIR] = seeded;
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServerWithFakeStripe()));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => Promise.all(servers.map((server) => server.stop())).then(() => undefined);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    fs.rmSync(seeded, { recursive: true, force: true });
    throw failed.reason;
  }
  const lockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-e2e-servers-'));
  project.provide('e2eServers', { urls: servers.map((server) => server.baseUrl), lockDir });
  return async () => {
    await stopAll();
    fs.rmSync(lockDir, { recursive: true, force: true });
    fs.rmSync(seeded, { recursive: true, force: true });
  };
}
