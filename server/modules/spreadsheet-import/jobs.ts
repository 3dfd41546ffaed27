import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { purgeExpiredImports } from './retention';
import { IMPORT_JOB, runImport } from './runs';
import type { ImportJobData } from './state';

/** The pg-boss queue of the retention purge (one job an hour, whatever the number of instances). */
export const IMPORT_PURGE_JOB = 'participants.import-purge';

/**
 * `participants.import` runs the analysis or the save of an import (server/main.ts lists it with the other jobs).
 * A job only works when the import still waits for its run id: a job delivered twice (retry after a restart) finds
 * the import done or superseded and does nothing; the save is one transaction, so an interrupted one left nothing.
 * `participants.import-purge` deletes, every hour, what the imports whose retention is over keep (retention.ts).
 */
export function spreadsheetImportJobs(deps: () => Deps): JobDefinition[] {
  return [
    { name: IMPORT_JOB, run: async (data) => runImport(deps(), data as ImportJobData) },
    { name: IMPORT_PURGE_JOB, cron: '41 * * * *', run: async () => purgeExpiredImports(deps()) },
  ];
}
