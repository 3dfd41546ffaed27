/**
 * A throwaway PostgreSQL server started from the binaries of this machine: data and socket in a fresh temporary
 * folder, 127.0.0.1 on a free port, trust authentication, no fsync, the locale of PGlite. Used by the `api-pg`
 * test tier (tests/support/global-setup-postgres.ts) and by the benchmark harness (bench/harness.ts).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;

/** The directory holding initdb, pg_ctl and postgres: from PATH, else the newest /usr/lib/postgresql/<n>/bin. */
export function findPostgresBinaries(): string | null {
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

/** `url` pointing at the database `name` of the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export function freePort(): Promise<number> {
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

export interface PostgresServerOptions {
  /** The directory of initdb, pg_ctl and postgres; found with findPostgresBinaries() when left out. */
  binDir?: string;
  /** The superuser initdb creates, and the user of the returned URL. Default `postgres`. */
  superuser?: string;
  /** Prefix of the temporary folder (data, socket, server.log). Default `maillage-pg-`. */
  tempPrefix?: string;
  /** More postgresql.conf settings (e.g. `{ max_connections: 200 }`). */
  settings?: Record<string, string | number>;
  /**
   * Also stop the server when this process exits: synchronously on `exit`, and through a detached watchdog
   * when the process dies without running its handlers (SIGKILL).
   */
  stopWithProcess?: boolean;
}

export interface PostgresServer {
  /** A superuser URL of the database `postgres`. */
  url: string;
  binDir: string;
  /** Stops the server at once and removes its folder; later calls do nothing. */
  stop(): Promise<void>;
}

/** Starts a throwaway server (see the top of this file); `stop` ends it and removes its temporary folder. */
export async function startPostgresServer(options: PostgresServerOptions = {}): Promise<PostgresServer> {
  const binDir = options.binDir ?? findPostgresBinaries();
  if (!binDir) {
    throw new Error('no PostgreSQL server binaries on PATH or in /usr/lib/postgresql/*/bin');
  }
  const superuser = options.superuser ?? 'postgres';
  const { user, uid, gid } = runner();
  const port = await freePort();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), options.tempPrefix ?? 'maillage-pg-'));
  const dataDir = path.join(root, 'data');
  try {
    if (user) fs.chownSync(root, uid, gid);
    // The locale of PGlite's database (collation C, character classes C.UTF-8), so both engines sort and change
    // case the same way.
    run(binDir, user, root, 'initdb', [
      '-D',
      dataDir,
      '-U',
      superuser,
      '--auth=trust',
      '--encoding=UTF8',
      '--lc-collate=C',
      '--lc-ctype=C.UTF-8',
      '--no-sync',
    ]);
    const settings: Record<string, string | number> = {
      listen_addresses: "'127.0.0.1'",
      port,
      unix_socket_directories: `'${root.replace(/'/g, "''")}'`,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      ...options.settings,
    };
    fs.appendFileSync(
      path.join(dataDir, 'postgresql.conf'),
      [
        '',
        '# maillage throwaway server',
        ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`),
        '',
      ].join('\n'),
    );
    run(binDir, user, root, 'pg_ctl', [
      'start',
      '-w',
      '-t',
      '60',
      '-D',
      dataDir,
      '-l',
      path.join(root, 'server.log'),
    ]);
  } catch (error) {
    try {
      // In case pg_ctl gave up waiting on a server that did start.
      if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
        run(binDir, user, root, 'pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', dataDir]);
      }
    } catch {
      // not running
    }
    fs.rmSync(root, { recursive: true, force: true });
    throw error;
  }

  const watchdog = options.stopWithProcess ? startWatchdog(binDir, user, root, dataDir) : undefined;
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopSync);
    try {
      if (watchdog?.pid) process.kill(-watchdog.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    try {
      run(binDir, user, root, 'pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', dataDir]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  // Synchronous, so it also runs on process.exit (bench/run.ts turns SIGINT/SIGTERM into one).
  if (options.stopWithProcess) process.once('exit', stopSync);
  return { url: `postgres://${superuser}@127.0.0.1:${port}/postgres`, binDir, stop: async () => stopSync() };
}

/**
 * If this process dies without cleaning up (tsx answers a Ctrl-C with SIGKILL when the event loop is busy in
 * PGlite), a detached watchdog stops the server and removes its folder.
 */
function startWatchdog(binDir: string, user: string | null, root: string, dataDir: string) {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const as = user ? `runuser -u ${user} -- ` : '';
  const pgCtl = path.join(binDir, 'pg_ctl');
  const watchdog = spawn(
    'sh',
    [
      '-c',
      `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
        `${as}${quote(pgCtl)} -D ${quote(dataDir)} -m immediate -w stop >/dev/null 2>&1; rm -rf ${quote(root)}`,
    ],
    { detached: true, stdio: 'ignore' },
  );
  watchdog.unref();
  return watchdog;
}

/** One statement on a server, on its own connection (CREATE and DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
