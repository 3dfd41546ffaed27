import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityCategoryKind } from '../../../contracts/activities';
import type { Executor } from '../../db/client';
import { activities, activityCategories, texts } from '../../db/schema';

// ---------- sections and categories ----------

/** How many activities a section or category holds (qualified by hand: the subquery reads another table). */
const activityCount = (kind: ActivityCategoryKind) => {
  const column = kind === 'section' ? activities.sectionId : activities.categoryId;
  return sql<number>`(select count(*)::int from ${activities} where ${activities}.${sql.identifier(
    column.name,
  )} = ${activityCategories}.${sql.identifier(activityCategories.id.name)})`;
};

const categoryColumns = (kind: ActivityCategoryKind) => ({
  id: activityCategories.id,
  nameFr: activityCategories.nameFr,
  nameEn: activityCategories.nameEn,
  position: activityCategories.position,
  activityCount: activityCount(kind),
});

export type CategoryRow = {
  id: string;
  nameFr: string;
  nameEn: string;
  position: number;
  activityCount: number;
};

const categoryScope = (companyId: string, projectId: string, kind: ActivityCategoryKind) =>
  and(
    eq(activityCategories.companyId, companyId),
    eq(activityCategories.projectId, projectId),
    eq(activityCategories.kind, kind),
  );

/** The sections or the categories of a project, in their order. */
export async function listCategories(
  db: Executor,
  companyId: string,
  projectId: string,
  kind: ActivityCategoryKind,
): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns(kind))
    .from(activityCategories)
    .where(categoryScope(companyId, projectId, kind))
    .orderBy(asc(activityCategories.position), asc(activityCategories.createdAt), asc(activityCategories.id));
}

/** A section or a category of this project of this company (of this kind), or undefined. */
export async function findCategory(
  db: Executor,
  companyId: string,
  projectId: string,
  kind: ActivityCategoryKind,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(categoryColumns(kind))
    .from(activityCategories)
    .where(and(categoryScope(companyId, projectId, kind), eq(activityCategories.id, id)));
  return row;
}

/**
 * Whether a section or category of this project exists, holding it (as a foreign key check does) until the
 * transaction ends: a deletion meanwhile waits, and one that came first makes it not found instead of a broken key.
 */
export async function holdCategory(
  db: Executor,
  companyId: string,
  projectId: string,
  kind: ActivityCategoryKind,
  id: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: activityCategories.id })
    .from(activityCategories)
    .where(and(categoryScope(companyId, projectId, kind), eq(activityCategories.id, id)))
    .for('key share');
  return rows.length > 0;
}

