import { and, asc, count, eq, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { MailStatus } from '../../../contracts/mail';
import type { Executor } from '../../db/client';
import { listPage, orderBy, searchCondition } from '../../db/list';
import { mailMessages } from '../../db/schema';

/**
 * The columns of the outbox. `sent_at` holds, while a message is `sending` (or `queued` again after a failed
 * attempt), the moment its last attempt started; once `sent`, the moment the SMTP server accepted it.
 */
const listColumns = {
  id: mailMessages.id,
  projectId: mailMessages.projectId,
  kind: mailMessages.kind,
  toEmail: mailMessages.toEmail,
  toName: mailMessages.toName,
  language: mailMessages.language,
  subject: mailMessages.subject,
  status: mailMessages.status,
  attempts: mailMessages.attempts,
  lastError: mailMessages.lastError,
  createdAt: mailMessages.createdAt,
  sentAt: mailMessages.sentAt,
};

export async function listMessages(
  db: Executor,
  companyId: string,
  params: ListParams & { status?: MailStatus },
) {
  const where = and(
    eq(mailMessages.companyId, companyId),
    params.status ? eq(mailMessages.status, params.status) : undefined,
    searchCondition(params.q, [mailMessages.toEmail, mailMessages.toName]),
  );
  const order = orderBy(
    params,
    {
      createdAt: mailMessages.createdAt,
      toEmail: mailMessages.toEmail,
      subject: mailMessages.subject,
      status: mailMessages.status,
    },
    [sql`${mailMessages.createdAt} desc`],
    mailMessages.id,
  );
  return listPage(
    params,
    ({ limit, offset }) =>
      db
        .select(listColumns)
        .from(mailMessages)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(mailMessages).where(where))[0].n,
  );
}

export async function findMessage(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      html: mailMessages.html,
      text: mailMessages.text,
      messageId: mailMessages.messageId,
      attachments: mailMessages.attachments,
    })
    .from(mailMessages)
    .where(and(eq(mailMessages.companyId, companyId), eq(mailMessages.id, id)));
  return row;
}

/** Without SMTP: every queued message is kept in the app at once (of one company, or all). */
export async function keepQueuedMail(db: Executor, companyId?: string) {
  await db
    .update(mailMessages)
    .set({ status: 'kept' })
    .where(
      and(eq(mailMessages.status, 'queued'), companyId ? eq(mailMessages.companyId, companyId) : undefined),
    );
}

export interface ClaimRules {
  now: Date;
  /** A message `sending` for longer than this belongs to a process that died mid-send. */
  staleSendingMs: number;
  /** After the n-th failed attempt, the next one waits n times this. */
  retryDelayMs: number;
  maxAttempts: number;
  batch: number;
  /**
   * The start of this run: a message whose attempt started since then (`sent_at`, stamped by the claim) was tried
   * in this run already, and each message is tried at most once per run. A moment rather than a list of ids, so that
   * a run of 100,000 messages does not carry them all in every claim.
   */
  triedSince: Date;
}

/**
 * A send that was interrupted (`sending` for too long) and has no attempt left is failed rather than tried again.
 * Returns how many.
 */
export async function failExhaustedStaleMessages(
  db: Executor,
  rules: Pick<ClaimRules, 'now' | 'staleSendingMs' | 'maxAttempts'>,
  error: string,
) {
  const rows = await db
    .update(mailMessages)
    .set({ status: 'failed', lastError: error })
    .where(
      and(
        eq(mailMessages.status, 'sending'),
        lte(mailMessages.sentAt, new Date(rules.now.getTime() - rules.staleSendingMs)),
        sql`${mailMessages.attempts} >= ${rules.maxAttempts}`,
      ),
    )
    .returning({ id: mailMessages.id });
  return rows.length;
}

/**
 * Takes the next messages to send and marks them `sending` in one statement (one transaction): rows locked by
 * another worker are skipped (FOR UPDATE SKIP LOCKED), so two workers never take the same message. Eligible: a
 * queued message whose retry delay is over, or a `sending` message whose attempt started longer ago than
 * `staleSendingMs` (its process died mid-send; it is sent again with the same Message-ID) with an attempt left.
 */
