import path from 'node:path';
import { loadConfig } from '../config';
import { type Database, migrateDatabase, openDatabase } from '../db/client';

/** The database the server would use (DATABASE_URL, else the embedded one under DATA_DIR), migrated. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ engine: 'postgres', url: config.databaseUrl })
    : await openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
  await migrateDatabase(database);
  return database;
}
