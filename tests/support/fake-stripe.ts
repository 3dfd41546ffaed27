import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkoutHtml,
  decodeForm,
  id,
  newCheckoutSession,
  nowSeconds,
  REFUSALS,
  signPayload,
  stripeError,
} from './fake-stripe-parts';

export { decodeForm, signPayload };

/**
 * A stand-in for Stripe's API (https://docs.stripe.com/api) on 127.0.0.1: a real HTTP server answering the calls
 * Maillage makes, as the documented API does — form-encoded bodies (`a[b][0][c]=…`), JSON answers, errors as
 * `{ error: { type, code, message } }`, the secret key as a Bearer token (401 otherwise), and `Idempotency-Key`
 * honoured (the same key and body answer the first answer again, with `Idempotent-Replayed: true`; the same key with
 * another body is an `idempotency_error`).
 *
 * - `POST /v1/checkout/sessions` (mode, line_items with price_data, success_url, cancel_url, expires_at 30 min to
 *   24 h ahead…), `GET /v1/checkout/sessions/{id}`; `POST /v1/refunds` (payment_intent, amount ≤ what is left),
 *   `GET /v1/refunds/{id}`.
 * - The Checkout page at the session's `url` (`/pay/{id}`): a plain form with a card number — 4242 4242 4242 4242
 *   pays, 4000 0000 0000 0002 is declined. Paying marks the session paid, sends `checkout.session.completed` to the
 *   webhook address signed as Stripe signs (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.payload")`), then
 *   redirects to success_url.
 * - For tests: `refuseNext` (402 card_declined, 429 rate_limit, 500…), `sendEvent`/`deliver` (any event, signed;
 *   replayed), `expireSession`, `updateRefund`, and what was asked (`requests`) or sent (`deliveries`).
 */

export const PAYING_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are JSON of many shapes
type Json = any;

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: Json;
}

export interface Refusal {
  status: 402 | 429 | 500 | 503 | number;
  /** Only calls to this path (`/v1/refunds`…); default any call of the API. */
  path?: string;
}

export interface Delivery {
  eventId: string;
  type: string;
  /** The webhook's HTTP status; 0 when it could not be reached (none configured, refused, timed out). */
  status: number;
}

export interface FakeStripe {
  /** As STRIPE_API_URL takes it: `http://127.0.0.1:<port>`. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are POSTed; null: nowhere (as a server that cannot be reached). */
  webhookUrl: string | null;
  sessions: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  refunds: Map<string, Json>;
  requests: FakeRequest[];
  deliveries: Delivery[];
  /** Every event made, by id (to send one again). */
  events: Map<string, Json>;
  /** The next `times` API calls (of `path` if given) answer this error. */
  refuseNext(refusal: Refusal, times?: number): void;
  /** The status of the refunds made from now on (default `succeeded`). */
  refundStatus: 'succeeded' | 'pending' | 'failed';
  /** What the Checkout page does with a card number; `deliver: false` leaves the webhook out (a lost event). */
  pay(sessionId: string, card: string, options?: { deliver?: boolean }): Promise<PayOutcome>;
  expireSession(sessionId: string): Promise<Delivery>;
  /** Changes a refund (the processor's later answer) and sends `refund.updated` (or the type given). */
  updateRefund(refundId: string, change: Json, type?: string): Promise<Delivery>;
  /** An event of this type about `object`, signed and sent; `deliver` sends one again (a replay). */
  sendEvent(type: string, object: Json): Promise<{ event: Json; delivery: Delivery }>;
  deliver(event: Json): Promise<Delivery>;
  /** The Stripe-Signature header of `payload` at `timestamp` (seconds), signed with `secret`. */
  signature(payload: string, timestamp?: number, secret?: string): string;
  reset(): void;
  close(): Promise<void>;
}

export type PayOutcome =
  | { paid: true; redirect: string; delivery: Delivery | null }
  | { paid: false; status: number; message: string };

