import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../tests/support/api-fixture';
import { activities, activityHosts, activityMembers, activityTables, projects } from '../db/schema';
import { FIRST_DEMO_PROJECT } from './groups';
import { DEMO_MEETING_CATEGORY, DEMO_STANDARD_TABLES, DEMO_VIP_TABLES } from './programme';

const { t, camille: organiser } = withTestApp({ users: ['camille'] });
let project: typeof projects.$inferSelect;

beforeAll(async () => {
  [project] = await t.database.db.select().from(projects).where(eq(projects.nameFr, FIRST_DEMO_PROJECT));
});

describe('the demo programme', () => {
  it('is two days of activities in sections, coming up, that the organiser sees without "show past"', async () => {
    const res = await organiser.get(`/api/projects/${project.id}/activities?page=1&pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBeGreaterThanOrEqual(30);
    const items = res.body.items as { section: unknown; startsAtLocal: string | null; noDate: boolean }[];
    expect(items.every((a) => a.section !== null)).toBe(true);
    const days = new Set(items.filter((a) => !a.noDate).map((a) => a.startsAtLocal?.slice(0, 10)));
    expect([...days].sort()).toEqual([project.startsOn, project.endsOn]);
    expect(project.startsOn > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(project.isActive).toBe(true);
  });

  it('has hosts, a meeting category with 20 standard and 4 VIP tables, and inscriptions within each maximum', async () => {
    const db = t.database.db;
    const [hosts] = await db
      .select({ n: count() })
      .from(activityHosts)
      .where(eq(activityHosts.projectId, project.id));
    expect(hosts.n).toBeGreaterThanOrEqual(10);

    const categories = await organiser.get(`/api/projects/${project.id}/activity-categories`);
    const meeting = (categories.body.items as { id: string; name: { fr: string; en: string } }[]).find(
      (c) => c.name.fr === DEMO_MEETING_CATEGORY[0] && c.name.en === DEMO_MEETING_CATEGORY[1],
    );
    expect(meeting).toBeDefined();
    const tables = await db
      .select({ vip: activityTables.vip, n: count() })
      .from(activityTables)
      .where(eq(activityTables.categoryId, meeting?.id as string))
      .groupBy(activityTables.vip);
    expect(Object.fromEntries(tables.map((r) => [String(r.vip), r.n]))).toEqual({
      false: DEMO_STANDARD_TABLES,
      true: DEMO_VIP_TABLES,
    });

    const fill = await db
      .select({ max: activities.maxMembers, n: count(activityMembers.participantId) })
      .from(activities)
      .innerJoin(activityMembers, eq(activityMembers.activityId, activities.id))
      .where(and(eq(activities.projectId, project.id), sql`${activities.maxMembers} is not null`))
      .groupBy(activities.id);
    expect(fill.length).toBeGreaterThan(0);
    expect(fill.every((r) => r.n <= (r.max as number))).toBe(true);
    const [members] = await db
      .select({ n: count() })
      .from(activityMembers)
      .where(eq(activityMembers.projectId, project.id));
    expect(members.n).toBeGreaterThan(100);
  });
});
