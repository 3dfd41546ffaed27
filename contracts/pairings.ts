import { z } from 'zod';
import { defineEndpoint, listQuery, listResponse, ok, requiredText, timestamp, uuidParam } from './http';

/**
 * M1 and M3: pairings (a project's participants seated at the tables of a meeting category, round after round), the
 * legacy algorithm selector, and the generation job with its seats. See docs/matching/pairings.md.
 */

export const PAIRING_NAME_MAX = 150;
export const PAIRING_ROUNDS_MAX = 100;
export const CHOICE_COUNT_MAX = 50;

/**
 * The legacy algorithm values (001 §2, §9). Below 0: number-of-choices modes (every choice of the question is a
 * table theme; a person's first N answers are their chosen themes); 1–3: rotation, similar, diverse over the
 * questionnaire's scores; 7: by the question's answers (one table theme per ticked choice).
 */
export const ALGORITHMS = [-1, -2, -3, 1, 2, 3, 7] as const;
export type Algorithm = (typeof ALGORITHMS)[number];
export const OBJECTIVES = ['similar', 'diverse', 'none'] as const;
export type Objective = (typeof OBJECTIVES)[number];

/** The objective an algorithm implies; 7 leaves it to the organiser (null). */
export function impliedObjective(algorithm: number): Objective | null {
  if (algorithm === 7) return null;
  const mode = Math.abs(algorithm);
  return mode === 2 ? 'similar' : mode === 3 ? 'diverse' : 'none';
}

/** 001 §2: below 0 the form asks for a number of choices, hides the choice list and ticks every choice. */
export const choiceCountMode = (algorithm: number) => algorithm < 0;
/** The question is required by 7 and by the number-of-choices modes; optional (it narrows the scores) otherwise. */
export const needsQuestion = (algorithm: number) => algorithm < 0 || algorithm === 7;
/** 001 §2: the generate button and progress bar show unless the value is 7; for 7 once a question is set. */
export const canGenerate = (algorithm: number, questionId: string | null | undefined) =>
  algorithm !== 7 || !!questionId;

/** Rounds in which nobody meets anyone twice, at most: ⌊(n−1)/(s−1)⌋ (null when it does not apply). */
export function roundBound(people: number, seats: number): number | null {
  if (people < 2 || seats < 2) return null;
  return Math.floor((people - 1) / (seats - 1));
}

const id = z.uuid({ error: 'validation.id' });

export const pairingInput = z
  .object({
    name: requiredText(PAIRING_NAME_MAX),
    categoryId: id,
    rounds: z
      .number({ error: 'validation.pairings.rounds' })
      .int({ error: 'validation.pairings.rounds' })
      .min(1, { error: 'validation.pairings.rounds' })
      .max(PAIRING_ROUNDS_MAX, { error: 'validation.pairings.rounds' }),
    algorithm: z
      .number({ error: 'validation.pairings.algorithm' })
      .refine((v) => (ALGORITHMS as readonly number[]).includes(v), {
        error: 'validation.pairings.algorithm',
      }),
    objective: z.enum(OBJECTIVES, { error: 'validation.pairings.objective' }).default('none'),
    choiceCount: z
      .number({ error: 'validation.pairings.choiceCount' })
      .int({ error: 'validation.pairings.choiceCount' })
      .min(1, { error: 'validation.pairings.choiceCount' })
      .max(CHOICE_COUNT_MAX, { error: 'validation.pairings.choiceCount' })
      .nullable()
      .default(null),
    questionId: id.nullable().default(null),
    /** Ignored in the number-of-choices modes (every choice is ticked). */
    choiceIds: z.array(id).max(500).default([]),
    held: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (needsQuestion(v.algorithm) && !v.questionId)
      ctx.addIssue({ code: 'custom', path: ['questionId'], message: 'validation.pairings.questionRequired' });
    if (choiceCountMode(v.algorithm) && v.choiceCount === null)
      ctx.addIssue({ code: 'custom', path: ['choiceCount'], message: 'validation.pairings.choiceCount' });
  });
