import Stripe from 'stripe';
import type { StripeConfig } from '../../config';
import type { ProblemError } from '../../http/errors';
import type { CardRefundInput, CardRefundResult, CheckoutInput } from '../sales/ports';

/**
 * Stripe through its official Node library (issue 20): a Checkout Session per card sale, refunds with our
 * idempotency key, and reading a session back (reconciliation). STRIPE_API_URL gives the client its host, port and
 * protocol (api.stripe.com, or the local fake). Failures come out as a ProcessorError with a code and a message key.
 */

/** The client tries a call this many more times on a network error, a 5xx, a 409, or when Stripe says to (429). */
export const STRIPE_NETWORK_RETRIES = 2;
const TIMEOUT_MS = 30_000;
/**
 * A Checkout Session lives this long. Stripe refuses less than 30 minutes from its own clock: one more minute
 * keeps a slightly slow clock of ours above it.
 */
export const CHECKOUT_MINUTES = 31;

export type ProcessorErrorCode =
  | 'card_declined'
  | 'rate_limited'
  | 'processor_unavailable'
  | 'processor_refused';

const MESSAGE_KEYS: Record<ProcessorErrorCode, string> = {
  card_declined: 'errors.stripe.cardDeclined',
  rate_limited: 'errors.stripe.rateLimited',
  processor_unavailable: 'errors.stripe.unavailable',
  processor_refused: 'errors.stripe.refused',
};

const STATUSES: Record<ProcessorErrorCode, number> = {
  card_declined: 402,
  rate_limited: 429,
  processor_unavailable: 503,
  processor_refused: 502,
};

/**
 * A call Stripe refused or did not answer. `card_declined` (402), `rate_limited` (429, after the client's own
 * retries), `processor_unavailable` (a 5xx or no answer), `processor_refused` (anything else: a key refused, a request
 * Stripe finds invalid — our fault, logged). `messageKey` is the translated message (locales/*\/stripe.json),
 * `status` the HTTP status to answer the caller with.
 */
export class ProcessorError extends Error implements ProblemError {
  readonly messageKey: string;
  readonly status: number;
  constructor(
    readonly code: ProcessorErrorCode,
    /** Stripe's own message (English), for the log. */
    readonly detail: string,
    /** Stripe's error code (`card_declined`, `rate_limit`, `resource_missing`…), when it gave one. */
    readonly stripeCode: string | null = null,
  ) {
    super(`${code}: ${detail}`);
    this.messageKey = MESSAGE_KEYS[code];
    this.status = STATUSES[code];
  }

  /** The answer a route gives (server/http/errors.ts): the status, and the problem code under `errors.`. */
  get problemStatus() {
    return this.status;
  }
  get problemCode() {
    return this.messageKey.slice('errors.'.length);
  }
}

export function processorError(error: unknown): ProcessorError {
  if (error instanceof ProcessorError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new ProcessorError('processor_unavailable', String((error as Error)?.message ?? error));
  }
  const code = error.code ?? null;
  const status = error.statusCode;
  if (error instanceof Stripe.errors.StripeCardError || status === 402) {
    return new ProcessorError('card_declined', error.message, code);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError || status === 429) {
    return new ProcessorError('rate_limited', error.message, code);
  }
  if (error instanceof Stripe.errors.StripeConnectionError || !status || status >= 500) {
    return new ProcessorError('processor_unavailable', error.message, code);
  }
  return new ProcessorError('processor_refused', error.message, code);
}

/** A Checkout Session as the sales need it, from the API or from a webhook's event. */
export interface CheckoutSessionView {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntentId: string | null;
  /** Our payment request's id (client_reference_id). */
  requestId: string | null;
  amountTotal: number | null;
  currency: string | null;
}

export function sessionView(session: Stripe.Checkout.Session): CheckoutSessionView {
  const intent = session.payment_intent;
  return {
    id: session.id,
    status: (session.status ?? 'open') as CheckoutSessionView['status'],
    paymentStatus: session.payment_status as CheckoutSessionView['paymentStatus'],
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    requestId: session.client_reference_id ?? session.metadata?.requestId ?? null,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

export interface StripeGateway {
  createCheckout(input: CheckoutInput): Promise<{ url: string; sessionId: string }>;
  refund(input: CardRefundInput): Promise<CardRefundResult>;
  retrieveSession(sessionId: string): Promise<CheckoutSessionView>;
  /** The official client, for the webhooks' signature (`webhooks.constructEvent`). */
  client: Stripe;
}

/** Stripe's Checkout locales: Québec French, English. */
const LOCALES = { fr: 'fr-CA', en: 'en' } as const;

export function refundStatus(status: string | null | undefined): CardRefundResult['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw processorError(error);
  }
}

const gateways = new WeakMap<StripeConfig, StripeGateway>();

/** The card processor, or null when STRIPE_SECRET_KEY is unset. One client per configuration. */
export function stripeGateway(config: StripeConfig | null): StripeGateway | null {
  if (!config) return null;
  const known = gateways.get(config);
  if (known) return known;
  const client = new Stripe(config.secretKey, {
    host: config.api.host,
    port: config.api.port,
    protocol: config.api.protocol,
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    appInfo: { name: 'Maillage' },
  });
  const gateway: StripeGateway = {
    client,
    createCheckout: (input) =>
      call(async () => {
        const session = await client.checkout.sessions.create({
          mode: 'payment',
          line_items: input.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: line.amountCents,
              product_data: { name: line.name },
            },
          })),
          client_reference_id: input.requestId,
          metadata: { requestId: input.requestId },
          customer_email: input.buyerEmail,
          locale: LOCALES[input.language],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_MINUTES * 60,
        });
        if (!session.url) throw new ProcessorError('processor_refused', 'Checkout Session without url');
        return { url: session.url, sessionId: session.id };
      }),
    refund: (input) =>
      call(async () => {
        const refund = await client.refunds.create(
          { payment_intent: input.paymentIntentId, amount: input.amountCents },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id, status: refundStatus(refund.status) };
      }),
    retrieveSession: (sessionId) =>
      call(async () => sessionView(await client.checkout.sessions.retrieve(sessionId))),
  };
  gateways.set(config, gateway);
  return gateway;
}
