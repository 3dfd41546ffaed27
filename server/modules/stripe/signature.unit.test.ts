import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signPayload } from '../../../tests/support/fake-stripe';

/** The fake Stripe signs its webhooks from Stripe's documentation; the official library must agree with it. */
describe('the webhook signature scheme of the fake Stripe', () => {
  const secret = 'whsec_test_3b2f1c';
  const payload = JSON.stringify(
    { id: 'evt_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } },
    null,
    2,
  );

  it('is the header Stripe’s own generateTestHeaderString makes', () => {
    const timestamp = 1_767_225_600;
    expect(signPayload(payload, timestamp, secret)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
    );
  });

  it('is accepted by constructEvent, and refused with another secret, another body or too old', () => {
    const now = Math.floor(Date.now() / 1000);
    const header = signPayload(payload, now, secret);
    expect(Stripe.webhooks.constructEvent(payload, header, secret).id).toBe('evt_1');
    expect(Stripe.webhooks.constructEvent(Buffer.from(payload), header, secret).type).toBe(
      'checkout.session.completed',
    );
    const refused = Stripe.errors.StripeSignatureVerificationError;
    expect(() => Stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(refused);
    expect(() => Stripe.webhooks.constructEvent(`${payload}\n`, header, secret)).toThrow(refused);
    expect(() =>
      Stripe.webhooks.constructEvent(payload, signPayload(payload, now - 600, secret), secret),
    ).toThrow(refused);
  });
});
