import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companies } from './companies';
import { projects } from './projects';

/**
 * The outbox: every e-mail is written here in the transaction that decides to send it, then delivered once by the
 * background job (SMTP when configured; without SMTP the organiser reads it in the app). `dedupeKey` makes the
 * same message impossible to queue twice.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    language: text('language').notNull().default('fr'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** queued → sending → sent | failed (held in the app when no SMTP server is configured: `kept`). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_messages_dedupe_key').on(t.dedupeKey),
    index('mail_messages_status_idx').on(t.status, t.createdAt),
    index('mail_messages_project_idx').on(t.projectId, t.createdAt),
  ],
);
