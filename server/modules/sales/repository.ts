import { and, asc, count, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { SALE_TABS } from '../../../contracts/sales';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition, searchWords } from '../../db/list';
import {
  buyerSearchText,
  type ChargedTax,
  paymentRequestItems,
  paymentRequests,
  payments,
  paymentTaxes,
  projects,
  refunds,
  salesSettings,
  taxes,
} from '../../db/schema';

/** The sales of a project, where every query of this module starts: the signed-in company's and this project's. */
const ownSale = (companyId: string, projectId: string) =>
  and(eq(paymentRequests.companyId, companyId), eq(paymentRequests.projectId, projectId));

const TAB_CONDITION: Record<(typeof SALE_TABS)[number], SQL> = {
  sales: sql`${paymentRequests.archived} = false and ${paymentRequests.status} = 'paid'`,
  pending: sql`${paymentRequests.archived} = false and ${paymentRequests.status} = 'pending'`,
  courtesy: sql`${paymentRequests.archived} = false and ${paymentRequests.status} = 'courtesy'`,
  archive: sql`${paymentRequests.archived} = true`,
};

const buyerText = buyerSearchText(paymentRequests);

/** The items' names and quantities, read only for the rows of the page (after the sort and the limit). */
const itemNames = sql<{ nameFr: string; nameEn: string; quantity: number }[]>`(
  select coalesce(json_agg(json_build_object('nameFr', i.name_fr, 'nameEn', i.name_en, 'quantity', i.quantity)
    order by i.position, i.id), '[]'::json)
  from payment_request_items i where i.request_id = payment_requests.id)`;

/** The list's WHERE: this company's and project's sales of the tab, every searched word in the buyer's text. */
export function saleListWhere(
  companyId: string,
  projectId: string,
  tab: (typeof SALE_TABS)[number],
  q: string | undefined,
) {
  return and(ownSale(companyId, projectId), TAB_CONDITION[tab], searchCondition(q, [buyerText]));
}

/**
 * The list's ORDER BY: newest first unless a column is chosen, the id last so pages never overlap. With a search,
 * each key is an expression of the same order that no index serves (`+ interval '0 s'`, `|| ''`, `+ 0`): the
 * search's rows are found by the trigram index and sorted, rather than the whole tab walked in index order while
 * hoping to fill the page early, which PostgreSQL chose now and then (9 ms against 27–53 ms at 100,000 sales;
 * bench/README.md, "sales-list"; the participant list does the same).
 */
export function saleListOrder(params: Pick<ListParams, 'sort' | 'dir' | 'q'>) {
  const searched = searchWords(params.q).length > 0;
  const createdAt = searched
    ? sql`(${paymentRequests.createdAt} + interval '0 seconds')`
    : sql`${paymentRequests.createdAt}`;
  return orderBy(
    params,
    {
      createdAt,
      buyer: humanOrder(searched ? sql`(${paymentRequests.buyerName} || '')` : paymentRequests.buyerName),
      total: searched ? sql`(${paymentRequests.totalCents} + 0)` : paymentRequests.totalCents,
      status: paymentRequests.status,
    },
    [sql`${createdAt} desc`],
    paymentRequests.id,
  );
}

/** The columns of a list row. */
export const saleListSelect = (db: Executor) =>
  db
    .select({
      id: paymentRequests.id,
      createdAt: paymentRequests.createdAt,
      paidAt: paymentRequests.paidAt,
      buyerName: paymentRequests.buyerName,
      buyerEmail: paymentRequests.buyerEmail,
      buyerOrganisation: paymentRequests.buyerOrganisation,
      currency: paymentRequests.currency,
      totalCents: paymentRequests.totalCents,
      refundedCents: paymentRequests.refundedCents,
      status: paymentRequests.status,
      source: paymentRequests.source,
      archived: paymentRequests.archived,
      items: itemNames,
    })
    .from(paymentRequests);

/**
 * The list's count, with the project check riding on it (true when the project is this company's): the endpoint sends
 * its two statements side by side and nothing before them.
 */
