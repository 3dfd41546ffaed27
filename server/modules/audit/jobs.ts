import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { purgeExpiredEvents } from './service';

/** Every night, the audit events older than AUDIT_RETENTION_DAYS are deleted (docs/audit.md). */
export function auditJobs(deps: () => Deps): JobDefinition[] {
  return [
    { name: 'audit.purge', cron: '47 3 * * *', run: async () => void (await purgeExpiredEvents(deps())) },
  ];
}
