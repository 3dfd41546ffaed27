import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ClaimRules, claimMessages, countSentSince, hasQueuedMail } from './repository';

/**
 * MAIL_RATE_PER_MINUTE (SMTP providers limit how many messages an account sends per minute): a delivery run sends
 * at most that many messages in any 60 s, counted from the outbox itself — rows `sent` (or `sending`: claimed, on
 * their way) whose `sent_at` is in the last 60 s — so every instance of the server shares one budget. When the
 * window is full the run stops (`limited` in its report) and the job's one-minute schedule takes the rest up.
 */
export const RATE_WINDOW_MS = 60_000;

/**
 * The claim of the next batch, no larger than what the window still allows. With a limit, counting and claiming
 * happen under one transaction-scoped advisory lock, so two instances cannot both spend the same room.
 */
export async function claimWithinRate(
  db: Db,
  rules: ClaimRules,
  ratePerMinute: number,
  interruptedError: string,
) {
  if (ratePerMinute <= 0) {
    return { messages: await claimMessages(db, rules, interruptedError), limited: false };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('maillage.mail.rate'))`);
    const used = await countSentSince(tx, new Date(rules.now.getTime() - RATE_WINDOW_MS));
    const room = ratePerMinute - used;
    if (room <= 0) return { messages: [], limited: await hasQueuedMail(tx) };
    const batch = Math.min(rules.batch, room);
    return { messages: await claimMessages(tx, { ...rules, batch }, interruptedError), limited: false };
  });
}
