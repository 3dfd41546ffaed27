import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en, fr } from '../../../locales';
import {
  anonymous,
  createTestApp,
  signIn,
  type TestApp,
  testClock,
  testConfig,
} from '../../../tests/support/test-app';
import { buildApp } from '../../app';
import { companySwitches, users } from '../../db/schema';
import { DEMO_ORGANISER, DEMO_PASSWORD, DEMO_SUPER_ADMIN, SECOND_COMPANY_USER } from '../../seed/demo';

const IDLE_SECONDS = 600;
const WARN_SECONDS = 120;
const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    now: clock.now,
    env: { SESSION_IDLE_SECONDS: String(IDLE_SECONDS), SESSION_WARN_SECONDS: String(WARN_SECONDS) },
  });
});
afterAll(async () => {
  await t?.close();
});

const inSeconds = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();

async function companyIdByName(name: string): Promise<string> {
  const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
  const choices = await superAdmin.get('/api/company-choices');
  const found = choices.body.find((c: { name: string }) => c.name === name);
  if (!found) throw new Error(`no company named ${name}`);
  return found.id;
}

describe('sign-in', () => {
  it('opens a session with the right password, whatever the case of the e-mail', async () => {
    const client = await anonymous(t.app);
    const response = await client.post('/api/session', {
      email: 'Organisatrice@Maillage.TEST',
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      email: DEMO_ORGANISER,
      firstName: 'Camille',
      locale: 'fr',
      isSuperAdmin: false,
      company: { name: 'Événements Maillage (démo)', isDemo: true },
    });
    expect(response.body.session).toMatchObject({ timeWarn: false, timeClose: false });

    const state = await client.get('/api/session');
    expect(state.body.user.email).toBe(DEMO_ORGANISER);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const client = await anonymous(t.app);
    const response = await client.post('/api/session', { email: DEMO_ORGANISER, password: DEMO_PASSWORD });
    const cookie = response.setCookies.find((c) => c.name === 'maillage_session');
    expect(cookie).toBeDefined();
    expect(cookie?.value.length).toBeGreaterThan(20);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });

  it('refuses a wrong password with a French title by default', async () => {
    const client = await anonymous(t.app);
    const response = await client.post('/api/session', {
      email: DEMO_ORGANISER,
      password: 'not-the-password',
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      status: 401,
      code: 'auth.invalidCredentials',
      title: fr.errors.auth.invalidCredentials,
    });
    expect(response.body.requestId).toEqual(expect.any(String));
    expect(client.cookies.maillage_session).toBeUndefined();
  });

  it('answers in English to an English-speaking user', async () => {
    // A browser asking for English, before any session.
    const browser = await anonymous(t.app, { 'accept-language': 'en-CA,en;q=0.9' });
    const byHeader = await browser.post('/api/session', {
      email: SECOND_COMPANY_USER,
      password: 'wrong-password',
    });
    expect(byHeader.status).toBe(401);
    expect(byHeader.body.title).toBe(en.errors.auth.invalidCredentials);

    // The browser of a signed-in user whose language is English (Jordan, of the second company).
    const jordan = await signIn(t.app, SECOND_COMPANY_USER);
    expect(jordan.user.locale).toBe('en');
    const bySession = await jordan.post('/api/session', {
      email: SECOND_COMPANY_USER,
      password: 'wrong-password',
    });
    expect(bySession.status).toBe(401);
    expect(bySession.body).toMatchObject({
      code: 'auth.invalidCredentials',
      title: en.errors.auth.invalidCredentials,
    });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const client = await anonymous(t.app);
    const response = await client.post('/api/session', {
      email: 'personne@maillage.test',
      password: DEMO_PASSWORD,
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 'auth.invalidCredentials',
      title: fr.errors.auth.invalidCredentials,
    });
  });

  it('refuses a change without the CSRF token (403 csrf)', async () => {
    const visitor = await anonymous(t.app);
    const signInWithout = await visitor.request({
      method: 'POST',
      url: '/api/session',
      body: { email: DEMO_ORGANISER, password: DEMO_PASSWORD },
      withoutCsrf: true,
    });
    expect(signInWithout.status).toBe(403);
    expect(signInWithout.body).toMatchObject({ code: 'csrf', title: fr.errors.csrf });
    expect(visitor.cookies.maillage_session).toBeUndefined();

    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const without = await organiser.request({
      method: 'PATCH',
      url: '/api/me',
      body: { locale: 'en' },
      withoutCsrf: true,
    });
    expect(without.status).toBe(403);
    expect(without.body.code).toBe('csrf');
    const forged = await organiser.request({
      method: 'PATCH',
      url: '/api/me',
      body: { locale: 'en' },
      headers: { 'x-csrf-token': 'forged-token' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('csrf');
    expect((await organiser.get('/api/session')).body.user.locale).toBe('fr');
  });

  it('lets an archived company’s users sign in no more, and again once it is restored', async () => {
    const borealId = await companyIdByName('Congrès Boréal');
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const jordan = await signIn(t.app, SECOND_COMPANY_USER);

    expect((await superAdmin.post(`/api/companies/${borealId}/archive`, { archived: true })).status).toBe(
      200,
    );
    try {
      const refused = await (await anonymous(t.app)).post('/api/session', {
        email: SECOND_COMPANY_USER,
        password: DEMO_PASSWORD,
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'auth.companyArchived',
        title: fr.errors.auth.companyArchived,
      });
      // A session opened before the archiving ends with it.
      const ended = await jordan.get('/api/projects');
      expect(ended.status).toBe(401);
      expect(ended.body.code).toBe('auth.sessionExpired');
    } finally {
      expect((await superAdmin.post(`/api/companies/${borealId}/archive`, { archived: false })).status).toBe(
        200,
      );
    }
    const again = await signIn(t.app, SECOND_COMPANY_USER);
    expect(again.user.company.name).toBe('Congrès Boréal');
  });
});

describe('sign-out', () => {
  it('deletes the session: its cookie no longer opens anything', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    const token = client.cookies.maillage_session;
    expect((await client.get('/api/projects')).status).toBe(200);

    const response = await client.delete('/api/session');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true });
    expect(client.cookies.maillage_session).toBeUndefined();
    expect((await client.get('/api/session')).body.user).toBeNull();

    // The same cookie replayed, as a stolen copy would be.
    client.cookies.maillage_session = token;
    const replay = await client.get('/api/projects');
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'auth.sessionExpired', title: fr.errors.auth.sessionExpired });
  });

  it('asks a browser without any session to sign in (auth.required)', async () => {
    const response = await (await anonymous(t.app)).get('/api/projects');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth.required');
  });
});

