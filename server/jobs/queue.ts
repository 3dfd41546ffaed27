import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** One kind of background work: its queue name, optional schedule, and the function that does it. */
export interface JobDefinition<T extends object = object> {
  name: string;
  /** cron expression (UTC) when the job runs on a schedule */
  cron?: string;
  run(data: T): Promise<unknown>;
}

export interface Jobs {
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  stop(): Promise<void>;
  boss: PgBoss | null;
}

/** A queue that accepts nothing: used where jobs are switched off (JOBS=false, most API tests). */
export const noJobs: Jobs = {
  send: async () => null,
  stop: async () => {},
  boss: null,
};

/** The advisory lock instances take in turn to create the queues (see takeTurn). */
const QUEUES_LOCK = 7_283_542;

/**
 * Instances starting together on one PostgreSQL server take turns creating the queues and schedules: pg-boss's
 * `create_queue` makes a partition table per queue, and two processes creating the same queues at once deadlock
 * (the one that loses ended at start; issue 22, found by `npm run bench -- load`). The lock is held on a connection
 * of its own for the time of the creation; PGlite has one process. Returns the release.
 */
async function takeTurn(database: Database, databaseUrl: string | undefined): Promise<() => Promise<void>> {
  if (database.engine !== 'postgres' || !databaseUrl) return async () => {};
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUES_LOCK]);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    await client.query('select pg_advisory_unlock($1)', [QUEUES_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  };
}

/**
 * pg-boss on the same database as the app: on a PostgreSQL server through its own pool, on PGlite through an
 * adapter (single statements with parameters go to `query`, pg-boss's multi-statement scripts to `exec`).
 * Jobs therefore survive a restart, and a job completed once is not run again.
 */
export async function startJobs(
  database: Database,
  definitions: JobDefinition[],
  log: FastifyBaseLogger,
  options: { databaseUrl?: string; work?: boolean } = {},
): Promise<Jobs> {
  const connection: PgBoss.ConstructorOptions =
    database.engine === 'postgres' && options.databaseUrl
      ? { connectionString: options.databaseUrl, max: 4 }
      : {
          db: {
            executeSql: (text: string, values: unknown[]) =>
              values?.length ? database.sql.query(text, values) : database.sql.exec(text),
          },
        };
  const boss = new PgBoss({ ...connection, schema: 'pgboss', supervise: true, schedule: true });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  const release = await takeTurn(database, options.databaseUrl);
  try {
    for (const def of definitions) {
      await boss.createQueue(def.name);
      if (def.cron) await boss.schedule(def.name, def.cron);
    }
  } finally {
    await release();
  }
  /** The worker of each queue in this process: woken at once by a job sent from here (else it polls every 2 s). */
  const workers = new Map<string, string>();
  for (const def of definitions) {
    if (options.work !== false) {
      const id = await boss.work<object>(def.name, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const job of jobs) await def.run(job.data);
      });
      workers.set(def.name, id);
    }
  }
  return {
    boss,
    async send(name, data, sendOptions) {
      const id = await boss.send(name, data, sendOptions ?? {});
      const worker = workers.get(name);
      // A job that starts later (`startAfter`) is found by the worker's polling.
      if (id && worker && !sendOptions?.startAfter) boss.notifyWorker(worker);
      return id;
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
