import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countResults, failedTests } from './test-tiers.mjs';

function report(content: object): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tiers-')), 'report.json');
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

describe('a tier’s report', () => {
  const file = report({
    numPassedTests: 3,
    numFailedTests: 1,
    testResults: [
      {
        name: `${process.cwd()}/e2e/a.e2e.test.ts`,
        status: 'failed',
        assertionResults: [
          {
            fullName: 'meetings (fr) generate',
            status: 'failed',
            failureMessages: ['\u001b[31mError: strict mode violation\u001b[39m\n    at line 123'],
          },
          { fullName: 'meetings (en) generate', status: 'passed' },
        ],
      },
      {
        name: `${process.cwd()}/server/b.api.test.ts`,
        status: 'failed',
        message: 'Cannot find module x\nstack',
        assertionResults: [],
      },
    ],
  });

  it('counts a file that broke before its tests as one failure', () => {
    expect(countResults(file, 1)).toEqual({ passed: 3, failed: 2 });
  });

  it('names each failed test with the first line of its message, without terminal colours', () => {
    expect(failedTests(file)).toEqual([
      'e2e/a.e2e.test.ts › meetings (fr) generate: Error: strict mode violation',
      'server/b.api.test.ts: Cannot find module x',
    ]);
  });

  it('names nothing when there is no report', () => {
    expect(failedTests('/nonexistent/report.json')).toEqual([]);
  });
});
