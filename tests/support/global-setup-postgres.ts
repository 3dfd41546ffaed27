import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/seed/demo';
import { adminQuery, findPostgresBinaries, startPostgresServer, withDatabase } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test PostgreSQL server (database `postgres`), to create and drop test databases. */
    postgresAdminUrl: string;
  }
}

/** The migrated database, seeded with the demo data, that every API test file copies (`CREATE DATABASE t_… TEMPLATE maillage_template`). */
export const TEMPLATE_DATABASE = 'maillage_template';

/**
 * Runs once per `api-pg` run: uses TEST_DATABASE_URL when set, otherwise starts a PostgreSQL server from the
 * binaries on this machine. Creates, migrates and seeds (demo data) the template database, and provides the admin URL.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    const binDir = findPostgresBinaries();
    if (!binDir) {
      throw new Error(
        'api-pg tests need PostgreSQL: set TEST_DATABASE_URL to a server where the user may create databases, ' +
          'or install the PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or under /usr/lib/postgresql/<version>/bin.',
      );
    }
    const server = await startPostgresServer({ binDir, settings: { max_connections: 200 } });
    adminUrl = server.url;
    stopServer = server.stop;
  }

  try {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await adminQuery(adminUrl, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
    const template = await openDatabase({
      engine: 'postgres',
      url: withDatabase(adminUrl, TEMPLATE_DATABASE),
      poolSize: 1,
    });
    try {
      await migrateDatabase(template);
      await seedDemo(template.db);
    } finally {
      await template.close();
    }
  } catch (error) {
    await stopServer?.();
    throw error;
  }
  project.provide('postgresAdminUrl', adminUrl);

  const url = adminUrl;
  return async () => {
    if (stopServer) await stopServer();
    else await adminQuery(url, `DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  };
}
