import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type ChargedTax,
  participants,
  paymentRequestItems,
  paymentRequests,
  paymentRoles,
  payments,
  paymentTaxes,
  promoCodes,
  registrationPages,
  roles,
  salesSettings,
  taxes,
} from '../../db/schema';

// ---------- the page's address ----------

export async function findPage(db: Executor, projectId: string) {
  const [row] = await db.select().from(registrationPages).where(eq(registrationPages.projectId, projectId));
  return row;
}

/** Gives the project's page this token, replacing the one it had (one statement: two at once never collide). */
export async function savePageToken(
  db: Executor,
  owner: { companyId: string; projectId: string },
  token: string,
  now: Date,
) {
  const [row] = await db
    .insert(registrationPages)
    .values({ ...owner, token, createdAt: now })
    .onConflictDoUpdate({ target: registrationPages.projectId, set: { token, createdAt: now } })
    .returning();
  return row;
}

export async function setPageOpen(db: Executor, projectId: string, open: boolean) {
  const [row] = await db
    .update(registrationPages)
    .set({ open })
    .where(eq(registrationPages.projectId, projectId))
    .returning();
  return row;
}

/** The page a token opens, whatever the company (the token is the only key of the public address). */
export async function findPageByToken(db: Executor, token: string) {
  const [row] = await db.select().from(registrationPages).where(eq(registrationPages.token, token));
  return row;
}

// ---------- what is on sale ----------

export async function currencyOf(db: Executor, projectId: string) {
  const [row] = await db
    .select({ currency: salesSettings.currency })
    .from(salesSettings)
    .where(eq(salesSettings.projectId, projectId));
  return row?.currency ?? 'CAD';
}

/** The payments of the project offered on the page (`on_sale`), in their order; the window is checked by the caller. */
export async function listOnSale(db: Executor, projectId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.projectId, projectId), eq(payments.onSale, true)))
    .orderBy(asc(payments.position), asc(payments.createdAt), asc(payments.id));
}

export async function findPayments(db: Executor, projectId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.projectId, projectId), inArray(payments.id, ids)));
}

export type PaymentRow = typeof payments.$inferSelect;

/** The taxes each of these payments charges, in the project's order of taxes. */
export async function taxesOf(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: paymentTaxes.paymentId,
      taxId: taxes.id,
      nameFr: taxes.nameFr,
      nameEn: taxes.nameEn,
      rateMilli: taxes.rateMilli,
      registrationNumber: taxes.registrationNumber,
    })
    .from(paymentTaxes)
    .innerJoin(taxes, eq(taxes.id, paymentTaxes.taxId))
    .where(inArray(paymentTaxes.paymentId, paymentIds))
    .orderBy(asc(taxes.position), asc(taxes.createdAt), asc(taxes.id));
}

export async function rolesOf(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db.select().from(paymentRoles).where(inArray(paymentRoles.paymentId, paymentIds));
}

export async function listRoles(db: Executor, projectId: string) {
  return db
    .select({ id: roles.id, nameFr: roles.nameFr, nameEn: roles.nameEn })
    .from(roles)
    .where(eq(roles.projectId, projectId))
    .orderBy(asc(roles.position), asc(roles.createdAt), asc(roles.id));
}

/** The payments of these ids that have a promo code. */
export async function paymentsWithPromo(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ paymentId: promoCodes.paymentId })
    .from(promoCodes)
    .where(inArray(promoCodes.paymentId, paymentIds));
  return new Set(rows.map((r) => r.paymentId));
}

/** The project's promo code of that text (compared without case), or undefined. */
export async function findPromo(db: Executor, projectId: string, code: string) {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.projectId, projectId), sql`lower(${promoCodes.code}) = ${code}`));
  return row;
}

// ---------- reserving, atomically ----------

/**
 * Takes `quantity` seats of a payment if it is still on sale, in its window and has them left: one UPDATE, so
 * that concurrent buyers of the last seats never oversell (a row comes back only when the seats were taken).
 */
export async function reserveSeats(db: Executor, paymentId: string, quantity: number, now: Date) {
  const [row] = await db
    .update(payments)
    .set({ sold: sql`${payments.sold} + ${quantity}` })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.onSale, true),
        sql`(${payments.saleStartsAt} is null or ${payments.saleStartsAt} <= ${now.toISOString()}::timestamptz)`,
        sql`(${payments.saleEndsAt} is null or ${payments.saleEndsAt} >= ${now.toISOString()}::timestamptz)`,
        sql`(${payments.quantity} is null or ${payments.sold} + ${quantity} <= ${payments.quantity})`,
      ),
    )
    .returning({ id: payments.id });
  return Boolean(row);
}

/** One use of a promo code, if any is left (one UPDATE, as seats are). */
export async function takePromoUse(db: Executor, promoId: string) {
  const [row] = await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(
      and(
        eq(promoCodes.id, promoId),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`,
      ),
    )
    .returning({ id: promoCodes.id });
  return Boolean(row);
}

// ---------- the sale ----------

export async function insertRequest(db: Executor, row: typeof paymentRequests.$inferInsert) {
  const [made] = await db.insert(paymentRequests).values(row).returning();
  return made;
}

export async function insertItems(db: Executor, rows: (typeof paymentRequestItems.$inferInsert)[]) {
  if (rows.length === 0) return;
  await db.insert(paymentRequestItems).values(rows);
}

export async function setCheckoutSession(db: Executor, requestId: string, sessionId: string) {
  await db
    .update(paymentRequests)
    .set({ stripeSessionId: sessionId })
    .where(eq(paymentRequests.id, requestId));
}

/** The sale, locked until the transaction ends (the webhook and a retry take turns). */
export async function lockRequest(db: Executor, requestId: string) {
  const [row] = await db
    .select()
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId))
    .for('update');
  return row;
}

export async function itemsOf(db: Executor, requestId: string) {
  return db
    .select({
      id: paymentRequestItems.id,
      paymentId: paymentRequestItems.paymentId,
      nameFr: paymentRequestItems.nameFr,
      nameEn: paymentRequestItems.nameEn,
      kind: payments.kind,
      activityId: payments.activityId,
    })
    .from(paymentRequestItems)
    .leftJoin(payments, eq(payments.id, paymentRequestItems.paymentId))
    .where(eq(paymentRequestItems.requestId, requestId))
    .orderBy(asc(paymentRequestItems.position));
}

export async function markCompleted(
  db: Executor,
  requestId: string,
  participantId: string,
  values: { status: string; paidAt: Date | null },
) {
  await db
    .update(paymentRequests)
    // The buyer's form has served: it is not kept (personal data kept only as long as it serves).
    .set({ participantId, ...values, buyerForm: null })
    .where(eq(paymentRequests.id, requestId));
  await db
    .update(paymentRequestItems)
    .set({ participantId })
    .where(eq(paymentRequestItems.requestId, requestId));
}

/** The role bought and the profile values of a participant already in the project. */
export async function updateParticipant(
  db: Executor,
  participantId: string,
  patch: { roleId?: string; profile?: Record<string, string> },
) {
  if (Object.keys(patch).length === 0) return;
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (patch.roleId) set.roleId = patch.roleId;
  if (patch.profile) set.profile = sql`${participants.profile} || ${JSON.stringify(patch.profile)}::jsonb`;
  await db.update(participants).set(set).where(eq(participants.id, participantId));
}

export type { ChargedTax };
