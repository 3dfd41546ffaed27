import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app';
import { activities, activityMembers } from '../db/schema';
import { DEMO_ORGANISER } from './demo';
import { findDemoCompany, type ScaleResult, seedScale } from './scale';
import { seedScaleActivities } from './scale-activities';

let t: TestApp;
let companyId: string;
let scale: ScaleResult;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await findDemoCompany(t.database.db)) as string;
  scale = await seedScale(t.database.db, { companyId, participants: 200, batchSize: 200 });
});
afterAll(() => t.close());

describe('seedScaleActivities', () => {
  it('adds the activities and inscriptions asked for, spread evenly; a rerun adds nothing', async () => {
    const { db } = t.database;
    const options = {
      companyId,
      projectId: scale.projectId,
      activities: 40,
      inscriptions: 600,
      batchSize: 70,
    };
    const first = await seedScaleActivities(db, options);
    expect(first).toMatchObject({
      activities: 40,
      inscriptions: 600,
      addedActivities: 40,
      addedInscriptions: 600,
    });
    const again = await seedScaleActivities(db, options);
    expect(again).toMatchObject({
      activities: 40,
      inscriptions: 600,
      addedActivities: 0,
      addedInscriptions: 0,
    });

    // Every participant in 3 activities; every activity with 15 members; the four statuses.
    const perActivity = await db
      .select({ n: count() })
      .from(activityMembers)
      .where(eq(activityMembers.projectId, scale.projectId))
      .groupBy(activityMembers.activityId);
    expect(new Set(perActivity.map((r) => r.n))).toEqual(new Set([15]));
    const statuses = await db
      .selectDistinct({ status: activityMembers.status })
      .from(activityMembers)
      .where(eq(activityMembers.projectId, scale.projectId));
    expect(statuses.map((s) => s.status).sort()).toEqual(['absent', 'attended', 'confirmed', 'registered']);

    // Bilingual titles, over the project's days in its zone, and the list shows them through the API.
    const [sample] = await db
      .select({
        fr: activities.titleFr,
        en: activities.titleEn,
        local: sql<string>`to_char(${activities.startsAt} at time zone 'America/Toronto', 'YYYY-MM-DD HH24:MI')`,
      })
      .from(activities)
      .where(eq(activities.projectId, scale.projectId))
      .orderBy(activities.createdAt)
      .limit(1);
    expect(sample).toEqual({
      fr: 'Conférence : l’innovation (n° 1)',
      en: 'Talk: innovation (no. 1)',
      local: '2027-10-20 08:00',
    });
    const camille = await signIn(t.app, DEMO_ORGANISER);
    const list = await camille.get(`/api/projects/${scale.projectId}/activities?q=innovation`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
    const members = await camille.get(
      `/api/projects/${scale.projectId}/activities/${list.body.items[0].id}/members`,
    );
    expect(members.body.total).toBe(15);
  });
});