describe('session times (P1)', () => {
  it('warns near the end, and only real activity or “continue” extends the session', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    const start = await client.get('/api/session/status');
    expect(start.status).toBe(200);
    expect(start.body).toEqual({
      timeWarn: false,
      timeClose: false,
      expiresAt: inSeconds(IDLE_SECONDS),
      checkSeconds: 60,
    });
    const firstEnd = start.body.expiresAt;

    // Just before the warning delay: no warning yet.
    clock.advanceSeconds(IDLE_SECONDS - WARN_SECONDS - 10);
    expect((await client.get('/api/session/status')).body).toMatchObject({
      timeWarn: false,
      timeClose: false,
    });

    // Inside the warning delay: warn, but the checks themselves (and reading the session) extend nothing.
    clock.advanceSeconds(20);
    for (let i = 0; i < 3; i++) {
      const check = await client.get('/api/session/status');
      expect(check.body).toMatchObject({ timeWarn: true, timeClose: false, expiresAt: firstEnd });
    }
    expect((await client.get('/api/session')).body.session).toMatchObject({
      timeWarn: true,
      expiresAt: firstEnd,
    });

    // Any other call of the user counts as activity.
    expect((await client.get('/api/projects')).status).toBe(200);
    const afterActivity = await client.get('/api/session/status');
    expect(afterActivity.body).toMatchObject({
      timeWarn: false,
      timeClose: false,
      expiresAt: inSeconds(IDLE_SECONDS),
    });

    // “Continue” in the warning modal.
    clock.advanceSeconds(IDLE_SECONDS - 30);
    expect((await client.get('/api/session/status')).body.timeWarn).toBe(true);
    const extended = await client.post('/api/session/extend');
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({
      timeWarn: false,
      timeClose: false,
      expiresAt: inSeconds(IDLE_SECONDS),
    });
    expect((await client.get('/api/session/status')).body.expiresAt).toBe(inSeconds(IDLE_SECONDS));
  });

  it('closes a session left idle: status says timeClose, calls answer 401 auth.sessionExpired', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    clock.advanceSeconds(IDLE_SECONDS + 1);

    const status = await client.get('/api/session/status');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ timeWarn: false, timeClose: true, expiresAt: null });

    const call = await client.get('/api/projects');
    expect(call.status).toBe(401);
    expect(call.body).toMatchObject({ code: 'auth.sessionExpired', title: fr.errors.auth.sessionExpired });
    expect((await client.post('/api/session/extend')).status).toBe(401);
    expect((await client.get('/api/session')).body.user).toBeNull();
  });

  it('ends a session SESSION_MAX_SECONDS after sign-in, however active it is', async () => {
    const { app: capped } = await buildApp({
      config: testConfig({ SESSION_IDLE_SECONDS: '600', SESSION_MAX_SECONDS: '120' }),
      database: t.database,
      now: clock.now,
      logger: false,
    });
    try {
      const client = await signIn(capped, DEMO_ORGANISER);
      for (let i = 0; i < 3; i++) {
        clock.advanceSeconds(35);
        expect((await client.get('/api/projects')).status).toBe(200);
      }
      const extended = await client.post('/api/session/extend');
      expect(new Date(extended.body.expiresAt).getTime()).toBeLessThanOrEqual(clock.now().getTime() + 15_000);
      clock.advanceSeconds(20);
      expect((await client.get('/api/projects')).status).toBe(401);
    } finally {
      await capped.close();
    }
  });

  it('replaces the browser’s previous session when it signs in again', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    const first = client.cookies.maillage_session;
    // A wrong password changes nothing: the session in place stays.
    const wrong = await client.post('/api/session', { email: DEMO_ORGANISER, password: 'wrong' });
    expect(wrong.status).toBe(401);
    expect((await client.get('/api/projects')).status).toBe(200);
    expect(
      (await client.post('/api/session', { email: DEMO_ORGANISER, password: DEMO_PASSWORD })).status,
    ).toBe(200);
    expect(client.cookies.maillage_session).not.toBe(first);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/projects',
      cookies: { maillage_session: first },
    });
    expect(old.statusCode).toBe(401);
    expect((await client.get('/api/projects')).status).toBe(200);
  });
});

