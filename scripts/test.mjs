// `npm test`: every test tier that this machine can run, then one line `N passed, N failed`.
// unit, web and api (PGlite) always run; api-pg needs PostgreSQL server binaries (or TEST_DATABASE_URL);
// e2e needs Chromium (/usr/bin/chromium or CHROMIUM_PATH). Under CI=true a missing one is an error, not a skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

process.chdir(root);
const ci = process.env.CI === 'true';
const extraArgs = process.argv.slice(2);

ensureInstalled();

function hasPostgres() {
  if (process.env.TEST_DATABASE_URL) return true;
  const onPath = spawnSync('sh', ['-c', 'command -v initdb || ls /usr/lib/postgresql/*/bin/initdb'], {
    encoding: 'utf8',
  });
  return onPath.status === 0 && onPath.stdout.trim().length > 0;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const projects = ['unit', 'web', 'api'];
const skipped = [];
if (hasPostgres()) projects.push('api-pg');
else skipped.push('api-pg (no PostgreSQL server binaries on PATH, and TEST_DATABASE_URL unset)');
if (fs.existsSync(chromium)) projects.push('e2e');
else skipped.push(`e2e (no Chromium at ${chromium}: apt-get install -y chromium)`);

if (skipped.length && ci) {
  console.error(`CI needs every tier; missing: ${skipped.join('; ')}`);
  process.exit(1);
}

// The browser tests serve the built app.
if (projects.includes('e2e')) ensureBuilt();

fs.mkdirSync('.test-data', { recursive: true });
const report = path.join('.test-data', 'results.json');
fs.rmSync(report, { force: true });
const status = run('npx', [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extraArgs,
]);

for (const s of skipped) console.log(`skipped tier: ${s}`);
let passed = 0;
let failed = 0;
if (fs.existsSync(report)) {
  const results = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  // Failed tests, plus files that failed before any of their tests could (an import error, a failing hook).
  const brokenFiles = results.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed'),
  ).length;
  failed = results.numFailedTests + brokenFiles;
}
// Anything else that failed the run (an unhandled error after the tests) still counts once.
if (status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
