import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withJobQueue, withTestApp } from '../../../tests/support/api-fixture';
import { sessions, users } from '../../db/schema';
import { DEMO_ORGANISER } from '../../seed/demo';
import { sessionJobs } from './jobs';

const { t } = withTestApp({ users: [] });
// The real queue on this file's database: PGlite through the adapter, PostgreSQL through its own pool.
withJobQueue(t, sessionJobs);

async function remainingSessions(ids: string[]): Promise<string[]> {
  const rows = await t.deps.db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids));
  return rows.map((r) => r.id).sort();
}

it('sessions.purge deletes the sessions whose time is over, and only those', async () => {
  const [organiser] = await t.deps.db.select().from(users).where(eq(users.email, DEMO_ORGANISER));
  const hour = 3_600_000;
  const expired = randomBytes(32).toString('hex');
  const live = randomBytes(32).toString('hex');
  await t.deps.db.insert(sessions).values([
    { id: expired, userId: organiser.id, expiresAt: new Date(Date.now() - hour) },
    { id: live, userId: organiser.id, expiresAt: new Date(Date.now() + hour) },
  ]);
  expect(await remainingSessions([expired, live])).toEqual([expired, live].sort());

  const jobId = await t.deps.jobs.send('sessions.purge', {});
  expect(jobId).toEqual(expect.any(String));

  let remaining = await remainingSessions([expired, live]);
  for (let waited = 0; remaining.includes(expired) && waited < 15_000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    remaining = await remainingSessions([expired, live]);
  }
  expect(remaining).toEqual([live]);
});
