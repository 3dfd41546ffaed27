// `npm test`: every test tier that this machine can run, one after another, each tier's wall time, then one line
// `N passed, N failed`. unit, web and api (PGlite) always run; api-pg needs PostgreSQL server binaries (or
// TEST_DATABASE_URL); e2e needs Chromium (/usr/bin/chromium or CHROMIUM_PATH). Under CI=true a missing one is an
// error, not a skip. Arguments are passed to every tier's vitest (e.g. `npm test -- --bail 1`); `TEST_TIERS=api,web`
// runs only those tiers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';
import { countResults, failedTests, formatSeconds, TIERS } from './test-tiers.mjs';

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
const wanted = process.env.TEST_TIERS ? process.env.TEST_TIERS.split(',').map((t) => t.trim()) : null;
const tiers = [];
const skipped = [];
for (const tier of TIERS) {
  if (wanted && !wanted.includes(tier.name)) continue;
  if (tier.name === 'api-pg' && !hasPostgres()) {
    skipped.push('api-pg (no PostgreSQL server binaries on PATH, and TEST_DATABASE_URL unset)');
  } else if (tier.name === 'e2e' && !fs.existsSync(chromium)) {
    skipped.push(`e2e (no Chromium at ${chromium}: apt-get install -y chromium)`);
  } else tiers.push(tier);
}

if (skipped.length && ci) {
  console.error(`CI needs every tier; missing: ${skipped.join('; ')}`);
  process.exit(1);
}

// The browser tests serve the built app.
if (tiers.some((t) => t.name === 'e2e')) ensureBuilt();

fs.mkdirSync('.test-data', { recursive: true });
const times = [];
let passed = 0;
let failed = 0;
let status = 0;
for (const tier of tiers) {
  const report = path.join('.test-data', `results-${tier.name}.json`);
  fs.rmSync(report, { force: true });
  console.log(`\n› tier ${tier.name}`);
  const started = Date.now();
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      ...tier.projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extraArgs,
    ],
    { stdio: 'inherit', cwd: root },
  );
  const seconds = (Date.now() - started) / 1000;
  const tierStatus = result.status ?? 1;
  const counts = countResults(report, tierStatus);
  passed += counts.passed;
  failed += counts.failed;
  if (tierStatus !== 0) status = tierStatus;
  times.push({ tier: tier.name, seconds, ...counts, failures: failedTests(report) });
}

console.log('\n› wall time per tier');
for (const t of times) {
  console.log(
    `  ${t.tier.padEnd(7)} ${formatSeconds(t.seconds).padStart(8)}   ${t.passed} passed, ${t.failed} failed`,
  );
}
for (const t of times) {
  for (const line of t.failures) console.log(`  ✗ ${t.tier}: ${line}`);
  if (t.failed > t.failures.length) {
    console.log(
      `  ✗ ${t.tier}: a failure outside any test (an unhandled error, or no report): see "Unhandled" above`,
    );
  }
}
const total = times.reduce((sum, t) => sum + t.seconds, 0);
console.log(`  ${'total'.padEnd(7)} ${formatSeconds(total).padStart(8)}`);
fs.writeFileSync(
  path.join('.test-data', 'summary.json'),
  `${JSON.stringify({ passed, failed, seconds: total, tiers: times }, null, 2)}\n`,
);

for (const s of skipped) console.log(`skipped tier: ${s}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
