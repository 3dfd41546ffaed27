// `npm test`: every test tier that this machine can run, then one line `N passed, N failed`.
// unit, web and api (PGlite) always run; api-pg needs PostgreSQL server binaries (or TEST_DATABASE_URL);
// e2e needs Chromium (/usr/bin/chromium or CHROMIUM_PATH). Under CI=true a missing one is an error, not a skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const ci = process.env.CI === 'true';
const extraArgs = process.argv.slice(2);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  return result.status ?? 1;
}

if (!fs.existsSync('node_modules/.package-lock.json')) {
  console.log('› Installing dependencies…');
  if (run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']) !== 0) process.exit(1);
}

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

if (projects.includes('e2e')) {
  console.log('› Building the app for the browser tests…');
  if (run('npm', ['run', '--silent', 'build']) !== 0) process.exit(1);
}

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
  failed =
    results.numFailedTests +
    (results.numFailedTestSuites ?? 0) -
    (results.numFailedTestSuites && results.numFailedTests ? 0 : 0);
  if (status !== 0 && failed === 0) failed = Math.max(1, results.numFailedTestSuites ?? 1);
} else if (status !== 0) {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
