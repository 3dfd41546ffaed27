import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { Deps } from '../../deps';
import { sendProblem } from '../../http/errors';
import { stripeGateway } from './gateway';
import { handleEvent } from './service';

export const WEBHOOK_PATH = '/api/stripe/webhook';
/** Stripe's events are a few kilobytes; a checkout session with many lines stays far below this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Stripe's webhook (issue 20): no session and no CSRF token (Stripe has neither); the signature is the key. The
 * body is kept as received (bytes), since the signature is over those exact bytes: `webhooks.constructEvent` with
 * STRIPE_WEBHOOK_SECRET. A missing or wrong signature answers 400; an event applied before answers 200 and does
 * nothing; an error while applying answers 500, so Stripe sends the event again later.
 */
export function registerStripeRoutes(app: FastifyInstance, deps: Deps) {
  // Its own scope: the raw-body parser serves this route only (the API reads JSON).
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      WEBHOOK_PATH,
      { schema: { hide: true }, bodyLimit: WEBHOOK_BODY_LIMIT },
      async (request, reply) => {
        const config = deps.config.stripe;
        const gateway = stripeGateway(config);
        if (!config || !gateway) return sendProblem(request, reply, 404, 'notFound');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          return sendProblem(request, reply, 400, 'stripe.badSignature');
        }
        let event: Stripe.Event;
        try {
          event = gateway.client.webhooks.constructEvent(request.body, signature, config.webhookSecret);
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeSignatureVerificationError ||
            error instanceof SyntaxError
          ) {
            return sendProblem(request, reply, 400, 'stripe.badSignature');
          }
          throw error;
        }
        const outcome = await handleEvent(deps, event);
        return reply.code(200).send({ received: true, duplicate: !outcome.applied });
      },
    );
  });
}
