import pg from 'pg';
import type { Deps } from '../deps';

/**
 * RS3, one place for every job state « en cours » (an import's analysis or save, a pairing generation, a B2B
 * generation, a Whereby room): whether the run behind it is still alive, and the 45-minute rule.
 *
 * - **Alive.** A run holds a lock named after it for as long as it works (`holdRun`). On a PostgreSQL server it is a
 *   session advisory lock on a connection of its own: the server drops it the moment the process dies (`kill -9`
 *   closes its sockets), so any instance can tell a dead run from a live one at once (`runAlive`), with no clock and
 *   no guess. On PGlite the database lives in one process: a run is alive only in this process's memory, and
 *   anything found « en cours » after a restart was left by the stopped process.
 * - **The 45-minute rule.** A state « en cours » whose heartbeat (its last update) is 45 minutes old or more is shown
 *   as interrupted and can be started again (`isInterrupted`): the backstop for a state no run holds yet (queued,
 *   waiting for a retry) whose job was lost.
 */

export const INTERRUPTED_AFTER_MINUTES = 45;
const INTERRUPTED_AFTER_MS = INTERRUPTED_AFTER_MINUTES * 60_000;

/** The 45-minute rule: a heartbeat this old (or older) means the state « en cours » was interrupted. */
export function isInterrupted(lastBeat: Date | null | undefined, now: Date) {
  return Boolean(lastBeat) && now.getTime() - (lastBeat as Date).getTime() >= INTERRUPTED_AFTER_MS;
}

/** The runs this process holds (their lock names). */
const held = new Set<string>();

/**
 * Takes the run's lock and holds it until the returned function is called (when the run ends, whatever its outcome);
 * null when a live run holds it already (here or in another process): that run does the work. On a PostgreSQL
 * server, a connection of its own holds it (not one of the pool's: a pooled connection would keep it after the run,
 * and a transaction's would not outlive it).
 */
export async function holdRun(
  deps: Pick<Deps, 'database' | 'config'>,
  name: string,
): Promise<(() => Promise<void>) | null> {
  if (held.has(name)) return null;
  held.add(name);
  const url = deps.database.engine === 'postgres' ? deps.config.databaseUrl : undefined;
  if (!url) {
    return async () => {
      held.delete(name);
    };
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A connection lost under the run (the database restarting) only lets another instance take the run over.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ taken: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as taken',
      [name],
    );
    if (!rows[0]?.taken) {
      held.delete(name);
      await client.end().catch(() => undefined);
      return null;
    }
  } catch (error) {
    held.delete(name);
    await client.end().catch(() => undefined);
    throw error;
  }
  return async () => {
    held.delete(name);
    await client.end().catch(() => undefined);
  };
}

/**
 * Does `work` while holding the run's lock (`holdRun`), and lets it go after, whatever the outcome; does nothing when
 * a live run holds it already (a job delivered twice, a recovery racing the run).
 */
export async function whileHolding(
  deps: Pick<Deps, 'database' | 'config'>,
  name: string,
  work: () => Promise<unknown>,
): Promise<void> {
  const release = await holdRun(deps, name);
  if (!release) return;
  try {
    await work();
  } finally {
    await release();
  }
}

/** Whether a run still works somewhere: in this process, or (PostgreSQL) in any process holding its lock. */
export async function runAlive(deps: Pick<Deps, 'database'>, name: string) {
  if (held.has(name)) return true;
  if (deps.database.engine !== 'postgres') return false;
  // A lock of this statement's own transaction: taken only if no session holds the run's, and let go at once.
  const { rows } = await deps.database.sql.query<{ free: boolean }>(
    'select pg_try_advisory_xact_lock(hashtext($1)) as free',
    [name],
  );
  return !rows[0]?.free;
}
