import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { participants, persons, projects, roles } from '../../server/db/schema';
import type { Deps } from '../../server/deps';
import { DEMO_PASSWORD } from '../../server/seed/demo';
// Declares the value provided by the PGlite global setup.
import type {} from './global-setup-pglite';
import { TEMPLATE_DATABASE } from './global-setup-postgres';
import { adminQuery } from './postgres-server';

/** The settings a test may override, as environment variables (see server/config.ts). */
export type TestEnv = Partial<
  Record<
    | 'SESSION_IDLE_SECONDS'
    | 'SESSION_WARN_SECONDS'
    | 'SESSION_CHECK_SECONDS'
    | 'SESSION_MAX_SECONDS'
    | 'SESSION_RECHECK_SECONDS'
    | 'TRUST_PROXY'
    | 'COOKIE_SECURE'
    | 'LOGIN_MAX_ATTEMPTS'
    | 'LOGIN_WINDOW_SECONDS'
    | 'LOG_LEVEL'
    | 'FILES_STORAGE'
    | 'FILES_DIR'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_BUCKET'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
    | 'SMTP_URL'
    | 'SMTP_HOST'
    | 'SMTP_PORT'
    | 'SMTP_USER'
    | 'SMTP_PASSWORD'
    | 'SMTP_SECURE'
    | 'MAIL_FROM'
    | 'IMPORT_RETENTION_DAYS'
    | 'REPORT_ATTACH_MAX_BYTES'
    | 'REPORT_LINK_DAYS'
    | 'AUDIT_RETENTION_DAYS'
    | 'WHEREBY_API_KEY'
    | 'WHEREBY_API_URL'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_API_URL',
    string
  >
>;

/** The configuration of a test app: quiet, no jobs, no login limit unless a test asks for one. */
export function testConfig(env: TestEnv = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    LOGIN_MAX_ATTEMPTS: '1000',
    JOBS: 'false',
    SEED_DEMO: 'false',
    RESPONSE_CHECK: 'true',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  /** postgres engine only: the URL of this file's own database (for a job queue on its own pool). */
  databaseUrl?: string;
  close(): Promise<void>;
}

function engine(): 'pglite' | 'postgres' {
  const value = process.env.TEST_ENGINE;
  if (value !== 'pglite' && value !== 'postgres') {
    throw new Error(
      `TEST_ENGINE must be pglite or postgres (got ${value}); run the api or api-pg vitest project`,
    );
  }
  return value;
}

/** A database of this test file alone: a copy of the run's template, migrated and seeded with the demo data. */
async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (engine() === 'pglite') {
    const tar = fs.readFileSync(inject('pgliteTemplate'));
    const database = await openDatabase({ engine: 'pglite', loadDataDir: new Blob([tar]) });
    return { database, drop: async () => {} };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${randomBytes(8).toString('hex')}`;
  // Two files copying the template at the same instant may collide; try again shortly.
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
      break;
    } catch (error) {
      if (attempt >= 10 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * The whole app on a database of its own, seeded with the demo data (server/seed/demo.ts, in the run's template:
 * tests/support/global-setup-*.ts). One per test file:
 * create it in beforeAll, close it in afterAll.
 */
export async function createTestApp(options: { env?: TestEnv; now?: () => Date } = {}): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  // Uploaded files go to a folder of this test file alone, removed on close.
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-files-'));
  const removeFiles = () => fs.promises.rm(filesDir, { recursive: true, force: true });
  try {
    const { app, deps } = await buildApp({
      config: testConfig({ FILES_DIR: filesDir, ...options.env }),
      database,
      now: options.now,
      logger: false,
    });
    await app.ready();
    return {
      app,
      deps,
      database,
      databaseUrl: url,
      close: async () => {
        await app.close();
        await database.close();
        await drop();
        await removeFiles();
      },
    };
  } catch (error) {
    await database.close();
    await drop();
    await removeFiles();
    throw error;
  }
}

/** A clock the test moves by hand; pass `clock.now` as the app's `now`. */
export function testClock(start = new Date('2026-03-02T14:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceSeconds(seconds: number) {
      current += seconds * 1000;
    },
  };
}

// ---------- an HTTP client over app.inject ----------

// biome-ignore lint/suspicious/noExplicitAny: a response body is whatever JSON the endpoint answers
type Json = any;

export interface ApiResponse {
  status: number;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: Json;
  headers: Record<string, string | string[] | number | undefined>;
  /** The Set-Cookie headers of the response, parsed. */
  setCookies: {
    name: string;
    value: string;
    httpOnly?: boolean;
    sameSite?: string;
    path?: string;
    maxAge?: number;
    expires?: Date;
  }[];
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (with content-type application/json unless headers say otherwise), e.g. broken JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Leave out the x-csrf-token header. */
  withoutCsrf?: boolean;
}

export interface ApiClient {
  get(url: string): Promise<ApiResponse>;
  post(url: string, body?: unknown): Promise<ApiResponse>;
  put(url: string, body?: unknown): Promise<ApiResponse>;
  patch(url: string, body?: unknown): Promise<ApiResponse>;
  delete(url: string, body?: unknown): Promise<ApiResponse>;
  request(options: RequestOptions): Promise<ApiResponse>;
  /** The cookie jar, by name: `maillage_session` and `_csrf`. Tests may change it. */
  cookies: Record<string, string>;
  csrfToken: string;
  /** The signed-in user as the sign-in answered it, or null. */
  user: Json;
}

function makeClient(app: FastifyInstance, defaultHeaders: Record<string, string>): ApiClient {
  const client: ApiClient = {
    cookies: {},
    csrfToken: '',
    user: null,
    async request(options) {
      const headers: Record<string, string> = { ...defaultHeaders };
      if (options.method !== 'GET' && !options.withoutCsrf && client.csrfToken) {
        headers['x-csrf-token'] = client.csrfToken;
      }
      let payload: string | undefined;
      if (options.rawBody !== undefined) payload = options.rawBody;
      else if (options.body !== undefined) payload = JSON.stringify(options.body);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      Object.assign(headers, options.headers);
      const response = await app.inject({
        method: options.method,
        url: options.url,
        headers,
        cookies: { ...client.cookies },
        payload,
      });
      const setCookies = response.cookies as ApiResponse['setCookies'];
      for (const cookie of setCookies) {
        const gone =
          cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
        if (gone || cookie.value === '') delete client.cookies[cookie.name];
        else client.cookies[cookie.name] = cookie.value;
      }
      let body: Json = response.body;
      if (/json/.test(String(response.headers['content-type'] ?? ''))) {
        body = response.body ? JSON.parse(response.body) : undefined;
      }
      return { status: response.statusCode, body, headers: response.headers, setCookies };
    },
    get: (url) => client.request({ method: 'GET', url }),
    post: (url, body) => client.request({ method: 'POST', url, body }),
    put: (url, body) => client.request({ method: 'PUT', url, body }),
    patch: (url, body) => client.request({ method: 'PATCH', url, body }),
    delete: (url, body) => client.request({ method: 'DELETE', url, body }),
  };
  return client;
}

/** Loads GET /api/session as a browser does first: it sets the `_csrf` cookie and gives the token. */
async function fetchCsrf(client: ApiClient) {
  const response = await client.get('/api/session');
  if (response.status !== 200) throw new Error(`GET /api/session answered ${response.status}`);
  client.csrfToken = response.body.csrfToken;
  return response;
}

/** A browser without a session, but with a CSRF token: its refusals are about the session, not the token. */
export async function anonymous(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<ApiClient> {
  const client = makeClient(app, headers);
  await fetchCsrf(client);
  return client;
}

/** A signed-in browser: session cookie, `_csrf` cookie and the x-csrf-token header on every change. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
): Promise<ApiClient> {
  const client = await anonymous(app, headers);
  const response = await client.post('/api/session', { email, password });
  if (response.status !== 200) {
    throw new Error(`sign-in of ${email} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  client.csrfToken = response.body.csrfToken;
  client.user = response.body.user;
  return client;
}

