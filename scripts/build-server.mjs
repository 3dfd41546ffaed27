// Bundles the server (and the locale files it shares with the web app) into dist/server/main.js, and the worker
// thread that reads import spreadsheets into dist/server/sheet-worker.js beside it.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts', 'server/modules/participant-import/sheet-worker.ts'],
  // MAILLAGE_DIST (default dist) lets parallel builds of one checkout keep apart.
  outdir: `${process.env.MAILLAGE_DIST || 'dist'}/server`,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
