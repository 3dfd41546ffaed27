import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { SmtpConfig } from '../../config';
import type { Deps } from '../../deps';
import type { OutboxAttachment } from './outbox';
import { claimWithinRate } from './rate-limit';
import * as repo from './repository';
import { hideSecretLinks, SECRET_LINK_KINDS } from './secret-links';

/** After this many attempts a message is failed for good. */
export const MAX_ATTEMPTS = 5;
/** A message `sending` for longer than this was being sent by a process that died (see docs/participants/mail.md). */
export const STALE_SENDING_MS = 10 * 60_000;
/** After the n-th failed attempt, the next one waits n minutes (1, 2, 3, 4). */
export const RETRY_DELAY_MS = 60_000;
/**
 * Messages claimed by one statement, then sent side by side over the pool's connections (one lane per connection,
 * each taking the batch's next message when its last one is done), each marked `sent` as soon as it is accepted.
 * A batch claimed at once could age while a slow relay works through it, and its last messages pass
 * STALE_SENDING_MS and be claimed again by another worker; what bounds it is SLOW_BATCH_MS below, not the size.
 */
const BATCH = 50;
/**
 * The bound of a batch. Its rows are stamped (`sent_at`) when claimed. Once the stamp is older than this, a lane
 * stamps again the batch's messages not yet started, then starts the next one. So a live worker's message is
 * started at most SLOW_BATCH_MS after its stamp, its attempt is bounded by the transport's time limits
 * (SMTP_TIMEOUT_SECONDS), and once accepted it is marked `sent` at once: its stamp never gets older than
 * SLOW_BATCH_MS + one attempt, far below the stale delay (ten times the time limit, 10 min by default), so no other
 * worker takes it. A batch to a healthy relay takes well under a second.
 */
const SLOW_BATCH_MS = 60_000;
/** SLOW_BATCH_MS, or less when SMTP_TIMEOUT_SECONDS shortens the stale delay: a tenth of it, like the default. */
const slowBatchMs = (deps: Deps) => Math.min(SLOW_BATCH_MS, deps.config.mail.staleSendingMs / 10);
/** What the organiser reads when a send was cut short by a restart. */
const INTERRUPTED =
  'Interrupted: the server stopped during the sending; sent again with the same Message-ID.';

/**
 * The transport's time limits keep every live attempt far below STALE_SENDING_MS, so a message found `sending`
 * after that long can only belong to a process that died.
 */
const timeouts = (timeoutMs: number) => ({
  connectionTimeout: timeoutMs / 2,
  greetingTimeout: timeoutMs / 2,
  socketTimeout: timeoutMs,
});

/** Connections of the pool of every SMTP transport. */
const POOL_CONNECTIONS = 2;

/**
 * The pool of every SMTP transport, with the time limits of SMTP_TIMEOUT_SECONDS (also what the campaigns benchmark
 * gives its raw transport).
 */
export const deliveryPool = (timeoutMs: number) =>
  ({ pool: true, maxConnections: POOL_CONNECTIONS, ...timeouts(timeoutMs) }) as const;

/** One pooled transport per SMTP configuration, for the life of the process. */
const transports = new Map<string, Transporter<SMTPPool.SentMessageInfo>>();

