import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payments, promoCodes } from '../../db/schema';

const columns = {
  id: promoCodes.id,
  paymentId: promoCodes.paymentId,
  paymentNameFr: payments.nameFr,
  paymentNameEn: payments.nameEn,
  paymentPriceCents: payments.priceCents,
  code: promoCodes.code,
  kind: promoCodes.kind,
  value: promoCodes.value,
  validFrom: promoCodes.validFrom,
  validUntil: promoCodes.validUntil,
  maxUses: promoCodes.maxUses,
  uses: promoCodes.uses,
};

export type PromoCodeRow = {
  id: string;
  paymentId: string;
  paymentNameFr: string;
  paymentNameEn: string;
  paymentPriceCents: number;
  code: string;
  kind: string;
  value: number;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  uses: number;
};

const scoped = (companyId: string, projectId: string) =>
  and(eq(promoCodes.companyId, companyId), eq(promoCodes.projectId, projectId));

function selectCodes(db: Executor) {
  return db.select(columns).from(promoCodes).innerJoin(payments, eq(payments.id, promoCodes.paymentId));
}

/** The codes of a project, by payment order then code. */
export async function listPromoCodes(
  db: Executor,
  companyId: string,
  projectId: string,
): Promise<PromoCodeRow[]> {
  return selectCodes(db)
    .where(scoped(companyId, projectId))
    .orderBy(
      asc(payments.position),
      asc(payments.nameFr),
      asc(sql`lower(${promoCodes.code})`),
      asc(promoCodes.id),
    );
}

export async function findPromoCode(
  db: Executor,
  companyId: string,
  projectId: string,
  promoCodeId: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await selectCodes(db).where(
    and(scoped(companyId, projectId), eq(promoCodes.id, promoCodeId)),
  );
  return row;
}

/** The code of the project that reads `normalised` (already trimmed and lower case), whatever its case. */
export async function findByCode(
  db: Executor,
  companyId: string,
  projectId: string,
  normalised: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await selectCodes(db).where(
    and(scoped(companyId, projectId), eq(sql`lower(${promoCodes.code})`, normalised)),
  );
  return row;
}

/** Whether another code than `exceptId` already has this payment, or this code (any case). */
export async function findClash(
  db: Executor,
  projectId: string,
  input: { paymentId: string; code: string },
  exceptId: string | null,
) {
  const other = exceptId ? ne(promoCodes.id, exceptId) : undefined;
  const [payment] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(and(eq(promoCodes.paymentId, input.paymentId), other));
  const [code] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.projectId, projectId),
        eq(sql`lower(${promoCodes.code})`, input.code.toLowerCase()),
        other,
      ),
    );
  return { payment: Boolean(payment), code: Boolean(code) };
}

type Values = Pick<
  typeof promoCodes.$inferInsert,
  'paymentId' | 'code' | 'kind' | 'value' | 'validFrom' | 'validUntil' | 'maxUses'
>;

export async function insertPromoCode(
  db: Executor,
  row: Values & { companyId: string; projectId: string },
): Promise<string> {
  const [inserted] = await db.insert(promoCodes).values(row).returning({ id: promoCodes.id });
  return inserted.id;
}

export async function updatePromoCode(db: Executor, projectId: string, promoCodeId: string, values: Values) {
  await db
    .update(promoCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(promoCodes.projectId, projectId), eq(promoCodes.id, promoCodeId)));
}

export async function deletePromoCode(db: Executor, projectId: string, promoCodeId: string) {
  await db.delete(promoCodes).where(and(eq(promoCodes.projectId, projectId), eq(promoCodes.id, promoCodeId)));
}

/** The project's payments (in their order) with the id of the code each one has, if any. */
export async function listPaymentOptions(db: Executor, companyId: string, projectId: string) {
  return db
    .select({
      id: payments.id,
      nameFr: payments.nameFr,
      nameEn: payments.nameEn,
      priceCents: payments.priceCents,
      promoCodeId: promoCodes.id,
    })
    .from(payments)
    .leftJoin(promoCodes, eq(promoCodes.paymentId, payments.id))
    .where(and(eq(payments.companyId, companyId), eq(payments.projectId, projectId)))
    .orderBy(asc(payments.position), asc(payments.createdAt), asc(payments.id));
}

export async function findPayment(db: Executor, companyId: string, projectId: string, paymentId: string) {
  const [row] = await db
    .select({ id: payments.id, priceCents: payments.priceCents })
    .from(payments)
    .where(
      and(eq(payments.companyId, companyId), eq(payments.projectId, projectId), eq(payments.id, paymentId)),
    );
  return row;
}
