import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { registrationPurchaseInput } from '../../../contracts/registration';
import type { Executor } from '../../db/client';
import { paymentRequests, payments, promoCodes } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { deliverSoon } from '../mail/outbox';
import { checkProfile } from '../participants/form-checks';
import { salesPorts } from '../sales/ports';
import { type BuyerForm, completeSale } from './complete';
import { pageOfToken, priceChoice } from './public-service';
import * as repo from './repository';
import { registrationPath } from './service';

type PurchaseValues = z.output<typeof registrationPurchaseInput>;

/**
 * Buying on the public page, in one transaction: every rule checked again (page open, payments on sale for the role,
 * promo codes, the project's profile fields), each seat and promo use reserved by one atomic UPDATE (none left: 409,
 * nothing charged, nothing kept), the sale and its items written with the taxes as charged. A 0 total registers at
 * once (`completeSale`); otherwise the card payment page is made after the commit and its address answered.
 */
export async function purchase(deps: Deps, token: string, body: PurchaseValues) {
  const ports = salesPorts(deps);
  const now = deps.now();
  const made = await deps.db.transaction(async (tx) => {
    const page = await pageOfToken(tx, token);
    const { companyId, projectId } = page;
    const priced = await priceChoice(tx, projectId, body, now);
    const buyer: BuyerForm = {
      roleId: body.roleId,
      language: body.language,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      organisation: body.organisation ?? null,
      jobTitle: body.jobTitle ?? null,
      phone: body.phone ?? null,
      phonePro: body.phonePro ?? null,
      profile: {},
    };
    // U5: the project's profile rules, as the participant form follows them (the first broken one names its field).
    buyer.profile = await checkProfile(
      tx,
      companyId,
      projectId,
      { ...body, ...buyer, profile: body.profile, status: 'registered' },
      {},
    );
    if (priced.totalCents > 0 && !ports.createCheckout) {
      throw new AppError('registration.cardUnavailable', 'conflict');
    }
    for (const [index, line] of priced.lines.entries()) {
      if (!(await repo.reserveSeats(tx, line.payment.id, 1, now))) {
        throw new AppError('registration.soldOut', 'conflict', {
          field: `items.${index}.paymentId`,
          params: { name: body.language === 'en' ? line.payment.nameEn : line.payment.nameFr },
        });
      }
      if (line.promo && !(await repo.takePromoUse(tx, line.promo.id))) {
        throw AppError.field(`items.${index}.promoCode`, 'validation.registration.promo.usedUp');
      }
    }
    const currency = await repo.currencyOf(tx, projectId);
    const sale = await repo.insertRequest(tx, {
      companyId,
      projectId,
      status: 'pending',
      source: priced.totalCents > 0 ? 'card' : 'free',
      currency,
      buyerName: `${buyer.firstName} ${buyer.lastName}`,
      buyerEmail: buyer.email,
      buyerOrganisation: buyer.organisation ?? '',
      language: body.language,
      subtotalCents: priced.subtotalCents,
      discountCents: priced.discountCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      // A card sale keeps the form until the processor confirms it (completeSale reads it then, and clears it).
      buyerForm: priced.totalCents > 0 ? buyer : null,
    });
    await repo.insertItems(
      tx,
      priced.lines.map((line, position) => ({
        requestId: sale.id,
        paymentId: line.payment.id,
        nameFr: line.payment.nameFr,
        nameEn: line.payment.nameEn,
        unitPriceCents: line.payment.priceCents,
        quantity: 1,
        promoCodeId: line.promo?.id ?? null,
        promoCode: line.promo?.code ?? null,
        discountCents: line.totals.discountCents,
        taxes: line.totals.taxes.map((t) => ({
          taxId: t.taxId,
          nameFr: t.nameFr,
          nameEn: t.nameEn,
          rateMilli: t.rateMilli,
          registrationNumber: t.registrationNumber,
          amountCents: t.amountCents,
        })),
        totalCents: line.totals.totalCents,
        position,
      })),
    );
    if (priced.totalCents === 0) {
      await completeSale(tx, deps, sale.id, buyer);
      return { sale, lines: priced.lines, free: true };
    }
    // Nobody is written before the card is confirmed: the sale keeps the form (`buyer_form`) for completeSale.
    return { sale, lines: priced.lines, free: false };
  });
  if (made.free) {
    await deliverSoon(deps);
    return { status: 'completed' as const, url: null };
  }
  const createCheckout = ports.createCheckout;
  if (!createCheckout) throw new AppError('registration.cardUnavailable', 'conflict');
  const back = `${deps.config.publicUrl}${registrationPath(token)}`;
  try {
    const checkout = await createCheckout({
      requestId: made.sale.id,
      currency: made.sale.currency,
      lines: made.lines.map((line) => ({
        name: body.language === 'en' ? line.payment.nameEn : line.payment.nameFr,
        amountCents: line.totals.totalCents,
      })),
      buyerEmail: made.sale.buyerEmail,
      language: body.language,
      successUrl: `${back}?sale=paid`,
      cancelUrl: `${back}?sale=cancelled`,
    });
    await repo.setCheckoutSession(deps.db, made.sale.id, checkout.sessionId);
    return { status: 'checkout' as const, url: checkout.url };
  } catch (error) {
    await abandon(deps.db, made.sale.id, made.lines);
    throw error;
  }
}

/** A sale whose card page could not be made: cancelled, its seats and promo uses given back. */
async function abandon(
  db: Executor,
  requestId: string,
  lines: { payment: { id: string }; promo: { id: string } | null }[],
) {
  await db.transaction(async (tx) => {
    await tx
      .update(paymentRequests)
      .set({ status: 'cancelled', buyerForm: null })
      .where(eq(paymentRequests.id, requestId));
    for (const line of lines) {
      await tx
        .update(payments)
        .set({ sold: sql`greatest(${payments.sold} - 1, 0)` })
        .where(eq(payments.id, line.payment.id));
      if (line.promo) {
        await tx
          .update(promoCodes)
          .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
          .where(eq(promoCodes.id, line.promo.id));
      }
    }
  });
}
