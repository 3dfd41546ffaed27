// `npm run seed:scale -- --participants 100000 [--project <id>] [--company <id>] [--batch 2000]
//   [--activities 2000] [--inscriptions 300000]`: fills one project with many bilingual participants (issue 4,
// scale), then its programme: activities and inscriptions (issue 10), on the embedded database (DATA_DIR) or
// DATABASE_URL.
import { parseArgs } from 'node:util';
import { findDemoCompany, SCALE_PROJECT_NAME, seedScale } from '../seed/scale';
import { seedScaleActivities } from '../seed/scale-activities';
import { openConfiguredDatabase } from './open';

const { values } = parseArgs({
  options: {
    participants: { type: 'string', default: '100000' },
    project: { type: 'string' },
    company: { type: 'string' },
    batch: { type: 'string', default: '2000' },
    activities: { type: 'string', default: '2000' },
    inscriptions: { type: 'string', default: '300000' },
  },
});
const total = Number(values.participants);
const batchSize = Number(values.batch);
const activityCount = Number(values.activities);
const inscriptionCount = Number(values.inscriptions);
if (
  !Number.isInteger(activityCount) ||
  activityCount < 0 ||
  !Number.isInteger(inscriptionCount) ||
  inscriptionCount < 0
) {
  console.error('--activities and --inscriptions must be whole numbers (0 to skip).');
  process.exit(1);
}
if (
  !Number.isInteger(total) ||
  total < 0 ||
  !Number.isInteger(batchSize) ||
  batchSize < 1 ||
  batchSize > 5000
) {
  console.error('--participants must be a whole number (0: only the programme), --batch between 1 and 5000.');
  process.exit(1);
}

const database = await openConfiguredDatabase();
try {
  const companyId = values.company ?? (await findDemoCompany(database.db));
  if (!companyId) {
    console.error('No demo company: run `npm run seed:demo` first, or give --company <id>.');
    process.exitCode = 1;
  } else {
    const started = performance.now();
    const result = await seedScale(database.db, {
      companyId,
      projectId: values.project,
      participants: total,
      batchSize,
      onProgress(done, of) {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `  ${done.toLocaleString('en-CA')} / ${of.toLocaleString('en-CA')} participants (${seconds} s)`,
        );
      },
    });
    const where = values.project
      ? `project ${result.projectId}`
      : `new project « ${SCALE_PROJECT_NAME.fr} » ${result.projectId}`;
    console.log(
      `${result.participants.toLocaleString('en-CA')} participants added to ${where} ` +
        `(${result.persons.toLocaleString('en-CA')} new persons, ${result.memberships.toLocaleString('en-CA')} group memberships) ` +
        `in ${result.seconds.toFixed(1)} s.`,
    );
    const programme = await seedScaleActivities(database.db, {
      companyId,
      projectId: result.projectId,
      activities: activityCount,
      inscriptions: inscriptionCount,
      onProgress(done, of) {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `  inscriptions of ${done.toLocaleString('en-CA')} / ${of.toLocaleString('en-CA')} participants (${seconds} s)`,
        );
      },
    });
    console.log(
      `Programme: ${programme.activities.toLocaleString('en-CA')} activities (${programme.addedActivities.toLocaleString('en-CA')} new), ` +
        `${programme.inscriptions.toLocaleString('en-CA')} inscriptions (${programme.addedInscriptions.toLocaleString('en-CA')} new) ` +
        `in ${programme.seconds.toFixed(1)} s.`,
    );
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
