/**
 * `first-page` in `npm run bench`: the weight of the first page (sign-in), from a fresh build of the web app into
 * a temporary folder, against its budget. A size, not a time: CI fails above the budget (`npm run size` in
 * .ci/run); the bench prints it beside the other figures. See "The first page" in docs/architecture.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { describe, type FirstPage, kB, measureFirstPage } from '../scripts/first-page-size';

export const FIRST_PAGE = 'first-page';

export async function measureBuiltFirstPage(repoRoot: string): Promise<FirstPage> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-first-page-'));
  try {
    await build({
      configFile: path.join(repoRoot, 'vite.config.ts'),
      root: path.join(repoRoot, 'web'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    return measureFirstPage(outDir);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

/** The figure, its ratio to the budget, and the heaviest files. */
export function formatFirstPage(m: FirstPage, top = 5): string {
  const files = [...m.files]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, top)
    .map((f) => `  ${kB(f.gzip).padStart(6)} kB  ${path.basename(f.file)}`);
  const over = m.gzip > m.budget ? ' — OVER BUDGET (CI fails)' : '';
  const line = `${describe(m)}: ${(m.gzip / m.budget).toFixed(2)}× the budget${over}`;
  return top ? [line, `  heaviest of its ${m.files.length} files:`, ...files].join('\n') : line;
}
