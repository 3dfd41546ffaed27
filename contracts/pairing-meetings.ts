import { z } from 'zod';
import { activityType, localDateTime, offsetChoice } from './activities';
import { defineEndpoint, timestamp, uuidParam } from './http';
import { localized, plainText } from './texts';

/**
 * M6 (000 §3, §7, §8: the legacy /match/generatemeetings and /match/getexcel): the meetings generated from a
 * pairing's seats — one activity per round and table with people, its members the people seated there — and the
 * pairing's Excel workbook. See docs/matching/pairing-meetings.md.
 */

export const MEETING_PREFIX_MAX = 60;
/** A meeting lasts 1 minute to 24 hours; rounds are 0 to 24 hours apart. */
export const MEETING_DURATION_MAX = 1440;
export const MEETING_INTERVAL_MAX = 1440;

const prefixOne = plainText(MEETING_PREFIX_MAX).pipe(
  z.string().trim().min(1, { error: 'validation.required' }),
);
const minutes = (max: number, min: number, key: string) =>
  z.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });

/**
 * The spec's Prefix, Startdate, Duration, Interval, TypeID, GeneratePresential, GenerateVirtual. The start and the
 * mode are checked by the server after the pairing is found (a missing start is 400 under startsAt, neither mode
 * 400 under inPerson); the form checks them first with `pairingMeetingsForm`.
 */
export const pairingMeetingsInput = z.object({
  /** Titles are « {prefix} {round} – Table {number} » in each language. */
  prefix: localized(prefixOne),
  /** The first round's start, a local time of the project's zone (required). */
  startsAt: localDateTime.nullable().default(null),
  startsAtOffset: offsetChoice.optional(),
  durationMinutes: minutes(MEETING_DURATION_MAX, 1, 'validation.pairingMeetings.duration'),
  intervalMinutes: minutes(MEETING_INTERVAL_MAX, 0, 'validation.pairingMeetings.interval').default(0),
  type: activityType.default('meeting'),
  inPerson: z.boolean().default(true),
  virtual: z.boolean().default(false),
});

/** The form's rules: the server's, plus a start and at least one of in person and virtual. */
export const pairingMeetingsForm = pairingMeetingsInput.superRefine((value, ctx) => {
  if (value.startsAt === null)
    ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'validation.pairingMeetings.startRequired' });
  if (!value.inPerson && !value.virtual)
    ctx.addIssue({ code: 'custom', path: ['inPerson'], message: 'validation.pairingMeetings.mode' });
});
export type PairingMeetingsInput = z.input<typeof pairingMeetingsInput>;
export type PairingMeetingsValues = z.output<typeof pairingMeetingsInput>;

/** The hybrid type of the generated activities: both switches give 'hybrid'. */
export const meetingHybridType = (inPerson: boolean, virtual: boolean) =>
  inPerson && virtual ? 'hybrid' : virtual ? 'virtual' : 'inPerson';

/** What the form shows: the defaults (or the last generation's settings), the counts, and what a new one replaces. */
export const pairingMeetingsState = z.object({
  timeZone: z.string(),
  /** The form's values: the last generation's, or the defaults (start: the category's first activity, else the project's first day at 09:00). */
  settings: z.object({
    prefix: z.object({ fr: z.string(), en: z.string() }),
    startsAt: z.string(),
    durationMinutes: z.number().int(),
    intervalMinutes: z.number().int(),
    type: activityType,
    inPerson: z.boolean(),
    virtual: z.boolean(),
  }),
  /** Per generated round (from 0), the tables with people: the meetings a generation makes. */
  tablesPerRound: z.array(z.number().int()),
  /** The meetings generated earlier (0: none), their members, and those of them added by hand since. */
  existing: z.object({
    meetings: z.number().int(),
    members: z.number().int(),
    addedByHand: z.number().int(),
    createdAt: timestamp.nullable(),
  }),
  /** The seats were generated again since the meetings were: they no longer match. */
  outOfDate: z.boolean(),
});
export type PairingMeetingsState = z.input<typeof pairingMeetingsState>;
export type PairingMeetingsStateValues = z.output<typeof pairingMeetingsState>;

export const pairingMeetingsResult = z.object({
  created: z.number().int(),
  members: z.number().int(),
  /** Meetings of an earlier generation deleted. */
  replaced: z.number().int(),
  /** Video rooms queued at Whereby (virtual or hybrid with a key configured). */
  videoRooms: z.number().int(),
  /** « Tous les rdvs ont été créés avec succès! » in the reader's language. */
  message: z.string(),
});
export type PairingMeetingsResult = z.input<typeof pairingMeetingsResult>;

const tag = 'pairings';
const params = z.object({ projectId: uuidParam, pairingId: uuidParam });
const base = '/api/projects/:projectId/pairings/:pairingId';

export const getPairingMeetings = defineEndpoint({
  method: 'GET',
  path: `${base}/meetings`,
  access: 'user',
  tag,
  summary: 'M6 the meetings form: settings, meetings per round, the meetings a new generation replaces',
  params,
  response: pairingMeetingsState,
});

export const generatePairingMeetings = defineEndpoint({
  method: 'POST',
  path: `${base}/meetings`,
  access: 'user',
  tag,
  summary:
    'M6 generate the meetings (activities with members) from the seats, replacing earlier ones, in one go',
  params,
  body: pairingMeetingsInput,
  response: pairingMeetingsResult,
});

export const exportPairing = defineEndpoint({
  method: 'GET',
  path: `${base}/export.xlsx`,
  access: 'user',
  tag,
  summary: 'M6 the pairing as an Excel workbook: one sheet per round, one person a row',
  params,
  response: z.any().meta({ type: 'string', format: 'binary' }),
});