describe('preferences (P4)', () => {
  it('remembers the language: the session says en and error titles switch to English', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    const missing = `/api/projects/${crypto.randomUUID()}`;
    expect((await client.get(missing)).body.title).toBe(fr.errors.notFound);

    try {
      const response = await client.patch('/api/me', { locale: 'en' });
      expect(response.status).toBe(200);
      expect(response.body.locale).toBe('en');
      expect((await client.get('/api/session')).body.user.locale).toBe('en');
      const error = await client.get(missing);
      expect(error.status).toBe(404);
      expect(error.body).toMatchObject({ code: 'notFound', title: en.errors.notFound });

      // Remembered for the user, not for the browser: a new sign-in elsewhere is in English too.
      const elsewhere = await signIn(t.app, DEMO_ORGANISER);
      expect(elsewhere.user.locale).toBe('en');
    } finally {
      await client.patch('/api/me', { locale: 'fr' });
    }
  });

  it('refuses a language other than fr or en', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    const response = await client.patch('/api/me', { locale: 'de' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'locale', code: 'validation.language', message: fr.validation.language },
    ]);
  });
});

describe('company switch (P2)', () => {
  it('lets a super-admin work in another company, and records each switch', async () => {
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const homeId = superAdmin.user.company.id;
    const borealId = await companyIdByName('Congrès Boréal');
    const before = await superAdmin.get('/api/projects?pageSize=100');
    expect(
      before.body.items.some((p: { nameFr: string }) => p.nameFr.startsWith('Journée B2B Montréal')),
    ).toBe(true);

    const switched = await superAdmin.post('/api/session/company', { companyId: borealId });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({
      company: { id: borealId, name: 'Congrès Boréal' },
      homeCompanyId: homeId,
    });
    expect((await superAdmin.get('/api/session')).body.user.company.id).toBe(borealId);

    const projects = await superAdmin.get('/api/projects?pageSize=100&sort=name');
    expect(projects.body.items.map((p: { nameFr: string }) => p.nameFr)).toEqual([
      'Congrès boréal des ressources naturelles 2027',
      'Forum nordique de l’énergie 2027',
    ]);
    expect(projects.body.total).toBe(2);

    const back = await superAdmin.post('/api/session/company', { companyId: homeId });
    expect(back.body.company.id).toBe(homeId);
    expect((await superAdmin.get('/api/projects')).body.total).toBe(before.body.total);

    const records = await t.deps.db
      .select()
      .from(companySwitches)
      .where(eq(companySwitches.userId, superAdmin.user.id))
      .orderBy(companySwitches.switchedAt);
    expect(records.slice(-2)).toMatchObject([
      {
        userEmail: DEMO_SUPER_ADMIN,
        fromCompanyId: homeId,
        toCompanyId: borealId,
        toCompanyName: 'Congrès Boréal',
      },
      { userEmail: DEMO_SUPER_ADMIN, fromCompanyId: borealId, toCompanyId: homeId },
    ]);

    // The record is there to read, searchable by company (this file's clock stands still: both have one time).
    const listed = await superAdmin.get('/api/company-switches?q=boreal');
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userEmail: DEMO_SUPER_ADMIN, fromCompanyName: 'Congrès Boréal' }),
        expect.objectContaining({ userEmail: DEMO_SUPER_ADMIN, toCompanyName: 'Congrès Boréal' }),
      ]),
    );
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    expect((await organiser.get('/api/company-switches')).status).toBe(403);
  });

  it('refuses the switch to an organiser (403) and records nothing', async () => {
    const borealId = await companyIdByName('Congrès Boréal');
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const response = await organiser.post('/api/session/company', { companyId: borealId });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'forbidden', title: fr.errors.forbidden });
    expect((await organiser.get('/api/session')).body.user.company.name).toBe('Événements Maillage (démo)');
    const records = await t.deps.db
      .select()
      .from(companySwitches)
      .where(eq(companySwitches.userId, organiser.user.id));
    expect(records).toEqual([]);
  });

  it('answers 404 for a company that does not exist', async () => {
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const response = await superAdmin.post('/api/session/company', { companyId: crypto.randomUUID() });
    expect(response.status).toBe(404);
  });
});

