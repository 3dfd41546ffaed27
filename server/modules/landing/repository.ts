import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder } from '../../db/list';
import { activities } from '../../db/schema';

const scoped = (companyId: string, projectId: string) =>
  and(eq(activities.companyId, companyId), eq(activities.projectId, projectId));

/** Every activity of the project: dated ones by start, then those without date; by title within. */
export async function listActivities(db: Executor, companyId: string, projectId: string, language: Language) {
  const title = language === 'en' ? activities.titleEn : activities.titleFr;
  const start = sql`(case when ${activities.noDate} then null else ${activities.startsAt} end)`;
  return db
    .select({
      id: activities.id,
      titleFr: activities.titleFr,
      titleEn: activities.titleEn,
      type: activities.type,
      noDate: activities.noDate,
      startsAt: activities.startsAt,
      onLanding: activities.onLanding,
    })
    .from(activities)
    .where(scoped(companyId, projectId))
    .orderBy(sql`${start} asc nulls last`, asc(humanOrder(title)), asc(activities.id));
}

/** How many of these ids are activities of the project, locking them until the transaction ends. */
export async function countOwned(db: Executor, companyId: string, projectId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(scoped(companyId, projectId), inArray(activities.id, ids)))
    .orderBy(asc(activities.id))
    .for('update');
  return rows.length;
}

/** The selection becomes exactly `ids`: on for them, off for every other activity of the project. */
export async function saveSelection(db: Executor, companyId: string, projectId: string, ids: string[]) {
  const selected = ids.length ? inArray(activities.id, ids) : sql`false`;
  await db
    .update(activities)
    .set({ onLanding: sql`${selected}` })
    .where(and(scoped(companyId, projectId), sql`${activities.onLanding} is distinct from ${selected}`));
}