export const saleListCount = (db: Executor, companyId: string, projectId: string, where: SQL | undefined) =>
  db
    .select({
      n: count(),
      projectFound: sql<boolean>`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.companyId} = ${companyId})`,
    })
    .from(paymentRequests)
    .where(where);

/** A page of the tab and its count; `projectFound` false when the project is not this company's (then no rows). */
export async function listSales(
  db: Executor,
  companyId: string,
  projectId: string,
  tab: (typeof SALE_TABS)[number],
  params: ListParams,
) {
  const where = saleListWhere(companyId, projectId, tab, params.q);
  let projectFound = false;
  const page = await listPage(
    params,
    ({ limit, offset }) =>
      saleListSelect(db)
        .where(where)
        .orderBy(...saleListOrder(params))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await saleListCount(db, companyId, projectId, where);
      projectFound = row.projectFound;
      return row.n;
    },
  );
  return { ...page, projectFound };
}

export type SaleRow = typeof paymentRequests.$inferSelect;
export type ItemRow = typeof paymentRequestItems.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** One sale of the project; `lock` holds it (FOR UPDATE) until the transaction ends: refunds and edits queue. */
export async function findSale(
  db: Executor,
  companyId: string,
  projectId: string,
  saleId: string,
  lock = false,
): Promise<SaleRow | undefined> {
  const query = db
    .select()
    .from(paymentRequests)
    .where(and(ownSale(companyId, projectId), eq(paymentRequests.id, saleId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listItems(db: Executor, saleId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(paymentRequestItems)
    .where(eq(paymentRequestItems.requestId, saleId))
    .orderBy(asc(paymentRequestItems.position), asc(paymentRequestItems.id));
}

export async function listRefunds(db: Executor, saleId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.requestId, saleId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

export async function setArchived(db: Executor, saleId: string, archived: boolean) {
  await db
    .update(paymentRequests)
    .set({ archived, updatedAt: new Date() })
    .where(eq(paymentRequests.id, saleId));
}

export async function updateSale(
  db: Executor,
  saleId: string,
  values: Partial<typeof paymentRequests.$inferInsert>,
) {
  await db
    .update(paymentRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentRequests.id, saleId));
}

export async function updateItem(
  db: Executor,
  itemId: string,
  values: Partial<typeof paymentRequestItems.$inferInsert>,
) {
  await db.update(paymentRequestItems).set(values).where(eq(paymentRequestItems.id, itemId));
}

/**
 * Ticketing: takes `delta` seats of a payment (gives them back when negative). False when the payment has not that
 * many left (its quantity), so nothing is oversold; seats given back never go below 0.
 */
export async function moveSeats(db: Executor, paymentId: string, delta: number): Promise<boolean> {
  if (delta === 0) return true;
  if (delta < 0) {
    await db
      .update(payments)
      .set({ sold: sql`greatest(${payments.sold} + ${delta}, 0)` })
      .where(eq(payments.id, paymentId));
    return true;
  }
  const taken = await db
    .update(payments)
    .set({ sold: sql`${payments.sold} + ${delta}` })
    .where(
      and(
        eq(payments.id, paymentId),
        or(isNull(payments.quantity), gte(sql`${payments.quantity} - ${payments.sold}`, delta)),
      ),
    )
    .returning({ id: payments.id });
  return taken.length > 0;
}

/** Payments of the project with the taxes they charge (in the taxes' order). */
export async function findPaymentsWithTaxes(
  db: Executor,
  companyId: string,
  projectId: string,
  paymentIds: string[],
) {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.projectId, projectId),
        inArray(payments.id, paymentIds),
      ),
    );
  const charged = rows.length
    ? await db
        .select({ paymentId: paymentTaxes.paymentId, tax: taxes })
        .from(paymentTaxes)
        .innerJoin(taxes, eq(taxes.id, paymentTaxes.taxId))
        .where(
          inArray(
            paymentTaxes.paymentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(taxes.position), asc(taxes.id))
    : [];
  return rows.map((payment) => ({
    payment,
    taxes: charged
      .filter((c) => c.paymentId === payment.id)
      .map(
        (c): ChargedTax => ({
          taxId: c.tax.id,
          nameFr: c.tax.nameFr,
          nameEn: c.tax.nameEn,
          rateMilli: c.tax.rateMilli,
          registrationNumber: c.tax.registrationNumber,
          amountCents: 0,
        }),
      ),
  }));
}

export async function insertSale(db: Executor, values: typeof paymentRequests.$inferInsert) {
  const [row] = await db.insert(paymentRequests).values(values).returning({ id: paymentRequests.id });
  return row.id;
}

export async function insertItems(db: Executor, values: (typeof paymentRequestItems.$inferInsert)[]) {
  if (values.length) await db.insert(paymentRequestItems).values(values);
}

// ---------- refunds ----------

export async function findRefund(db: Executor, refundId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId));
  return row;
}

