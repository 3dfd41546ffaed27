import { beforeEach, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { PAYING_CARD } from '../../../tests/support/fake-stripe';
import { loadConfig } from '../../config';
import { withFakeStripe } from './fixtures';
import {
  CHECKOUT_MINUTES,
  ProcessorError,
  STRIPE_NETWORK_RETRIES,
  type StripeGateway,
  stripeGateway,
} from './gateway';

const { stripe, env } = withFakeStripe();
const { t } = withTestApp({ env, users: [] });
const gateway = (): StripeGateway => {
  const found = stripeGateway(t.deps.config.stripe);
  if (!found) throw new Error('Stripe is not configured');
  return found;
};
beforeEach(() => stripe.reset());

const checkoutInput = {
  requestId: '6f1c1d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  currency: 'CAD',
  lines: [
    { name: 'Inscription — Acheteur', amountCents: 11_498 },
    { name: 'Souper gala', amountCents: 5_749 },
  ],
  buyerEmail: 'acheteuse@example.com',
  language: 'fr' as const,
  successUrl: 'https://maillage.example/inscription/merci',
  cancelUrl: 'https://maillage.example/inscription',
};

const refundOf = (paymentIntentId: string, amountCents: number, idempotencyKey: string) =>
  gateway().refund({ paymentIntentId, amountCents, currency: 'CAD', idempotencyKey });

/** A paid session at the fake, and its payment intent. */
async function paidIntent(amountCents = 11_498) {
  const { sessionId } = await gateway().createCheckout({
    ...checkoutInput,
    lines: [{ name: 'x', amountCents }],
  });
  const paid = await stripe.pay(sessionId, PAYING_CARD, { deliver: false });
  if (!paid.paid) throw new Error('not paid');
  return stripe.sessions.get(sessionId).payment_intent as string;
}

describe('the Stripe gateway against the fake Stripe', () => {
  it('is absent without STRIPE_SECRET_KEY', () => {
    expect(stripeGateway(loadConfig({}).stripe)).toBeNull();
  });

  it('makes a Checkout Session in payment mode: lines in cents, lower-case currency, the buyer, 30 minutes', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { url, sessionId } = await gateway().createCheckout(checkoutInput);
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`${stripe.url}/pay/${sessionId}`);

    const [call] = stripe.requests;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(call.idempotencyKey).toBeTruthy();
    expect(call.body).toMatchObject({
      mode: 'payment',
      client_reference_id: checkoutInput.requestId,
      metadata: { requestId: checkoutInput.requestId },
      customer_email: 'acheteuse@example.com',
      locale: 'fr-CA',
      success_url: checkoutInput.successUrl,
      cancel_url: checkoutInput.cancelUrl,
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'cad',
            unit_amount: '11498',
            product_data: { name: 'Inscription — Acheteur' },
          },
        },
        {
          quantity: '1',
          price_data: { currency: 'cad', unit_amount: '5749', product_data: { name: 'Souper gala' } },
        },
      ],
    });
    const expiresAt = Number(call.body.expires_at);
    expect(expiresAt - before).toBeGreaterThanOrEqual(CHECKOUT_MINUTES * 60);
    expect(expiresAt - before).toBeLessThan(CHECKOUT_MINUTES * 60 + 30);

    expect(await gateway().retrieveSession(sessionId)).toEqual({
      id: sessionId,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      requestId: checkoutInput.requestId,
      amountTotal: 17_247,
      currency: 'cad',
    });
  });

  it('asks for an English page in English', async () => {
    await gateway().createCheckout({ ...checkoutInput, language: 'en' });
    expect(stripe.requests[0].body.locale).toBe('en');
  });

  it('refunds once for one idempotency key, however often it is asked', async () => {
    const intent = await paidIntent();
    const input = {
      paymentIntentId: intent,
      amountCents: 5_000,
      currency: 'CAD',
      idempotencyKey: 'refund-key-1',
    };
    const first = await gateway().refund(input);
    const second = await gateway().refund(input);
    expect(first).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(second).toEqual(first);
    expect(stripe.refunds.size).toBe(1);
    expect(stripe.paymentIntents.get(intent).amount_refunded).toBe(5_000);
    const calls = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['refund-key-1', 'refund-key-1']);
    expect(calls[0].body).toEqual({ payment_intent: intent, amount: '5000' });

    // Another key is another refund.
    await gateway().refund({ ...input, idempotencyKey: 'refund-key-2' });
    expect(stripe.refunds.size).toBe(2);
  });

  it('reports a refund Stripe holds as pending', async () => {
    const intent = await paidIntent();
    stripe.refundStatus = 'pending';
    const result = await refundOf(intent, 100, 'k-pending');
    expect(result.status).toBe('pending');
  });

  it('maps a declined card (402) to card_declined with its message key', async () => {
    stripe.refuseNext({ status: 402 });
    const error = await gateway()
      .createCheckout(checkoutInput)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProcessorError);
    expect(error).toMatchObject({
      code: 'card_declined',
      status: 402,
      messageKey: 'errors.stripe.cardDeclined',
      stripeCode: 'card_declined',
    });
    expect(stripe.requests).toHaveLength(1);
  });

  it('retries a 429 itself, then maps it to rate_limited when it lasts', async () => {
    stripe.refuseNext({ status: 429 });
    expect((await gateway().createCheckout(checkoutInput)).sessionId).toMatch(/^cs_test_/);
    expect(stripe.requests).toHaveLength(2);

    stripe.reset();
    stripe.refuseNext({ status: 429 }, STRIPE_NETWORK_RETRIES + 1);
    const error = await gateway()
      .createCheckout(checkoutInput)
      .catch((e) => e);
    expect(error).toMatchObject({
      code: 'rate_limited',
      status: 429,
      messageKey: 'errors.stripe.rateLimited',
    });
    expect(stripe.requests).toHaveLength(STRIPE_NETWORK_RETRIES + 1);
    // The retries were the same call: one idempotency key.
    expect(new Set(stripe.requests.map((r) => r.idempotencyKey)).size).toBe(1);
  });

  it('maps a lasting 500 to processor_unavailable after the retries, and a refund retried after a 500 refunds once', async () => {
    stripe.refuseNext({ status: 500 }, STRIPE_NETWORK_RETRIES + 1);
    const error = await gateway()
      .retrieveSession('cs_test_whatever')
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'processor_unavailable', messageKey: 'errors.stripe.unavailable' });
    expect(stripe.requests).toHaveLength(STRIPE_NETWORK_RETRIES + 1);

    const intent = await paidIntent();
    stripe.refuseNext({ status: 500, path: '/v1/refunds' });
    const refund = await refundOf(intent, 700, 'k-500');
    expect(refund.status).toBe('succeeded');
    expect(stripe.refunds.size).toBe(1);
  });

  it('maps no answer at all to processor_unavailable', async () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      // A port nothing listens on (the fake's port, closed: the port 1 needs no root to be refused).
      STRIPE_API_URL: 'http://127.0.0.1:1',
    });
    const error = await stripeGateway(config.stripe)
      ?.retrieveSession('cs_test_x')
      .catch((e) => e);
    expect(error).toMatchObject({ code: 'processor_unavailable', status: 503 });
  });

  it('maps a refused key or an invalid request to processor_refused', async () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_wrong',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
    expect(
      await stripeGateway(config.stripe)
        ?.retrieveSession('cs_test_x')
        .catch((e) => e),
    ).toMatchObject({
      code: 'processor_refused',
      messageKey: 'errors.stripe.refused',
    });
    const unknown = await refundOf('pi_unknown', 1, 'k-x').catch((e) => e);
    expect(unknown).toMatchObject({ code: 'processor_refused', stripeCode: 'resource_missing' });
  });
});
