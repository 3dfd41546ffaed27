import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { releaseEntries, releases } from '../../db/schema';

/** A5: releases are product-wide: no company or project scope, super-admins write them, every user reads the active. */

/** Qualified by hand: inside the subquery an unqualified "id" would be the entry's own. */
const ref = (table: typeof releases | typeof releaseEntries, column: { name: string }) =>
  sql`${table}.${sql.identifier(column.name)}`;
const itemCount = sql<number>`(select count(*)::int from ${releaseEntries} where ${ref(releaseEntries, releaseEntries.releaseId)} = ${ref(releases, releases.id)} and not ${ref(releaseEntries, releaseEntries.isCategory)})`;

const summaryColumns = {
  id: releases.id,
  version: releases.version,
  releasedOn: releases.releasedOn,
  isActive: releases.isActive,
  itemCount,
};

export type ReleaseRow = { id: string; version: string; releasedOn: string | null; isActive: boolean };
export type EntryRow = { id: string; categoryId: string | null; isCategory: boolean; position: number };

export async function listReleases(db: Executor, options: { activeOnly?: boolean } = {}) {
  return db
    .select(summaryColumns)
    .from(releases)
    .where(options.activeOnly ? eq(releases.isActive, true) : undefined);
}

export async function findRelease(db: Executor, id: string) {
  const [row] = await db.select(summaryColumns).from(releases).where(eq(releases.id, id));
  return row;
}

export async function insertRelease(db: Executor, row: typeof releases.$inferInsert) {
  const [inserted] = await db.insert(releases).values(row).returning({ id: releases.id });
  return inserted.id;
}

export async function updateRelease(
  db: Executor,
  id: string,
  values: Partial<Pick<typeof releases.$inferInsert, 'version' | 'releasedOn' | 'isActive'>>,
) {
  await db
    .update(releases)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(releases.id, id));
}

export async function deleteRelease(db: Executor, id: string) {
  await db.delete(releases).where(eq(releases.id, id));
}

/** The entries of some releases, in their stored order. */
export async function listEntries(db: Executor, releaseIds: string[]) {
  if (releaseIds.length === 0) return [];
  return db
    .select({
      id: releaseEntries.id,
      releaseId: releaseEntries.releaseId,
      categoryId: releaseEntries.categoryId,
      isCategory: releaseEntries.isCategory,
      position: releaseEntries.position,
    })
    .from(releaseEntries)
    .where(inArray(releaseEntries.releaseId, releaseIds))
    .orderBy(asc(releaseEntries.position), asc(releaseEntries.createdAt), asc(releaseEntries.id));
}

export async function insertEntry(db: Executor, row: typeof releaseEntries.$inferInsert) {
  const [inserted] = await db.insert(releaseEntries).values(row).returning({ id: releaseEntries.id });
  return inserted.id;
}

/** Writes the place of every entry of a release at once (category and position). */
export async function placeEntries(db: Executor, releaseId: string, rows: Omit<EntryRow, 'isCategory'>[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.categoryId}::uuid, ${r.position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${releaseEntries} set category_id = v.category_id, position = v.position
    from (values ${values}) as v(id, category_id, position)
    where ${releaseEntries}.id = v.id and ${releaseEntries}.release_id = ${releaseId}`);
}

export async function deleteEntries(db: Executor, releaseId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .delete(releaseEntries)
    .where(and(eq(releaseEntries.releaseId, releaseId), inArray(releaseEntries.id, ids)));
}