function transportFor(smtp: SmtpConfig) {
  const key = JSON.stringify(smtp);
  let transport = transports.get(key);
  if (!transport) {
    transport = nodemailer.createTransport({
      ...deliveryPool(smtp.timeoutMs),
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
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
  /** The run stopped with messages still queued: MAIL_RATE_PER_MINUTE were sent in the last minute. */
  limited?: true;
}

type Claimed = Awaited<ReturnType<typeof repo.claimMessages>>[number];

/** One attempt of one message; the Message-ID of an accepted one, or null when it failed (recorded here). */
async function attempt(
  deps: Deps,
  transport: Transporter<SMTPPool.SentMessageInfo>,
  message: Claimed,
  report: DeliveryReport,
): Promise<string | null> {
  const { from, domain } = deps.config.mail;
  try {
    const info = await transport.sendMail({
      from,
      to: message.toName ? { name: message.toName, address: message.toEmail } : message.toEmail,
      subject: message.subject,
      html: message.html,
      text: message.text,
      messageId: messageIdOf(message.id, domain),
      headers: { ...message.headers, 'Content-Language': message.language },
      attachments: (message.attachments as OutboxAttachment[] | null)?.map((file) => ({
        // An attached file (a bill) goes in multipart/mixed; an inline one keeps its cid for the HTML.
        ...(file.disposition === 'attachment'
          ? { contentDisposition: 'attachment' as const }
          : { cid: file.cid }),
        filename: file.filename,
        contentType: file.contentType,
        content: file.content,
        encoding: 'base64',
      })),
    });
    return info.messageId || messageIdOf(message.id, domain);
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
    return null;
  }
}

/**
 * When this many messages of the batch are left to start, the next batch is claimed (so the connections do not wait
 * for the database). Not at the start of the batch: the next batch's rows (bodies, images) would then be held for
 * the whole of this one, long enough to outlive V8's young generation and end as old garbage.
 */
const CLAIM_NEXT_AT = 10;

/**
 * Sends one claimed batch over the pool's connections (see BATCH and SLOW_BATCH_MS); `almostDone` is called once,
 * when CLAIM_NEXT_AT messages are left to start. Each message leaves the batch when its attempt starts, so that a
 * sent message is not held until the end of the batch.
 */
async function sendBatch(
  deps: Deps,
  transport: Transporter<SMTPPool.SentMessageInfo>,
  batch: Claimed[],
  claimedAt: Date,
  report: DeliveryReport,
  almostDone: () => void,
) {
  let stamp = claimedAt;
  let restamping: Promise<void> | null = null;
  const slow = () => deps.now().getTime() - stamp.getTime() > slowBatchMs(deps);
  const lane = async () => {
    for (;;) {
      if (slow()) {
        restamping ??= (async () => {
          const now = deps.now();
          const waiting = batch.splice(0);
          const kept = new Set(
            await repo.restampSending(
              deps.db,
              waiting.map((m) => m.id),
              stamp,
              now,
            ),
          );
          batch.push(...waiting.filter((m) => kept.has(m.id)));
          stamp = now;
        })().finally(() => {
          restamping = null;
        });
        await restamping;
      }
      const message = batch.shift();
      if (batch.length <= CLAIM_NEXT_AT) almostDone();
      if (!message) return;
      const messageId = await attempt(deps, transport, message, report);
      if (messageId === null) continue;
      report.sent += 1;
      // Marked at once, not with the batch: a process that dies after the relay accepted a message sends it again
      // only if it dies within this one round trip (docs/campaigns/README.md, "the one window left").
      const secret = (SECRET_LINK_KINDS as readonly string[]).includes(message.kind);
      const bodies = secret
        ? { html: hideSecretLinks(message.html), text: hideSecretLinks(message.text) }
        : undefined;
      await repo.markSent(deps.db, message.id, messageId, deps.now(), bodies);
    }
  };
  await Promise.all(Array.from({ length: POOL_CONNECTIONS }, lane));
}

/**
 * Sends the outbox: takes queued messages a batch at a time (marked `sending` as they are taken), sends them
 * through the pooled SMTP transport, then marks them `sent` with their Message-ID; a failed attempt goes back to
 * `queued` (tried again at a later run, after a delay) or `failed` after MAX_ATTEMPTS or a permanent refusal. Each
 * message is tried at most once per run. With MAIL_RATE_PER_MINUTE, the run stops when that many were sent in the
 * last minute (`limited`); the next runs go on. Without SMTP, queued messages are `kept`.
 */
export async function deliverQueuedMail(deps: Deps): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  const { smtp, ratePerMinute } = deps.config.mail;
  if (!smtp) {
    await repo.keepQueuedMail(deps.db);
    return report;
  }
  const transport = transportFor(smtp);
  const triedSince = deps.now();
  const claim = async () => {
    const rules = {
      now: deps.now(),
      staleSendingMs: deps.config.mail.staleSendingMs,
      retryDelayMs: RETRY_DELAY_MS,
      maxAttempts: MAX_ATTEMPTS,
      batch: BATCH,
      triedSince,
    };
    const { messages, limited } = await claimWithinRate(deps.db, rules, ratePerMinute, INTERRUPTED);
    if (limited) report.limited = true;
    return { messages, claimedAt: rules.now };
  };
  // Interrupted sends with no attempt left (the claim never takes them) are failed once per run.
  report.failed += await repo.failExhaustedStaleMessages(
    deps.db,
    { now: deps.now(), staleSendingMs: deps.config.mail.staleSendingMs, maxAttempts: MAX_ATTEMPTS },
    INTERRUPTED,
  );
  // The next batch is claimed while this one ends (CLAIM_NEXT_AT), so the connections do not wait for the database.
  let current = await claim();
  while (current.messages.length > 0) {
    let upcoming: ReturnType<typeof claim> | null = null;
    await sendBatch(deps, transport, current.messages, current.claimedAt, report, () => {
      if (upcoming) return;
      upcoming = claim();
      // Awaited below; a failure meanwhile must not count as an unhandled rejection.
      upcoming.catch(() => {});
    });
    current = await (upcoming ?? claim());
  }
  return report;
}