export async function startFakeStripe(
  secretKey = `sk_test_fake${randomBytes(8).toString('hex')}`,
  webhookSecret = `whsec_fake${randomBytes(12).toString('hex')}`,
  options: { port?: number; onDelivery?: (delivery: Delivery) => void } = {},
): Promise<FakeStripe> {
  const sessions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const requests: FakeRequest[] = [];
  const deliveries: Delivery[] = [];
  const events = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>();
  let refusals: Refusal[] = [];

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => void handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const answer =
    (type: string) =>
    (res: http.ServerResponse, status: number, body: Json, headers = {}) => {
      res.writeHead(status, { 'content-type': type, 'request-id': id('req'), ...headers });
      res.end(type === 'application/json' ? JSON.stringify(body) : body);
    };
  const send = answer('application/json');
  const page = answer('text/html; charset=utf-8');

  const signature = (payload: string, timestamp = nowSeconds(), secret = webhookSecret) =>
    signPayload(payload, timestamp, secret);

  async function deliver(event: Json): Promise<Delivery> {
    const delivery: Delivery = { eventId: event.id, type: event.type, status: 0 };
    deliveries.push(delivery);
    if (!fake.webhookUrl) return delivery;
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(fake.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature(payload),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      delivery.status = response.status;
    } catch {
      delivery.status = 0;
    }
    options.onDelivery?.(delivery);
    return delivery;
  }

  async function sendEvent(type: string, object: Json) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.set(event.id, event);
    return { event, delivery: await deliver(event) };
  }

  function createSession(body: Json): [number, Json] {
    const [status, session] = newCheckoutSession(body, origin);
    if (status === 200) sessions.set(session.id, session);
    return [status, session];
  }

  function createRefund(body: Json): [number, Json] {
    const intent = paymentIntents.get(body.payment_intent);
    if (!intent) {
      return [
        400,
        stripeError('invalid_request_error', `No such payment_intent: '${body.payment_intent ?? ''}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        }),
      ];
    }
    const left = intent.amount_received - intent.amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (left === 0) {
      return [
        400,
        stripeError('invalid_request_error', `Charge ${intent.latest_charge} has already been refunded.`, {
          code: 'charge_already_refunded',
        }),
      ];
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return [
        400,
        stripeError(
          'invalid_request_error',
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`,
          { param: 'amount' },
        ),
      ];
    }
    intent.amount_refunded += amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: nowSeconds(),
      currency: intent.currency,
      failure_reason: fake.refundStatus === 'failed' ? 'unknown' : null,
      metadata: body.metadata ?? {},
      payment_intent: intent.id,
      reason: body.reason ?? null,
      status: fake.refundStatus,
    };
    refunds.set(refund.id, refund);
    return [200, refund];
  }

  function route(method: string, path: string, body: Json): [number, Json] {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    const one = /^\/v1\/(checkout\/sessions|refunds)\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const found = (one[1] === 'refunds' ? refunds : sessions).get(decodeURIComponent(one[2]));
      if (found) return [200, found];
      const kind = one[1] === 'refunds' ? 'refund' : 'checkout.session';
      return [
        404,
        stripeError('invalid_request_error', `No such ${kind}: '${one[2]}'`, { code: 'resource_missing' }),
      ];
    }
    return [404, stripeError('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)];
  }

  async function pay(
    sessionId: string,
    card: string,
    options: { deliver?: boolean } = {},
  ): Promise<PayOutcome> {
    const session = sessions.get(sessionId);
    if (session?.status !== 'open')
      return { paid: false, status: 404, message: 'This Checkout Session is no longer active.' };
    const number = card.replace(/[\s-]/g, '');
    if (number === DECLINED_CARD) return { paid: false, status: 402, message: 'Your card was declined.' };
    if (number !== PAYING_CARD)
      return { paid: false, status: 400, message: 'Your card number is incorrect.' };
    const intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: session.amount_total,
      amount_refunded: 0,
      currency: session.currency,
      latest_charge: id('ch'),
      status: 'succeeded',
    };
    paymentIntents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
    const delivery =
      options.deliver === false ? null : (await sendEvent('checkout.session.completed', session)).delivery;
    const redirect = String(session.success_url ?? origin).replace('{CHECKOUT_SESSION_ID}', sessionId);
    return { paid: true, redirect, delivery };
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const path = (req.url ?? '/').split('?')[0];
    const method = req.method ?? 'GET';
    const checkout = /^\/pay\/([^/]+)$/.exec(path);
    if (checkout) return checkoutPage(res, method, decodeURIComponent(checkout[1]), raw);

    const body = decodeForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method, path, authorization: req.headers.authorization, idempotencyKey, body });
    // The key as a Bearer token (the libraries), or as Basic's user name (`curl -u sk_test_…:` in Stripe's docs).
    const basic = `Basic ${Buffer.from(`${fake.secretKey}:`).toString('base64')}`;
    if (req.headers.authorization !== `Bearer ${fake.secretKey}` && req.headers.authorization !== basic) {
      return send(res, 401, stripeError('invalid_request_error', 'Invalid API Key provided: sk_****'));
    }
    const refused = refusals.findIndex((r) => !r.path || r.path === path);
    if (refused >= 0) {
      const [{ status }] = refusals.splice(refused, 1);
      const answer = REFUSALS[status] ?? stripeError('api_error', 'An unknown error occurred.');
      // As Stripe does when trying again may succeed: the official client then retries (maxNetworkRetries).
      return send(res, status, answer, status === 429 ? { 'stripe-should-retry': 'true' } : {});
    }
    const fingerprint = `${method} ${path} ${raw}`;
    const earlier = method === 'POST' && idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        return send(
          res,
          400,
          stripeError(
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      }
      return send(res, earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
    }
    const [status, answer] = route(method, path, body);
    if (method === 'POST' && idempotencyKey)
      idempotent.set(idempotencyKey, { fingerprint, status, body: answer });
    return send(res, status, answer);
  }

  async function checkoutPage(res: http.ServerResponse, method: string, sessionId: string, raw: string) {
    const session = sessions.get(sessionId);
    if (!session) return page(res, 404, checkoutHtml(null, 'Not found.'));
    if (method === 'POST') {
      const outcome = await pay(sessionId, new URLSearchParams(raw).get('card') ?? '');
      if (outcome.paid) return page(res, 303, '', { location: outcome.redirect });
      return page(res, outcome.status, checkoutHtml(session, outcome.message));
    }
    if (session.status !== 'open')
      return page(res, 410, checkoutHtml(null, 'This Checkout Session is no longer active.'));
    return page(res, 200, checkoutHtml(session));
  }

  const fake: FakeStripe = {
    url: origin,
    secretKey,
    webhookSecret,
    webhookUrl: null,
    sessions,
    paymentIntents,
    refunds,
    requests,
    deliveries,
    events,
    refundStatus: 'succeeded',
    refuseNext(refusal, times = 1) {
      for (let i = 0; i < times; i++) refusals.push(refusal);
    },
    pay,
    async expireSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      return (await sendEvent('checkout.session.expired', session)).delivery;
    },
    async updateRefund(refundId, change, type = 'refund.updated') {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      Object.assign(refund, change);
      return (await sendEvent(type, refund)).delivery;
    },
    sendEvent,
    deliver,
    signature,
    reset() {
      for (const map of [sessions, paymentIntents, refunds, idempotent, events]) map.clear();
      requests.length = 0;
      deliveries.length = 0;
      refusals = [];
      fake.refundStatus = 'succeeded';
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}
