// The test tiers `npm test` runs, in order, and how a tier's vitest JSON report is counted (scripts/test.mjs).
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** Each tier is one vitest run of these projects (vitest.config.ts); docs/testing.md says what each checks. */
export const TIERS = [
  { name: 'unit', projects: ['unit'] },
  { name: 'web', projects: ['web', 'web-isolated'] },
  { name: 'api', projects: ['api'] },
  { name: 'api-pg', projects: ['api-pg'] },
  { name: 'e2e', projects: ['e2e'] },
];

/**
 * Passed and failed tests of one tier's JSON report. A file that failed before any of its tests could (an import
 * error, a failing hook) counts as one failure; a run that failed with nothing counted (an unhandled error after
 * the tests, no report at all) counts as one.
 */
export function countResults(reportFile, exitStatus) {
  let passed = 0;
  let failed = 0;
  if (fs.existsSync(reportFile)) {
    const results = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    passed = results.numPassedTests;
    const brokenFiles = results.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((a) => a.status === 'failed'),
    ).length;
    failed = results.numFailedTests + brokenFiles;
  }
  if (exitStatus !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/**
 * The failed tests of one tier's JSON report, as "file › test: first line of the message", so that the end of a CI
 * log names what failed even when the log is cut.
 */
export function failedTests(reportFile) {
  if (!fs.existsSync(reportFile)) return [];
  const results = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const lines = [];
  for (const file of results.testResults) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failures = file.assertionResults.filter((a) => a.status === 'failed');
    if (file.status === 'failed' && failures.length === 0) {
      lines.push(`${name}: ${firstLine(file.message)}`);
    }
    for (const a of failures) lines.push(`${name} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  }
  return lines;
}

function firstLine(text) {
  return stripVTControlCharacters(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

/** 754.2 → "12 min 34 s". */
export function formatSeconds(seconds) {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes ? `${minutes} min ${String(whole % 60).padStart(2, '0')} s` : `${whole} s`;
}
