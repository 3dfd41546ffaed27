import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { appRoot, migrateDatabase, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/seed/demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory seeded with the demo data (an uncompressed tar) that each API test file starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Runs once per `api` run: a fresh PGlite (initdb in WebAssembly, a few seconds) is migrated, seeded with the demo
 * data (server/seed/demo.ts, about 2 s) and dumped to a tar under .test-data/. Each test file loads a copy of it,
 * which takes a fraction of that time (0.5 to 0.7 s idle).
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ engine: 'pglite' });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db);
    // The copy each file loads holds only the app's database: PGlite's template0 and template1 (nothing here makes a
    // database from them) were a third of the folder, and loading it took about 130 ms longer a file.
    const pglite = database.pglite!;
    await pglite.exec(
      `UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`,
    );
    // One statement at a time: DROP DATABASE runs outside a transaction block.
    for (const statement of ['DROP DATABASE template0', 'DROP DATABASE template1', 'CHECKPOINT']) {
      await pglite.exec(statement);
    }
    const dump = await database.pglite!.dumpDataDir('none');
    const dir = path.join(appRoot, '.test-data');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `pglite-template-${process.pid}-${Date.now()}.tar`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(file, { force: true });
  } finally {
    await database.close();
  }
}
