import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CurrentUser } from '../../contracts/auth';
import { isBuildCurrent, root } from '../../scripts/lib.mjs';
import { type RunningServer, startServer } from '../../tests/support/global-setup-e2e';
import { ApiClient } from '../../tests/support/http-client';
import { adminQuery, withDatabase } from '../../tests/support/postgres-server';
import { DEMO_COMPANY, DEMO_ORGANISER, DEMO_PASSWORD } from '../seed/demo';

/**
 * The README's "On a PostgreSQL server" block, read from README.md and run as written (`npm run …` through a shell)
 * on a new, empty database of the `api-pg` tier's server: the exported DATABASE_URL is the one thing replaced. The
 * password goes to `user:create` on its standard input, as the README says for a run without a terminal. `npm start`
 * runs as written when the build is current (it then only starts `dist/server/main.js`); otherwise the server runs
 * from its sources with tsx, rather than building here. Skipped in the PGlite `api` project.
 */

const PASSWORD = 'Readme-walk-2026';

/** The commands of the README's PostgreSQL block, comments left out. */
function readmeCommands(): string[] {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## On a PostgreSQL server$/m)[1] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/\s#.*$/, '').trim())
    .filter(Boolean);
}

/** One line through `sh -c`, as a terminal would run it, `input` on its standard input. */
function runLine(line: string, env: Record<string, string>, input: string) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('sh', ['-c', line], { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(input);
  });
}

async function sessionUser(client: ApiClient) {
  return (await client.call<{ user: CurrentUser }>('GET', '/api/session')).user;
}

describe.skipIf(process.env.TEST_ENGINE !== 'postgres')('the README, on a PostgreSQL server', () => {
  const database = `readme_${process.pid}_${Date.now().toString(36)}`;
  let adminUrl = '';
  let server: RunningServer | undefined;

  beforeAll(async () => {
    adminUrl = inject('postgresAdminUrl');
    await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    await server?.stop();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('creates the user, adds the demo beside and starts the app as written; both sign in over HTTP', async () => {
    const commands = readmeCommands();
    const env: Record<string, string> = {};
    const ran: string[] = [];
    for (const line of commands) {
      const exported = /^export (\w+)=/.exec(line);
      if (exported) {
        expect(exported[1]).toBe('DATABASE_URL');
        env.DATABASE_URL = withDatabase(adminUrl, database);
      } else if (/^npm start\b/.test(line)) {
        const command = isBuildCurrent()
          ? ['sh', '-c', line]
          : [process.execPath, '--import', 'tsx', 'server/main.ts'];
        // The README's settings (JOBS and the login limit at their defaults), on a free port of 127.0.0.1.
        server = await startServer({ ...env, JOBS: 'true', LOGIN_MAX_ATTEMPTS: '10' }, command);
        ran.push('npm start');
      } else {
        const result = await runLine(line, env, `${PASSWORD}\n`);
        expect(result.code, `${line}\n${result.output}`).toBe(0);
        ran.push(line.split(' -- ')[0]);
      }
    }
    expect(ran.toSorted()).toEqual(['npm run seed:demo', 'npm run user:create', 'npm start']);
    expect(env.DATABASE_URL).toBeDefined();
    if (!server) throw new Error('the README started no server');

    const userLine = commands.find((line) => line.startsWith('npm run user:create')) ?? '';
    const email = /--email (\S+)/.exec(userLine)?.[1] ?? '';
    const company = /--company "([^"]+)"/.exec(userLine)?.[1];
    const user = await sessionUser(await ApiClient.signIn(server.baseUrl, email, PASSWORD));
    expect(user).toMatchObject({ email, isSuperAdmin: true, company: { name: company } });

    const organiser = await sessionUser(
      await ApiClient.signIn(server.baseUrl, DEMO_ORGANISER, DEMO_PASSWORD),
    );
    expect(organiser).toMatchObject({ email: DEMO_ORGANISER, company: { name: DEMO_COMPANY, isDemo: true } });
  }, 300_000);
});
