import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { concurrentQueryWatch } from '../../tests/support/concurrent-queries';
import { type Database, openDatabase } from './client';

/**
 * The guard of the `api` and `api-pg` tiers (tests/support/no-concurrent-queries.ts) finds queries sent at once on
 * one transaction. Each case takes what the guard found, so the guard's own check after the test stays quiet.
 */
const onPostgres = process.env.TEST_ENGINE === 'postgres';
const concurrentQueries = concurrentQueryWatch();

describe('the concurrent-query guard', () => {
  it("records pg's warning, given as a process warning or on the console", async () => {
    process.emitWarning(
      'Calling client.query() when the client is already executing a query is deprecated',
      'DeprecationWarning',
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(concurrentQueries.take()).toEqual([expect.stringContaining('pg warned')]);
    console.error('pg: the client is already executing a query');
    expect(concurrentQueries.take()).toEqual([expect.stringContaining('console:')]);
  });

  describe.runIf(onPostgres)('on a PostgreSQL server', () => {
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ engine: 'postgres', url: inject('postgresAdminUrl'), poolSize: 2 });
    });
    afterAll(async () => {
      await database?.close();
    });

    it('finds two queries sent at once in one drizzle transaction, naming the query that did not wait', async () => {
      await database.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select pg_sleep(0.05)`), tx.execute(sql`select 2`)]);
      });
      const found = concurrentQueries.take();
      expect(found).toEqual([expect.stringContaining('select 2')]);
    });

    it('finds them on a plain pg client too, and nothing when each query waits for the one before', async () => {
      const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
      await client.connect();
      try {
        await client.query('select 1');
        await client.query('select 2');
        expect(concurrentQueries.take()).toEqual([]);
        // Two at once: pg 8 queues the second without a word; the guard finds it.
        await Promise.all([client.query('select 3'), client.query('select 4')]);
        expect(concurrentQueries.take()).toEqual([expect.stringContaining('select 4')]);
      } finally {
        await client.end();
      }
    });

    it('sees nothing in queries at once on the pool: each runs on a client of its own', async () => {
      await Promise.all([database.db.execute(sql`select 1`), database.db.execute(sql`select 2`)]);
      expect(concurrentQueries.take()).toEqual([]);
    });
  });
});
