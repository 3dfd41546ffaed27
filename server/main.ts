import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateDatabase, openDatabase } from './db/client';
import type { Deps } from './deps';
import { tuneHeap } from './heap';
import { startJobs } from './jobs/queue';
import { activityVideoJobs, recoverVideoRooms } from './modules/activity-video/room-job';
import { auditJobs } from './modules/audit/jobs';
import { b2bJobs, recoverB2bGenerations } from './modules/b2b/generation';
import { campaignJobs, resumeCampaigns } from './modules/campaigns/send-job';
import { fileJobs } from './modules/files/jobs';
import { mailJobs } from './modules/mail/jobs';
import { deliverSoon } from './modules/mail/outbox';
import { pairingJobs, recoverGenerations } from './modules/pairings/generation';
import { questionJobs, recoverScores } from './modules/questions/score-runs';
import { reportJobs } from './modules/reports/jobs';
import { sessionJobs } from './modules/session/jobs';
import { spreadsheetImportJobs } from './modules/spreadsheet-import/jobs';
import { reconcileCardPayments, stripeJobs } from './modules/stripe/reconcile-job';
import { isDatabaseEmpty, seedDemo } from './seed/demo';

const startedAt = performance.now();
const config = loadConfig();
tuneHeap(config.heapGrowingPercent);
const database = config.databaseUrl
  ? await openDatabase({ engine: 'postgres', url: config.databaseUrl })
  : await openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
await migrateDatabase(database);

const shouldSeed = config.seedDemo === 'true' || (config.seedDemo === 'auto' && database.engine === 'pglite');
if (shouldSeed && (await isDatabaseEmpty(database.db))) await seedDemo(database.db);

let deps: Deps | undefined;
const depsRef = () => {
  if (!deps) throw new Error('jobs ran before the app was built');
  return deps;
};
const built = await buildApp({ config, database });
deps = built.deps;
const { app } = built;
if (config.jobs) {
  deps.jobs = await startJobs(
    database,
    [
      ...sessionJobs(depsRef),
      ...fileJobs(depsRef),
      ...reportJobs(depsRef),
      ...auditJobs(depsRef),
      ...mailJobs(depsRef),
      ...spreadsheetImportJobs(depsRef),
      ...activityVideoJobs(depsRef),
      ...pairingJobs(depsRef),
      ...questionJobs(depsRef),
      ...b2bJobs(depsRef),
      ...campaignJobs(depsRef),
      ...stripeJobs(depsRef),
    ],
    app.log,
    {
      databaseUrl: config.databaseUrl,
    },
  );
  // M3: generations whose job vanished with a stopped process start again (also every minute, RECOVERY_JOB).
  await recoverGenerations(deps).catch((err) => app.log.error({ err }, 'pairing generation recovery failed'));
  // RS3: B2B generations and video rooms cut short by the last stop start again (docs/jobs.md).
  await recoverB2bGenerations(deps).catch((err) => app.log.error({ err }, 'B2B generation recovery failed'));
  await recoverVideoRooms(deps).catch((err) => app.log.error({ err }, 'video room recovery failed'));
  // Computations of scores interrupted by the last stop are queued again.
  await recoverScores(deps).catch((err) => app.log.error({ err }, 'scores recovery failed'));
  // Messages queued while no instance ran, or cut short by the last stop, leave now rather than at the next minute.
  await deliverSoon(deps).catch((err) => app.log.error({ err }, 'mail delivery at start-up failed'));
  // Campaigns cut short by the last stop go on where they stood (in the background: the server answers meanwhile).
  void resumeCampaigns(deps, { atStartUp: true }).catch((err) =>
    app.log.error({ err }, 'campaign recovery failed'),
  );
  // Card sales whose payment we did not hear of while stopped (a lost webhook) are read back from Stripe.
  void reconcileCardPayments(deps, { atStartUp: true }).catch((err) =>
    app.log.error({ err }, 'card payment reconciliation failed'),
  );
} else {
  // Nothing runs the scheduled jobs here: some other instance must, or no import is purged and no mail leaves.
  app.log.warn(
    'JOBS=false: this instance runs no background job; at least one instance needs JOBS=true (import retention purge, mail delivery)',
  );
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Maillage is ready on http://${config.host}:${config.port} (${database.engine}, ${Math.round(performance.now() - startedAt)} ms)`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  await app.close();
  await deps?.jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
