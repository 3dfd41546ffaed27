import { z } from 'zod';
import { localDateTime, offsetChoice } from './activities';
import { uploadedFile } from './files';
import { defineEndpoint, encodeMessage, listQuery, listResponse, ok, timestamp, uuidParam } from './http';
import { B2B_REQUEST_SORTABLE, B2B_SESSION_SORTABLE } from './list-sorts';

/**
 * One-to-one B2B meetings (issue 11): sessions of slots and tables, requests (who wants to meet whom, weight 1–5)
 * and blocked pairs. The pre-flight, the generation and the schedule are in contracts/b2b-schedule.ts.
 * See docs/matching/b2b-meetings.md.
 */

export const B2B_MODES = ['inPerson', 'virtual'] as const;
export type B2bMode = (typeof B2B_MODES)[number];
export const REQUEST_SOURCES = ['manual', 'import', 'questionnaire'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];
export const SESSION_NAME_MAX = 150;
export const SLOTS_MAX = 200;
export const TABLES_MAX = 5000;
/** A request import file is at most this large (bytes) and this many rows. */
export const REQUEST_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const REQUEST_IMPORT_MAX_ROWS = 50_000;
export const REQUEST_IMPORT_ACCEPT =
  '.xlsx,.csv,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const count = (key: string, min: number, max: number) =>
  z
    .number({ error: `validation.b2b.${key}` })
    .int({ error: `validation.b2b.${key}` })
    .min(min, { error: encodeMessage(`validation.b2b.${key}`, { minimum: min, maximum: max }) })
    .max(max, { error: encodeMessage(`validation.b2b.${key}`, { minimum: min, maximum: max }) });

const ids = z.array(uuidParam).max(500).default([]);

/**
 * The session form (add and edit), shared by the server and the web form. The start and the tables are checked by
 * the server (field errors under `startsAtLocal` and `tablesPerSlot`) and by the form (`b2bSessionForm`).
 */
export const b2bSessionInput = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: 'validation.required' })
    .max(SESSION_NAME_MAX, { error: encodeMessage('validation.tooLong', { maximum: SESSION_NAME_MAX }) }),
  /** The first slot's start, a local time of the project's zone (required). */
  startsAtLocal: localDateTime.optional(),
  startsAtOffset: offsetChoice.optional(),
  slotMinutes: count('slotMinutes', 5, 240),
  breakMinutes: count('breakMinutes', 0, 120).default(0),
  slotCount: count('slotCount', 1, SLOTS_MAX),
  /** Tables per slot; null when a meeting category's tables are used. */
  tablesPerSlot: count('tablesPerSlot', 1, TABLES_MAX).nullable().default(null),
  tableCategoryId: z.uuid({ error: 'validation.id' }).nullable().default(null),
  defaultCap: count('defaultCap', 0, SLOTS_MAX),
  mode: z.enum(B2B_MODES, { error: 'validation.b2b.mode' }).default('inPerson'),
  /** Everyone when both are empty. */
  roleIds: ids,
  groupIds: ids,
  metSessionId: z.uuid({ error: 'validation.id' }).nullable().default(null),
});
/** What the web form checks before sending: a start, and tables (a number or a category). */
export const b2bSessionForm = b2bSessionInput
  .refine((s) => !!s.startsAtLocal, { error: 'validation.required', path: ['startsAtLocal'] })
  .refine((s) => s.tablesPerSlot !== null || s.tableCategoryId !== null, {
    error: 'validation.b2b.tablesRequired',
    path: ['tablesPerSlot'],
  });
export type B2bSessionInput = z.input<typeof b2bSessionInput>;
export type B2bSessionValues = z.output<typeof b2bSessionInput>;

const localizedName = z.object({ fr: z.string(), en: z.string() });