export type PairingInput = z.input<typeof pairingInput>;

const localizedName = z.object({ fr: z.string(), en: z.string() });

export const GENERATION_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const generation = z.object({
  id: z.uuid(),
  status: z.enum(GENERATION_STATUSES),
  /** 0–100 */
  progress: z.number().int(),
  best: z.number().nullable(),
  /** A failure in the reader's language. */
  error: z.string().nullable(),
  createdAt: timestamp,
  finishedAt: timestamp.nullable(),
  /** Live adjustment: the first round re-seated (the earlier ones kept); null for a whole generation. */
  fromRound: z.number().int().nullable(),
});
export type Generation = z.input<typeof generation>;

export const pairingListItem = z.object({
  id: z.uuid(),
  name: z.string(),
  category: z.object({ id: z.uuid(), name: localizedName }),
  rounds: z.number().int(),
  algorithm: z.number().int(),
  objective: z.enum(OBJECTIVES),
  held: z.boolean(),
  /** The latest generation's status, or null when never generated. */
  generationStatus: z.enum(GENERATION_STATUSES).nullable(),
});
export type PairingListItem = z.input<typeof pairingListItem>;

export const pairing = pairingListItem.extend({
  choiceCount: z.number().int().nullable(),
  questionId: z.uuid().nullable(),
  choiceIds: z.array(z.uuid()),
  /** Who would be seated now, the largest table's seats and the bound ⌊(n−1)/(s−1)⌋ (null when it does not apply). */
  people: z.number().int(),
  seats: z.number().int(),
  roundBound: z.number().int().nullable(),
  generation: generation.nullable(),
});
export type Pairing = z.input<typeof pairing>;

/** What the pairing form chooses from: the meeting categories (with their tables) and the questions. */
export const pairingOptions = z.object({
  categories: z.array(
    z.object({
      id: z.uuid(),
      name: localizedName,
      tables: z.number().int(),
      vipTables: z.number().int(),
      seats: z.number().int(),
    }),
  ),
  questions: z.array(
    z.object({
      id: z.uuid(),
      title: localizedName,
      choices: z.array(z.object({ id: z.uuid(), label: localizedName })),
    }),
  ),
  activities: z.array(z.object({ id: z.uuid(), title: localizedName, members: z.number().int() })),
  /** The project's participants (who a pairing without groups seats). */
  participants: z.number().int(),
});
export type PairingOptions = z.input<typeof pairingOptions>;

const person = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** The person's organisation (the seats screen's « entreprise »). */
  company: z.string().nullable(),
});
/** One table of one round: the table (number, VIP, seats) and the people seated there. */
export const seatTable = z.object({
  table: z.object({
    id: z.uuid(),
    number: z.number().int(),
    name: z.string().nullable(),
    vip: z.boolean(),
    seats: z.number().int(),
  }),
  people: z.array(person),
});
export type SeatTable = z.input<typeof seatTable>;
export const pairingSeatsQuery = z.object({
  /** One round only (from 0), as the seats screen shows it; every generated round when left out. */
  round: z.coerce
    .number({ error: 'validation.pairingSeats.round' })
    .int({ error: 'validation.pairingSeats.round' })
    .min(0, { error: 'validation.pairingSeats.round' })
    .max(PAIRING_ROUNDS_MAX - 1, { error: 'validation.pairingSeats.round' })
    .optional(),
});
export type PairingSeatsQuery = z.input<typeof pairingSeatsQuery>;
export const pairingSeats = z.object({
  /**
   * Each generated round (or only the one asked with `?round=`) with every table of the category (empty ones too,
   * so that people can be moved there).
   */
  rounds: z.array(z.object({ round: z.number().int(), tables: z.array(seatTable) })),
  /** Every generated round (from 0), whichever `rounds` lists: the seats screen's round selector. */
  roundNumbers: z.array(z.number().int()),
  /** Live adjustment: the people marked absent, from which round (from 0). */
  absences: z.array(z.object({ participantId: z.uuid(), fromRound: z.number().int() })),
  stats: z
    .object({
      repeats: z.number(),
      blockedTogether: z.number(),
      vipMisplaced: z.number(),
      score: z.number(),
      chosenTablesMet: z.number(),
      /** « rencontre » pairs who never shared a table (0 for results stored before they were counted). */
      togetherUnmet: z.number(),
      seconds: z.number(),
    })
    .nullable(),
});
export type PairingSeats = z.input<typeof pairingSeats>;

