import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server (database `postgres`), to create and drop test databases. */
    postgresAdminUrl: string;
  }
}

/** The migrated database every API test file copies (`CREATE DATABASE t_… TEMPLATE maillage_template`). */
export const TEMPLATE_DATABASE = 'maillage_template';

const BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;

/** The directory holding initdb, pg_ctl and postgres: from PATH, else the newest /usr/lib/postgresql/<n>/bin. */
function findBinDir(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (found) {
    const dir = path.dirname(fs.realpathSync(found));
    if (BINARIES.every((b) => fs.existsSync(path.join(dir, b)))) return dir;
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => BINARIES.every((b) => fs.existsSync(path.join(root, v, 'bin', b))))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The PostgreSQL binaries refuse to run as root: as root, run them as `nobody`. */
function runner(): { user: string | null; uid: number; gid: number } {
  if (process.getuid?.() !== 0) return { user: null, uid: -1, gid: -1 };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { user: 'nobody', uid: id('-u'), gid: id('-g') };
}

function run(binDir: string, user: string | null, cwd: string, command: string, args: string[]) {
  const file = path.join(binDir, command);
  const [cmd, argv] = user ? ['runuser', ['-u', user, '--', file, ...args]] : [file, args];
  const result = spawnSync(cmd, argv, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} failed (${result.status}): ${result.error ?? ''}\n${result.stdout}\n${result.stderr}`,
    );
  }
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A local throwaway server: data and socket in a fresh temporary folder, 127.0.0.1 on a free port, no fsync. */
async function startServer(binDir: string) {
  const { user, uid, gid } = runner();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-pg-'));
  const dataDir = path.join(root, 'data');
  if (user) fs.chownSync(root, uid, gid);
  const port = await freePort();
  // The locale of PGlite's database (collation C, character classes C.UTF-8), so both engines sort and change
  // case the same way.
  run(binDir, user, root, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--lc-collate=C',
    '--lc-ctype=C.UTF-8',
    '--no-sync',
  ]);
  const options = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  run(binDir, user, root, 'pg_ctl', [
    'start',
    '-w',
    '-t',
    '60',
    '-D',
    dataDir,
    '-l',
    path.join(root, 'server.log'),
    '-o',
    options,
  ]);
  const stop = () => {
    try {
      run(binDir, user, root, 'pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', dataDir]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/**
 * Runs once per `api-pg` run: uses TEST_DATABASE_URL when set, otherwise starts a PostgreSQL server from the
 * binaries on this machine. Creates and migrates the template database, and provides the admin URL.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer: (() => void) | undefined;
  if (!adminUrl) {
    const binDir = findBinDir();
    if (!binDir) {
      throw new Error(
        'api-pg tests need PostgreSQL: set TEST_DATABASE_URL to a server where the user may create databases, ' +
          'or install the PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or under /usr/lib/postgresql/<version>/bin.',
      );
    }
    const server = await startServer(binDir);
    adminUrl = server.url;
    stopServer = server.stop;
  }

  try {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const template = await openDatabase({
      engine: 'postgres',
      url: withDatabase(adminUrl, TEMPLATE_DATABASE),
      poolSize: 1,
    });
    try {
      await migrateDatabase(template);
    } finally {
      await template.close();
    }
  } catch (error) {
    stopServer?.();
    throw error;
  }
  project.provide('postgresAdminUrl', adminUrl);

  const url = adminUrl;
  return async () => {
    if (stopServer) stopServer();
    else await adminQuery(url, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  };
}
