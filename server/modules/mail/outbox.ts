import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type MailAttachment, mailMessages } from '../../db/schema';
import type { Deps } from '../../deps';
import { keepQueuedMail } from './repository';

/**
 * A file sent with a message. By default it is inline (`cid`, referenced by the HTML as `<img src="cid:…">`);
 * `disposition: 'attachment'` sends it as a file to open or save (a bill's PDF), its `cid` unused. Stored in the
 * `attachments` jsonb as it is: the extra key needs no migration.
 */
export type OutboxAttachment = MailAttachment & { disposition?: 'inline' | 'attachment' };

/** One e-mail to write to the outbox; the delivery job (./jobs.ts) sends it through SMTP, or keeps it in the app. */
export interface OutgoingMail {
  companyId: string | null;
  projectId: string | null;
  /** What the message is about, e.g. `inscription`; shown in the outbox. */
  kind: string;
  /** A message with a key already used is not queued again (e.g. `inscription:<participantId>`). */
  dedupeKey?: string;
  to: { email: string; name?: string };
  language: 'fr' | 'en';
  subject: string;
  html: string;
  text: string;
  /** The participant the message was written for (campaigns, notifications). */
  participantId?: string | null;
  /** The campaign (C5 batch) it belongs to. */
  campaignId?: string | null;
  /** Extra headers, e.g. CASL's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | null;
  /** Files sent inside the message, e.g. the inline QR code (`<img src="cid:…">`, C4), or attached (a bill). */
  attachments?: OutboxAttachment[] | null;
}

/** The outbox row of a message (shared by `queueMail` and bulk writers). */
export function outboxRow(message: OutgoingMail) {
  return {
    companyId: message.companyId,
    projectId: message.projectId,
    kind: message.kind,
    dedupeKey: message.dedupeKey ?? null,
    toEmail: message.to.email,
    toName: message.to.name ?? null,
    language: message.language,
    subject: message.subject,
    html: message.html,
    text: message.text,
    participantId: message.participantId ?? null,
    campaignId: message.campaignId ?? null,
    headers: message.headers && Object.keys(message.headers).length > 0 ? message.headers : null,
    attachments: message.attachments?.length ? message.attachments : null,
    status: 'queued',
  };
}

/**
 * Writes a message to the outbox, in the caller's transaction: it leaves only if the caller commits. With a
 * `dedupeKey` already used nothing is written and `queued` is false (the id is then the existing message's).
 * After the commit, call `deliverSoon(deps)` so the message leaves at once rather than at the next minute.
 */
export async function queueMail(
  db: Executor,
  message: OutgoingMail,
): Promise<{ id: string; queued: boolean }> {
  const [row] = await db
    .insert(mailMessages)
    .values(outboxRow(message))
    .onConflictDoNothing({ target: mailMessages.dedupeKey })
    .returning({ id: mailMessages.id });
  if (row) return { id: row.id, queued: true };
  const [existing] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(sql`${mailMessages.dedupeKey} = ${message.dedupeKey ?? null}`);
  return { id: existing?.id ?? '', queued: false };
}

/**
 * Asks for delivery right away, after the transaction that queued messages has committed. Without SMTP the queued
 * messages become `kept` at once (readable in the outbox); with SMTP the `mail.deliver` job sends them (and the
 * job's one-minute schedule picks up anything this call could not start, e.g. with JOBS=false).
 */
export async function deliverSoon(deps: Deps): Promise<void> {
  if (!deps.config.mail.smtp) {
    await keepQueuedMail(deps.db);
    return;
  }
  // A queue that cannot take the job now is no reason to fail the caller: the schedule sends the message.
  await deps.jobs.send('mail.deliver', {}).catch(() => null);
}

/**
 * Writes many messages to the outbox in one statement, in the caller's transaction. Messages whose `dedupeKey` is
 * already used are not written again; returns the id of each message written, with its dedupe key.
 */
export async function queueMailBatch(db: Executor, messages: OutgoingMail[]) {
  if (messages.length === 0) return [];
  return db
    .insert(mailMessages)
    .values(messages.map(outboxRow))
    .onConflictDoNothing({ target: mailMessages.dedupeKey })
    .returning({ id: mailMessages.id, dedupeKey: mailMessages.dedupeKey });
}
