/**
 * Setup file of the `api` and `api-pg` projects: a test fails when it sends a query on a client (a transaction's)
 * that is still executing another (tests/support/concurrent-queries.ts). Queries run outside a test fail the next
 * test (those of a beforeAll) or the file's last hook (those of an afterAll). Run again before each file: the
 * watch itself is installed once per process (`concurrentQueryWatch`).
 */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { concurrentQueryWatch } from './concurrent-queries';

const watch = concurrentQueryWatch();

function fail(found: string[], where: string) {
  if (!found.length) return;
  throw new Error(
    `${where}: ${found.length} ${found.length === 1 ? 'query' : 'queries'} sent on a client while it was executing ` +
      `another (one transaction's queries must run one after another):\n\n${found.join('\n\n')}`,
  );
}

beforeEach(() => fail(watch.take(), 'before this test (a beforeAll, or the test before)'));
afterEach((context) => fail(watch.take(), context.task.name));
afterAll(() => fail(watch.take(), 'outside a test (beforeAll / afterAll)'));
