// `npm run seed:demo`: adds the demo companies and accounts to an empty database (embedded or DATABASE_URL).
import { isDatabaseEmpty, seedDemo } from '../seed/demo';
import { openConfiguredDatabase } from './open';

const database = await openConfiguredDatabase();
try {
  if (!(await isDatabaseEmpty(database.db))) {
    console.error('The database already has companies: the demo data is only added to an empty database.');
    process.exitCode = 1;
  } else {
    await seedDemo(database.db);
    console.log('Demo data added. Sign in as super@maillage.test / Maillage-demo-2026 (see README).');
  }
} finally {
  await database.close();
}
