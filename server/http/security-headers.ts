import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers (helmet) on every answer, the middleware built once: @fastify/helmet built it again at every
 * request (its options read, its content security policy written), about 0.15 ms of each call under load
 * (bench/README.md, "Where a request's time goes"). The same helmet, the same headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
