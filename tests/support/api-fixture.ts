import { afterAll, beforeAll } from 'vitest';
import type { Deps } from '../../server/deps';
import { type JobDefinition, type Jobs, startJobs } from '../../server/jobs/queue';
import { DEMO_ORGANISER, DEMO_SUPER_ADMIN, SECOND_COMPANY_USER } from '../../server/seed/demo';
import { type FakeWhereby, startFakeWhereby } from './fake-whereby';
import { type ApiClient, createTestApp, signIn, type TestApp, type TestEnv } from './test-app';

/**
 * The opening of an API test file, once: the app on a database of this file's own (createTestApp) in beforeAll, the
 * demo users signed in, and the app closed in afterAll.
 *
 * ```ts
 * const { t, camille, jordan } = withTestApp();
 * it('…', async () => {
 *   const project = await buildProject(camille);
 * ```
 *
 * What it returns stands for what beforeAll makes: use it inside hooks and tests (before them it throws, naming it).
 */

/** The demo users a file may sign in at the start. */
export const TEST_USERS = {
  /** Camille, organiser of the demo company (French). */
  camille: DEMO_ORGANISER,
  /** Jordan, organiser of the second company (English). */
  jordan: SECOND_COMPANY_USER,
  /** The super-admin (searches everything, switches company). */
  superAdmin: DEMO_SUPER_ADMIN,
} as const;
export type TestUser = keyof typeof TEST_USERS;

export interface TestAppOptions {
  /** Environment of the app; a function is read in beforeAll, after the hooks registered before this call. */
  env?: TestEnv | (() => TestEnv);
  /** The app's clock (`testClock().now`). */
  now?: () => Date;
  /** Who signs in at the start (default Camille and Jordan). */
  users?: readonly TestUser[];
}

export interface TestAppFixture extends Record<TestUser, ApiClient> {
  /** The app, its deps and its database. */
  t: TestApp;
}

/**
 * An object standing for one that `set` gives later: reads and calls go to it; before it is set, they throw with
 * the name given (a fixture used outside beforeAll/it).
 */
export function standIn<T extends object>(name: string): { value: T; set(value: T): void } {
  let target: T | undefined;
  const real = (): T => {
    if (target === undefined)
      throw new Error(`${name} is used before beforeAll made it, or was not asked for (withTestApp users)`);
    return target;
  };
  const value = new Proxy({} as T, {
    get(_, key) {
      const found = Reflect.get(real(), key);
      return typeof found === 'function' ? found.bind(real()) : found;
    },
    set(_, key, next) {
      return Reflect.set(real(), key, next);
    },
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
  return { value, set: (next) => (target = next) };
}

/** The app of this test file and its signed-in users; registers the beforeAll that makes them and the afterAll. */
export function withTestApp(options: TestAppOptions = {}): TestAppFixture {
  const users = options.users ?? (['camille', 'jordan'] as const);
  const app = standIn<TestApp>('the test app (t)');
  const clients = Object.fromEntries(
    (Object.keys(TEST_USERS) as TestUser[]).map((user) => [user, standIn<ApiClient>(user)]),
  ) as Record<TestUser, ReturnType<typeof standIn<ApiClient>>>;
  let made: TestApp | undefined;

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    made = await createTestApp({ env, now: options.now });
    app.set(made);
    for (const user of users) clients[user].set(await signIn(made.app, TEST_USERS[user]));
  });
  afterAll(async () => {
    await made?.close();
  });

  return {
    t: app.value,
    camille: clients.camille.value,
    jordan: clients.jordan.value,
    superAdmin: clients.superAdmin.value,
  };
}

/**
 * The real job queue of some modules on this file's database (PGlite through the adapter, PostgreSQL through its own
 * pool), started in beforeAll after the app and stopped in afterAll before it closes. `start(false)` starts it again
 * without working (a queue that only sends); `jobs` is the running one.
 */
export function withJobQueue(t: TestApp, definitions: (deps: () => Deps) => JobDefinition[]) {
  let running: Jobs | undefined;
  const queue = {
    get jobs() {
      return running;
    },
    async start(work = true) {
      running = await startJobs(
        t.database,
        definitions(() => t.deps),
        t.app.log,
        {
          databaseUrl: t.databaseUrl,
          work,
        },
      );
      t.deps.jobs = running;
    },
    async stop() {
      await running?.stop();
    },
  };
  beforeAll(() => queue.start());
  afterAll(() => queue.stop());
  return queue;
}

/**
 * A fake Whereby for the video rooms, started before the app (call it before `withTestApp({ env })`) and closed after
 * it; `env` is the app's environment pointing at it.
 */
export function withFakeWhereby() {
  const whereby = standIn<FakeWhereby>('the fake Whereby');
  let made: FakeWhereby | undefined;
  beforeAll(async () => {
    made = await startFakeWhereby();
    whereby.set(made);
  });
  afterAll(async () => {
    await made?.close();
  });
  return {
    whereby: whereby.value,
    env: (): TestEnv => ({ WHEREBY_API_KEY: whereby.value.apiKey, WHEREBY_API_URL: whereby.value.url }),
  };
}
