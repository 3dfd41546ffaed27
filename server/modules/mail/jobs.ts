import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { deliverQueuedMail } from './delivery';

/**
 * `mail.deliver` sends the outbox: asked for right after a message is queued (`deliverSoon`), and every minute as a
 * safety net (retries, messages queued while the queue was busy, sends interrupted by a restart).
 */
export function mailJobs(deps: () => Deps): JobDefinition[] {
  return [{ name: 'mail.deliver', cron: '* * * * *', run: async () => deliverQueuedMail(deps()) }];
}
