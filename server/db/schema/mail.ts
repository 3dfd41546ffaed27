import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { createdAt, id } from './columns';
import { companies } from './companies';
import { participants } from './participants';
import { projects } from './projects';

/** A file sent inside a message, e.g. the QR code shown inline (`<img src="cid:…">`, C4). */
export interface MailAttachment {
  cid: string;
  filename: string;
  contentType: string;
  /** The bytes, in base64. */
  content: string;
}

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
    /** The campaign (C5 batch) this message belongs to, if any. */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The participant it was written for, if any (campaigns, notifications). */
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    /** Extra headers, e.g. CASL's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_messages_dedupe_key').on(t.dedupeKey),
    index('mail_messages_status_idx').on(t.status, t.createdAt),
    index('mail_messages_project_idx').on(t.projectId, t.createdAt),
    index('mail_messages_campaign_idx').on(t.campaignId, t.status),
  ],
);
