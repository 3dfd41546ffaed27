import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { salesSettings, taxes } from '../../db/schema';

const taxColumns = {
  id: taxes.id,
  nameFr: taxes.nameFr,
  nameEn: taxes.nameEn,
  rateMilli: taxes.rateMilli,
  registrationNumber: taxes.registrationNumber,
  position: taxes.position,
};
export type TaxRow = {
  id: string;
  nameFr: string;
  nameEn: string;
  rateMilli: number;
  registrationNumber: string;
  position: number;
};

// ---------- the configuration ----------

export async function findSalesSettings(db: Executor, companyId: string, projectId: string) {
  const [row] = await db
    .select({
      currency: salesSettings.currency,
      sellerName: salesSettings.sellerName,
      sellerAddress: salesSettings.sellerAddress,
    })
    .from(salesSettings)
    .where(and(eq(salesSettings.companyId, companyId), eq(salesSettings.projectId, projectId)));
  return row;
}

/** One row per project: made on the first save, replaced after. */
export async function upsertSalesSettings(
  db: Executor,
  row: { companyId: string; projectId: string; currency: string; sellerName: string; sellerAddress: string },
) {
  const { companyId: _, projectId: __, ...values } = row;
  await db
    .insert(salesSettings)
    .values(row)
    .onConflictDoUpdate({ target: salesSettings.projectId, set: { ...values, updatedAt: new Date() } });
}

// ---------- taxes ----------

export async function findTax(
  db: Executor,
  companyId: string,
  projectId: string,
  taxId: string,
): Promise<TaxRow | undefined> {
  const [row] = await db
    .select(taxColumns)
    .from(taxes)
    .where(and(eq(taxes.companyId, companyId), eq(taxes.projectId, projectId), eq(taxes.id, taxId)));
  return row;
}

/** The taxes of a project in their order (then by creation, then id: one order for the same data). */
export async function listTaxes(db: Executor, companyId: string, projectId: string): Promise<TaxRow[]> {
  return db
    .select(taxColumns)
    .from(taxes)
    .where(and(eq(taxes.companyId, companyId), eq(taxes.projectId, projectId)))
    .orderBy(asc(taxes.position), asc(taxes.createdAt), asc(taxes.id));
}

export async function nextPosition(db: Executor, projectId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${taxes.position}) + 1, 0)::int` })
    .from(taxes)
    .where(eq(taxes.projectId, projectId));
  return row.next;
}

export async function insertTax(db: Executor, row: typeof taxes.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(taxes).values(row).returning({ id: taxes.id });
  return inserted.id;
}

export async function updateTax(
  db: Executor,
  projectId: string,
  taxId: string,
  values: Pick<typeof taxes.$inferInsert, 'nameFr' | 'nameEn' | 'rateMilli' | 'registrationNumber'>,
) {
  await db
    .update(taxes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(taxes.projectId, projectId), eq(taxes.id, taxId)));
}

/** The payments that charged it lose it (payment_taxes cascades); sales keep their copy in their items. */
export async function deleteTax(db: Executor, projectId: string, taxId: string) {
  await db.delete(taxes).where(and(eq(taxes.projectId, projectId), eq(taxes.id, taxId)));
}

/** Writes the position of every tax of the project at once. */
export async function placeTaxes(db: Executor, projectId: string, ids: string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${taxes} set position = v.position
    from (values ${values}) as v(id, position)
    where ${taxes}.id = v.id and ${taxes}.project_id = ${projectId}`);
}
