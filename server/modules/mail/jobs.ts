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
  const due = row.oldest.getTime() + deps.config.mail.staleSendingMs - deps.now().getTime();
  await deps.jobs
    .send(
      DELIVER_JOB,
      {},
      { startAfter: Math.max(1, Math.ceil(due / 1000) + 1), singletonKey: 'interrupted' },
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
