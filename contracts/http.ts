import { z } from 'zod';

/**
 * Who may call an endpoint (A4; the rights are explained in contracts/access.ts, which decides with `requiredRight`):
 * anyone (`public`), any signed-in user whatever their role (`signedIn`: their own session and preferences), a user
 * who may read (`read`) or change (`write`) the company's data or the project of the route, a company administrator
 * (`admin`), or only a super-admin. `user` is the default of most endpoints: `read` for a GET, `write` otherwise.
 */
export type Access = 'public' | 'signedIn' | 'user' | 'read' | 'write' | 'admin' | 'superAdmin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Fastify-style path, parameters as `:name`. */
  path: string;
  access: Access;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** A session-status call must not count as activity (it would keep every session alive). */
  touchesSession?: boolean;
  /** The body is sent as multipart/form-data (uploads): the web sends a FormData, the server reads its parts. */
  multipart?: boolean;
}

/** Declares an endpoint once; the server registers it, the web client calls it, OpenAPI documents it. */
export function defineEndpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return endpoint;
}

type In<T> = T extends z.ZodType ? z.input<T> : undefined;
export type ParamsOf<E extends Endpoint> = In<NonNullable<E['params']>>;
export type QueryOf<E extends Endpoint> = In<NonNullable<E['query']>>;
export type BodyOf<E extends Endpoint> = In<NonNullable<E['body']>>;
/** What the client receives: the JSON form of the response (dates as ISO strings). */
export type ResponseOf<E extends Endpoint> = z.input<E['response']>;

// ---------- shared field rules ----------

/**
 * A validation message is a locale key, optionally with values: `validation.tooLong|maximum=150`. The server and
 * the web form both decode it and translate it in the reader's language.
 */
export function encodeMessage(key: string, values: Record<string, string | number> = {}) {
  const pairs = Object.entries(values).map(([k, v]) => `${k}=${v}`);
  return [key, ...pairs].join('|');
}

export function decodeMessage(message: string): { key: string; values: Record<string, string> } {
  const [key, ...pairs] = message.split('|');
  return { key, values: Object.fromEntries(pairs.map((p) => p.split('=', 2) as [string, string])) };
}

const tooLong = (max: number) => encodeMessage('validation.tooLong', { maximum: max });

/** P8: a required text needs at least 2 characters once trimmed. */
export const requiredText = (max = 200) =>
  z
    .string()
    .trim()
    .min(2, { error: 'validation.required' })
    .max(max, { error: tooLong(max) });

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong(max) })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** An e-mail address, trimmed and lower-cased; documented as one (`format: email`) in the OpenAPI document. */
export const emailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'validation.email' }))
  .meta({ format: 'email' });

export const uuidParam = z.uuid({ error: 'validation.id' });

/** A timestamp: a Date on the server, an ISO string on the wire. */
export const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

/** A calendar date, YYYY-MM-DD, between the years 1900 and 2999 (what an event can have, and PostgreSQL stores). */
export const calendarDate = z.iso
  .date({ error: 'validation.date' })
  .refine((d) => d >= '1900-01-01' && d <= '2999-12-31', { error: 'validation.date' });

export const language = z.enum(['fr', 'en'], { error: 'validation.language' });
export type Language = z.infer<typeof language>;

export const ok = z.object({ ok: z.literal(true) });

// ---------- the list contract (P5), shared by every list endpoint ----------

export const PAGE_SIZES = [25, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** Query of every list endpoint: search, one sort column, direction, page, page size, plus the list's own filters. */
export function listQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    q: z.string().trim().max(200).optional(),
    sort: z.enum(sortable).optional(),
    dir: z.enum(['asc', 'desc']).default('asc'),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'validation.pageSize' })
      .default(DEFAULT_PAGE_SIZE),
  });
}

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export type ListParams = { q?: string; sort?: string; dir: 'asc' | 'desc'; page: number; pageSize: number };

// ---------- errors ----------

export const fieldError = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});

/** The one error shape of the API (RFC 9457 problem details, with a stable code and field errors). */
export const problem = z.object({
  status: z.number().int(),
  code: z.string(),
  title: z.string(),
  requestId: z.string(),
  fields: z.array(fieldError).optional(),
});
export type Problem = z.infer<typeof problem>;
export type FieldError = z.infer<typeof fieldError>;