export async function findRefundByKey(db: Executor, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
  return row;
}

/** Inserts a refund; undefined when its idempotency key is already taken (a double click got there first). */
export async function insertRefund(
  db: Executor,
  values: typeof refunds.$inferInsert,
): Promise<RefundRow | undefined> {
  const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateRefund(
  db: Executor,
  refundId: string,
  values: Partial<typeof refunds.$inferInsert>,
) {
  await db
    .update(refunds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(refunds.id, refundId));
}

/** Counts a refund's money on its items and the sale; negative shares take it back (never below 0). */
export async function addRefunded(
  db: Executor,
  saleId: string,
  itemShares: { itemId: string; cents: number }[],
) {
  const total = itemShares.reduce((sum, share) => sum + share.cents, 0);
  for (const share of itemShares) {
    if (share.cents === 0) continue;
    await db
      .update(paymentRequestItems)
      .set({ refundedCents: sql`greatest(${paymentRequestItems.refundedCents} + ${share.cents}, 0)` })
      .where(eq(paymentRequestItems.id, share.itemId));
  }
  await db
    .update(paymentRequests)
    .set({
      refundedCents: sql`greatest(${paymentRequests.refundedCents} + ${total}, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(paymentRequests.id, saleId));
}

/** The card refund of a processor's id, whatever its state. */
export async function findRefundByStripeId(
  db: Executor,
  stripeRefundId: string,
): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.stripeRefundId, stripeRefundId));
  return row;
}

/**
 * A pending refund settled (succeeded or failed); undefined when it was no longer pending, so what follows the change
 * (money given back, a credit note) happens once.
 */
export async function settlePendingRefund(
  db: Executor,
  refundId: string,
  change: { status: 'succeeded' | 'failed'; failureCode: string | null },
  at: Date,
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: change.status, failureCode: change.failureCode, updatedAt: at })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/**
 * Seats a failed refund had given back are taken again, within the payment's quantity: a seat sold meanwhile to
 * someone else is not oversold.
 */
export async function retakeSeats(db: Executor, paymentId: string, count: number) {
  await db
    .update(payments)
    .set({
      sold: sql`least(${payments.sold} + ${count}, coalesce(${payments.quantity}, ${payments.sold} + ${count}))`,
    })
    .where(eq(payments.id, paymentId));
}

/** The project's currency (R2's settings), when set. */
export async function findCurrency(db: Executor, projectId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ currency: salesSettings.currency })
    .from(salesSettings)
    .where(eq(salesSettings.projectId, projectId));
  return row?.currency;
}

/** The payments of the project in their order, with the seats left. */
export async function listPayments(db: Executor, companyId: string, projectId: string) {
  return db
    .select({
      id: payments.id,
      nameFr: payments.nameFr,
      nameEn: payments.nameEn,
      priceCents: payments.priceCents,
      left: sql<number | null>`${payments.quantity} - ${payments.sold}`,
    })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.projectId, projectId)))
    .orderBy(asc(payments.position), asc(payments.id));
}
