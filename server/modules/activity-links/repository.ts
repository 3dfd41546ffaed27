import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activities, activityLinks } from '../../db/schema';

/** V4 link tab: the activity's location and its other links. Every query is scoped by company and project. */

const scopedActivity = (companyId: string, projectId: string, activityId: string) =>
  and(
    eq(activities.companyId, companyId),
    eq(activities.projectId, projectId),
    eq(activities.id, activityId),
  );

/** Saves the location; false when the activity is not of this company's project. */
export async function updateLocation(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
  location: string | null,
) {
  const rows = await db
    .update(activities)
    .set({ location, updatedAt: sql`now()` })
    .where(scopedActivity(companyId, projectId, activityId))
    .returning({ location: activities.location });
  return rows[0];
}

const linkColumns = {
  id: activityLinks.id,
  titleFr: activityLinks.titleFr,
  titleEn: activityLinks.titleEn,
  urlFr: activityLinks.urlFr,
  urlEn: activityLinks.urlEn,
  position: activityLinks.position,
};
export type LinkRow = {
  id: string;
  titleFr: string;
  titleEn: string;
  urlFr: string;
  urlEn: string;
  position: number;
};

const scopedLinks = (companyId: string, projectId: string, activityId: string) =>
  and(
    eq(activityLinks.companyId, companyId),
    eq(activityLinks.projectId, projectId),
    eq(activityLinks.activityId, activityId),
  );

export async function listLinks(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
): Promise<LinkRow[]> {
  return db
    .select(linkColumns)
    .from(activityLinks)
    .where(scopedLinks(companyId, projectId, activityId))
    .orderBy(asc(activityLinks.position), asc(activityLinks.createdAt), asc(activityLinks.id));
}

export async function findLink(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
  id: string,
): Promise<LinkRow | undefined> {
  const [row] = await db
    .select(linkColumns)
    .from(activityLinks)
    .where(and(scopedLinks(companyId, projectId, activityId), eq(activityLinks.id, id)));
  return row;
}

/** How many links the activity has, and the position after the last. */
export async function linkCount(db: Executor, activityId: string) {
  const [row] = await db
    .select({ n: count(), last: sql<number>`coalesce(max(${activityLinks.position}), -1)::int` })
    .from(activityLinks)
    .where(eq(activityLinks.activityId, activityId));
  return { count: row.n, next: row.last + 1 };
}

export type LinkFields = { titleFr: string; titleEn: string; urlFr: string; urlEn: string };

export async function insertLink(
  db: Executor,
  owner: { companyId: string; projectId: string; activityId: string; position: number },
  fields: LinkFields,
) {
  const [row] = await db
    .insert(activityLinks)
    .values({ ...owner, ...fields })
    .returning(linkColumns);
  return row;
}

export async function updateLink(db: Executor, id: string, fields: LinkFields) {
  const [row] = await db
    .update(activityLinks)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(activityLinks.id, id))
    .returning(linkColumns);
  return row;
}

export async function deleteLink(db: Executor, id: string) {
  await db.delete(activityLinks).where(eq(activityLinks.id, id));
}