export const pairingSortable = ['name', 'createdAt'] as const;
export const pairingListQuery = listQuery(pairingSortable);
export type PairingListQuery = z.input<typeof pairingListQuery>;

// ---------- endpoints ----------

const tag = 'pairings';
const projectParams = z.object({ projectId: uuidParam });
export const pairingParams = projectParams.extend({ pairingId: uuidParam });
const base = '/api/projects/:projectId/pairings';

export const listPairings = defineEndpoint({
  method: 'GET',
  path: base,
  access: 'user',
  tag,
  summary: 'M1 the project’s pairings, searched by name and paged',
  params: projectParams,
  query: pairingListQuery,
  response: listResponse(pairingListItem),
});

export const getPairingOptions = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/pairing-options',
  access: 'user',
  tag,
  summary:
    'M1 the meeting categories, questions (with choices) and activities the pairing screens choose from',
  params: projectParams,
  response: pairingOptions,
});

export const getPairing = defineEndpoint({
  method: 'GET',
  path: `${base}/:pairingId`,
  access: 'user',
  tag,
  summary: 'M1 one pairing, with its ticked choices, the round bound and its latest generation',
  params: pairingParams,
  response: pairing,
});

export const createPairing = defineEndpoint({
  method: 'POST',
  path: base,
  access: 'user',
  tag,
  summary: 'M1 add a pairing (the algorithm selector’s rules checked: 7 and below 0 need a question…)',
  params: projectParams,
  body: pairingInput,
  response: pairing,
});

export const updatePairing = defineEndpoint({
  method: 'PUT',
  path: `${base}/:pairingId`,
  access: 'user',
  tag,
  summary: 'M1 edit a pairing',
  params: pairingParams,
  body: pairingInput,
  response: pairing,
});

export const deletePairing = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:pairingId`,
  access: 'user',
  tag,
  summary: 'M1 delete a pairing with its groups, rules and seats (refused while a generation runs)',
  params: pairingParams,
  response: ok,
});

export const updatePairingChoices = defineEndpoint({
  method: 'PUT',
  path: `${base}/:pairingId/choices`,
  access: 'user',
  tag,
  summary: 'M1 the legacy /match/updatechoices: the question’s ticked choices',
  params: pairingParams,
  body: z.object({ choiceIds: z.array(id).max(500) }),
  response: pairing,
});

export const startGeneration = defineEndpoint({
  method: 'POST',
  path: `${base}/:pairingId/generation`,
  access: 'user',
  tag,
  summary: 'M3 queue a generation (409 while one is queued or running)',
  params: pairingParams,
  response: generation,
});

export const cancelGeneration = defineEndpoint({
  method: 'POST',
  path: `${base}/:pairingId/generation/cancel`,
  access: 'user',
  tag,
  summary: 'M3 cancel the running generation: it stops and keeps nothing',
  params: pairingParams,
  response: generation,
});

export const getPairingSeats = defineEndpoint({
  method: 'GET',
  path: `${base}/:pairingId/seats`,
  access: 'user',
  tag,
  summary:
    'M3 the generated rounds (every one, or one with `?round=`): round → table → people, and the stats of the generation that wrote them',
  params: pairingParams,
  query: pairingSeatsQuery,
  response: pairingSeats,
});
