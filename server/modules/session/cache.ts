import type { Deps } from '../../deps';
import { findSession } from './repository';

/** A session as `findSession` reads it: the session with its user and the company the user works in. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

interface Entry {
  row: SessionRow;
  /** When it was read (the app's clock, ms). */
  readAt: number;
}

interface Cache {
  entries: Map<string, Entry>;
  /** Counts the changes made through this app: a read begun before one is not kept. */
  generation: number;
}

/** Past this many sessions, the one read longest ago is dropped. */
const MAX_ENTRIES = 10_000;

/** One cache per app (its `deps`): two apps on one database behave as two instances. */
const caches = new WeakMap<Deps, Cache>();

function cacheOf(deps: Deps): Cache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(deps, cache);
  }
  return cache;
}

/**
 * The session as read from the database less than SESSION_RECHECK_SECONDS ago by this app, if any (see "Sessions"
 * in docs/architecture.md). A change made through this app forgets every session at once (`forgetSessions`); a
 * change made elsewhere (another instance, SQL) is seen once the entry is that old.
 */
export function recentSession(deps: Deps, id: string, now: Date): SessionRow | undefined {
  const entry = cacheOf(deps).entries.get(id);
  if (!entry) return undefined;
  const age = now.getTime() - entry.readAt;
  if (age >= 0 && age < deps.config.session.recheckSeconds * 1000) return entry.row;
  cacheOf(deps).entries.delete(id);
  return undefined;
}

/** Reads the session from the database, and keeps it unless a change was made through this app meanwhile. */
export async function readSession(deps: Deps, id: string, now: Date): Promise<SessionRow | undefined> {
  const cache = cacheOf(deps);
  const generation = cache.generation;
  const row = await findSession(deps.db, id);
  cache.entries.delete(id);
  if (row && cache.generation === generation && deps.config.session.recheckSeconds > 0) {
    cache.entries.set(id, { row, readAt: now.getTime() });
    if (cache.entries.size > MAX_ENTRIES) {
      cache.entries.delete(cache.entries.keys().next().value as string);
    }
  }
  return row;
}

/** The new end of a session this app has just written. */
export function rememberExpiry(deps: Deps, id: string, expiresAt: Date) {
  const entry = cacheOf(deps).entries.get(id);
  if (entry) entry.row = { ...entry.row, expiresAt };
}

/**
 * Called when a change has gone through this app (any API call but a read): a session, user or company may have
 * changed (signed out, archived, rights lost, company switched), so every session is read again at its next call.
 */
export function forgetSessions(deps: Deps) {
  const cache = cacheOf(deps);
  cache.generation++;
  cache.entries.clear();
}
