import { createHmac, randomBytes } from 'node:crypto';

/** Pieces of the fake Stripe (./fake-stripe.ts): ids, Stripe's form encoding, its error bodies, the Checkout page. */

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are JSON of many shapes
type Json = any;

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding back into an object: `line_items[0][price_data][currency]=cad`. */
export function decodeForm(raw: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    });
  }
  return root;
}

export const stripeError = (type: string, message: string, extra: Json = {}) => ({
  error: { type, message, ...extra },
});
export const REFUSALS: Record<number, Json> = {
  402: stripeError('card_error', 'Your card was declined.', {
    code: 'card_declined',
    decline_code: 'generic_decline',
  }),
  429: stripeError('invalid_request_error', 'Too many requests hit the API too quickly.', {
    code: 'rate_limit',
  }),
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The fake's Checkout page: what is paid, a card number field, the message of a refusal. */
export function checkoutHtml(session: Json | null, message?: string) {
  const amount = session
    ? `${(session.amount_total / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Fake Stripe Checkout</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem">
<h1>Fake Stripe Checkout</h1>
${message ? `<p role="alert" style="color: #c92a2a">${escapeHtml(message)}</p>` : ''}
${
  session
    ? `<p>Pay <strong>${escapeHtml(amount)}</strong>${session.customer_email ? ` as ${escapeHtml(session.customer_email)}` : ''}</p>
<form method="post" action="/pay/${escapeHtml(session.id)}">
<label for="card">Card number</label><br>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<button type="submit">Pay</button>
</form>
<p>4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ''}`
    : ''
}
</body></html>`;
}

/**
 * Stripe's webhook signature, written from its documentation (https://docs.stripe.com/webhooks#verify-manually), not
 * with the library: `Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the secret>`.
 */
export function signPayload(payload: string, timestamp: number, secret: string) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * `POST /v1/checkout/sessions` as Stripe checks it (mode, price_data lines sharing one currency, quantities,
 * `expires_at` 30 minutes to 24 hours ahead): the new open session, or the error answer.
 */
export function newCheckoutSession(body: Json, origin: string): [number, Json] {
  const invalid = (message: string, param?: string) =>
    [400, stripeError('invalid_request_error', message, param ? { param } : {})] as [number, Json];
  if (!['payment', 'setup', 'subscription'].includes(body.mode))
    return invalid('Missing required param: mode.', 'mode');
  const items: Json[] = Array.isArray(body.line_items) ? body.line_items : [];
  if (body.mode === 'payment' && items.length === 0) {
    return invalid('line_items: at least one item is required in payment mode.', 'line_items');
  }
  let total = 0;
  let currency: string | undefined;
  for (const [i, item] of items.entries()) {
    const price = item.price_data;
    const amount = Number(price?.unit_amount);
    const quantity = Number(item.quantity);
    if (!price?.currency || !price?.product_data?.name || !Number.isInteger(amount) || amount < 0) {
      return invalid(`Invalid line_items[${i}][price_data].`, `line_items[${i}][price_data]`);
    }
    if (!Number.isInteger(quantity) || quantity < 1)
      return invalid('Invalid quantity.', `line_items[${i}][quantity]`);
    if (currency && currency !== price.currency.toLowerCase())
      return invalid('All line items must share a currency.');
    currency = price.currency.toLowerCase();
    total += amount * quantity;
  }
  const created = nowSeconds();
  const expiresAt = body.expires_at ? Number(body.expires_at) : created + 24 * 3600;
  if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
    return invalid(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
      'expires_at',
    );
  }
  const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
  const session = {
    id: sessionId,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: body.cancel_url ?? null,
    client_reference_id: body.client_reference_id ?? null,
    created,
    currency: currency ?? null,
    customer_email: body.customer_email ?? null,
    expires_at: expiresAt,
    line_items_count: items.length,
    livemode: false,
    locale: body.locale ?? null,
    metadata: body.metadata ?? {},
    mode: body.mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: body.success_url ?? null,
    url: `${origin}/pay/${sessionId}`,
  };
  return [200, session];
}
