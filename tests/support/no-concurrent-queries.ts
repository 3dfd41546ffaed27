/**
 * Setup file of the `api` and `api-pg` projects: a test fails when it sends a query on a client (a transaction's)
 * that is still executing another (tests/support/concurrent-queries.ts). Queries run outside a test fail the next
 * test (those of a beforeAll) or the file's last hook (those of an afterAll).
 */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { watchConcurrentQueries } from './concurrent-queries';

/** Exported for its own test (server/db/concurrent-queries.api.test.ts), which takes what it provokes. */
export const concurrentQueries = watchConcurrentQueries();

function fail(found: string[], where: string) {
  if (!found.length) return;
  throw new Error(
    `${where}: ${found.length} ${found.length === 1 ? 'query' : 'queries'} sent on a client while it was executing ` +
      `another (one transaction's queries must run one after another):\n\n${found.join('\n\n')}`,
  );
}

beforeEach(() => fail(concurrentQueries.take(), 'before this test (a beforeAll, or the test before)'));
afterEach((context) => fail(concurrentQueries.take(), context.task.name));

afterAll(() => {
  const found = concurrentQueries.take();
  concurrentQueries.stop();
  fail(found, 'outside a test (beforeAll / afterAll)');
});
