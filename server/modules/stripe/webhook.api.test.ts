import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { DECLINED_CARD, PAYING_CARD } from '../../../tests/support/fake-stripe';
import { buildProject } from '../../../tests/support/test-app';
import { payments, projects, promoCodes, refunds, stripeEvents } from '../../db/schema';
import { buildCardSale, listenForWebhooks, saleRow, withFakeStripe } from './fixtures';
import { stripeGateway } from './gateway';
import { WEBHOOK_PATH } from './routes';

const { stripe, env } = withFakeStripe();
const { t, camille } = withTestApp({ env, users: ['camille'] });
let projectId: string;
beforeAll(async () => {
  projectId = (await buildProject(camille)).id;
  await listenForWebhooks(t, stripe);
});
beforeEach(() => {
  stripe.deliveries.length = 0;
});

const post = (payload: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
const eventRows = async (id: string) =>
  (await t.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length;
const seats = async (paymentId: string) =>
  (await t.deps.db.select({ sold: payments.sold }).from(payments).where(eq(payments.id, paymentId)))[0].sold;
const uses = async (promoId: string) =>
  (await t.deps.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.id, promoId)))[0]
    .uses;

/** The Checkout page as a buyer uses it: a form posted with a card number. */
async function payOnPage(url: string, card: string) {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('name="card"');
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card }),
    redirect: 'manual',
  });
}

