import { z } from 'zod';
import { b2bPerson } from './b2b';
import { defineEndpoint, ok, timestamp, uuidParam } from './http';

/**
 * B2B sessions, continued: the pre-flight (X10), the generation (a background job), the schedule by person and by
 * table with its conflicts, the explanations of shortfalls (X1), per-person caps and a participant's meetings.
 */

/**
 * The spec's reject codes as a meeting shows them: 2 outside the session (slot or table beyond it, or a table used
 * twice), 3 already met, 4 calendar (overlaps an activity or another meeting of either person), 5 blocked pair.
 */
export const CONFLICT_CODES = [2, 3, 4, 5] as const;
export type ConflictCode = (typeof CONFLICT_CODES)[number];

export const preflightPerson = z.object({
  person: b2bPerson,
  requested: z.number().int(),
  predicted: z.number().int(),
  cap: z.number().int(),
  /** Whether the cap is this person's own (else the session's default). */
  ownCap: z.boolean(),
  freeSlots: z.number().int(),
});
export type PreflightPerson = z.input<typeof preflightPerson>;

export const preflightFinding = z.object({
  code: z.enum(['requestsBeyondCap', 'noCommonSlot', 'noAvailability', 'tablesShort']),
  /** The finding in words, in the reader's language, naming the people. */
  message: z.string(),
});

export const preflightResponse = z.object({
  slots: z.number().int(),
  tables: z.number().int(),
  requests: z.number().int(),
  /** Requests left out before solving: blocked or already met pairs. */
  removed: z.number().int(),
  people: z.array(preflightPerson),
  findings: z.array(preflightFinding),
});
export type PreflightResponse = z.input<typeof preflightResponse>;

