import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, defineEndpoint, PAGE_SIZES, uuidParam } from './http';
import { SCORE_EXPORT_KINDS } from './list-sorts';
import { scoreStatus } from './question-answers';

/**
 * M5 the scores screen (« Questionnaire › Scores ») and X1 a pair's score broken down by question. Scores are the
 * questionnaire's (docs/matching/questionnaire.md): points Σ w_q · s_q out of a maximum Σ w_q; the screen shows them
 * as a percentage of that maximum (`percent`), the points beside.
 */

const text = z.object({ fr: z.string(), en: z.string() });

/** Who is on one side: a group (or everyone) and optionally one participant. */
export const scoreSelection = z.object({
  fromGroup: uuidParam.optional(),
  fromParticipant: uuidParam.optional(),
  toGroup: uuidParam.optional(),
  toParticipant: uuidParam.optional(),
});
export type ScoreSelection = z.input<typeof scoreSelection>;

const paging = z.object({
  /** A name, e-mail or organisation that one of the two people (or the person) contains. */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'validation.pageSize' })
    .default(DEFAULT_PAGE_SIZE),
});

export const scoreListQuery = scoreSelection.extend(paging.shape);
export type ScoreListQuery = z.input<typeof scoreListQuery>;

export { SCORE_EXPORT_KINDS };
export type ScoreExportKind = (typeof SCORE_EXPORT_KINDS)[number];
export const scoreExportQuery = scoreSelection.extend({
  kind: z.enum(SCORE_EXPORT_KINDS, { error: 'validation.scores.kind' }).default('pairs'),
  q: paging.shape.q,
});
export type ScoreExportQuery = z.input<typeof scoreExportQuery>;

export const scorePerson = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
});
export type ScorePerson = z.input<typeof scorePerson>;

/** Why nothing can be scored: no active question used for matching (or all of weight 0). */
export const scoreEmptyReason = z.enum(['noQuestions']).nullable();

export const pairRow = z.object({
  a: scorePerson,
  b: scorePerson,
  /** Points (Σ w_q · s_q), rounded to 0.01. */
  score: z.number(),
  /** score / maximum, in %, rounded to 0.1. */
  percent: z.number(),
});
export type PairRow = z.input<typeof pairRow>;

export const pairList = z.object({
  items: z.array(pairRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Σ weights: the highest score a pair can reach. */
  maximum: z.number(),
  empty: scoreEmptyReason,
});
export type PairList = z.input<typeof pairList>;

export const averageRow = z.object({
  person: scorePerson,
  /** How many people of « to » this person is scored against. */
  count: z.number().int(),
  /** Average points and %, null when nobody to compare with. */
  score: z.number().nullable(),
  percent: z.number().nullable(),
});
export type AverageRow = z.input<typeof averageRow>;

export const averageList = z.object({
  items: z.array(averageRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  maximum: z.number(),
  /** The average over every pair from × to (each pair once), null when there is none. */
  overall: z.object({ score: z.number(), percent: z.number(), pairs: z.number().int() }).nullable(),
  empty: scoreEmptyReason,
  /** Stored averages only: the status of the stored scores (the figures are given only when `ready`). */
  stored: scoreStatus.optional(),
  /** Stored averages only: people selected that the stored set does not hold (added since). */
  missing: z.number().int().optional(),
});
export type AverageList = z.input<typeof averageList>;

export const breakdownAnswer = z.object({
  labels: z.array(text),
  /** True when the person did not answer and the question's standard value stood in. */
  standard: z.boolean(),
});

export const breakdownLine = z.object({
  questionId: z.uuid(),
  title: text,
  weight: z.number(),
  reversed: z.boolean(),
  /** Linked question (« Ce que j’offre » ↔ « Ce que je cherche »): compared with the partner's linked answers. */
  linked: z.boolean(),
  a: breakdownAnswer,
  b: breakdownAnswer,
  /** False when either did not answer: the question counts 0. */
  answeredByBoth: z.boolean(),
  matched: z.boolean(),
  points: z.number(),
});
export type BreakdownLine = z.input<typeof breakdownLine>;

export const pairBreakdown = z.object({
  a: scorePerson,
  b: scorePerson,
  lines: z.array(breakdownLine),
  score: z.number(),
  maximum: z.number(),
  percent: z.number(),
});
export type PairBreakdown = z.input<typeof pairBreakdown>;

// ---------- endpoints ----------

const tag = 'scores';
const projectParams = z.object({ projectId: uuidParam });

export const listScorePairs = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/scores/view',
  access: 'user',
  tag,
  summary: 'M5 the pairs from × to with their score computed now, best first, paged',
  params: projectParams,
  query: scoreListQuery,
  response: pairList,
});

export const listScoreAverages = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/scores/averages',
  access: 'user',
  tag,
  summary: "M5 each « from » person's average score against « to », computed now, and the overall average",
  params: projectParams,
  query: scoreListQuery,
  response: averageList,
});

export const listStoredAverages = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/scores/stored-averages',
  access: 'user',
  tag,
  summary: 'M5 the same averages read from the stored scores, with their status and date',
  params: projectParams,
  query: scoreListQuery,
  response: averageList,
});

export const exportScoresCsv = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/scores/export.csv',
  access: 'user',
  tag,
  summary: 'M5 export what the screen shows (every page) as CSV (UTF-8, streamed download)',
  params: projectParams,
  query: scoreExportQuery,
  response: z.string(),
});

export const exportScoresXlsx = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/scores/export.xlsx',
  access: 'user',
  tag,
  summary: 'M5 export what the screen shows (every page) as an Excel workbook; refused above 1,048,575 rows',
  params: projectParams,
  query: scoreExportQuery,
  response: z.string().meta({ format: 'binary' }),
});

export const getPairBreakdown = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/scores/breakdown',
  access: 'user',
  tag,
  summary: "X1 a pair's score computed now, question by question (weights, answers, contributions)",
  params: projectParams,
  // Optional in the schema so that the project is looked up first; a missing one is then a field error.
  query: z.object({ a: uuidParam.optional(), b: uuidParam.optional() }),
  response: pairBreakdown,
});
