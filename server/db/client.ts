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
  close(): Promise<void>;
}

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
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const sql: SqlClient = {
      query: async (text, values) => pool.query(text, values as unknown[]) as never,
      exec: async (text) => {
        const res = (await pool.query(text)) as pg.QueryResult | pg.QueryResult[];
        return { rows: Array.isArray(res) ? (res.at(-1)?.rows ?? []) : res.rows };
      },
    };
    return { db, sql, engine: 'postgres', close: () => pool.end() };
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
  return { db, sql, engine: 'pglite', pglite: client, close: () => client.close() };
}

/** Applies every pending migration; the same SQL files on both engines. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.engine === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}