export const GENERATION_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const generation = z.object({
  id: z.uuid(),
  status: z.enum(GENERATION_STATUSES),
  progress: z.number().int(),
  bestWeight: z.number().nullable(),
  bound: z.number().nullable(),
  placed: z.number().int().nullable(),
  cancelRequested: z.boolean(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
});
export type Generation = z.input<typeof generation>;

export const scheduleSlot = z.object({
  index: z.number().int(),
  startsAt: timestamp,
  startsAtLocal: z.string(),
  endsAtLocal: z.string(),
});

export const scheduleMeeting = z.object({
  id: z.uuid(),
  slot: z.number().int(),
  table: z.number().int(),
  startsAt: timestamp,
  endsAt: timestamp,
  a: b2bPerson,
  b: b2bPerson,
  weight: z.number().int(),
  origin: z.enum(['generated', 'manual']),
  conflicts: z.array(z.object({ code: z.number().int(), message: z.string() })),
});
export type ScheduleMeeting = z.input<typeof scheduleMeeting>;

export const scheduleResponse = z.object({
  timeZone: z.string(),
  tables: z.number().int(),
  slots: z.array(scheduleSlot),
  meetings: z.array(scheduleMeeting),
});
export type ScheduleResponse = z.input<typeof scheduleResponse>;

export const moveMeetingInput = z.object({
  slot: z
    .number({ error: 'validation.b2b.slot' })
    .int({ error: 'validation.b2b.slot' })
    .min(0, { error: 'validation.b2b.slot' }),
  table: z
    .number({ error: 'validation.b2b.table' })
    .int({ error: 'validation.b2b.table' })
    .min(1, { error: 'validation.b2b.table' }),
});

/** A meeting placed by hand (a request the generation left out, or a pair met on the spot). */
export const addMeetingInput = moveMeetingInput.extend({
  participantA: z.uuid({ error: 'validation.b2b.person' }),
  participantB: z.uuid({ error: 'validation.b2b.person' }),
});

export const shortfall = z.object({
  person: b2bPerson,
  requested: z.number().int(),
  placed: z.number().int(),
  unplaced: z.array(
    z.object({
      other: b2bPerson,
      weight: z.number(),
      code: z.enum(['blocked', 'alreadyMet', 'availability', 'cap', 'calendar', 'capacity', 'placeable']),
      /** The reason in words, in the reader's language. */
      message: z.string(),
    }),
  ),
});
export type Shortfall = z.input<typeof shortfall>;

export const capInput = z.object({
  /** Null: back to the session's default. */
  cap: z
    .number({ error: 'validation.b2b.cap' })
    .int({ error: 'validation.b2b.cap' })
    .min(0, { error: 'validation.b2b.cap' })
    .max(200, { error: 'validation.b2b.cap' })
    .nullable(),
});

/** A meeting as a participant's agenda shows it. */
export const agendaMeeting = z.object({
  id: z.uuid(),
  sessionId: z.uuid().nullable(),
  sessionName: z.string().nullable(),
  startsAt: timestamp,
  endsAt: timestamp,
  startsAtLocal: z.string(),
  endsAtLocal: z.string(),
  table: z.number().int(),
  mode: z.enum(['inPerson', 'virtual']),
  other: b2bPerson,
});
export type AgendaMeeting = z.input<typeof agendaMeeting>;

// ---------- endpoints ----------

const tag = 'b2b';
const sessionParams = z.object({ projectId: uuidParam, sessionId: uuidParam });
const base = '/api/projects/:projectId/b2b-sessions/:sessionId';

export const getB2bPreflight = defineEndpoint({
  method: 'GET',
  path: `${base}/preflight`,
  access: 'user',
  tag,
  summary:
    'X10 before a generation: each person’s requested and predicted meetings, and the settings that cannot work (requests beyond caps, no common free slot, no availability, too few tables)',
  params: sessionParams,
  response: preflightResponse,
});
export const setB2bCap = defineEndpoint({
  method: 'PUT',
  path: `${base}/people/:participantId/cap`,
  access: 'user',
  tag,
  summary: 'A person’s own cap in this session (null: the session’s default)',
  params: sessionParams.extend({ participantId: uuidParam }),
  body: capInput,
  response: ok,
});
export const startB2bGeneration = defineEndpoint({
  method: 'POST',
  path: `${base}/generations`,
  access: 'user',
  tag,
  summary: 'Generate the session’s meetings (a background job; 409 while one is queued or running)',
  params: sessionParams,
  response: generation,
});
export const getB2bGeneration = defineEndpoint({
  method: 'GET',
  path: `${base}/generations/latest`,
  access: 'user',
  tag,
  summary:
    'The latest generation of the session and its progress (null when none); an interrupted one is queued again',
  params: sessionParams,
  response: z.object({ generation: generation.nullable() }),
});
export const cancelB2bGeneration = defineEndpoint({
  method: 'POST',
  path: `${base}/generations/:generationId/cancel`,
  access: 'user',
  tag,
  summary: 'Cancel a queued or running generation (the meetings already in place stay)',
  params: sessionParams.extend({ generationId: uuidParam }),
  response: generation,
});
export const getB2bSchedule = defineEndpoint({
  method: 'GET',
  path: `${base}/schedule`,
  access: 'user',
  tag,
  summary: 'The session’s meetings with their slots, tables and conflicts (reject codes 2–5)',
  params: sessionParams,
  response: scheduleResponse,
});
export const moveB2bMeeting = defineEndpoint({
  method: 'PUT',
  path: `${base}/meetings/:meetingId`,
  access: 'user',
  tag,
  summary: 'Move a meeting to another slot and table (a table taken in that slot is refused)',
  params: sessionParams.extend({ meetingId: uuidParam }),
  body: moveMeetingInput,
  response: scheduleMeeting,
});
export const addB2bMeeting = defineEndpoint({
  method: 'POST',
  path: `${base}/meetings`,
  access: 'user',
  tag,
  summary:
    'Place a meeting by hand at a slot and table (a table taken in that slot is refused; conflicts are marked)',
  params: sessionParams,
  body: addMeetingInput,
  response: scheduleMeeting,
});
export const deleteB2bMeeting = defineEndpoint({
  method: 'DELETE',
  path: `${base}/meetings/:meetingId`,
  access: 'user',
  tag,
  summary: 'Remove a meeting',
  params: sessionParams.extend({ meetingId: uuidParam }),
  response: ok,
});
export const getB2bExplanations = defineEndpoint({
  method: 'GET',
  path: `${base}/explanations`,
  access: 'user',
  tag,
  summary:
    'X1 for each person with fewer meetings than requested, the reason each request was left out, in words',
  params: sessionParams,
  response: z.object({ items: z.array(shortfall) }),
});
export const exportB2bSchedule = defineEndpoint({
  method: 'GET',
  path: `${base}/schedule/export`,
  access: 'user',
  tag,
  summary: 'The schedule as an Excel workbook (one meeting a row)',
  params: sessionParams,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});
export const listParticipantMeetings = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId/meetings',
  access: 'user',
  tag,
  summary: 'A participant’s meetings (every B2B session), by start',
  params: z.object({ projectId: uuidParam, participantId: uuidParam }),
  response: z.object({ items: z.array(agendaMeeting) }),
});
