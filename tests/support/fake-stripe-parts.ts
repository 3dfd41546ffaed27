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