export async function claimMessages(db: Executor, rules: ClaimRules, interruptedError: string) {
  const staleBefore = new Date(rules.now.getTime() - rules.staleSendingMs);
  const retryReady: SQL = sql`(${mailMessages.sentAt} is null or ${mailMessages.sentAt} <= ${rules.now.toISOString()}::timestamptz - (${mailMessages.attempts} * ${rules.retryDelayMs} * interval '1 millisecond'))`;
  const notTried = sql`(${mailMessages.sentAt} is null or ${mailMessages.sentAt} < ${rules.triedSince.toISOString()}::timestamptz)`;
  // Two ordered scans of the (status, created_at) index, each stopping after `batch` rows, rather than one OR that
  // reads and sorts every queued row at each claim (67 ms per claim with 10,000 queued on PGlite, growing with the
  // outbox). Locking subqueries cannot be UNION's own branches, hence the derived tables.
  const eligible = (status: 'queued' | 'sending', condition: SQL | undefined) =>
    db
      .select({ id: mailMessages.id, createdAt: mailMessages.createdAt })
      .from(mailMessages)
      .where(and(eq(mailMessages.status, status), condition, notTried))
      .orderBy(asc(mailMessages.createdAt), asc(mailMessages.id))
      .limit(rules.batch)
      .for('update', { skipLocked: true });
  const candidates = sql`(select id from (
      select * from (${eligible('sending', and(lte(mailMessages.sentAt, staleBefore), lt(mailMessages.attempts, rules.maxAttempts)))}) as stale
      union all select * from (${eligible('queued', retryReady)}) as ready
    ) as eligible order by created_at, id limit ${rules.batch})`;
  return db
    .update(mailMessages)
    .set({
      status: 'sending',
      attempts: sql`${mailMessages.attempts} + 1`,
      sentAt: rules.now,
      lastError: sql`case when ${mailMessages.status} = 'sending' then ${interruptedError} else ${mailMessages.lastError} end`,
    })
    .where(inArray(mailMessages.id, candidates))
    .returning({
      id: mailMessages.id,
      toEmail: mailMessages.toEmail,
      toName: mailMessages.toName,
      language: mailMessages.language,
      kind: mailMessages.kind,
      subject: mailMessages.subject,
      html: mailMessages.html,
      text: mailMessages.text,
      headers: mailMessages.headers,
      attachments: mailMessages.attachments,
      attempts: mailMessages.attempts,
    });
}

/** Marked sent; `bodies`, when given, replace the kept copy (a message with a secret link keeps it hidden). */
export async function markSent(
  db: Executor,
  id: string,
  messageId: string,
  at: Date,
  bodies?: { html: string; text: string },
) {
  await db
    .update(mailMessages)
    .set({ status: 'sent', messageId, sentAt: at, lastError: null, ...bodies })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'sending')));
}

/** A failed attempt: queued again for a later run, failed for good, or bounced (refused for good by the server). */
export async function markAttemptFailed(
  db: Executor,
  id: string,
  error: string,
  status: 'queued' | 'failed' | 'bounced',
) {
  await db
    .update(mailMessages)
    .set({ status, lastError: error.slice(0, 1000) })
    .where(and(eq(mailMessages.id, id), eq(mailMessages.status, 'sending')));
}

/**
 * Stamps again (`sent_at`) the messages of a slow batch not yet started, if still `sending` with the stamp of
 * their claim; returns those stamped (see SLOW_BATCH_MS in delivery.ts).
 */
export async function restampSending(db: Executor, ids: string[], stamp: Date, now: Date) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(mailMessages)
    .set({ sentAt: now })
    .where(
      and(inArray(mailMessages.id, ids), eq(mailMessages.status, 'sending'), eq(mailMessages.sentAt, stamp)),
    )
    .returning({ id: mailMessages.id });
  return rows.map((r) => r.id);
}

/** Messages sent, or being sent, since this moment, by every instance (the rate limit's window). */
export async function countSentSince(db: Executor, since: Date) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(mailMessages)
    .where(
      and(
        inArray(mailMessages.status, ['sent', 'sending']),
        sql`${mailMessages.sentAt} > ${since.toISOString()}::timestamptz`,
      ),
    );
  return n;
}

/** Whether any message waits in the outbox. */
export async function hasQueuedMail(db: Executor) {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.status, 'queued'))
    .limit(1);
  return rows.length > 0;
}
