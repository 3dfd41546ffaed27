import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { purgeExpiredReportDownloads } from './report-mail';

/** Every night, the reports sent by link whose link has expired are deleted (file and row). */
export function reportJobs(deps: () => Deps): JobDefinition[] {
  return [
    {
      name: 'reports.purge',
      cron: '37 3 * * *',
      run: async () => void (await purgeExpiredReportDownloads(deps())),
    },
  ];
}