describe('the Stripe webhook', () => {
  it('refuses a missing, wrong or stale signature with 400, never 500, and applies nothing', async () => {
    const sale = await buildCardSale(t, projectId);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: { ...stripe.sessions.get(sale.sessionId), status: 'complete', payment_status: 'paid' },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      await post(payload, {}),
      await post(payload, { 'stripe-signature': 'nonsense' }),
      await post(payload, { 'stripe-signature': stripe.signature(payload, now, 'whsec_another') }),
      await post(`${payload} `, { 'stripe-signature': stripe.signature(payload, now) }),
      await post(payload, { 'stripe-signature': stripe.signature(payload, now - 3600) }),
      await post('{not json', { 'stripe-signature': stripe.signature('{not json', now) }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('stripe.badSignature');
    }
    expect((await saleRow(t, sale.requestId)).status).toBe('pending');
    expect(await eventRows(JSON.parse(payload).id)).toBe(0);
  });

  it('answers 404 while Stripe is not configured', async () => {
    const config = t.deps.config.stripe;
    t.deps.config.stripe = null;
    try {
      const payload = '{}';
      const response = await post(payload, { 'stripe-signature': stripe.signature(payload) });
      expect(response.statusCode).toBe(404);
    } finally {
      t.deps.config.stripe = config;
    }
  });

  it('makes a sale paid when the buyer pays on the Checkout page, once, whatever is replayed', async () => {
    const sale = await buildCardSale(t, projectId);

    const declined = await payOnPage(sale.url, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await saleRow(t, sale.requestId)).status).toBe('pending');
    expect(stripe.deliveries).toEqual([]);

    const paid = await payOnPage(sale.url, PAYING_CARD);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://127.0.0.1/merci');
    const [delivery] = stripe.deliveries;
    expect(delivery).toMatchObject({ type: 'checkout.session.completed', status: 200 });

    const row = await saleRow(t, sale.requestId);
    expect(row.status).toBe('paid');
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.paymentIntentId).toBe(stripe.sessions.get(sale.sessionId).payment_intent);
    expect(await eventRows(delivery.eventId)).toBe(1);

    // The same event again (Stripe retries, or an attacker replays it): 200, and nothing changes.
    const event = {
      id: delivery.eventId,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: stripe.sessions.get(sale.sessionId) },
    };
    expect(await stripe.deliver(event)).toMatchObject({ status: 200 });
    const payload = JSON.stringify(event);
    const replay = await post(payload, { 'stripe-signature': stripe.signature(payload) });
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await saleRow(t, sale.requestId)).toEqual(row);
    expect(await eventRows(delivery.eventId)).toBe(1);

    // Another event about the same paid session (e.g. async_payment_succeeded): recorded, the sale unchanged.
    const other = await stripe.sendEvent(
      'checkout.session.async_payment_succeeded',
      stripe.sessions.get(sale.sessionId),
    );
    expect(other.delivery.status).toBe(200);
    expect(await saleRow(t, sale.requestId)).toEqual(row);
    // Seats and code uses stay reserved for a paid sale.
    expect(await seats(sale.paymentId)).toBe(12);
    expect(await uses(sale.promoCodeId)).toBe(3);
  });

  it('cancels a sale whose session expired, giving back its seats and its promo code use, once', async () => {
    const sale = await buildCardSale(t, projectId, { quantity: 3, sold: 4 });
    expect(await seats(sale.paymentId)).toBe(7);
    expect(await uses(sale.promoCodeId)).toBe(3);

    const delivery = await stripe.expireSession(sale.sessionId);
    expect(delivery.status).toBe(200);
    expect((await saleRow(t, sale.requestId)).status).toBe('cancelled');
    expect(await seats(sale.paymentId)).toBe(4);
    expect(await uses(sale.promoCodeId)).toBe(2);

    // Replayed, or sent again as a new event: the seats are given back once.
    await stripe.deliver({
      id: delivery.eventId,
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: stripe.sessions.get(sale.sessionId) },
    });
    await stripe.sendEvent('checkout.session.expired', stripe.sessions.get(sale.sessionId));
    expect(await seats(sale.paymentId)).toBe(4);
    expect(await uses(sale.promoCodeId)).toBe(2);
  });

  it('finds a sale whose session id was never written (a crash after making the session) by its reference', async () => {
    const sale = await buildCardSale(t, projectId);
    await t.deps.db.execute(
      sql`update payment_requests set stripe_session_id = null where id = ${sale.requestId}`,
    );
    const paid = await stripe.pay(sale.sessionId, PAYING_CARD);
    expect(paid.paid && paid.delivery?.status).toBe(200);
    const row = await saleRow(t, sale.requestId);
    expect(row.status).toBe('paid');
  });

  it('follows a refund’s later state: failed with its reason, or succeeded', async () => {
    const sale = await buildCardSale(t, projectId);
    await stripe.pay(sale.sessionId, PAYING_CARD);
    const intent = stripe.sessions.get(sale.sessionId).payment_intent;
    stripe.refundStatus = 'pending';
    const [first, second] = [randomUUID(), randomUUID()];
    const refundOf = async (key: string) => {
      const made = await stripeGateway(t.deps.config.stripe)?.refund({
        paymentIntentId: intent,
        amountCents: 1000,
        currency: 'CAD',
        idempotencyKey: key,
      });
      const [project] = await t.deps.db
        .select({ companyId: projects.companyId })
        .from(projects)
        .where(eq(projects.id, projectId));
      await t.deps.db.insert(refunds).values({
        companyId: project.companyId,
        projectId,
        requestId: sale.requestId,
        full: false,
        feeCents: 1000,
        totalCents: 1000,
        totalWithTaxesCents: 1000,
        idempotencyKey: key,
        stripeRefundId: made?.id,
      });
      return made?.id as string;
    };
    const failing = await refundOf(first);
    const succeeding = await refundOf(second);
    const status = async (key: string) =>
      (
        await t.deps.db
          .select({ status: refunds.status, failureCode: refunds.failureCode })
          .from(refunds)
          .where(eq(refunds.idempotencyKey, key))
      )[0];

    expect(
      (await stripe.updateRefund(failing, { status: 'failed', failure_reason: 'expired_or_canceled_card' }))
        .status,
    ).toBe(200);
    expect(await status(first)).toEqual({ status: 'failed', failureCode: 'expired_or_canceled_card' });

    expect(
      (await stripe.updateRefund(succeeding, { status: 'succeeded' }, 'charge.refund.updated')).status,
    ).toBe(200);
    expect(await status(second)).toEqual({ status: 'succeeded', failureCode: null });
    // An older event saying pending again, arriving late, changes nothing.
    await stripe.updateRefund(succeeding, { status: 'pending' });
    expect(await status(second)).toEqual({ status: 'succeeded', failureCode: null });
  });

  it('records an event it does not act on, and answers 200', async () => {
    const { event, delivery } = await stripe.sendEvent('customer.created', {
      id: 'cus_1',
      object: 'customer',
    });
    expect(delivery.status).toBe(200);
    expect(await eventRows(event.id)).toBe(1);
  });
});
