import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: repositories accept either. */
export type Executor = Db | Tx;

/** Plain SQL access to the same engine, for the job queue and for benchmarks. */
export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /** Several statements without parameters (pg-boss sends its schema this way). */
  exec(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Database {
  db: Db;
  sql: SqlClient;
  engine: 'pglite' | 'postgres';
  /** PGlite only: the in-process engine, for snapshots in tests. */
  pglite?: PGlite;
  /** Applies every pending migration (see migrateDatabase). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Instances starting together on one server take turns: the first migrates, the others find nothing to do. */
const MIGRATION_LOCK = 7_283_541;

function findAppRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const appRoot = findAppRoot();
const migrationsFolder = path.join(appRoot, 'server/db/migrations');

export type OpenOptions =
  | { engine: 'postgres'; url: string; poolSize?: number }
  | { engine: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.engine === 'postgres') {
    // A server that does not answer (network cut) fails a request after 5 s instead of holding it forever (RS3).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection that the server closes (restart, failover, a dropped test database) must not end the
    // process: the pool replaces it on the next query.
    pool.on('error', (err) => {
      process.stderr.write(
        `database: an idle connection was closed (${(err as { code?: string }).code ?? err.message})\n`,
      );
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const sql: SqlClient = {
      query: async (text, values) => pool.query(text, values as unknown[]) as never,
      exec: async (text) => {
        const res = (await pool.query(text)) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows };
      },
    };
    const migrate = async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    };
    return { db, sql, engine: 'postgres', migrate, close: () => pool.end() };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const sql: SqlClient = {
    query: async (text, values) => client.query(text, values) as never,
    exec: async (text) => {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
  const migrate = () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return { db, sql, engine: 'pglite', pglite: client, migrate, close: () => client.close() };
}

/** Applies every pending migration; the same SQL files on both engines. */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate();
}
