import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withJobQueue, withTestApp } from '../../../tests/support/api-fixture';
import { PAYING_CARD } from '../../../tests/support/fake-stripe';
import { buildProject } from '../../../tests/support/test-app';
import { payments, stripeEvents } from '../../db/schema';
import { buildCardSale, listenForWebhooks, saleRow, withFakeStripe } from './fixtures';
import { STRIPE_NETWORK_RETRIES } from './gateway';
import { RECONCILE_AFTER_MS, RECONCILE_JOB, reconcileCardPayments, stripeJobs } from './reconcile-job';

const { stripe, env } = withFakeStripe();
const { t, camille } = withTestApp({ env, users: ['camille'] });
// The real job on this file's queue, without its every-minute schedule (the test says when it runs).
const queue = withJobQueue(t, (deps) => stripeJobs(deps).map(({ cron: _, ...job }) => job));
let projectId: string;
let webhookUrl: string | null;
beforeAll(async () => {
  projectId = (await buildProject(camille)).id;
  await listenForWebhooks(t, stripe);
  webhookUrl = stripe.webhookUrl;
});
beforeEach(() => {
  stripe.webhookUrl = webhookUrl;
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const age = (requestId: string, minutes: number) =>
  t.deps.db.execute(
    sql`update payment_requests set created_at = ${minutesAgo(minutes).toISOString()}::timestamptz where id = ${requestId}`,
  );
const seats = async (paymentId: string) =>
  (await t.deps.db.select({ sold: payments.sold }).from(payments).where(eq(payments.id, paymentId)))[0].sold;

/** Paid at Stripe while its webhook could not reach us (a crash between the card and our write, a lost event). */
async function paidWhileUnreachable(sessionId: string) {
  stripe.webhookUrl = 'http://127.0.0.1:1/api/stripe/webhook'; // nothing listens there
  const paid = await stripe.pay(sessionId, PAYING_CARD);
  if (!paid.paid) throw new Error('not paid');
  expect(paid.delivery?.status).not.toBe(200);
  stripe.webhookUrl = webhookUrl;
  return paid.delivery?.eventId as string;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let waited = 0; waited < 20_000; waited += 200) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

describe('reconciliation of card sales with Stripe', () => {
  it('makes a sale paid once when Stripe was paid but the webhook never reached us; the late webhook changes nothing', async () => {
    const sale = await buildCardSale(t, projectId);
    const eventId = await paidWhileUnreachable(sale.sessionId);
    expect((await saleRow(t, sale.requestId)).status).toBe('pending');

    // Under five minutes the buyer may still be on Stripe's page: not read back yet.
    expect(RECONCILE_AFTER_MS).toBe(5 * 60_000);
    expect(await reconcileCardPayments(t.deps)).toMatchObject({ checked: 0 });

    await age(sale.requestId, 6);
    await queue.jobs?.send(RECONCILE_JOB, {});
    const row = await until(
      () => saleRow(t, sale.requestId),
      (r) => r.status !== 'pending',
    );
    expect(row.status).toBe('paid');
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.paymentIntentId).toBe(stripe.sessions.get(sale.sessionId).payment_intent);
    expect(stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${sale.sessionId}`)).toHaveLength(
      1,
    );

    // Running again finds nothing to do; the webhook Stripe retries later is recorded and changes nothing.
    expect(await reconcileCardPayments(t.deps)).toMatchObject({ paid: 0 });
    expect(await stripe.deliver(stripe.events.get(eventId))).toMatchObject({ status: 200 });
    expect(await saleRow(t, sale.requestId)).toEqual(row);
    expect(await t.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(1);
    expect(await seats(sale.paymentId)).toBe(12);
  });

  it('at start-up, reads back every pending session, however young', async () => {
    const sale = await buildCardSale(t, projectId);
    await paidWhileUnreachable(sale.sessionId);
    const result = await reconcileCardPayments(t.deps, { atStartUp: true });
    expect(result.paid).toBeGreaterThanOrEqual(1);
    expect((await saleRow(t, sale.requestId)).status).toBe('paid');
  });

  it('cancels a sale whose session expired unheard of, giving its seats back once', async () => {
    const sale = await buildCardSale(t, projectId, { quantity: 4, sold: 0, createdAt: minutesAgo(40) });
    stripe.webhookUrl = null;
    await stripe.expireSession(sale.sessionId);
    expect(await seats(sale.paymentId)).toBe(4);
    const result = await reconcileCardPayments(t.deps);
    expect(result.cancelled).toBe(1);
    expect((await saleRow(t, sale.requestId)).status).toBe('cancelled');
    expect(await seats(sale.paymentId)).toBe(0);
    expect((await reconcileCardPayments(t.deps)).cancelled).toBe(0);
    expect(await seats(sale.paymentId)).toBe(0);
  });

  it('leaves an open session alone, and tries again later when Stripe does not answer', async () => {
    const open = await buildCardSale(t, projectId, { createdAt: minutesAgo(10) });
    const paid = await buildCardSale(t, projectId, { createdAt: minutesAgo(10) });
    await paidWhileUnreachable(paid.sessionId);

    // Every read of the next run fails, the client's own retries included: both are tried again at the next.
    stripe.refuseNext({ status: 500 }, 2 * (STRIPE_NETWORK_RETRIES + 1));
    expect(await reconcileCardPayments(t.deps)).toEqual({ checked: 2, paid: 0, cancelled: 0, failed: 2 });
    expect((await saleRow(t, paid.requestId)).status).toBe('pending');

    expect(await reconcileCardPayments(t.deps)).toEqual({ checked: 2, paid: 1, cancelled: 0, failed: 0 });
    expect((await saleRow(t, paid.requestId)).status).toBe('paid');
    expect((await saleRow(t, open.requestId)).status).toBe('pending');
  });
});
