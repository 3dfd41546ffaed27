import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { standIn } from '../../../tests/support/api-fixture';
import { type FakeStripe, startFakeStripe } from '../../../tests/support/fake-stripe';
import type { TestApp, TestEnv } from '../../../tests/support/test-app';
import { paymentRequestItems, paymentRequests, payments, projects, promoCodes } from '../../db/schema';
import { stripeGateway } from './gateway';
import { WEBHOOK_PATH } from './routes';

/**
 * What the Stripe module's test files share: the fake Stripe started before the app (call it before
 * `withTestApp({ env })`), the app listening on 127.0.0.1 so that the fake's webhooks reach it, and a card sale
 * written as the public page will write it (a pending request, its items, the seats and code uses it reserved).
 */
export function withFakeStripe() {
  const stripe = standIn<FakeStripe>('the fake Stripe');
  let made: FakeStripe | undefined;
  beforeAll(async () => {
    made = await startFakeStripe();
    stripe.set(made);
  });
  afterAll(async () => {
    await made?.close();
  });
  return {
    stripe: stripe.value,
    env: (): TestEnv => ({
      STRIPE_SECRET_KEY: stripe.value.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.value.webhookSecret,
      STRIPE_API_URL: stripe.value.url,
    }),
  };
}

/** The app listens on a free port of 127.0.0.1 and the fake sends its events there. Call in beforeAll. */
export async function listenForWebhooks(t: TestApp, stripe: FakeStripe) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  stripe.webhookUrl = `http://127.0.0.1:${port}${WEBHOOK_PATH}`;
}

export interface CardSale {
  requestId: string;
  sessionId: string;
  url: string;
  paymentId: string;
  promoCodeId: string;
}

/**
 * A pending card sale of `quantity` seats of a new payment (price 100.00 $, 50 seats of which `sold` were sold
 * before) with a promo code used twice before: the sale reserves its seats and one use of the code, and its Checkout
 * Session is made at the fake through the gateway. `createdAt` lets a test make it older than the reconciliation's
 * delay.
 */
export async function buildCardSale(
  t: TestApp,
  projectId: string,
  options: { quantity?: number; sold?: number; createdAt?: Date } = {},
): Promise<CardSale> {
  const db = t.deps.db;
  const quantity = options.quantity ?? 2;
  const [project] = await db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, projectId));
  const owner = { companyId: project.companyId, projectId };
  const [payment] = await db
    .insert(payments)
    .values({
      ...owner,
      nameFr: 'Inscription',
      nameEn: 'Registration',
      priceCents: 10_000,
      quantity: 50,
      sold: (options.sold ?? 10) + quantity,
    })
    .returning({ id: payments.id });
  const [promo] = await db
    .insert(promoCodes)
    .values({
      ...owner,
      paymentId: payment.id,
      code: `CODE${randomUUID().slice(0, 8)}`,
      kind: 'amount',
      value: 1000,
      maxUses: 5,
      uses: 3, // twice before, and this sale
    })
    .returning({ id: promoCodes.id });
  const requestId = randomUUID();
  const totalCents = quantity * 10_000 - 1000;
  const gateway = stripeGateway(t.deps.config.stripe);
  if (!gateway) throw new Error('the app has no Stripe configuration (withFakeStripe env)');
  const checkout = await gateway.createCheckout({
    requestId,
    currency: 'CAD',
    lines: [{ name: 'Inscription', amountCents: totalCents }],
    buyerEmail: 'acheteuse@example.com',
    language: 'fr',
    successUrl: 'http://127.0.0.1/merci',
    cancelUrl: 'http://127.0.0.1/annule',
  });
  await db.insert(paymentRequests).values({
    ...owner,
    id: requestId,
    source: 'card',
    currency: 'CAD',
    buyerName: 'Acheteuse Essai',
    buyerEmail: 'acheteuse@example.com',
    subtotalCents: quantity * 10_000,
    discountCents: 1000,
    totalCents,
    stripeSessionId: checkout.sessionId,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  await db.insert(paymentRequestItems).values({
    requestId,
    paymentId: payment.id,
    nameFr: 'Inscription',
    nameEn: 'Registration',
    unitPriceCents: 10_000,
    quantity,
    promoCodeId: promo.id,
    discountCents: 1000,
    totalCents,
  });
  return {
    requestId,
    sessionId: checkout.sessionId,
    url: checkout.url,
    paymentId: payment.id,
    promoCodeId: promo.id,
  };
}

/** The sale as the webhook and the reconciliation leave it. */
export async function saleRow(t: TestApp, requestId: string) {
  const [row] = await t.deps.db
    .select({
      status: paymentRequests.status,
      paidAt: paymentRequests.paidAt,
      paymentIntentId: paymentRequests.stripePaymentIntentId,
    })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, requestId));
  return row;
}
