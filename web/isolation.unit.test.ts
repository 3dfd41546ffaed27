import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_ISOLATED } from '../tests/support/web-isolated';

const ROOT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(relative);
    return /\.test\.tsx$/.test(entry.name) ? [relative] : [];
  });
}

describe('component test files sharing a module graph (vitest.config.ts)', () => {
  it('runs every file that replaces a module (vi.mock, vi.doMock) in a module graph of its own', () => {
    const mocking = testFiles('web').filter((file) =>
      /\bvi\.(mock|doMock|unmock|doUnmock)\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    expect([...WEB_ISOLATED].sort()).toEqual(mocking.sort());
  });

  it('names only files that exist', () => {
    for (const file of WEB_ISOLATED) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
