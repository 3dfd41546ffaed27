import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access, Endpoint } from '../../contracts/http';
import type { AuthContext } from '../modules/session/auth-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    touchesSession?: boolean;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<E extends Endpoint> {
  params: Out<NonNullable<E['params']>>;
  query: Out<NonNullable<E['query']>>;
  body: Out<NonNullable<E['body']>>;
  /** Present on every endpoint whose access is not public. */
  auth: E['access'] extends 'public' ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (input: HandlerInput<E>) => Promise<Out<E['response']>>;

/**
 * Registers an endpoint declared in contracts/: its schemas validate the request, serialise the response
 * (what the schema does not list never leaves the server) and document it in OpenAPI. The handler stays thin.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: { rateLimit?: Record<string, unknown> } = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, touchesSession: endpoint.touchesSession ?? true, ...options },
    // Runs after the global session hook, so a caller without a session hears 401 before any CSRF refusal.
    ...(endpoint.method === 'GET' ? {} : { onRequest: app.csrfProtection }),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.access === 'public' ? {} : { security: [{ session: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    handler: async (request, reply) =>
      handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        auth: request.auth as never,
        request,
        reply,
      }),
  });
}