export async function nextCategoryPosition(db: Executor, projectId: string, kind: ActivityCategoryKind) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${activityCategories.position}) + 1, 0)::int` })
    .from(activityCategories)
    .where(and(eq(activityCategories.projectId, projectId), eq(activityCategories.kind, kind)));
  return row.next;
}

export async function insertCategory(db: Executor, row: typeof activityCategories.$inferInsert) {
  const [inserted] = await db.insert(activityCategories).values(row).returning({ id: activityCategories.id });
  return inserted.id;
}

export async function renameCategory(db: Executor, id: string, name: { fr: string; en: string }) {
  await db
    .update(activityCategories)
    .set({ nameFr: name.fr, nameEn: name.en, updatedAt: new Date() })
    .where(eq(activityCategories.id, id));
}

/** Its activities stay, without section or category (the foreign key sets it to null). */
export async function deleteCategory(db: Executor, projectId: string, id: string) {
  await db
    .delete(activityCategories)
    .where(and(eq(activityCategories.projectId, projectId), eq(activityCategories.id, id)));
}

// ---------- activities ----------

const category = alias(activityCategories, 'category');
const section = alias(activityCategories, 'section');

const activityColumns = {
  id: activities.id,
  projectId: activities.projectId,
  type: activities.type,
  titleFr: activities.titleFr,
  titleEn: activities.titleEn,
  noDate: activities.noDate,
  startsAt: activities.startsAt,
  durationMinutes: activities.durationMinutes,
  maxMembers: activities.maxMembers,
  hybridType: activities.hybridType,
  location: activities.location,
  parentId: activities.parentId,
  backgroundColor: activities.backgroundColor,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
  version: activities.version,
  categoryId: activities.categoryId,
  categoryNameFr: category.nameFr,
  categoryNameEn: category.nameEn,
  sectionId: activities.sectionId,
  sectionNameFr: section.nameFr,
  sectionNameEn: section.nameEn,
};

export type ActivityRow = {
  id: string;
  projectId: string;
  type: string;
  titleFr: string;
  titleEn: string;
  noDate: boolean;
  startsAt: Date | null;
  durationMinutes: number;
  maxMembers: number | null;
  hybridType: string;
  location: string | null;
  parentId: string | null;
  backgroundColor: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  categoryId: string | null;
  categoryNameFr: string | null;
  categoryNameEn: string | null;
  sectionId: string | null;
  sectionNameFr: string | null;
  sectionNameEn: string | null;
};

/** The activities of one project of one company. */
export const scoped = (companyId: string, projectId: string) =>
  and(eq(activities.companyId, companyId), eq(activities.projectId, projectId));

export function baseSelect(db: Executor) {
  return db
    .select(activityColumns)
    .from(activities)
    .leftJoin(category, eq(category.id, activities.categoryId))
    .leftJoin(section, eq(section.id, activities.sectionId));
}

export async function findActivity(
  db: Executor,
  companyId: string,
  projectId: string,
  id: string,
): Promise<ActivityRow | undefined> {
  const [row] = await baseSelect(db).where(and(scoped(companyId, projectId), eq(activities.id, id)));
  return row;
}

/** Whether an activity of this project exists, held until the transaction ends (see holdCategory). */
export async function holdActivity(db: Executor, companyId: string, projectId: string, id: string) {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(scoped(companyId, projectId), eq(activities.id, id)))
    .for('key share');
  return rows.length > 0;
}

/** An activity of the caller's company, whatever its project (the text store's scope), or undefined. */
export async function findActivityOfCompany(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({ id: activities.id, projectId: activities.projectId })
    .from(activities)
    .where(and(eq(activities.companyId, companyId), eq(activities.id, id)));
  return row;
}

export type ActivityFields = Omit<
  typeof activities.$inferInsert,
  'id' | 'companyId' | 'projectId' | 'createdAt' | 'updatedAt'
>;

export async function insertActivity(
  db: Executor,
  companyId: string,
  projectId: string,
  fields: ActivityFields,
): Promise<string> {
  const [row] = await db
    .insert(activities)
    .values({ ...fields, companyId, projectId })
    .returning({ id: activities.id });
  return row.id;
}

export async function updateActivity(db: Executor, projectId: string, id: string, fields: ActivityFields) {
  await db
    .update(activities)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(activities.projectId, projectId), eq(activities.id, id)));
}

export async function countChildren(db: Executor, projectId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activities)
    .where(and(eq(activities.projectId, projectId), eq(activities.parentId, id)));
  return row.n;
}

/** The parent, its parent and so on, nearest first (at most `limit`: a deeper chain is cut). */
export async function listAncestors(db: Executor, projectId: string, id: string, limit = 100) {
  // Both drivers answer { rows } (PGlite's results and pg's QueryResult).
  const result = (await db.execute(sql`
    with recursive chain(id, parent_id, depth) as (
      select id, parent_id, 0 from ${activities} where id = ${id} and project_id = ${projectId}
      union all
      select a.id, a.parent_id, chain.depth + 1 from ${activities} a
        join chain on a.id = chain.parent_id
        where chain.depth < ${limit} and a.project_id = ${projectId}
    )
    select id from chain order by depth`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

export async function deleteActivity(db: Executor, projectId: string, id: string) {
  await db.delete(activities).where(and(eq(activities.projectId, projectId), eq(activities.id, id)));
}

/**
 * Locks the activities of the project among `ids` until the transaction ends, and gives what the bulk actions
 * check. An id of another project or company is simply absent.
 */
export async function lockActivities(db: Executor, companyId: string, projectId: string, ids: string[]) {
  return (
    db
      .select({
        id: activities.id,
        noDate: activities.noDate,
        startsAt: activities.startsAt,
        durationMinutes: activities.durationMinutes,
      })
      .from(activities)
      .where(and(scoped(companyId, projectId), inArray(activities.id, ids)))
      // In one order: two bulk actions on overlapping activities wait for each other instead of deadlocking.
      .orderBy(asc(activities.id))
      .for('update')
  );
}

/** One update of the same fields on activities of the project. */
export async function updateActivities(
  db: Executor,
  projectId: string,
  ids: string[],
  fields: Partial<ActivityFields> | Record<string, SQL>,
) {
  const rows = await db
    .update(activities)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(activities.projectId, projectId), inArray(activities.id, ids)))
    .returning({ id: activities.id });
  return rows.length;
}

/** V1 end date: each activity's duration becomes the minutes from its start to `end`. */
export async function setEnds(db: Executor, projectId: string, ids: string[], end: Date) {
  return updateActivities(db, projectId, ids, {
    durationMinutes: sql`(extract(epoch from (${end}::timestamptz - ${activities.startsAt})) / 60)::int`,
    noDate: sql`false`,
  });
}

/**
 * V1 migration: the activities go to another project of the company. Their section and category (of the old
 * project) are cleared, and so is a parent link that would cross projects (a parent left behind, or a child left
 * behind); their description texts follow them.
 */
export async function moveActivities(db: Executor, from: string, to: string, ids: string[]) {
  await db
    .update(activities)
    .set({ parentId: null, updatedAt: new Date() })
    .where(
      and(
        eq(activities.projectId, from),
        or(
          and(inArray(activities.parentId, ids), sql`not (${inArray(activities.id, ids)})`),
          and(inArray(activities.id, ids), sql`not (${inArray(activities.parentId, ids)})`),
        ),
      ),
    );
  const moved = await db
    .update(activities)
    .set({ projectId: to, categoryId: null, sectionId: null, updatedAt: new Date() })
    .where(and(eq(activities.projectId, from), inArray(activities.id, ids)))
    .returning({ id: activities.id });
  await db
    .update(texts)
    .set({ projectId: to })
    .where(and(eq(texts.kind, 'activity.description'), inArray(texts.ownerId, ids)));
  return moved.length;
}
