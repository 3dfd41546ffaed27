/**
 * A stand-in for Stripe on 127.0.0.1, to try card payments without a Stripe account. It answers as the tests' fake
 * does (tests/support/fake-stripe.ts): Checkout pages where 4242 4242 4242 4242 pays and 4000 0000 0000 0002 is
 * declined, refunds, and webhooks signed as Stripe signs them, sent to Maillage's webhook address.
 *
 *   npm run fake-stripe                      # prints the settings to start the app with, then serves until Ctrl+C
 *   FAKE_STRIPE_PORT=12111 MAILLAGE_URL=http://localhost:3000 npm run fake-stripe   # the defaults
 */
import { startFakeStripe } from '../tests/support/fake-stripe';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 12111);
const app = (process.env.MAILLAGE_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const fake = await startFakeStripe('sk_test_local_try', 'whsec_local_try', {
  port,
  onDelivery: (d) => console.log(`webhook ${d.type} (${d.eventId}) → ${d.status || 'not reached'}`),
});
fake.webhookUrl = `${app}/api/stripe/webhook`;
console.log(`Fake Stripe ready on ${fake.url}; its webhooks go to ${fake.webhookUrl}. Start Maillage with:`);
console.log(
  `  STRIPE_API_URL=${fake.url} STRIPE_SECRET_KEY=${fake.secretKey} STRIPE_WEBHOOK_SECRET=${fake.webhookSecret} npm start`,
);
process.on('SIGINT', () => void fake.close().then(() => process.exit(0)));
