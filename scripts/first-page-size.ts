#!/usr/bin/env node
/**
 * The weight of the first page (sign-in): the gzip size of every script the browser fetches before it can run
 * the app — index.html's `<script type="module">`, its `<link rel="modulepreload">`, and whatever those import
 * statically (Vite already lists that static graph as modulepreloads; the imports are followed anyway, so that a
 * change of preload settings cannot hide a file). Lazy chunks (`import()`) are not counted: they load later.
 *
 *   npm run size [-- dist/web]        # one line, exit 1 above the budget
 *   npm run size -- --files           # and every file with its size, largest first
 *   npm run size -- --json            # the figures as JSON
 *
 * Each file is gzipped on its own at level 9, as a server would send it. Why a script and not size-limit: see
 * "The first page" in docs/architecture.md.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget of the first page, in kB (1,000 bytes) of gzip. */
export const FIRST_PAGE_BUDGET_KB = 250;
/**
 * The participant's personal page (personal-page.html, read on a phone at the venue): everything its first load
 * fetches, scripts and stylesheets, in kB of gzip (issue 19).
 */
export const PERSONAL_PAGE_BUDGET_KB = 150;
/** The public registration page (registration-page.html, filled on a phone too): the same kind of budget (issue 20). */
export const REGISTRATION_PAGE_BUDGET_KB = 150;

const ATTRIBUTES = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g;

function attributesOf(tag: string) {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(ATTRIBUTES)) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4];
  return attrs;
}

/**
 * The scripts index.html makes the browser fetch at once: module scripts and module preloads, in order; with
 * `stylesheets`, its `<link rel="stylesheet">` too.
 */
export function firstPageScripts(html: string, stylesheets = false): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const a = attributesOf(tag);
    if (tag.toLowerCase().startsWith('<script') && a.type === 'module' && a.src) urls.push(a.src);
    else if (a.rel === 'modulepreload' && a.href) urls.push(a.href);
    else if (stylesheets && a.rel === 'stylesheet' && a.href) urls.push(a.href);
  }
  return urls;
}

/**
 * The relative modules a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`). Vite's output puts them at the top, minified; `import("./x.js")` is not matched.
 */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const re = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const m of code.matchAll(re)) found.push(m[1]);
  return found;
}

/** Every first-page file with its raw and gzip sizes (bytes), following static imports from index.html's list. */
export interface FirstPage {
  label: string;
  /** Each file fetched for the first page: its path under the build folder, raw and gzip sizes in bytes. */
  files: { file: string; raw: number; gzip: number }[];
  gzip: number;
  raw: number;
  /** The budget, in bytes. */
  budget: number;
}

/** What a page's first load weighs: the back office's first page (scripts), or the personal page (with its CSS). */
export const PAGES = {
  first: { html: 'index.html', stylesheets: false, budgetKb: FIRST_PAGE_BUDGET_KB, label: 'first page' },
  personal: {
    html: 'personal-page.html',
    stylesheets: true,
    budgetKb: PERSONAL_PAGE_BUDGET_KB,
    label: 'personal page',
  },
  registration: {
    html: 'registration-page.html',
    stylesheets: true,
    budgetKb: REGISTRATION_PAGE_BUDGET_KB,
    label: 'registration page',
  },
} as const;
export type PageName = keyof typeof PAGES;

export function measureFirstPage(distDir: string, name: PageName = 'first'): FirstPage {
  const page = PAGES[name];
  const html = readFileSync(join(distDir, page.html), 'utf8');
  const queue = firstPageScripts(html, page.stylesheets).map((url) =>
    posix.normalize(url.replace(/^\//, '')),
  );
  const files: FirstPage['files'] = [];
  const seen = new Set<string>();
  for (const file of queue) {
    // `queue` grows while it is walked: each file's static imports join it.
    if (seen.has(file)) continue;
    seen.add(file);
    const bytes = readFileSync(join(distDir, file));
    files.push({ file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    if (!file.endsWith('.js')) continue;
    for (const spec of staticImports(bytes.toString('utf8')))
      queue.push(posix.join(posix.dirname(file), spec));
  }
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  return { label: page.label, files, gzip, raw, budget: page.budgetKb * 1000 };
}

export const kB = (bytes: number) => (bytes / 1000).toFixed(1);

/** `first page: 238.4 kB gzip (budget 250 kB)`. */
export const describe = (m: FirstPage) =>
  `${m.label}: ${kB(m.gzip)} kB gzip (budget ${kB(m.budget)} kB), ${m.files.length} files, ${kB(m.raw)} kB raw`;

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = resolve(
    args.find((a) => !a.startsWith('--')) ?? join(root, process.env.MAILLAGE_DIST || 'dist', 'web'),
  );
  let over = false;
  for (const name of Object.keys(PAGES) as PageName[]) {
    const m = measureFirstPage(distDir, name);
    if (args.includes('--json')) console.log(JSON.stringify(m, null, 2));
    else {
      if (args.includes('--files'))
        for (const f of [...m.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`${kB(f.gzip).padStart(7)} kB  ${f.file}`);
      console.log(describe(m));
    }
    if (m.gzip > m.budget) {
      over = true;
      console.error(
        `${m.label} over its budget by ${kB(m.gzip - m.budget)} kB: see "The first page" in docs/architecture.md`,
      );
    }
  }
  if (over) process.exit(1);
}
