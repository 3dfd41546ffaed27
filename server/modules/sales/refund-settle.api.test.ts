import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { PAYING_CARD } from '../../../tests/support/fake-stripe';
import { buildProject } from '../../../tests/support/test-app';
import { payments, refunds } from '../../db/schema';
import { buildCardSale, listenForWebhooks, withFakeStripe } from '../stripe/fixtures';

/**
 * A card refund Stripe accepted as `pending` is counted at once; its webhook settles it later (settleRefund,
 * docs/sales/refunds.md): failed → the money and the seats come back, once; succeeded → its credit note, once.
 */
const { stripe, env } = withFakeStripe();
const { t, camille } = withTestApp({ env, users: ['camille'] });
let projectId: string;
beforeAll(async () => {
  projectId = (await buildProject(camille)).id;
  await listenForWebhooks(t, stripe);
});
beforeEach(() => {
  stripe.refundStatus = 'pending';
});

const saleUrl = (saleId: string) => `/api/projects/${projectId}/sales/${saleId}`;
const seats = async (paymentId: string) =>
  (await t.deps.db.select({ sold: payments.sold }).from(payments).where(eq(payments.id, paymentId)))[0].sold;
const stripeIdOf = async (refundId: string) =>
  (await t.deps.db.select().from(refunds).where(eq(refunds.id, refundId)))[0].stripeRefundId as string;
const billsOf = async (saleId: string) => (await camille.get(`${saleUrl(saleId)}/bills`)).body.items;

/** A card sale of 2 × 100.00 $ − 10.00 (190.00 $, no tax), paid on the fake's Checkout page. */
async function paidCardSale() {
  const sale = await buildCardSale(t, projectId);
  const paid = await stripe.pay(sale.sessionId, PAYING_CARD);
  expect(paid.paid && paid.delivery?.status).toBe(200);
  const detail = (await camille.get(saleUrl(sale.requestId))).body;
  expect(detail).toMatchObject({ status: 'paid', totalCents: 19_000, refundedCents: 0 });
  return { ...sale, itemId: detail.items[0].id as string };
}

async function refund(saleId: string, body: object) {
  const response = await camille.post(`${saleUrl(saleId)}/refunds`, {
    idempotencyKey: randomUUID(),
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.refund.status).toBe('pending');
  return response.body;
}

describe('a pending card refund settled by Stripe’s webhook', () => {
  it('failed: the money comes back on the item and the sale, and the seats are taken again, once', async () => {
    const sale = await paidCardSale();
    expect(await seats(sale.paymentId)).toBe(12);
    const made = await refund(sale.requestId, { itemId: sale.itemId, full: true });
    // Counted at once: the money, and the seats of the whole item given back.
    expect(made.sale).toMatchObject({ refundedCents: 19_000, items: [{ refundedCents: 19_000 }] });
    expect(await seats(sale.paymentId)).toBe(10);

    const stripeRefundId = await stripeIdOf(made.refund.id);
    const delivery = await stripe.updateRefund(stripeRefundId, {
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    expect(delivery.status).toBe(200);
    const after = (await camille.get(saleUrl(sale.requestId))).body;
    expect(after).toMatchObject({
      refundedCents: 0,
      refundableFeeCents: 19_000,
      items: [{ refundedCents: 0, refundableFeeCents: 19_000 }],
      refunds: [{ status: 'failed', failureCode: 'expired_or_canceled_card' }],
    });
    expect(await seats(sale.paymentId)).toBe(12);

    // The same event replayed, and Stripe saying it again in another event: nothing more comes back.
    const replayed = await stripe.deliver({
      id: delivery.eventId,
      object: 'event',
      type: 'refund.updated',
      data: { object: stripe.refunds.get(stripeRefundId) },
    });
    expect(replayed.status).toBe(200);
    expect(
      (await stripe.sendEvent('refund.failed', stripe.refunds.get(stripeRefundId))).delivery.status,
    ).toBe(200);
    expect((await camille.get(saleUrl(sale.requestId))).body).toEqual(after);
    expect(await seats(sale.paymentId)).toBe(12);
    // No credit note for a refund that failed.
    expect((await billsOf(sale.requestId)).map((b: { kind: string }) => b.kind)).not.toContain('credit_note');
  });

  it('failed, for the whole sale: its money comes back and its seats are taken again', async () => {
    const sale = await paidCardSale();
    const made = await refund(sale.requestId, { itemId: null, full: true });
    expect(made.sale.refundedCents).toBe(19_000);
    expect(await seats(sale.paymentId)).toBe(10);
    await stripe.updateRefund(
      await stripeIdOf(made.refund.id),
      { status: 'canceled' },
      'charge.refund.updated',
    );
    expect((await camille.get(saleUrl(sale.requestId))).body).toMatchObject({
      refundedCents: 0,
      items: [{ refundedCents: 0 }],
      refunds: [{ status: 'failed' }],
    });
    expect(await seats(sale.paymentId)).toBe(12);
  });

  it('succeeded: its credit note is issued, once, and the money stays counted', async () => {
    const sale = await paidCardSale();
    const made = await refund(sale.requestId, { itemId: sale.itemId, full: false, retained: '50,00' });
    expect(made.sale.refundedCents).toBe(14_000);
    // The fixture's sale has no invoice yet (no buyer form to complete): the credit note brings it first.
    expect(await billsOf(sale.requestId)).toEqual([]);

    const stripeRefundId = await stripeIdOf(made.refund.id);
    expect((await stripe.updateRefund(stripeRefundId, { status: 'succeeded' })).status).toBe(200);
    const bills = await billsOf(sale.requestId);
    expect(bills).toMatchObject([
      { kind: 'invoice', refundId: null },
      {
        kind: 'credit_note',
        refundId: made.refund.id,
        number: bills[0].number + 1,
        issuedOn: bills[0].issuedOn,
      },
    ]);

    // Said again (another event, or a late pending): no second credit note, nothing else changes.
    await stripe.sendEvent('charge.refund.updated', stripe.refunds.get(stripeRefundId));
    await stripe.updateRefund(stripeRefundId, { status: 'pending' });
    expect(await billsOf(sale.requestId)).toEqual(bills);
    expect((await camille.get(saleUrl(sale.requestId))).body).toMatchObject({
      refundedCents: 14_000,
      refunds: [{ status: 'succeeded' }],
    });
  });
});
