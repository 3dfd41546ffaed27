import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test tiers (see docs/testing.md):
 * - unit: pure rules, server and web alike, no I/O
 * - api: the HTTP layer through app.inject() on PGlite (a migrated template copied per test file)
 * - api-pg: the same API files on a PostgreSQL server started from the binaries on PATH (or TEST_DATABASE_URL)
 * - web: React components in jsdom
 * - e2e: the built app served on 127.0.0.1, driven in Debian's Chromium through playwright-core
 */
export default defineConfig({
  test: {
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
          globalSetup: ['tests/support/global-setup-pglite.ts'],
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
          globalSetup: ['tests/support/global-setup-postgres.ts'],
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
          environment: 'jsdom',
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup-e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
