import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { SmtpConfig } from '../../config';
import type { Deps } from '../../deps';
import * as repo from './repository';

/** After this many attempts a message is failed for good. */
export const MAX_ATTEMPTS = 5;
/**
 * A message `sending` for longer than this was being sent by a process that died (see docs/participants/mail.md):
 * ten times the transport's time limit (SMTP_TIMEOUT_SECONDS, 60 s by default), so 10 minutes by default.
 */
export const STALE_SENDING_MS = 10 * 60_000;
/** After the n-th failed attempt, the next one waits n minutes (1, 2, 3, 4). */
export const RETRY_DELAY_MS = 60_000;
/**
 * One message claimed at a time, just before it is sent: a batch claimed at once would age while a slow relay
 * works through it, and its last messages could pass STALE_SENDING_MS and be claimed again by another worker.
 */
const BATCH = 1;
/** What the organiser reads when a send was cut short by a restart. */
const INTERRUPTED =
  'Interrupted: the server stopped during the sending; sent again with the same Message-ID.';

/**
 * The transport's time limits keep every live attempt far below STALE_SENDING_MS, so a message found `sending`
 * after that long can only belong to a process that died.
 */
const timeouts = (smtp: SmtpConfig) => ({
  connectionTimeout: smtp.timeoutMs / 2,
  greetingTimeout: smtp.timeoutMs / 2,
  socketTimeout: smtp.timeoutMs,
});

/** One pooled transport per SMTP configuration, for the life of the process. */
const transports = new Map<string, Transporter<SMTPPool.SentMessageInfo>>();

function transportFor(smtp: SmtpConfig) {
  const key = JSON.stringify(smtp);
  let transport = transports.get(key);
  if (!transport) {
    transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 2,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
      ...timeouts(smtp),
    });
    transports.set(key, transport);
  }
  return transport;
}

/** Closes the pooled connections (tests, shutdown). */
export function closeMailTransports() {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

/** The Message-ID of a message: its row id, so that a message sent twice after a crash is recognisably the same. */
export const messageIdOf = (id: string, domain: string) => `<${id}@${domain}>`;

/** A 5xx answer of the SMTP server is final (no such mailbox, refused); anything else may pass later. */
function isPermanent(error: unknown) {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown) {
  if (error instanceof Error) return error.message;
  return String(error);
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Sends the outbox: takes queued messages (marked `sending` as they are taken), sends each through the pooled
 * SMTP transport, then marks it `sent` with its Message-ID; a failed attempt goes back to `queued` (tried again
 * at a later run, after a delay) or `failed` after MAX_ATTEMPTS or a permanent refusal. Each message is tried at
 * most once per run. Without SMTP, queued messages are `kept`.
 */
export async function deliverQueuedMail(deps: Deps): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const { smtp, from, domain } = deps.config.mail;
  if (!smtp) {
    await repo.keepQueuedMail(deps.db);
    return report;
  }
  const transport = transportFor(smtp);
  const tried: string[] = [];
  for (;;) {
    const rules = {
      now: deps.now(),
      staleSendingMs: deps.config.mail.staleSendingMs,
      retryDelayMs: RETRY_DELAY_MS,
      maxAttempts: MAX_ATTEMPTS,
      batch: BATCH,
      exclude: tried,
    };
    report.failed += await repo.failExhaustedStaleMessages(deps.db, rules, INTERRUPTED);
    const batch = await repo.claimMessages(deps.db, rules, INTERRUPTED);
    if (batch.length === 0) break;
    for (const message of batch) {
      tried.push(message.id);
      try {
        const info = await transport.sendMail({
          from,
          to: message.toName ? { name: message.toName, address: message.toEmail } : message.toEmail,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId: messageIdOf(message.id, domain),
          headers: { ...message.headers, 'Content-Language': message.language },
          attachments: message.attachments?.map((file) => ({
            cid: file.cid,
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
            encoding: 'base64',
          })),
        });
        await repo.markSent(
          deps.db,
          message.id,
          info.messageId || messageIdOf(message.id, domain),
          deps.now(),
        );
        report.sent += 1;
      } catch (error) {
        const bounced = isPermanent(error);
        const final = bounced || message.attempts >= MAX_ATTEMPTS;
        await repo.markAttemptFailed(
          deps.db,
          message.id,
          describe(error),
          bounced ? 'bounced' : final ? 'failed' : 'queued',
        );
        if (final) report.failed += 1;
        else report.retried += 1;
      }
    }
  }
  return report;
}
