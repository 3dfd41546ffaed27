import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { decodeMessage, type FieldError, type Problem } from '../../contracts/http';
import { languageFromHeader, translator } from '../i18n';

const STATUS_BY_KIND = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  gone: 410,
  /** A service we depend on (the card processor) refused or failed. */
  badGateway: 502,
} as const;

export type ErrorKind = keyof typeof STATUS_BY_KIND;

/**
 * A domain error: a stable code (a key under `errors.` in the locale files), the kind that sets the HTTP status,
 * and optional field errors. Domain code throws these; the error handler turns them into problems.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly kind: ErrorKind,
    readonly options: {
      field?: string;
      fieldCode?: string;
      params?: Record<string, unknown>;
      /** The title's key when it is not `errors.<code>` (an edit conflict's « Modifié par … »). */
      titleCode?: string;
      /** Members added to the problem (an edit conflict's savedBy and savedAt: server/db/versioned-update.ts). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
  }

  static notFound(): AppError {
    return new AppError('notFound', 'notFound');
  }

  /** A rule broken by one field: shown under that field. */
  static field(field: string, fieldCode: string, params?: Record<string, unknown>): AppError {
    return new AppError('validation', 'validation', { field, fieldCode, params });
  }
}

/**
 * An error that knows its answer without being a domain rule: its HTTP status and its problem code (a key under
 * `errors.`), e.g. the card processor's refusals (server/modules/stripe/gateway.ts ProcessorError: 402, 429, 502, 503).
 */
export interface ProblemError {
  readonly problemStatus: number;
  readonly problemCode: string;
}

const isProblemError = (error: unknown): error is ProblemError =>
  typeof (error as ProblemError)?.problemStatus === 'number' &&
  typeof (error as ProblemError)?.problemCode === 'string';

/** A schema issue as fastify-type-provider-zod reports it. */
interface ValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
  params: { minimum?: number | bigint; maximum?: number | bigint };
}

function requestLanguage(request: FastifyRequest) {
  return request.auth?.locale ?? languageFromHeader(request.headers['accept-language']);
}

/** Turns a schema issue into a field error whose message is translated; our own rules carry their key as message. */
function issueToField(issue: ValidationEntry, t: ReturnType<typeof translator>): FieldError {
  const own = issue.message?.startsWith('validation.') ? decodeMessage(issue.message) : null;
  const code = own?.key ?? `validation.${issue.keyword}`;
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  const params = {
    minimum: issue.params.minimum?.toString(),
    maximum: issue.params.maximum?.toString(),
    ...own?.values,
  };
  const message = t(code, { ...params, defaultValue: t('validation.invalid') });
  return { field, code, message };
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  fields?: FieldError[],
  params?: Record<string, unknown>,
  more: { titleCode?: string; extra?: Record<string, unknown> } = {},
) {
  const t = translator(requestLanguage(request));
  const body: Problem = {
    ...more.extra,
    status,
    code,
    title: t(more.titleCode ?? `errors.${code}`, { ...params, defaultValue: t('errors.unexpected') }),
    requestId: String(request.id),
    ...(fields?.length ? { fields } : {}),
  };
  return reply.code(status).type('application/problem+json').send(body);
}

/** The SQLSTATE of a database error, whether the driver's error or Drizzle's wrapper of it (`cause`). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Network failures of a connection to the database (the node error codes `pg` passes on). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a server going away or refusing for now: shutdown, cannot connect now, too many connections. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What `pg` says when a connection ends under a query, or its pool cannot connect in time. */
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i;

/**
 * Whether an error means the database cannot be reached for now (RS3: stopped, restarting, network cut), whether
 * the driver's error or Drizzle's wrapper of it: the caller hears 503 « réessayez », not 500, and the pool
 * reconnects by itself once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && LOST_CONNECTION.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * What is logged of an unexpected error: its kind, message and stack, never the query's parameters (a failed
 * insert of a user would otherwise put e-mails and password hashes in the logs).
 */
function loggable(error: Error) {
  const cause = error.cause as Error | undefined;
  const message = error.message.startsWith('Failed query:') ? 'Failed query' : error.message;
  return {
    type: error.name,
    message,
    cause: cause?.message,
    stack: error.stack?.split('\n').slice(1).join('\n'),
  };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const t = translator(requestLanguage(request));
    if (error instanceof AppError) {
      const status = STATUS_BY_KIND[error.kind];
      const { field, fieldCode, params, titleCode, extra } = error.options;
      const fields = field
        ? [{ field, code: fieldCode ?? error.code, message: t(fieldCode ?? `errors.${error.code}`, params) }]
        : undefined;
      return sendProblem(request, reply, status, error.code, fields, params, { titleCode, extra });
    }
    if (isProblemError(error)) {
      if (error.problemStatus >= 500) request.log.warn({ err: loggable(error as Error) }, 'upstream refused');
      return sendProblem(request, reply, error.problemStatus, error.problemCode);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => issueToField(v as unknown as ValidationEntry, t));
      return sendProblem(request, reply, 400, 'validation', fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return sendProblem(request, reply, 500, 'unexpected');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: loggable(error) }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendProblem(request, reply, 503, 'unavailable');
    }
    const dbCode = databaseErrorCode(error);
    // Two requests racing past a uniqueness check: the database's constraint decides, the caller hears 409.
    if (dbCode === '23505') return sendProblem(request, reply, 409, 'conflict');
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: loggable(error), dbCode }, 'unexpected error');
      return sendProblem(request, reply, 500, 'unexpected');
    }
    // Fastify's own 4xx: unreadable JSON, wrong content type, body too large, rate limit...
    if (status === 429) return sendProblem(request, reply, 429, 'tooManyAttempts');
    if (status === 415) return sendProblem(request, reply, 415, 'unsupportedMediaType');
    if (status === 413) return sendProblem(request, reply, 413, 'payloadTooLarge');
    if (status === 403 && /csrf/i.test(error.code ?? '')) return sendProblem(request, reply, 403, 'csrf');
    return sendProblem(request, reply, status, status === 404 ? 'notFound' : 'badRequest');
  });
}
