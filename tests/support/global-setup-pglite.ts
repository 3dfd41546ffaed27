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
 * which takes a fraction of that time.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ engine: 'pglite' });
  try {
    await migrateDatabase(database);
    await seedDemo(database.db);
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
