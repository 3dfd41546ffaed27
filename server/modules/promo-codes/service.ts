import { promoDiscount } from '../../../contracts/money';
import type { PromoCodeValues } from '../../../contracts/promo-codes';
import { normaliseCode, promoRefusal } from '../../../contracts/promo-rules';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { resolveLocalTime, toLocalTime } from '../activities/local-time';
import type { AuthContext } from '../session/auth-context';
import { findSalesSettings } from '../taxes/repository';
import * as repo from './repository';

async function currencyOf(db: Executor, auth: AuthContext, projectId: string) {
  return (await findSalesSettings(db, auth.companyId, projectId))?.currency ?? 'CAD';
}

const present = (row: repo.PromoCodeRow, timeZone: string) => ({
  id: row.id,
  paymentId: row.paymentId,
  paymentName: { fr: row.paymentNameFr, en: row.paymentNameEn },
  code: row.code,
  kind: row.kind as 'amount' | 'percent',
  value: row.value,
  validFrom: row.validFrom,
  validUntil: row.validUntil,
  validFromLocal: row.validFrom ? toLocalTime(row.validFrom, timeZone) : null,
  validUntilLocal: row.validUntil ? toLocalTime(row.validUntil, timeZone) : null,
  maxUses: row.maxUses,
  uses: row.uses,
});

/**
 * A window's bound, a local time of the project's zone, as an instant. A time that daylight saving skips is refused
 * under its field; one it repeats takes the instant that widens the window (the first for its start, the second for
 * its end), so a code is never refused during that hour by the choice.
 */
function instantOf(local: string | null, timeZone: string, field: 'validFrom' | 'validUntil') {
  if (local === null) return null;
  const result = resolveLocalTime(local, timeZone, field === 'validFrom' ? 'earlier' : 'later');
  if (result.kind !== 'instant') {
    const [date, time] = local.split('T');
    throw AppError.field(field, 'validation.promoCode.nonexistentTime', { date, time, timeZone });
  }
  return result.instant;
}

async function getPromoCode(db: Executor, auth: AuthContext, projectId: string, promoCodeId: string) {
  const row = await repo.findPromoCode(db, auth.companyId, projectId, promoCodeId);
  if (!row) throw AppError.notFound();
  return row;
}

/** The checks of a create or an edit, then the row's values. */
async function valuesOf(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  timeZone: string,
  input: PromoCodeValues,
  current: repo.PromoCodeRow | null,
) {
  if (!(await repo.findPayment(db, auth.companyId, projectId, input.paymentId))) {
    throw AppError.field('paymentId', 'validation.promoCode.payment');
  }
  const clash = await repo.findClash(db, projectId, input, current?.id ?? null);
  if (clash.payment) throw AppError.field('paymentId', 'validation.promoCode.paymentTaken');
  if (clash.code) throw AppError.field('code', 'validation.promoCode.codeTaken', { code: input.code });
  if (current && input.maxUses !== null && input.maxUses < current.uses) {
    throw AppError.field('maxUses', 'validation.promoCode.maxUsesBelowUses', { uses: current.uses });
  }
  return {
    paymentId: input.paymentId,
    code: input.code,
    kind: input.kind,
    value: input.value,
    validFrom: instantOf(input.validFrom, timeZone, 'validFrom'),
    validUntil: instantOf(input.validUntil, timeZone, 'validUntil'),
    maxUses: input.maxUses,
  };
}

export async function listPromoCodes(deps: Deps, auth: AuthContext, projectId: string) {
  const project = await assertProject(deps.db, auth, projectId);
  const rows = await repo.listPromoCodes(deps.db, auth.companyId, projectId);
  return {
    items: rows.map((row) => present(row, project.timeZone)),
    timeZone: project.timeZone,
    currency: await currencyOf(deps.db, auth, projectId),
  };
}

export async function listPromoPayments(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const rows = await repo.listPaymentOptions(deps.db, auth.companyId, projectId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: { fr: row.nameFr, en: row.nameEn },
      priceCents: row.priceCents,
      promoCodeId: row.promoCodeId,
    })),
    currency: await currencyOf(deps.db, auth, projectId),
  };
}

export async function createPromoCode(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: PromoCodeValues,
) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const values = await valuesOf(tx, auth, projectId, project.timeZone, input, null);
    const id = await repo.insertPromoCode(tx, { companyId: auth.companyId, projectId, ...values });
    return present(await getPromoCode(tx, auth, projectId, id), project.timeZone);
  });
}

export async function updatePromoCode(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  promoCodeId: string,
  input: PromoCodeValues,
) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const current = await getPromoCode(tx, auth, projectId, promoCodeId);
    const values = await valuesOf(tx, auth, projectId, project.timeZone, input, current);
    await repo.updatePromoCode(tx, projectId, promoCodeId, values);
    return present(await getPromoCode(tx, auth, projectId, promoCodeId), project.timeZone);
  });
}

export async function deletePromoCode(deps: Deps, auth: AuthContext, projectId: string, promoCodeId: string) {
  await deps.db.transaction(async (tx) => {
    await getPromoCode(tx, auth, projectId, promoCodeId);
    await repo.deletePromoCode(tx, projectId, promoCodeId);
  });
  return { ok: true as const };
}

/**
 * Whether `code` applies to the payment now (contracts/promo-rules.ts decides, contracts/money.ts computes): the
 * discount on the payment's price, or the reason under `code`, translated.
 */
export async function checkPromoCode(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: { code: string; paymentId: string },
) {
  await assertProject(deps.db, auth, projectId);
  const payment = await repo.findPayment(deps.db, auth.companyId, projectId, input.paymentId);
  if (!payment) throw AppError.field('paymentId', 'validation.promoCode.payment');
  const promo = await repo.findByCode(deps.db, auth.companyId, projectId, normaliseCode(input.code));
  const refusal = promoRefusal(promo ?? null, payment.id, deps.now());
  if (refusal || !promo) throw AppError.field('code', `validation.promoCode.${refusal ?? 'unknown'}`);
  return {
    discountCents: promoDiscount(payment.priceCents, promo.kind as 'amount' | 'percent', promo.value),
  };
}