export const b2bSession = z.object({
  id: z.uuid(),
  name: z.string(),
  startsAt: timestamp,
  startsAtLocal: z.string(),
  startsAtOffset: offsetChoice.nullable(),
  endsAt: timestamp,
  endsAtLocal: z.string(),
  slotMinutes: z.number().int(),
  breakMinutes: z.number().int(),
  slotCount: z.number().int(),
  tablesPerSlot: z.number().int().nullable(),
  tableCategory: z.object({ id: z.uuid(), name: localizedName }).nullable(),
  /** The tables a slot really has (the category's count when one is used). */
  tables: z.number().int(),
  defaultCap: z.number().int(),
  mode: z.enum(B2B_MODES),
  roleIds: z.array(z.uuid()),
  groupIds: z.array(z.uuid()),
  metSession: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  requestCount: z.number().int(),
  meetingCount: z.number().int(),
  timeZone: z.string(),
});
export type B2bSession = z.input<typeof b2bSession>;

export const b2bSessionListQuery = listQuery(B2B_SESSION_SORTABLE);

// ---------- requests ----------

export const requestWeight = z
  .number({ error: 'validation.b2b.weight' })
  .int({ error: 'validation.b2b.weight' })
  .min(1, { error: 'validation.b2b.weight' })
  .max(5, { error: 'validation.b2b.weight' });

export const b2bRequestInput = z
  .object({
    requesterId: z.uuid({ error: 'validation.b2b.person' }),
    requestedId: z.uuid({ error: 'validation.b2b.person' }),
    weight: requestWeight.default(3),
  })
  .refine((r) => r.requesterId !== r.requestedId, {
    error: 'validation.b2b.samePerson',
    path: ['requestedId'],
  });
export type B2bRequestInput = z.input<typeof b2bRequestInput>;

/** A participant as B2B screens name them. */
export const b2bPerson = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
});
export type B2bPerson = z.input<typeof b2bPerson>;

export const b2bRequest = z.object({
  id: z.uuid(),
  requester: b2bPerson,
  requested: b2bPerson,
  weight: z.number().int(),
  source: z.enum(REQUEST_SOURCES),
});
export type B2bRequest = z.input<typeof b2bRequest>;

export const b2bRequestListQuery = listQuery(B2B_REQUEST_SORTABLE);

/** The outcome of a request import: a reason per refused line (a dry run saves nothing). */
export const requestImportResult = z.object({
  saved: z.boolean(),
  /** Lines that would be (or were) added, and updated (same pair, new weight). */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.array(z.object({ line: z.number().int(), reasons: z.array(z.string()) })),
});
export type RequestImportResult = z.input<typeof requestImportResult>;

export const suggestInput = z.strictObject({
  /** Each participant's best partners by questionnaire score, at most this many. */
  perPerson: count('perPerson', 1, 50).default(5),
});
export const suggestResult = z.object({ added: z.number().int(), people: z.number().int() });

// ---------- blocked pairs ----------

export const blockedPairInput = z
  .object({
    participantA: z.uuid({ error: 'validation.b2b.person' }),
    participantB: z.uuid({ error: 'validation.b2b.person' }),
  })
  .refine((r) => r.participantA !== r.participantB, {
    error: 'validation.b2b.samePerson',
    path: ['participantB'],
  });
export const blockedPair = z.object({ id: z.uuid(), a: b2bPerson, b: b2bPerson });
export type BlockedPair = z.input<typeof blockedPair>;

/** People the request and blocked-pair forms offer (the session's participants matching a search). */
export const b2bPeopleQuery = z.object({ q: z.string().trim().max(200).optional() });

// ---------- endpoints ----------

const tag = 'b2b';
const projectParams = z.object({ projectId: uuidParam });
const sessionParams = projectParams.extend({ sessionId: uuidParam });
const base = '/api/projects/:projectId/b2b-sessions';

