import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../tests/support/api-fixture';
import { type JobDefinition, type Jobs, startJobs } from './queue';

const { t } = withTestApp({ users: [] });

/**
 * Issue 22, RS6 (found by `npm run bench -- load`): two instances starting together on one database. pg-boss creates
 * a partition table per queue; two processes creating the same queues at once deadlocked on a PostgreSQL server, and
 * the instance that lost ended at start. Each instance now creates its queues and schedules in turn. PGlite has one
 * process: nothing to share there.
 */
describe.skipIf(process.env.TEST_ENGINE !== 'postgres')(
  'the job queue of two instances starting together',
  () => {
    it('starts on both, and a job sent runs once', async () => {
      const ran: string[] = [];
      const definitions = (instance: string): JobDefinition[] =>
        Array.from({ length: 12 }, (_, i) => ({
          name: `together.q${i}`,
          ...(i === 0 ? { cron: '0 3 * * *' } : {}),
          run: async (data: object) => {
            ran.push(`${instance}:${(data as { n: number }).n}`);
          },
        }));
      const started: Jobs[] = [];
      try {
        const both = await Promise.allSettled(
          ['A', 'B'].map((instance) =>
            startJobs(t.database, definitions(instance), t.app.log, { databaseUrl: t.databaseUrl }).then(
              (jobs) => started.push(jobs) && jobs,
            ),
          ),
        );
        expect(both.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
          'started',
          'started',
        ]);
        await started[0].send('together.q5', { n: 1 });
        for (let waited = 0; ran.length === 0 && waited < 10_000; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        // A moment more: a second run would show now.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(ran.map((r) => r.split(':')[1])).toEqual(['1']);
      } finally {
        await Promise.all(started.map((jobs) => jobs.stop()));
      }
    });
  },
);