// ---------- factories: objects created through the API, as a user would ----------

function expectOk(what: string, response: ApiResponse) {
  if (response.status !== 200) {
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  }
  return response.body;
}

const unique = () => randomUUID().slice(0, 8);

/** A project of the client's current company; any field may be overridden. */
export async function buildProject(
  client: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<Json> {
  const tag = unique();
  return expectOk(
    'creating a project',
    await client.post('/api/projects', {
      nameFr: `Projet d’essai ${tag}`,
      nameEn: `Test project ${tag}`,
      startsOn: '2027-06-01',
      endsOn: '2027-06-02',
      timeZone: 'America/Toronto',
      defaultLanguage: 'fr',
      ...overrides,
    }),
  );
}

/** A company, created by a super-admin's client; any field may be overridden. */
export async function buildCompany(
  superClient: ApiClient,
  overrides: Record<string, unknown> = {},
): Promise<Json> {
  const tag = unique();
  return expectOk(
    'creating a company',
    await superClient.post('/api/companies', {
      name: `Entreprise d’essai ${tag}`,
      contactEmail: `contact-${tag}@example.test`,
      ...overrides,
    }),
  );
}

/** An activity of a project (a session at 2027-06-01 09:00 of the project's zone, one hour); any field overridden. */
export async function buildActivity(
  client: ApiClient,
  projectId: string,
  overrides: Record<string, unknown> = {},
): Promise<Json> {
  const tag = unique();
  return expectOk(
    'creating an activity',
    await client.post(`/api/projects/${projectId}/activities`, {
      title: { fr: `Atelier ${tag}`, en: `Workshop ${tag}` },
      startsAt: '2027-06-01T09:00',
      durationMinutes: 60,
      ...overrides,
    }),
  );
}

/**
 * Participants of a project written straight into the database (a role of their own, « Visiteur / Visitor » unless named), for
 * tests that need people without going through the participant form; their ids, in the order given.
 */
export async function insertParticipants(
  db: Deps['db'],
  projectId: string,
  people: { first: string; last: string; email?: string; organisation?: string }[],
  roleName: { fr: string; en: string } = { fr: 'Visiteur', en: 'Visitor' },
): Promise<string[]> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const [role] = await db
    .insert(roles)
    .values({ companyId: project.companyId, projectId, nameFr: roleName.fr, nameEn: roleName.en })
    .returning();
  const ids: string[] = [];
  for (const p of people) {
    const [person] = await db
      .insert(persons)
      .values({
        companyId: project.companyId,
        email: p.email ?? `${randomUUID()}@example.test`,
        firstName: p.first,
        lastName: p.last,
        organisation: p.organisation ?? null,
      })
      .returning();
    const [participant] = await db
      .insert(participants)
      .values({ companyId: project.companyId, projectId, personId: person.id, roleId: role.id })
      .returning();
    ids.push(participant.id);
  }
  return ids;
}
