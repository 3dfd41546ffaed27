// `npm start`: installs what is missing, builds what is stale, then serves the app (embedded database by default).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const e of entries) visit(e);
  return newest;
}

const t0 = Date.now();
const installed = path.join('node_modules', '.package-lock.json');
if (!fs.existsSync(installed) || fs.statSync('package-lock.json').mtimeMs > fs.statSync(installed).mtimeMs) {
  console.log('› Installing dependencies (first start only)…');
  // `npm install` rather than `npm ci`: the lockfile names platform binaries this registry lacks (see docs).
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
}

const sources = newestMtime(['web', 'contracts', 'locales', 'server', 'package-lock.json', 'vite.config.ts']);
const built = ['dist/web/index.html', 'dist/server/main.js'].map((f) =>
  fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0,
);
if (Math.min(...built) < sources) {
  console.log('› Building the web app and the server…');
  run('npm', ['run', '--silent', 'build']);
}
console.log(`› Ready to start after ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const server = spawnSync(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
});
process.exit(server.status ?? 0);
