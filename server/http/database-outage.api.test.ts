import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../tests/support/tcp-proxy';
import {
  type ApiClient,
  createTestApp,
  signIn,
  type TestApp,
  testConfig,
} from '../../tests/support/test-app';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { DEMO_ORGANISER, SECOND_COMPANY_USER } from '../seed/demo';

/**
 * RS3: the database going away for 10 seconds, mid-request, and coming back. The app reaches this file's database
 * on the tier's PostgreSQL server through a relay on 127.0.0.1 that the test cuts and restores (PGlite lives in the
 * process and cannot go away: PostgreSQL only).
 */
const onServer = process.env.TEST_ENGINE === 'postgres';
const OUTAGE_MS = 10_000;

describe.skipIf(!onServer)('the database going away and coming back (RS3)', () => {
  let owner: TestApp;
  let proxy: TcpProxy;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let closeDatabase: () => Promise<void>;
  let camille: ApiClient;
  let jordan: ApiClient;

  beforeAll(async () => {
    owner = await createTestApp();
    const url = new URL(owner.databaseUrl ?? '');
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 3 });
    closeDatabase = () => database.close();
    // Sessions checked against the database on every request, so that the outage is met by the session check too.
    ({ app } = await buildApp({
      config: testConfig({ SESSION_RECHECK_SECONDS: '0' }),
      database,
      logger: false,
    }));
    await app.ready();
    camille = await signIn(app, DEMO_ORGANISER);
    // The browser's language: all the app knows of a caller whose session it cannot read.
    jordan = await signIn(app, SECOND_COMPANY_USER, undefined, { 'accept-language': 'en-CA,en;q=0.9' });
  });

  afterAll(async () => {
    await app?.close();
    await closeDatabase?.();
    await proxy?.close();
    await owner?.close();
  });

  it('answers 503 « réessayez » in the caller’s language while it is away, never 500, and serves again after', async () => {
    expect((await camille.get('/api/projects')).status).toBe(200);

    // A request in flight when the connection drops.
    proxy.stall();
    const inFlight = camille.get('/api/projects?q=salon');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await proxy.down();
    const cut = await inFlight;
    expect(cut.status).toBe(503);
    expect(cut.body).toMatchObject({ status: 503, code: 'unavailable' });
    expect(cut.body.title).toMatch(/Réessayez dans quelques secondes/);

    // Ten seconds away: every request, reads and changes, and the session check, hears 503.
    const answers: number[] = [];
    const until = Date.now() + OUTAGE_MS;
    let english: { title?: string; code?: string } | undefined;
    while (Date.now() < until) {
      answers.push((await camille.get('/api/projects')).status);
      const refused = await jordan.post('/api/projects', { nameFr: 'Salon', nameEn: 'Fair' });
      answers.push(refused.status);
      english = refused.body;
      answers.push((await camille.get('/api/session')).status);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(answers.length).toBeGreaterThanOrEqual(9);
    expect(new Set(answers)).toEqual(new Set([503]));
    expect(english).toMatchObject({ code: 'unavailable' });
    expect(english?.title).toMatch(/Try again in a few seconds/);

    // Back: the same app, not restarted, serves again (the pool opens new connections).
    await proxy.up();
    const back = await camille.get('/api/projects');
    expect(back.status).toBe(200);
    expect(back.body.total).toBeGreaterThan(0);
  }, 60_000);
});
