/**
 * Q1–Q2: the questionnaire. A question has choices (grouped in categories, ordered), standard values, the groups and
 * roles it is asked to, who sees and edits its answers, an archive status, an optional linked question, and its
 * networking weight (Q2). Participants' answers are the choices they ticked. Scores between participants are
 * computed from these by a job and kept compactly in the file storage (`score_sets`).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, editVersion, id, ownedByProject, updatedAt } from './columns';
import { groups } from './groups';
import { participants } from './participants';
import { roles } from './roles';

export const questions = pgTable(
  'questions',
  {
    id: id(),
    ...ownedByProject(),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    /** Help shown under the question, per language (plain text). */
    helpFr: text('help_fr').notNull().default(''),
    helpEn: text('help_en').notNull().default(''),
    /** single: one choice; multiple: several (at most max_choices when set). */
    kind: text('kind').notNull().default('multiple'),
    maxChoices: integer('max_choices'),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    /** active | archived: an archived question is kept with its answers but asked no more and left out of scores. */
    status: text('status').notNull().default('active'),
    /** Permissions tab: who sees a participant's answer (organisers | participants) and whether they edit it. */
    visibility: text('visibility').notNull().default('participants'),
    participantCanEdit: boolean('participant_can_edit').notNull().default(true),
    /** Pairing tab: whether the question counts in the scores at all. */
    usedForMatching: boolean('used_for_matching').notNull().default(true),
    /** Q2: the networking weight (0–100) and the reversed flag (a shared answer then scores 0, none scores the weight). */
    weight: integer('weight').notNull().default(1),
    reversed: boolean('reversed').notNull().default(false),
    /**
     * A linked question (e.g. « Ce que j'offre » ↔ « Ce que je cherche »): its choices mirror the other's
     * (question_choices.linked_choice_id), and the score compares one person's answers to this question with the
     * other's answers to the linked one.
     */
    linkedQuestionId: uuid('linked_question_id').references((): AnyPgColumn => questions.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...editVersion(),
  },
  (t) => [
    index('questions_project_idx').on(t.projectId, t.position),
    check('questions_kind_check', sql`${t.kind} in ('single', 'multiple')`),
    check('questions_status_check', sql`${t.status} in ('active', 'archived')`),
    check('questions_visibility_check', sql`${t.visibility} in ('organisers', 'participants')`),
    check('questions_weight_check', sql`${t.weight} between 0 and 100`),
    check('questions_max_choices_check', sql`${t.maxChoices} is null or ${t.maxChoices} >= 1`),
  ],
);

export const questionChoiceCategories = pgTable(
  'question_choice_categories',
  {
    id: id(),
    ...ownedByProject(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    labelFr: text('label_fr').notNull(),
    labelEn: text('label_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('question_choice_categories_question_idx').on(t.questionId, t.position)],
);

export const questionChoices = pgTable(
  'question_choices',
  {
    id: id(),
    ...ownedByProject(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => questionChoiceCategories.id, { onDelete: 'set null' }),
    labelFr: text('label_fr').notNull(),
    labelEn: text('label_en').notNull(),
    /** The choice of the linked question this one mirrors (same meaning on the other side). */
    linkedChoiceId: uuid('linked_choice_id').references((): AnyPgColumn => questionChoices.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('question_choices_question_idx').on(t.questionId, t.position)],
);

/**
 * Standard values: a choice ticked by default for the participants of a role or a group (or everyone when both are
 * null) who have not answered the question themselves.
 */
export const questionStandardValues = pgTable(
  'question_standard_values',
  {
    id: id(),
    ...ownedByProject(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    choiceId: uuid('choice_id')
      .notNull()
      .references(() => questionChoices.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('question_standard_values_question_idx').on(t.questionId, t.position),
    check('question_standard_values_target_check', sql`${t.roleId} is null or ${t.groupId} is null`),
  ],
);

/** Groups and roles tabs: the question is asked to these (ordered); nobody listed means everyone. */
export const questionAudience = pgTable(
  'question_audience',
  {
    id: id(),
    ...ownedByProject(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('question_audience_key').on(t.questionId, sql`coalesce(${t.groupId}, ${t.roleId})`),
    check('question_audience_target_check', sql`(${t.groupId} is null) <> (${t.roleId} is null)`),
  ],
);

/** A participant's answer: one row per choice ticked. */
export const participantAnswers = pgTable(
  'participant_answers',
  {
    ...ownedByProject(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    choiceId: uuid('choice_id')
      .notNull()
      .references(() => questionChoices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.participantId, t.questionId, t.choiceId] }),
    index('participant_answers_project_question_idx').on(t.projectId, t.questionId),
    index('participant_answers_choice_idx').on(t.choiceId),
  ],
);

/**
 * Q2: one computation of every pair's score in a project (matching.md, quantised uint16 upper triangle), kept in the
 * file storage at `storage_key`; the newest `ready` row is the one read. `answers_revision` is the project's answers
 * revision it was computed from (a later change makes it stale and queues a new one).
 */
export const scoreSets = pgTable(
  'score_sets',
  {
    id: id(),
    ...ownedByProject(),
    /** queued | running | ready | failed | superseded */
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    answersRevision: integer('answers_revision').notNull().default(0),
    participantCount: integer('participant_count'),
    /** score = stored value / scale. */
    scale: text('scale'),
    storageKey: text('storage_key'),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** A running computation writes this every few seconds: one silent for long was lost (restart) and is queued again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('score_sets_project_idx').on(t.projectId, t.createdAt),
    check(
      'score_sets_status_check',
      sql`${t.status} in ('queued', 'running', 'ready', 'failed', 'superseded')`,
    ),
  ],
);
