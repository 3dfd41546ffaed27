// `npm run seed:demo [-- --beside-existing]`: adds the demo companies and accounts (embedded database or
// DATABASE_URL, migrated first if needed) to an empty database, or beside the companies there when asked; never twice.
import { parseArgs } from 'node:util';
import { addDemo, DEMO_REFUSALS } from '../seed/demo';
import { openConfiguredDatabase } from './open';

const { values } = parseArgs({ options: { 'beside-existing': { type: 'boolean', default: false } } });

const database = await openConfiguredDatabase();
try {
  const outcome = await addDemo(database.db, { besideExisting: values['beside-existing'] });
  if (outcome.added) {
    console.log('Demo data added. Sign in as super@maillage.test / Maillage-demo-2026 (see README).');
  } else {
    console.error(DEMO_REFUSALS[outcome.refusal]);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
