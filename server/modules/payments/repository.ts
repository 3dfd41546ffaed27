import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  activities,
  paymentCategories,
  paymentRequestItems,
  paymentRoles,
  payments,
  paymentTaxes,
  roles,
  salesSettings,
  taxes,
} from '../../db/schema';

/** The only place of the payments module that touches tables; every read is scoped by company and project. */

const inProject = (
  table: { companyId: AnyPgColumn; projectId: AnyPgColumn },
  companyId: string,
  projectId: string,
) => and(eq(table.companyId, companyId), eq(table.projectId, projectId));

// ---------- categories ----------

/** How many payments a category groups (qualified by hand: the subquery must not compare a table with itself). */
const paymentCount = sql<number>`(select count(*)::int from ${payments} where ${payments}.${sql.identifier(
  payments.categoryId.name,
)} = ${paymentCategories}.${sql.identifier(paymentCategories.id.name)})`;

const categoryColumns = {
  id: paymentCategories.id,
  nameFr: paymentCategories.nameFr,
  nameEn: paymentCategories.nameEn,
  position: paymentCategories.position,
  paymentCount,
};
export type CategoryRow = {
  id: string;
  nameFr: string;
  nameEn: string;
  position: number;
  paymentCount: number;
};

export async function listCategories(
  db: Executor,
  companyId: string,
  projectId: string,
): Promise<CategoryRow[]> {
  return db
    .select(categoryColumns)
    .from(paymentCategories)
    .where(inProject(paymentCategories, companyId, projectId))
    .orderBy(asc(paymentCategories.position), asc(paymentCategories.createdAt), asc(paymentCategories.id));
}

export async function findCategory(
  db: Executor,
  companyId: string,
  projectId: string,
  categoryId: string,
): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select(categoryColumns)
    .from(paymentCategories)
    .where(and(inProject(paymentCategories, companyId, projectId), eq(paymentCategories.id, categoryId)));
  return row;
}

export async function nextCategoryPosition(db: Executor, projectId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${paymentCategories.position}) + 1, 0)::int` })
    .from(paymentCategories)
    .where(eq(paymentCategories.projectId, projectId));
  return row.next;
}

export async function insertCategory(db: Executor, row: typeof paymentCategories.$inferInsert) {
  const [inserted] = await db.insert(paymentCategories).values(row).returning({ id: paymentCategories.id });
  return inserted.id;
}

export async function renameCategory(db: Executor, categoryId: string, name: { fr: string; en: string }) {
  await db
    .update(paymentCategories)
    .set({ nameFr: name.fr, nameEn: name.en })
    .where(eq(paymentCategories.id, categoryId));
}

/** Its payments stay, without a category (the foreign key sets it to null). */
export async function deleteCategory(db: Executor, projectId: string, categoryId: string) {
  await db
    .delete(paymentCategories)
    .where(and(eq(paymentCategories.projectId, projectId), eq(paymentCategories.id, categoryId)));
}

/** Writes the position of every category of the project at once. */
export async function placeCategories(db: Executor, projectId: string, ids: string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${paymentCategories} set position = v.position
    from (values ${values}) as v(id, position)
    where ${paymentCategories}.id = v.id and ${paymentCategories}.project_id = ${projectId}`);
}

// ---------- payments ----------

const paymentColumns = {
  id: payments.id,
  kind: payments.kind,
  nameFr: payments.nameFr,
  nameEn: payments.nameEn,
  descriptionFr: payments.descriptionFr,
  descriptionEn: payments.descriptionEn,
  categoryId: payments.categoryId,
  categoryNameFr: paymentCategories.nameFr,
  categoryNameEn: paymentCategories.nameEn,
  activityId: payments.activityId,
  activityTitleFr: activities.titleFr,
  activityTitleEn: activities.titleEn,
  priceCents: payments.priceCents,
  position: payments.position,
  onSale: payments.onSale,
  saleStartsAt: payments.saleStartsAt,
  saleEndsAt: payments.saleEndsAt,
  quantity: payments.quantity,
  sold: payments.sold,
};

export type PaymentRow = {
  id: string;
  kind: string;
  nameFr: string;
  nameEn: string;
  descriptionFr: string;
  descriptionEn: string;
  categoryId: string | null;
  categoryNameFr: string | null;
  categoryNameEn: string | null;
  activityId: string | null;
  activityTitleFr: string | null;
  activityTitleEn: string | null;
  priceCents: number;
  position: number;
  onSale: boolean;
  saleStartsAt: Date | null;
  saleEndsAt: Date | null;
  quantity: number | null;
  sold: number;
};

function selectPayments(db: Executor) {
  return db
    .select(paymentColumns)
    .from(payments)
    .leftJoin(paymentCategories, eq(paymentCategories.id, payments.categoryId))
    .leftJoin(activities, eq(activities.id, payments.activityId));
}

/** The payments of a project in their stored order (then by creation, then id: never two orders for the same data). */
export async function listPayments(
  db: Executor,
  companyId: string,
  projectId: string,
): Promise<PaymentRow[]> {
  return selectPayments(db)
    .where(inProject(payments, companyId, projectId))
    .orderBy(asc(payments.position), asc(payments.createdAt), asc(payments.id));
}

