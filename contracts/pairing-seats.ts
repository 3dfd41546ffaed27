import { z } from 'zod';
import { defineEndpoint } from './http';
import { generation, pairingParams, seatTable } from './pairings';

/**
 * M4 (the seats screen), X10 (the pre-flight) and the live adjustment of a pairing: move a participant to another
 * table of a round, a person's chosen tables and conflicts, absences and « Reprendre les tours restants ».
 * See docs/matching/seats.md.
 */

/** 001 §2 reject codes: 2 warning, 3 already met, 4 calendar, 5 blocked (« ne rencontre jamais »). */
export const REJECT_CODES = [2, 3, 4, 5] as const;
export type RejectCode = (typeof REJECT_CODES)[number];

const id = z.uuid({ error: 'validation.id' });
const round = z
  .number({ error: 'validation.pairingSeats.round' })
  .int({ error: 'validation.pairingSeats.round' })
  .min(0, { error: 'validation.pairingSeats.round' })
  .max(99, { error: 'validation.pairingSeats.round' });

export const seatMoveInput = z.object({ round, participantId: id, tableId: id });
export type SeatMoveInput = z.input<typeof seatMoveInput>;

/** The two tables a move changed (where the person was, where they are), as the seats screen shows them. */
export const seatMoveResult = z.object({ round: z.number().int(), tables: z.array(seatTable) });
export type SeatMoveResult = z.input<typeof seatMoveResult>;

export const seatPersonQuery = z.object({
  /** The round (from 0); the first when not given. */
  round: z.coerce
    .number({ error: 'validation.pairingSeats.round' })
    .int({ error: 'validation.pairingSeats.round' })
    .min(0, { error: 'validation.pairingSeats.round' })
    .max(99, { error: 'validation.pairingSeats.round' })
    .default(0),
});

export const seatPerson = z.object({
  participantId: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  role: z.string(),
  vip: z.boolean(),
  /** The table this person sits at in the round asked (null when not seated in it). */
  tableId: z.uuid().nullable(),
  /** The tables they chose: their J7 assignment in the category, and the tables of their answers' themes (7, < 0). */
  chosenTables: z.array(z.uuid()),
  /** The people at their table in this round (themselves included, for code 2) and why each is a conflict. */
  conflicts: z.array(
    z.object({ participantId: z.uuid(), code: z.union(REJECT_CODES.map((c) => z.literal(c))) }),
  ),
  /** From this round (from 0) on, absent; null when present. */
  absentFrom: z.number().int().nullable(),
});
export type SeatPerson = z.input<typeof seatPerson>;

export const preflightFinding = z.discriminatedUnion('code', [
  z.object({ code: z.literal('seatsShort'), people: z.number().int(), seats: z.number().int() }),
  z.object({
    code: z.literal('roundsBeyondBound'),
    rounds: z.number().int(),
    bound: z.number().int(),
    repeatsAtLeast: z.number().int(),
  }),
  z.object({ code: z.literal('vipSeatsShort'), vips: z.number().int(), vipSeats: z.number().int() }),
  /** « rencontre » pairs beyond what the rounds can seat together: at most `atMost` of them can meet. */
  z.object({ code: z.literal('togetherBeyondReach'), pairs: z.number().int(), atMost: z.number().int() }),
  /** More « rencontre » pairs than a generation takes (the generation refuses to start). */
  z.object({ code: z.literal('togetherTooMany'), pairs: z.number().int(), limit: z.number().int() }),
  z.object({
    code: z.literal('chosenTableOverbooked'),
    /** The table's number (J7). */
    table: z.number().int(),
    choosers: z.number().int(),
    places: z.number().int(),
  }),
]);
export type PreflightFinding = z.input<typeof preflightFinding>;

export const pairingPreflight = z.object({
  people: z.number().int(),
  tableSize: z.number().int(),
  roundsBound: z.number().int(),
  predictedMeetingsPerPerson: z.number().int(),
  findings: z.array(preflightFinding),
});
export type PairingPreflight = z.input<typeof pairingPreflight>;

export const absenceInput = z.object({ participantId: id, fromRound: round });
export type AbsenceInput = z.input<typeof absenceInput>;

export const resumeInput = z.object({
  fromRound: z
    .number({ error: 'validation.pairingSeats.fromRound' })
    .int({ error: 'validation.pairingSeats.fromRound' })
    .min(1, { error: 'validation.pairingSeats.fromRound' })
    .max(99, { error: 'validation.pairingSeats.fromRound' }),
});

// ---------- endpoints ----------

const tag = 'pairings';
const base = '/api/projects/:projectId/pairings/:pairingId';

export const moveSeat = defineEndpoint({
  method: 'POST',
  path: `${base}/seats/move`,
  access: 'user',
  tag,
  summary: 'M4 move a participant to another table of the same round (409 when the table is full)',
  params: pairingParams,
  body: seatMoveInput,
  response: seatMoveResult,
});

export const getSeatPerson = defineEndpoint({
  method: 'GET',
  path: `${base}/seats/person/:participantId`,
  access: 'user',
  tag,
  summary:
    'M4 a seated person: who they are, the tables they chose, the conflicts at their table by reject code',
  params: pairingParams.extend({ participantId: z.uuid({ error: 'validation.id' }) }),
  query: seatPersonQuery,
  response: seatPerson,
});

export const getPairingPreflight = defineEndpoint({
  method: 'GET',
  path: `${base}/preflight`,
  access: 'user',
  tag,
  summary: 'X10 before generating: what each person can expect and the settings that cannot work',
  params: pairingParams,
  response: pairingPreflight,
});

export const markAbsent = defineEndpoint({
  method: 'POST',
  path: `${base}/seats/absences`,
  access: 'user',
  tag,
  summary:
    'Live adjustment: a participant absent from a round on (seated nowhere once the rounds are resumed)',
  params: pairingParams,
  body: absenceInput,
  response: z.object({ participantId: z.uuid(), fromRound: z.number().int() }),
});

export const clearAbsence = defineEndpoint({
  method: 'DELETE',
  path: `${base}/seats/absences/:participantId`,
  access: 'user',
  tag,
  summary: 'Live adjustment: the participant is present again',
  params: pairingParams.extend({ participantId: z.uuid({ error: 'validation.id' }) }),
  response: z.object({ ok: z.literal(true) }),
});

export const resumeRounds = defineEndpoint({
  method: 'POST',
  path: `${base}/generation/resume`,
  access: 'user',
  tag,
  summary:
    'Live adjustment: re-seat the rounds from `fromRound` on, keeping every earlier seat and leaving the absent out',
  params: pairingParams,
  body: resumeInput,
  response: generation,
});
