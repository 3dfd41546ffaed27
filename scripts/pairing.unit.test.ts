import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { randomMeetingsInstance, randomTablesInstance } from '../server/matching/random';

const run = promisify(execFile);
const root = path.join(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairing-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const tables = randomTablesInstance({ seed: 2, tables: 4, seats: 3, rounds: 3 });
const meetings = randomMeetingsInstance({ seed: 2, people: 10, requests: 20, slots: 4, tables: 3, cap: 3 });

let files = 0;
async function pairing(instance: unknown, ...extra: string[]) {
  const input = path.join(dir, `in-${++files}.json`);
  const output = `${input}.out`;
  fs.writeFileSync(input, JSON.stringify(instance));
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  try {
    const { stdout, stderr } = await run(
      tsx,
      ['scripts/pairing.ts', '--in', input, '--out', output, ...extra],
      {
        cwd: root,
      },
    );
    return { code: 0, stdout, stderr, output };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, output };
  }
}

describe('npm run pairing', () => {
  it('refuses an instance with an unknown field, naming it (exit 2)', async () => {
    const bad = { ...meetings, people: meetings.people.map((p, i) => (i === 3 ? { ...p, email: 'x' } : p)) };
    const { code, stderr, output } = await pairing(bad);
    expect(code).toBe(2);
    expect(stderr).toContain('people.3: unknown field(s) "email"');
    expect(fs.existsSync(output)).toBe(false);
  });

  it('refuses a time limit that is not a number (exit 2)', async () => {
    const { code, stderr } = await pairing(meetings, '--time-limit', 'soon');
    expect(code).toBe(2);
    expect(stderr).toContain('--time-limit');
  });

  it('writes a table-rounds result with the stats recounted', async () => {
    const { code, output } = await pairing(tables, '--time-limit', '2', '--seed', '3');
    expect(code).toBe(0);
    const result = JSON.parse(fs.readFileSync(output, 'utf8'));
    expect(result.rounds).toHaveLength(3);
    expect(result.stats).toMatchObject({ repeats: expect.any(Number), seconds: expect.any(Number) });
  });

  it('writes a meetings result with the stats recounted', async () => {
    const { code, output } = await pairing(meetings, '--time-limit', '2');
    expect(code).toBe(0);
    const result = JSON.parse(fs.readFileSync(output, 'utf8'));
    expect(result.stats.weight).toBeGreaterThan(0);
  });
});
