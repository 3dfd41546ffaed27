// Bundles the server (and the locale files it shares with the web app) into dist/server/main.js, and the worker
// threads beside it: dist/server/sheet-worker.js (reads import spreadsheets), solve-worker.js (runs a matching
// solver, server/matching/run.ts) and scores-worker.js (computes questionnaire scores, server/matching/scores/).
import { build } from 'esbuild';

await build({
  entryPoints: [
    'server/main.ts',
    'server/modules/spreadsheet-import/sheet-worker.ts',
    'server/matching/solve-worker.ts',
    'server/matching/scores/scores-worker.ts',
  ],
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
