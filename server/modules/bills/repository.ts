import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import {
  bills,
  companies,
  paymentRequestItems,
  paymentRequests,
  projects,
  refunds,
  salesSettings,
} from '../../db/schema';

/** Bills (invoices and credit notes) and what they print; every read is scoped to the company and the project. */

type Scope = { companyId: string; projectId: string };

/** The row `id` of a table owned by a project, only in the signed-in company's project. */
function inScope(
  table: { id: PgColumn; companyId: PgColumn; projectId: PgColumn },
  scope: Scope,
  id: string,
): SQL {
  return and(
    eq(table.id, id),
    eq(table.companyId, scope.companyId),
    eq(table.projectId, scope.projectId),
  ) as SQL;
}

export type BillRow = typeof bills.$inferSelect;
export type RequestRow = typeof paymentRequests.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A sale of the project, locked until the transaction ends: two invoices of one sale cannot race. */
export async function lockRequest(tx: Tx, scope: Scope, requestId: string) {
  const [row] = await tx
    .select()
    .from(paymentRequests)
    .where(inScope(paymentRequests, scope, requestId))
    .for('update');
  return row as RequestRow | undefined;
}

/** A refund of the project, locked until the transaction ends: two credit notes of one refund cannot race. */
export async function lockRefund(tx: Tx, scope: Scope, refundId: string) {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(inScope(refunds, scope, refundId))
    .for('update');
  return row as RefundRow | undefined;
}

export async function findInvoiceOfRequest(db: Executor, requestId: string) {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(eq(bills.requestId, requestId), eq(bills.kind, 'invoice')));
  return row as BillRow | undefined;
}

export async function findCreditNoteOfRefund(db: Executor, refundId: string) {
  const [row] = await db.select().from(bills).where(eq(bills.refundId, refundId));
  return row as BillRow | undefined;
}

export async function insertBill(tx: Tx, values: typeof bills.$inferInsert) {
  const [row] = await tx.insert(bills).values(values).returning();
  return row;
}

export async function findRequest(db: Executor, scope: Scope, requestId: string) {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(inScope(paymentRequests, scope, requestId));
  return row as RequestRow | undefined;
}

/** The bills of one sale, oldest (the invoice) first. */
export async function listBillsOfRequest(db: Executor, scope: Scope, requestId: string) {
  return db
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.requestId, requestId),
        eq(bills.companyId, scope.companyId),
        eq(bills.projectId, scope.projectId),
      ),
    )
    .orderBy(asc(bills.number));
}

export async function findBill(db: Executor, scope: Scope, requestId: string, billId: string) {
  const [row] = await db
    .select()
    .from(bills)
    .where(and(inScope(bills, scope, billId), eq(bills.requestId, requestId)));
  return row as BillRow | undefined;
}

export async function listItems(db: Executor, requestId: string) {
  return db
    .select()
    .from(paymentRequestItems)
    .where(eq(paymentRequestItems.requestId, requestId))
    .orderBy(asc(paymentRequestItems.position), asc(paymentRequestItems.id));
}

export async function findRefund(db: Executor, refundId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row as RefundRow | undefined;
}

/** What the top of a bill prints: the seller (sales settings, else the company), the event and its time zone. */
export async function findSellerAndProject(db: Executor, scope: Scope) {
  const [row] = await db
    .select({
      companyName: companies.name,
      companyAddress: companies.address,
      projectNameFr: projects.nameFr,
      projectNameEn: projects.nameEn,
      timeZone: projects.timeZone,
      sellerName: salesSettings.sellerName,
      sellerAddress: salesSettings.sellerAddress,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .leftJoin(salesSettings, eq(salesSettings.projectId, projects.id))
    .where(and(eq(projects.id, scope.projectId), eq(projects.companyId, scope.companyId)));
  return row;
}