describe('login rate limiting', () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    // The same database, served by a second app whose limit is 3 attempts.
    ({ app: limited } = await buildApp({
      config: testConfig({ LOGIN_MAX_ATTEMPTS: '3' }),
      database: t.database,
      logger: false,
    }));
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('refuses the 4th attempt for one e-mail with 429 tooManyAttempts, even with the right password', async () => {
    const client = await anonymous(limited);
    for (let i = 0; i < 3; i++) {
      const attempt = await client.post('/api/session', { email: DEMO_ORGANISER, password: `wrong-${i}` });
      expect(attempt.status).toBe(401);
    }
    const fourth = await client.post('/api/session', { email: DEMO_ORGANISER, password: DEMO_PASSWORD });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({
      status: 429,
      code: 'tooManyAttempts',
      title: fr.errors.tooManyAttempts,
    });
    expect(client.cookies.maillage_session).toBeUndefined();

    // Another account is not locked out by these attempts.
    const other = await client.post('/api/session', { email: SECOND_COMPANY_USER, password: DEMO_PASSWORD });
    expect(other.status).toBe(200);
  });

  it('cannot be dodged with a forged X-Forwarded-For (proxies are not trusted unless TRUST_PROXY says so)', async () => {
    const email = `inconnu-${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < 4; i++) {
      const client = await anonymous(limited, { 'x-forwarded-for': `203.0.113.${i}` });
      const attempt = await client.post('/api/session', { email, password: `wrong-${i}` });
      expect(attempt.status).toBe(i < 3 ? 401 : 429);
    }
  });
});

describe('who works in which company', () => {
  it('refuses to switch into an archived company (409)', async () => {
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const created = await superAdmin.post('/api/companies', { name: `Archivée ${crypto.randomUUID()}` });
    await superAdmin.post(`/api/companies/${created.body.id}/archive`, { archived: true });
    const response = await superAdmin.post('/api/session/company', { companyId: created.body.id });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('companies.archived');
  });

  it('sends a super-admin who lost the right back to their own company, within SESSION_RECHECK_SECONDS', async () => {
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const home = superAdmin.user?.company.id;
    const boreal = (await superAdmin.get('/api/company-choices')).body.find((c: { name: string }) =>
      c.name.startsWith('Congrès'),
    );
    await superAdmin.post('/api/session/company', { companyId: boreal.id });
    expect((await superAdmin.get('/api/session')).body.user.company.id).toBe(boreal.id);
    // Changed in the database, not through this app (as another instance or an administrator's SQL would).
    await t.deps.db.update(users).set({ isSuperAdmin: false }).where(eq(users.email, DEMO_SUPER_ADMIN));
    try {
      clock.advanceSeconds(t.deps.config.session.recheckSeconds);
      expect((await superAdmin.get('/api/session')).body.user.company.id).toBe(home);
      expect((await superAdmin.get('/api/company-choices')).status).toBe(403);
    } finally {
      await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, DEMO_SUPER_ADMIN));
    }
  });

  it('with SESSION_RECHECK_SECONDS=0, sees such a change at the very next call', async () => {
    const config = testConfig({
      SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
      SESSION_WARN_SECONDS: String(WARN_SECONDS),
    });
    config.session.recheckSeconds = 0;
    const { app: exact } = await buildApp({ config, database: t.database, now: clock.now, logger: false });
    try {
      const superAdmin = await signIn(exact, DEMO_SUPER_ADMIN);
      expect((await superAdmin.get('/api/company-choices')).status).toBe(200);
      await t.deps.db.update(users).set({ isSuperAdmin: false }).where(eq(users.email, DEMO_SUPER_ADMIN));
      try {
        expect((await superAdmin.get('/api/company-choices')).status).toBe(403);
      } finally {
        await t.deps.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, DEMO_SUPER_ADMIN));
      }
    } finally {
      await exact.close();
    }
  });
});

describe('sessions kept between calls (SESSION_RECHECK_SECONDS)', () => {
  // A second instance of the app on the same database and clock, as behind a load balancer.
  let other: FastifyInstance;
  beforeAll(async () => {
    ({ app: other } = await buildApp({
      config: testConfig({
        SESSION_IDLE_SECONDS: String(IDLE_SECONDS),
        SESSION_WARN_SECONDS: String(WARN_SECONDS),
      }),
      database: t.database,
      now: clock.now,
      logger: false,
    }));
  });
  afterAll(async () => {
    await other?.close();
  });

  /** The same browser, its calls sent to the other instance. */
  async function onOtherInstance(client: Awaited<ReturnType<typeof signIn>>) {
    const there = await anonymous(other);
    there.cookies = client.cookies;
    there.csrfToken = client.csrfToken;
    return there;
  }

  it('ends a session signed out on another instance within the bound, and at once on that one', async () => {
    const recheck = t.deps.config.session.recheckSeconds;
    expect(recheck).toBe(5);
    const client = await signIn(t.app, DEMO_ORGANISER);
    expect((await client.get('/api/projects')).status).toBe(200);
    const there = await onOtherInstance(client);
    expect((await there.get('/api/projects')).status).toBe(200);
    const token = client.cookies.maillage_session;
    expect((await there.delete('/api/session')).status).toBe(200);
    client.cookies.maillage_session = token;

    expect((await there.get('/api/projects')).status).toBe(401);
    clock.advanceSeconds(recheck);
    const here = await client.get('/api/projects');
    expect(here.status).toBe(401);
    expect(here.body.code).toBe('auth.sessionExpired');
  });

  it('ends at once a session whose company is archived through this instance, though it was just read', async () => {
    const borealId = await companyIdByName('Congrès Boréal');
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const jordan = await signIn(t.app, SECOND_COMPANY_USER);
    expect((await jordan.get('/api/projects')).status).toBe(200);
    expect((await superAdmin.post(`/api/companies/${borealId}/archive`, { archived: true })).status).toBe(
      200,
    );
    try {
      expect((await jordan.get('/api/projects')).status).toBe(401);
    } finally {
      await superAdmin.post(`/api/companies/${borealId}/archive`, { archived: false });
    }
  });

  it('keeps idle expiry exact: a session read a moment ago ends at its idle end to the second', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    expect((await client.get('/api/projects')).status).toBe(200);
    clock.advanceSeconds(IDLE_SECONDS - 1);
    expect((await client.get('/api/session/status')).body.timeClose).toBe(false);
    clock.advanceSeconds(1);
    expect((await client.get('/api/projects')).status).toBe(401);
  });

  it('does not refuse a session that another instance kept alive after this one read it', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    const there = await onOtherInstance(client);
    // This instance reads the session 2 s before its idle end (the status check extends nothing) …
    clock.advanceSeconds(IDLE_SECONDS - 2);
    expect((await client.get('/api/session/status')).body.timeClose).toBe(false);
    // … activity on the other instance then pushes the end back …
    clock.advanceSeconds(1);
    expect((await there.get('/api/projects')).status).toBe(200);
    // … and past the end this instance read, within the bound, the session goes on here too.
    clock.advanceSeconds(2);
    expect((await client.get('/api/projects')).status).toBe(200);
  });

  it('writes the last activity at most every 15 s, and idle expiry counts from the last write', async () => {
    const client = await signIn(t.app, DEMO_ORGANISER);
    const sessionEnd = async () =>
      new Date((await client.get('/api/session/status')).body.expiresAt).getTime();
    const signedIn = await sessionEnd();
    clock.advanceSeconds(10);
    expect((await client.get('/api/projects')).status).toBe(200);
    expect(await sessionEnd()).toBe(signedIn);
    clock.advanceSeconds(6);
    expect((await client.get('/api/projects')).status).toBe(200);
    expect(await sessionEnd()).toBe(signedIn + 16_000);
    clock.advanceSeconds(IDLE_SECONDS);
    expect((await client.get('/api/projects')).status).toBe(401);
  });
});

describe('security headers', () => {
  it('forbids framing the back office and sets a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sets helmet’s headers on every answer, an error or an unknown path included', async () => {
    for (const url of ['/api/session', '/api/projects', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject({
        'content-security-policy': expect.stringContaining("script-src 'self'"),
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
