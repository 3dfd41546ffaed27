import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { WEB_ISOLATED } from './tests/support/web-isolated';

/**
 * Test tiers (see docs/testing.md):
 * - unit: pure rules, server and web alike, no I/O
 * - api: the HTTP layer through app.inject() on PGlite (a migrated template copied per test file)
 * - api-pg: the same API files on a PostgreSQL server started from the binaries on PATH (or TEST_DATABASE_URL)
 * - web: React components in jsdom
 * - e2e: the built app served on 127.0.0.1, driven in Debian's Chromium through playwright-core
 */

/**
 * Browser files running at once, as many servers as workers, a file holding one while it runs (docs/testing.md).
 */
const E2E_WORKERS = Number(process.env.E2E_WORKERS || 2);

export default defineConfig({
  test: {
    // Files of the other tiers at once: vitest's default (one less than the cores) would leave a 2-core machine
    // with one, and each file spends most of its time importing the app in its own process (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{server,contracts,web,scripts}/**/*.unit.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          // The app imported once per worker, not once per file; each file still has its own database (docs/testing.md).
          isolate: false,
          globalSetup: ['tests/support/global-setup-pglite.ts'],
          setupFiles: ['tests/support/no-concurrent-queries.ts'],
          env: { TEST_ENGINE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          include: ['server/**/*.api.test.ts'],
          environment: 'node',
          // The app imported once per worker, not once per file; each file still has its own database (docs/testing.md).
          isolate: false,
          globalSetup: ['tests/support/global-setup-postgres.ts'],
          setupFiles: ['tests/support/no-concurrent-queries.ts'],
          env: { TEST_ENGINE: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/**/*.test.tsx'],
          exclude: WEB_ISOLATED,
          environment: 'jsdom',
          setupFiles: ['tests/support/web-setup.ts'],
          // React, Mantine and the app imported once per worker, not once per file (docs/testing.md).
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web-isolated',
          include: WEB_ISOLATED,
          environment: 'jsdom',
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // A worker runs its files one after another in one process: the helpers and playwright imported, and
          // Chromium launched (tests/support/e2e.ts), once per worker, not once per file (docs/testing.md).
          isolate: false,
          globalSetup: ['tests/support/global-setup-e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files in E2E_WORKERS workers at once (2 by default), each on a server and database held while it runs
          // (tests/support/global-setup-e2e.ts); after the other tiers, which use their own worker count.
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
