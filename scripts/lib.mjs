// What `npm start` and `npm test` both need: dependencies installed, and a build that is not older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

export function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root });
  return result.status ?? 1;
}

function runOrExit(command, args) {
  const status = run(command, args);
  if (status !== 0) process.exit(status);
}

/**
 * Installs when node_modules is missing or older than package-lock.json or than a patch of `patches/` (applied by
 * the install's postinstall, patch-package: see docs/participants/import.md).
 */
export function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const patches = path.join(root, 'patches');
  const inputs = [
    path.join(root, 'package-lock.json'),
    ...(fs.existsSync(patches) ? fs.readdirSync(patches).map((name) => path.join(patches, name)) : []),
  ];
  const installed = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  if (inputs.every((input) => fs.statSync(input).mtimeMs <= installed)) return;
  console.log('› Installing dependencies…');
  // `npm install` rather than `npm ci`: the lockfile names platform binaries this registry lacks (docs/architecture.md).
  runOrExit('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
}

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const e of entries) visit(path.join(root, e));
  return newest;
}

/** Whether the web app and the server are built and not older than anything they are built from. */
export function isBuildCurrent() {
  const sources = newestMtime([
    'web',
    'contracts',
    'locales',
    'server',
    'package-lock.json',
    'vite.config.ts',
  ]);
  const outputs = ['dist/web/index.html', 'dist/server/main.js', 'dist/server/sheet-worker.js'].map((f) => {
    const p = path.join(root, f);
    return fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0;
  });
  return Math.min(...outputs) >= sources;
}

/** Builds the web app and the server when either is missing or older than anything it is built from. */
export function ensureBuilt() {
  if (isBuildCurrent()) return;
  console.log('› Building the web app and the server…');
  runOrExit('npm', ['run', '--silent', 'build']);
}
