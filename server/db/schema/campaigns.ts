import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CampaignCriterion } from '../../../contracts/campaigns';
import { activities } from './activities';
import { createdAt, id, ownedByProject, updatedAt } from './columns';
import { groups } from './groups';
import { participants } from './participants';

/**
 * E-mail campaigns (C1–C5), message templates (C3), automatic notifications (J5) and CASL unsubscriptions.
 * Subjects and bodies are kept per language (`_fr`/`_en`); bodies are sanitised HTML holding merge-tag spans
 * (contracts/merge-tags.ts), rendered per recipient when the campaign is sent. See docs/campaigns/.
 */

/** C3: a reusable subject and body, in both languages, imported into a message being written. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: id(),
    ...ownedByProject(),
    name: text('name').notNull(),
    subjectFr: text('subject_fr').notNull().default(''),
    subjectEn: text('subject_en').notNull().default(''),
    bodyFr: text('body_fr').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('mail_templates_project_idx').on(t.projectId, t.name)],
);

/** Who a campaign goes to (C1): chosen when it is written, resolved into `campaign_recipients` when it is sent. */
export interface CampaignAudience {
  /** Members of this activity, or (with `notSubscribed`) the participants who are not its members. */
  activityId: string | null;
  notSubscribed: boolean;
  /** Members of this group, or (with `groupInverse`) everyone except them. */
  groupId: string | null;
  groupInverse: boolean;
  /** The preset's criteria (message types other than 0), by id. */
  criteria: CampaignCriterion[];
  /** C1's buyers page: only buyers (of `paymentId` when set). Absent (read as false) on campaigns written before. */
  buyers: boolean;
  paymentId: string | null;
}

/**
 * C1/C2: one campaign, i.e. one batch of the e-mail log (C5). `draft` → (`planned` →) `sending` → `sent`;
 * a planned one can be `cancelled`, a sending one too (what is not yet queued is not sent).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    ...ownedByProject(),
    /** 0 custom, else a preset (contracts/campaigns.ts). */
    messageType: integer('message_type').notNull().default(0),
    subjectFr: text('subject_fr').notNull().default(''),
    subjectEn: text('subject_en').notNull().default(''),
    bodyFr: text('body_fr').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    audience: jsonb('audience').$type<CampaignAudience>().notNull(),
    /** Needed for what they registered for: goes to unsubscribed people too (CASL allows it). */
    transactional: boolean('transactional').notNull().default(false),
    status: text('status').notNull().default('sending'),
    /** C2: when a planned campaign leaves (an instant; entered in the project's zone). */
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    /** How many recipients have their message in the outbox (the progress of the send job). */
    queuedCount: integer('queued_count').notNull().default(0),
    createdBy: uuid('created_by'),
    /** A1: the creator's name, copied when that user is deleted. */
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Heartbeat of the send job: a `sending` campaign without one for a while is taken up again. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  },
  (t) => [
    index('campaigns_project_idx').on(t.projectId, t.createdAt),
    index('campaigns_planned_idx').on(t.plannedAt).where(sql`status = 'planned'`),
  ],
);

/**
 * The recipients of a campaign, fixed when its sending starts (so a restart sends to the same people), each with the
 * outbox message made for them once it is queued.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** The outbox message, once queued; null while waiting, or when skipped (`skipped` says why). */
    mailMessageId: uuid('mail_message_id'),
    /** `unsubscribed` or `noEmail` when no message was made for them. */
    skipped: text('skipped'),
  },
  (t) => [
    uniqueIndex('campaign_recipients_key').on(t.campaignId, t.participantId),
    index('campaign_recipients_waiting_idx')
      .on(t.campaignId)
      .where(sql`mail_message_id is null and skipped is null`),
  ],
);

/** J5: a message queued when a participant goes into or out of an activity or a group. */
export const mailNotifications = pgTable(
  'mail_notifications',
  {
    id: id(),
    ...ownedByProject(),
    /** `activity` or `group`: what the participant goes into or out of. */
    trigger: text('trigger').notNull(),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** `in` (added) or `out` (removed). */
    direction: text('direction').notNull(),
    subjectFr: text('subject_fr').notNull().default(''),
    subjectEn: text('subject_en').notNull().default(''),
    bodyFr: text('body_fr').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mail_notifications_activity_idx').on(t.activityId),
    index('mail_notifications_group_idx').on(t.groupId),
    index('mail_notifications_project_idx').on(t.projectId),
  ],
);

/**
 * CASL: each participant's unsubscribe address (a random token, made with their first campaign message) and, once
 * used, when they unsubscribed. An unsubscribed participant gets no further campaign unless it is transactional.
 */
export const mailSubscriptions = pgTable(
  'mail_subscriptions',
  {
    participantId: uuid('participant_id')
      .primaryKey()
      .references(() => participants.id, { onDelete: 'cascade' }),
    ...ownedByProject(),
    token: text('token').notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_subscriptions_token_key').on(t.token),
    index('mail_subscriptions_unsubscribed_idx')
      .on(t.projectId, t.unsubscribedAt)
      .where(sql`unsubscribed_at is not null`),
  ],
);