export const listB2bSessions = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'user',
  tag,
  summary: 'The B2B meeting sessions of a project',
  params: projectParams,
  query: b2bSessionListQuery,
  response: listResponse(b2bSession),
});
export const getB2bSession = defineEndpoint({
  method: 'GET',
  path: `${base}/:sessionId`,
  access: 'user',
  tag,
  summary: 'One B2B session',
  params: sessionParams,
  response: b2bSession,
});
export const createB2bSession = defineEndpoint({
  method: 'POST',
  path: base,
  access: 'user',
  tag,
  summary: 'Add a B2B session (start as a local time of the project’s zone)',
  params: projectParams,
  body: b2bSessionInput,
  response: b2bSession,
});
export const updateB2bSession = defineEndpoint({
  method: 'PUT',
  path: `${base}/:sessionId`,
  access: 'user',
  tag,
  summary: 'Edit a B2B session',
  params: sessionParams,
  body: b2bSessionInput,
  response: b2bSession,
});
export const deleteB2bSession = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:sessionId`,
  access: 'user',
  tag,
  summary: 'Delete a B2B session with its requests and meetings',
  params: sessionParams,
  response: ok,
});

export const listB2bPeople = defineEndpoint({
  method: 'GET',
  path: `${base}/:sessionId/people`,
  access: 'user',
  tag,
  summary: 'The session’s participants matching a search (the first 50), for the request forms',
  params: sessionParams,
  query: b2bPeopleQuery,
  response: z.object({ items: z.array(b2bPerson) }),
});

export const listB2bRequests = defineEndpoint({
  method: 'GET',
  path: `${base}/:sessionId/requests`,
  access: 'user',
  tag,
  summary: 'The meeting requests of a session (search over both people’s names, e-mails and companies)',
  params: sessionParams,
  query: b2bRequestListQuery,
  response: listResponse(b2bRequest),
});
export const createB2bRequest = defineEndpoint({
  method: 'POST',
  path: `${base}/:sessionId/requests`,
  access: 'user',
  tag,
  summary: 'Add a meeting request (requester → requested, weight 1–5)',
  params: sessionParams,
  body: b2bRequestInput,
  response: b2bRequest,
});
export const updateB2bRequest = defineEndpoint({
  method: 'PUT',
  path: `${base}/:sessionId/requests/:requestId`,
  access: 'user',
  tag,
  summary: 'Edit a meeting request',
  params: sessionParams.extend({ requestId: uuidParam }),
  body: b2bRequestInput,
  response: b2bRequest,
});
export const deleteB2bRequest = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:sessionId/requests/:requestId`,
  access: 'user',
  tag,
  summary: 'Delete a meeting request',
  params: sessionParams.extend({ requestId: uuidParam }),
  response: ok,
});
/** Multipart: `file` (.xlsx or CSV: requester e-mail, requested e-mail, weight) and `save` ('true' to save). */
export const importB2bRequests = defineEndpoint({
  method: 'POST',
  path: `${base}/:sessionId/requests/import`,
  access: 'user',
  tag,
  summary:
    'Import meeting requests from an Excel or CSV file (requester e-mail, requested e-mail, weight): a dry run with a reason per refused line, or the save (save=true, all or nothing)',
  multipart: true,
  params: sessionParams,
  body: z
    .object({ file: uploadedFile.optional(), save: z.enum(['true', 'false']).default('false') })
    .nullish(),
  response: requestImportResult,
});
export const exportB2bRequests = defineEndpoint({
  method: 'GET',
  path: `${base}/:sessionId/requests/export`,
  access: 'user',
  tag,
  summary: 'The session’s requests as an Excel workbook in the import’s layout',
  params: sessionParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});
export const suggestB2bRequests = defineEndpoint({
  method: 'POST',
  path: `${base}/:sessionId/requests/suggest`,
  access: 'user',
  tag,
  summary:
    'Add, for each participant, requests to their best partners by questionnaire score (weight by rank); blocked pairs and existing requests are left as they are',
  params: sessionParams,
  body: suggestInput,
  response: suggestResult,
});

export const listBlockedPairs = defineEndpoint({
  method: 'GET',
  path: `${base}/:sessionId/blocked-pairs`,
  access: 'user',
  tag,
  summary: 'The pairs of a session who must never meet',
  params: sessionParams,
  response: z.object({ items: z.array(blockedPair) }),
});
export const createBlockedPair = defineEndpoint({
  method: 'POST',
  path: `${base}/:sessionId/blocked-pairs`,
  access: 'user',
  tag,
  summary: 'Block a pair (their requests are then never placed)',
  params: sessionParams,
  body: blockedPairInput,
  response: blockedPair,
});
export const deleteBlockedPair = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:sessionId/blocked-pairs/:pairId`,
  access: 'user',
  tag,
  summary: 'Unblock a pair',
  params: sessionParams.extend({ pairId: uuidParam }),
  response: ok,
});

export { B2B_REQUEST_SORTABLE, B2B_SESSION_SORTABLE };
