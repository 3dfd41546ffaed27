import { eq, min } from 'drizzle-orm';
import { mailMessages } from '../../db/schema';
import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { deliverQueuedMail } from './delivery';

export const DELIVER_JOB = 'mail.deliver';

/**
 * A message left `sending` by a process that died is sent again once it is stale (delivery.ts): rather than wait
 * for the next minute's run after that, a run is asked for the moment the oldest one becomes stale.
 */
export async function retryInterruptedLater(deps: Deps) {
  const [row] = await deps.db
    .select({ oldest: min(mailMessages.sentAt) })
    .from(mailMessages)
    .where(eq(mailMessages.status, 'sending'));
  if (!row?.oldest) return;
  const dueAt = row.oldest.getTime() + deps.config.mail.staleSendingMs;
  const due = dueAt - deps.now().getTime();
  // One run per moment due: the key names that moment, so that a run asked for earlier (still waiting, or the very
  // run now ending, which pg-boss holds active until it returns) never stands in the way of a later one. With a
  // single key, a run that found its messages not yet stale (their attempt stamped again meanwhile) could not ask
  // for the next: they waited for the minute's schedule (the restart test missed its 60 s, 1 run in 3 here).
  await deps.jobs
    .send(
      DELIVER_JOB,
      {},
      {
        startAfter: Math.max(1, Math.ceil(due / 1000) + 1),
        singletonKey: `interrupted-${Math.ceil(dueAt / 1000)}`,
      },
    )
    .catch(() => null);
}

/**
 * `mail.deliver` sends the outbox: asked for right after a message is queued (`deliverSoon`), and every minute as a
 * safety net (retries, messages queued while the queue was busy, sends interrupted by a restart).
 */
export function mailJobs(deps: () => Deps): JobDefinition[] {
  return [
    {
      name: DELIVER_JOB,
      cron: '* * * * *',
      run: async () => {
        const report = await deliverQueuedMail(deps());
        await retryInterruptedLater(deps());
        return report;
      },
    },
  ];
}
