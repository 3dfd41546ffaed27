import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { purgeExpiredSessions } from './service';

/** Deletes the sessions whose time is over, every hour. */
export function sessionJobs(deps: () => Deps): JobDefinition[] {
  return [
    {
      name: 'sessions.purge',
      cron: '17 * * * *',
      run: async () => purgeExpiredSessions(deps()),
    },
  ];
}
