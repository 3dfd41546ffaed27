import { z } from 'zod';
import { defineEndpoint, ok, uuidParam } from './http';
import { questionKind, questionWeight } from './questions';

/**
 * Q1 answers (the participant panel's « Questionnaire » section) and Q2 (networking weights, score status, a pair's
 * score, resetting the scores).
 */

const text = z.object({ fr: z.string(), en: z.string() });

/** A question asked to one participant, with its choices in order (categories' order first). */
export const askedQuestion = z.object({
  id: z.uuid(),
  title: text,
  help: text,
  kind: questionKind,
  maxChoices: z.number().int().nullable(),
  isMandatory: z.boolean(),
  /** Whether the reader may change the answer (the organiser always; the participant when the question allows it). */
  editable: z.boolean(),
  choices: z.array(z.object({ id: z.uuid(), label: text, category: text.nullable() })),
});
export type AskedQuestion = z.input<typeof askedQuestion>;

export const participantAnswers = z.object({
  questions: z.array(askedQuestion),
  /** Question id → the chosen choice ids. */
  answers: z.record(z.string(), z.array(z.uuid())),
});
export type ParticipantAnswers = z.input<typeof participantAnswers>;

export const answersInput = z.object({
  answers: z.record(
    z.uuid({ error: 'validation.id' }),
    z.array(z.uuid({ error: 'validation.id' })).max(1000),
  ),
});
export type AnswersInput = z.input<typeof answersInput>;

export const weightItem = z.object({
  id: z.uuid(),
  title: text,
  weight: z.number().int(),
  reversed: z.boolean(),
  linkedQuestionId: z.uuid().nullable(),
});
export type WeightItem = z.input<typeof weightItem>;

/**
 * The scores of a project: `ready` (computed from the current answers and weights), `computing` (with %), `stale`
 * (the answers or weights changed since and nothing is computing: rare, a failure), `none` (never computed).
 */
export const scoreStatus = z.object({
  status: z.enum(['none', 'ready', 'computing', 'stale']),
  progress: z.number().int(),
  participantCount: z.number().int().nullable(),
  computedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ScoreStatus = z.input<typeof scoreStatus>;

export const weightList = z.object({ items: z.array(weightItem), scores: scoreStatus });
export type WeightList = z.input<typeof weightList>;

export const weightsInput = z.object({
  items: z
    .array(
      z.object({ id: z.uuid({ error: 'validation.id' }), weight: questionWeight, reversed: z.boolean() }),
    )
    .max(1000),
});
export type WeightsInput = z.input<typeof weightsInput>;

export const pairScore = z.object({
  /** null when no ready scores hold both participants. */
  score: z.number().nullable(),
  /** The highest score a pair can reach with the weights it was computed with. */
  maximum: z.number().nullable(),
  scores: scoreStatus,
});

// ---------- endpoints ----------

const tag = 'questions';
const projectParams = z.object({ projectId: uuidParam });
const participantParams = projectParams.extend({ participantId: uuidParam });

export const getParticipantAnswers = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId/answers',
  access: 'user',
  tag,
  summary:
    "Q1 the active questions asked to a participant (their role and groups) and the participant's answers",
  params: participantParams,
  response: participantAnswers,
});

export const saveParticipantAnswers = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/participants/:participantId/answers',
  access: 'user',
  tag,
  summary:
    "Q1 save a participant's answers (the questions listed; an empty list clears one); max choices enforced",
  params: participantParams,
  body: answersInput,
  response: participantAnswers,
});

export const listWeights = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/question-weights',
  access: 'user',
  tag,
  summary:
    'Q2 the active questions used for matching with their weight and reversed flag, and the score status',
  params: projectParams,
  response: weightList,
});

export const saveWeights = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/question-weights',
  access: 'user',
  tag,
  summary: 'Q2 save the weights and reversed flags (one request); the scores are computed again',
  params: projectParams,
  body: weightsInput,
  response: weightList,
});

export const resetScores = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/scores/reset',
  access: 'user',
  tag,
  summary: 'Q2 throw the stored scores away and queue a fresh computation',
  params: projectParams,
  response: ok,
});

export const getPairScore = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/scores/pair',
  access: 'user',
  tag,
  summary: "Q2 two participants' score (from the newest ready scores) and the score status",
  params: projectParams,
  // Optional in the schema so that the project is looked up first; a missing one is then a field error.
  query: z.object({ a: uuidParam.optional(), b: uuidParam.optional() }),
  response: pairScore,
});
