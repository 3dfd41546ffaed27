/**
 * Component files that replace a module of the app (`vi.mock`, `vi.doMock`). They run in the `web-isolated` project,
 * each in a fresh module graph, where the other `web` files share one per worker (vitest.config.ts): a mock would
 * leak into the files after it, or miss a module that an earlier file loaded. `web/isolation.unit.test.ts` fails
 * when a file that mocks a module is missing here.
 */
export const WEB_ISOLATED = [
  'web/components/feedback/error-dialog.test.tsx',
  'web/features/participant-import/participant-import-page.test.tsx',
];
