// Bundles the server (and the locale files it shares with the web app) into dist/server/main.js.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  // MAILLAGE_DIST (default dist) lets parallel builds of one checkout keep apart.
  outfile: `${process.env.MAILLAGE_DIST || 'dist'}/server/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