export async function findPayment(
  db: Executor,
  companyId: string,
  projectId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await selectPayments(db).where(
    and(inProject(payments, companyId, projectId), eq(payments.id, paymentId)),
  );
  return row;
}

export async function linksOf(db: Executor, paymentId: string) {
  const taxRows = await db
    .select({ id: paymentTaxes.taxId })
    .from(paymentTaxes)
    .innerJoin(taxes, eq(taxes.id, paymentTaxes.taxId))
    .where(eq(paymentTaxes.paymentId, paymentId))
    .orderBy(asc(taxes.position), asc(taxes.id));
  const roleRows = await db
    .select({ id: paymentRoles.roleId })
    .from(paymentRoles)
    .innerJoin(roles, eq(roles.id, paymentRoles.roleId))
    .where(eq(paymentRoles.paymentId, paymentId))
    .orderBy(asc(roles.position), asc(roles.id));
  return { taxIds: taxRows.map((r) => r.id), roleIds: roleRows.map((r) => r.id) };
}

/** The lines of sales naming the payment. */
export async function salesCount(db: Executor, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentRequestItems)
    .where(eq(paymentRequestItems.paymentId, paymentId));
  return row.n;
}

export async function nextPaymentPosition(db: Executor, projectId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${payments.position}) + 1, 0)::int` })
    .from(payments)
    .where(eq(payments.projectId, projectId));
  return row.next;
}

export type PaymentWrite = Omit<
  typeof payments.$inferInsert,
  'id' | 'companyId' | 'projectId' | 'position' | 'sold'
>;

export async function insertPayment(
  db: Executor,
  row: PaymentWrite & { companyId: string; projectId: string; position: number },
) {
  const [inserted] = await db.insert(payments).values(row).returning({ id: payments.id });
  return inserted.id;
}

export async function updatePayment(db: Executor, paymentId: string, row: PaymentWrite) {
  await db
    .update(payments)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}

/** Replaces the taxes and roles of a payment. */
export async function setLinks(
  db: Executor,
  paymentId: string,
  links: { taxIds: string[]; roleIds: string[] },
) {
  await db.delete(paymentTaxes).where(eq(paymentTaxes.paymentId, paymentId));
  await db.delete(paymentRoles).where(eq(paymentRoles.paymentId, paymentId));
  if (links.taxIds.length) {
    await db.insert(paymentTaxes).values(links.taxIds.map((taxId) => ({ paymentId, taxId })));
  }
  if (links.roleIds.length) {
    await db.insert(paymentRoles).values(links.roleIds.map((roleId) => ({ paymentId, roleId })));
  }
}

/**
 * Locks the payment until the transaction ends and reads what is sold: a sale being recorded (its key-share lock
 * through payment_request_items, or its update of `sold`) waits, so what is checked stays true until the commit.
 */
export async function lockPayment(db: Executor, projectId: string, paymentId: string) {
  const [row] = await db
    .select({ sold: payments.sold })
    .from(payments)
    .where(and(eq(payments.projectId, projectId), eq(payments.id, paymentId)))
    .for('update');
  return row;
}

export async function deletePayment(db: Executor, projectId: string, paymentId: string) {
  await db.delete(payments).where(and(eq(payments.projectId, projectId), eq(payments.id, paymentId)));
}

/** Writes every payment's position and category at once. */
export async function placePayments(
  db: Executor,
  projectId: string,
  entries: { id: string; categoryId: string | null; position: number }[],
) {
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map((e) => sql`(${e.id}::uuid, ${e.categoryId}::uuid, ${e.position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${payments} set position = v.position, category_id = v.category_id, updated_at = now()
    from (values ${values}) as v(id, category_id, position)
    where ${payments}.id = v.id and ${payments}.project_id = ${projectId}`);
}

// ---------- what the panel offers ----------

/** The project's currency (R2's settings), CAD when none is saved. */
export async function currencyOf(db: Executor, companyId: string, projectId: string): Promise<string> {
  const [row] = await db
    .select({ currency: salesSettings.currency })
    .from(salesSettings)
    .where(and(eq(salesSettings.companyId, companyId), eq(salesSettings.projectId, projectId)));
  return row?.currency ?? 'CAD';
}

export async function listActivities(db: Executor, companyId: string, projectId: string) {
  return db
    .select({ id: activities.id, nameFr: activities.titleFr, nameEn: activities.titleEn })
    .from(activities)
    .where(inProject(activities, companyId, projectId))
    .orderBy(sql`${activities.startsAt} asc nulls last`, asc(activities.titleFr), asc(activities.id));
}

const owned = { taxes, roles, activities, paymentCategories } as const;

/** Whether every id names a row of this project in that table. */
export async function allInProject(
  db: Executor,
  table: keyof typeof owned,
  companyId: string,
  projectId: string,
  ids: string[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const t = owned[table];
  const [row] = await db
    .select({ n: count() })
    .from(t)
    .where(and(inProject(t, companyId, projectId), inArray(t.id, unique)));
  return row.n === unique.length;
}
