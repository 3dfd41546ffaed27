import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { RIGHT_DESCRIPTIONS, type Right, requiredRight } from '../../contracts/access';
import type { Access, Endpoint } from '../../contracts/http';
import type { AuthContext } from '../modules/session/auth-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A4: what the caller needs (contracts/access.ts `requiredRight`), checked by server/policies for every call. */
    right?: Right;
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
  options: {
    rateLimit?: Record<string, unknown>;
    /** A larger JSON body than the server's default (1 MB), for routes that carry long texts. */
    bodyLimit?: number;
  } = {},
) {
  const { bodyLimit, ...config } = options;
  // Declared in the contract: the parts of a multipart/form-data body become the body the schema validates.
  const multipart = endpoint.multipart ?? false;
  const right = requiredRight(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access, right, touchesSession: endpoint.touchesSession ?? true, ...config },
    // Runs after the global session hook, so a caller without a session hears 401 before any CSRF refusal.
    ...(endpoint.method === 'GET' ? {} : { onRequest: app.csrfProtection }),
    ...(multipart ? { preValidation: readMultipartBody } : {}),
    ...(bodyLimit ? { bodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      description: `Required right: ${right}. ${RIGHT_DESCRIPTIONS[right]}`,
      'x-required-right': right,
      tags: [endpoint.tag],
      ...(multipart ? { consumes: ['multipart/form-data'] } : {}),
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

/**
 * Reads a multipart body (@fastify/multipart, registered in app.ts with its limits) into a plain object: text
 * parts as strings, file parts as `{ bytes, filename, mimetype, truncated }` (contracts/files.ts `UploadedFile`).
 * A file over the size limit is cut and marked, so the service answers a field error rather than a bare 413.
 * A body that is not multipart is left to the schema, which refuses it with field errors.
 */
async function readMultipartBody(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      body[part.fieldname] = {
        bytes: await part.toBuffer(),
        filename: part.filename,
        mimetype: part.mimetype,
        truncated: part.file.truncated,
      };
    } else {
      body[part.fieldname] = part.value;
    }
  }
  request.body = body;
}
