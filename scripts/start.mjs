// `npm start`: installs what is missing, builds what is stale, then serves the app (embedded database by default).
import { spawnSync } from 'node:child_process';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

const t0 = Date.now();
ensureInstalled();
ensureBuilt();
console.log(`› Ready to start after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const server = spawnSync(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  cwd: root,
});
process.exit(server.status ?? 0);
