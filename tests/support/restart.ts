import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { isBuildCurrent } from '../../scripts/lib.mjs';
import { openDatabase } from '../../server/db/client';
import { type RunningServer, startServer } from './global-setup-e2e';

/**
 * RS3 tests that kill the real server and start it again on the same database: the built server (or, when the build
 * is older than its sources, the server from its sources through tsx) with jobs on, on this file's PostgreSQL database (`api-pg`) or, on PGlite (`api`), on a data folder made from the run's
 * migrated and seeded template (it starts without seeding). `start` starts one (`kill` on it is `kill -9`); the last
 * one started is stopped, and the folder removed, after the file. `env` is read at each start.
 */
export function withRestartableServer(t: { databaseUrl?: string }, env: () => Record<string, string>) {
  let dataDir = '';
  let last: RunningServer | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-restart-'));
    if (t.databaseUrl) return;
    const tar = fs.readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({
      engine: 'pglite',
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([tar]),
    });
    await database.close();
  });
  afterAll(async () => {
    await last?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    /** The server's data folder (its storage is `files/` in it). */
    dataDir: () => dataDir,
    async start() {
      const settings: Record<string, string> = { JOBS: 'true', LOG_LEVEL: 'error', ...env() };
      if (t.databaseUrl) settings.DATABASE_URL = t.databaseUrl;
      // The built server when the build is current (CI builds first; `npm test` builds before its tiers): each start
      // from the sources compiled them again with tsx, a few seconds a start.
      const command = isBuildCurrent() ? undefined : [process.execPath, '--import', 'tsx', 'server/main.ts'];
      last = await startServer(settings, command, { dataDir });
      return last;
    },
  };
}

/** Reads until `done` says so (every 100 ms), or fails after `seconds` with what it read last. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  seconds = 60,
) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
