/**
 * M1–M3: pairings. A pairing seats a project's participants at the tables of a meeting category (J7) round after
 * round; its match groups and rules say who is seated and who never meets; a generation (a pg-boss job) writes the
 * seats. See docs/matching/pairings.md.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { activities, activityCategories } from './activities';
import { activityTables } from './activity-tables';
import { createdAt, id, ownedByProject, updatedAt } from './columns';
import { participants } from './participants';
import { questionChoices, questions } from './questionnaire';

export const pairings = pgTable(
  'pairings',
  {
    id: id(),
    ...ownedByProject(),
    name: text('name').notNull(),
    /** The meeting category whose tables are the seats (its pairings go with it, as its tables do). */
    categoryId: uuid('category_id')
      .notNull()
      .references(() => activityCategories.id, { onDelete: 'cascade' }),
    rounds: integer('rounds').notNull().default(1),
    /** similar | diverse | none (implied by the algorithm except for 7: contracts/pairings.ts). */
    objective: text('objective').notNull().default('none'),
    /** The legacy algorithm value: −3…−1 number-of-choices modes, 1 rotation, 2 similar, 3 diverse, 7 by question. */
    algorithm: integer('algorithm').notNull().default(1),
    /** Number-of-choices modes: how many of a person's answers to the question count as their chosen themes. */
    choiceCount: integer('choice_count'),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'set null' }),
    /** « Déjà tenue »: its seats count as met pairs for the project's other pairings. */
    held: boolean('held').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pairings_project_idx').on(t.projectId, t.createdAt),
    check('pairings_objective_check', sql`${t.objective} in ('similar', 'diverse', 'none')`),
    check('pairings_algorithm_check', sql`${t.algorithm} in (-3, -2, -1, 1, 2, 3, 7)`),
    check('pairings_rounds_check', sql`${t.rounds} between 1 and 100`),
  ],
);

/** The question's choices ticked for a pairing (every choice in the number-of-choices modes). */
export const pairingChoices = pgTable(
  'pairing_choices',
  {
    pairingId: uuid('pairing_id')
      .notNull()
      .references(() => pairings.id, { onDelete: 'cascade' }),
    choiceId: uuid('choice_id')
      .notNull()
      .references(() => questionChoices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pairingId, t.choiceId] })],
);

/** M2: a match group of a pairing; its members are seated (with the other groups'); VIP members are VIPs. */
export const matchGroups = pgTable(
  'match_groups',
  {
    id: id(),
    ...ownedByProject(),
    pairingId: uuid('pairing_id')
      .notNull()
      .references(() => pairings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vip: boolean('vip').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('match_groups_pairing_idx').on(t.pairingId, t.createdAt)],
);

export const matchGroupMembers = pgTable(
  'match_group_members',
  {
    ...ownedByProject(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => matchGroups.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.participantId] }),
    index('match_group_members_participant_idx').on(t.participantId),
  ],
);

/** M2: group A meets / never meets group B. `never` rules become the instance's blocked pairs. */
export const pairingRules = pgTable(
  'pairing_rules',
  {
    id: id(),
    ...ownedByProject(),
    pairingId: uuid('pairing_id')
      .notNull()
      .references(() => pairings.id, { onDelete: 'cascade' }),
    groupAId: uuid('group_a_id')
      .notNull()
      .references(() => matchGroups.id, { onDelete: 'cascade' }),
    groupBId: uuid('group_b_id')
      .notNull()
      .references(() => matchGroups.id, { onDelete: 'cascade' }),
    /** meets | never */
    kind: text('kind').notNull(),
    /** The spec's UseForPlanned: the rule also applies to planned (one-to-one) meetings. */
    useForPlanned: boolean('use_for_planned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('pairing_rules_pairing_idx').on(t.pairingId, t.createdAt),
    check('pairing_rules_kind_check', sql`${t.kind} in ('meets', 'never')`),
  ],
);

/**
 * M3: one run of the solver for a pairing. At most one queued or running per pairing (the partial unique index:
 * two requests at once cannot both start one). `run_id` is the pg-boss job's id: a job works only for its own run.
 */
export const pairingGenerations = pgTable(
  'pairing_generations',
  {
    id: id(),
    ...ownedByProject(),
    pairingId: uuid('pairing_id')
      .notNull()
      .references(() => pairings.id, { onDelete: 'cascade' }),
    /** queued | running | done | failed | cancelled */
    status: text('status').notNull().default('queued'),
    runId: uuid('run_id').notNull(),
    seed: integer('seed').notNull(),
    /** 0–100 */
    progress: integer('progress').notNull().default(0),
    /**
     * Live adjustment (« Reprendre les tours restants »): the first round re-seated; the earlier rounds' seats are
     * kept as they are and the absent (pairing_absences) left out. Null: the whole pairing.
     */
    fromRound: integer('from_round'),
    /** The best objective so far (the solver's onProgress). */
    best: doublePrecision('best'),
    /** The result's stats (TablesResult.stats) once done. */
    stats: jsonb('stats').$type<Record<string, unknown>>(),
    /** A failure's locale key (errors.pairings.*) or the solver's message. */
    error: text('error'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('pairing_generations_pairing_idx').on(t.pairingId, t.createdAt),
    uniqueIndex('pairing_generations_active_key')
      .on(t.pairingId)
      .where(sql`${t.status} in ('queued', 'running')`),
    check(
      'pairing_generations_status_check',
      sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
  ],
);

/** M3: the generated seats (the spec's PairingID, RoundIDX, TableIDX, EntityID); replaced whole by a generation. */
export const pairingSeats = pgTable(
  'pairing_seats',
  {
    ...ownedByProject(),
    pairingId: uuid('pairing_id')
      .notNull()
      .references(() => pairings.id, { onDelete: 'cascade' }),
    /** From 0. */
    round: integer('round').notNull(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => activityTables.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.pairingId, t.round, t.participantId] }),
    index('pairing_seats_table_idx').on(t.tableId),
  ],
);

/**
 * M6: the meetings generated from a pairing's seats (docs/matching/pairing-meetings.md): the settings of the last
 * generation and the seat generation they were built from (another done generation since: out of date). One row per
 * pairing, replaced with the meetings.
 */
export const pairingMeetingSets = pgTable('pairing_meeting_sets', {
  pairingId: uuid('pairing_id')
    .primaryKey()
    .references(() => pairings.id, { onDelete: 'cascade' }),
  ...ownedByProject(),
  prefixFr: text('prefix_fr').notNull(),
  prefixEn: text('prefix_en').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  intervalMinutes: integer('interval_minutes').notNull(),
  /** contracts/activities.ts ACTIVITY_TYPES. */
  type: text('type').notNull(),
  inPerson: boolean('in_person').notNull(),
  virtual: boolean('virtual').notNull(),
  /** The done generation whose seats the meetings seat (null: seats written without one). */
  seatsGenerationId: uuid('seats_generation_id').references(() => pairingGenerations.id, {
    onDelete: 'set null',
  }),
  /** The generation's transaction time: members added later (by hand) have a later created_at. */
  createdAt: createdAt(),
});

/** M6: each generated meeting (an activity) and the round and table it is for. The activity's deletion removes it. */
export const pairingMeetings = pgTable(
  'pairing_meetings',
  {
    ...ownedByProject(),
    pairingId: uuid('pairing_id')
      .notNull()
      .references(() => pairings.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    /** From 0. */
    round: integer('round').notNull(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => activityTables.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.activityId] }),
    uniqueIndex('pairing_meetings_round_table_key').on(t.pairingId, t.round, t.tableId),
  ],
);
