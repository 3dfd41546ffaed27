/**
 * Issue 11, one-to-one B2B meetings: sessions (slots and tables on one day), the requests of who wants to meet whom
 * (with a weight), the pairs that may never meet, per-person caps, the meetings placed (by a generation or by hand;
 * also usable by the matching pairings: a meeting belongs to a session or to a pairing), and the generations run as
 * background jobs. See docs/matching/b2b-meetings.md.
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
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { activityCategories } from './activities';
import { createdAt, id, ownedByProject, updatedAt } from './columns';
import { participants } from './participants';

export const meetingSessions = pgTable(
  'meeting_sessions',
  {
    id: id(),
    ...ownedByProject(),
    name: text('name').notNull(),
    /** The first slot's start (entered as a local time of the project's zone). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    slotCount: integer('slot_count').notNull(),
    /** Tables per slot, unless a meeting category's tables (J7) are used (then its number of tables). */
    tablesPerSlot: integer('tables_per_slot'),
    tableCategoryId: uuid('table_category_id').references(() => activityCategories.id, {
      onDelete: 'set null',
    }),
    /** The most meetings a person gets, unless overridden for them (meeting_caps). */
    defaultCap: integer('default_cap').notNull(),
    /** 'inPerson' or 'virtual'. */
    mode: text('mode').notNull().default('inPerson'),
    /** Who takes part: everyone when both lists are empty, else the participants of these roles or groups. */
    roleIds: uuid('role_ids').array().notNull().default(sql`'{}'::uuid[]`),
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** An earlier session whose meetings count as already met (reject code 3). */
    metSessionId: uuid('met_session_id').references((): AnyPgColumn => meetingSessions.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meeting_sessions_project_idx').on(t.projectId, t.startsAt),
    check('meeting_sessions_mode_check', sql`${t.mode} in ('inPerson', 'virtual')`),
    check('meeting_sessions_slots_check', sql`${t.slotCount} between 1 and 200 and ${t.slotMinutes} > 0`),
  ],
);

/** A person's own cap in a session (instead of the session's default). */
export const meetingCaps = pgTable(
  'meeting_caps',
  {
    ...ownedByProject(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    cap: integer('cap').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.participantId] }),
    check('meeting_caps_cap_check', sql`${t.cap} >= 0`),
  ],
);

/** A request: the requester wants to meet the requested, with a weight of 1 to 5. */
export const meetingRequests = pgTable(
  'meeting_requests',
  {
    id: id(),
    ...ownedByProject(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    requestedId: uuid('requested_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    weight: integer('weight').notNull(),
    /** 'manual', 'import' or 'questionnaire'. */
    source: text('source').notNull().default('manual'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meeting_requests_pair_key').on(t.sessionId, t.requesterId, t.requestedId),
    index('meeting_requests_requested_idx').on(t.requestedId),
    check('meeting_requests_weight_check', sql`${t.weight} between 1 and 5`),
    check('meeting_requests_self_check', sql`${t.requesterId} <> ${t.requestedId}`),
    check('meeting_requests_source_check', sql`${t.source} in ('manual', 'import', 'questionnaire')`),
  ],
);

/** Two people who must never meet in this session (reject code 5); the pair is unordered. */
export const meetingBlockedPairs = pgTable(
  'meeting_blocked_pairs',
  {
    id: id(),
    ...ownedByProject(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    participantA: uuid('participant_a')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    participantB: uuid('participant_b')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('meeting_blocked_pairs_key').on(
      t.sessionId,
      sql`least(${t.participantA}, ${t.participantB})`,
      sql`greatest(${t.participantA}, ${t.participantB})`,
    ),
    check('meeting_blocked_pairs_self_check', sql`${t.participantA} <> ${t.participantB}`),
  ],
);

/**
 * A meeting of two people at a slot and a table: of a B2B session, or of a matching pairing (pairing_id, no foreign
 * key here: the pairings are another module's table). Times are kept as instants for the agendas and feeds.
 */
export const meetings = pgTable(
  'meetings',
  {
    id: id(),
    ...ownedByProject(),
    sessionId: uuid('session_id').references(() => meetingSessions.id, { onDelete: 'cascade' }),
    pairingId: uuid('pairing_id'),
    participantA: uuid('participant_a')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    participantB: uuid('participant_b')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** Slot index from 0, table number from 1. */
    slot: integer('slot').notNull(),
    tableNumber: integer('table_number').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** 'inPerson' or 'virtual'. */
    mode: text('mode').notNull().default('inPerson'),
    /** The weight of the requests it answers (0 when placed without a request). */
    weight: integer('weight').notNull().default(0),
    /** 'generated' or 'manual' (moved by hand). */
    origin: text('origin').notNull().default('generated'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meetings_session_idx').on(t.sessionId, t.slot, t.tableNumber),
    index('meetings_pairing_idx').on(t.pairingId),
    index('meetings_participant_a_idx').on(t.participantA),
    index('meetings_participant_b_idx').on(t.participantB),
    index('meetings_project_starts_idx').on(t.projectId, t.startsAt),
    check('meetings_owner_check', sql`${t.sessionId} is not null or ${t.pairingId} is not null`),
    check('meetings_mode_check', sql`${t.mode} in ('inPerson', 'virtual')`),
    check('meetings_self_check', sql`${t.participantA} <> ${t.participantB}`),
  ],
);

/**
 * A generation of a session's meetings, run by a pg-boss job: queued → running → done | failed | cancelled. Only one
 * queued or running per session (the partial unique index); a running row whose heartbeat stopped is re-queued.
 */
export const meetingGenerations = pgTable(
  'meeting_generations',
  {
    id: id(),
    ...ownedByProject(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => meetingSessions.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('queued'),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    bestWeight: real('best_weight'),
    bound: real('bound'),
    placed: integer('placed'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** How many times a job took it (1 at the first run; more after restarts). */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('meeting_generations_session_idx').on(t.sessionId, t.createdAt),
    uniqueIndex('meeting_generations_active_key')
      .on(t.sessionId)
      .where(sql`${t.status} in ('queued', 'running')`),
    check(
      'meeting_generations_status_check',
      sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
  ],
);
