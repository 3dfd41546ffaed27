/**
 * The first page's texts ("The first page" in docs/architecture.md). The browser starts with the first page's part
 * of the catalogue only (locales/fr.ts, or locales/en.ts for English), and fetches every area's texts
 * (locales/fr-areas.ts, locales/en-areas.ts) before a signed-in screen renders (the loader of the signed-in routes in
 * web/app/routes/base.tsx). So:
 * - every key the first page's code asks for is in the first page's part, in both languages (no raw key shows before
 *   sign-in);
 * - the first page's part holds no file the first page does not use (a new area goes in the areas' part).
 *
 * The first page's code: what web/main.tsx reaches through its imports, and through `import()` too (the error popup,
 * fetched while the user signs in), except the router's lazy routes and their guards, which are behind sign-in and
 * wait for the areas' texts; and the messages of the sign-in form's schema (the contracts the sign-in page reaches).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../locales';
import { enFirstPage } from '../locales/en';
import { frFirstPage } from '../locales/fr';
import {
  type Found,
  flatten,
  hasKey,
  isString,
  objectPaths,
  ROOT,
  reachedModules,
  type Source,
  translationKeys,
  visit,
} from '../tests/support/locale-code';

const ROUTER = 'web/app/router.tsx';
/** The router and its route files (web/app/routes/), whose lazy pages and guards are behind sign-in. */
const isRouterFile = (path: string) => path === ROUTER || path.startsWith('web/app/routes/');
const SIGN_IN_PAGE = 'web/features/session/sign-in-page.tsx';

// Not the router's lazy routes, nor the areas' texts, which web/lib/i18n.ts fetches for the signed-in routes.
const firstPageModules = reachedModules(
  'web/main.tsx',
  (importer, target) => !isRouterFile(importer) && !target.endsWith('-areas.ts'),
);
const firstPageCode = [...firstPageModules]
  .filter(([path]) => path.startsWith('web/'))
  .map(([, source]) => source as Source);

/** The validation and error codes of the contracts the sign-in page reaches: its form's messages. */
function signInFormCodes(): Found[] {
  const found: Found[] = [];
  for (const [path, source] of reachedModules(SIGN_IN_PAGE, () => false)) {
    if (!path.startsWith('contracts/') || !source) continue;
    visit(source.ast, (node) => {
      if (isString(node) && /^(validation|errors)\.[A-Za-z_][\w.]*$/.test(node.value)) {
        found.push({ where: `${path}:${source.lineOf(node.start)}`, use: { kind: 'key', key: node.value } });
      }
    });
  }
  return found;
}

const uses = [...translationKeys(firstPageCode), ...signInFormCodes()];
const parts: Record<'fr' | 'en', Catalogue> = { fr: frFirstPage, en: enFirstPage };

describe("the first page's texts", () => {
  it('finds the code of the first page, and not the pages behind sign-in', () => {
    const paths = [...firstPageModules.keys()];
    expect(paths).toEqual(
      expect.arrayContaining([
        ROUTER,
        SIGN_IN_PAGE,
        'web/components/feedback/route-error.tsx',
        'web/components/feedback/error-dialog-view.tsx',
        'contracts/auth.ts',
      ]),
    );
    expect(paths.filter((path) => path.startsWith('web/features/shell/'))).toEqual([]);
    // What the browser fetches before the first page runs holds no area's texts, and no English.
    const eager = [...reachedModules('web/main.tsx', () => false).keys()];
    expect(eager).toContain('locales/fr.ts');
    expect(eager.filter((path) => path.includes('-areas') || path === 'locales/en.ts')).toEqual([]);
    // A guard that finds nothing would pass for the wrong reason.
    expect(uses.length).toBeGreaterThan(20);
  });

  it.each(['fr', 'en'] as const)('are all in the first part of the catalogue (%s)', (lang) => {
    const flat = flatten(parts[lang]);
    const objects = objectPaths(parts[lang]);
    const missing: string[] = [];
    for (const { where, use } of uses) {
      if (use.kind === 'key' && !hasKey(flat, use.key)) missing.push(`${where} ${use.key}`);
      if (use.kind === 'prefix' && !objects.has(use.prefix.replace(/\.$/, ''))) {
        missing.push(`${where} ${use.prefix}…`);
      }
      if (use.kind === 'opaque') missing.push(`${where} a key built without a static prefix`);
    }
    expect(missing).toEqual([]);
  });

  it.each(['fr', 'en'] as const)(
    'hold only files the first page uses; every other area is fetched after sign-in (%s)',
    (lang) => {
      const files = [...reachedModules(`locales/${lang}.ts`, () => false).keys()].filter((path) =>
        path.endsWith('.json'),
      );
      expect(files.length).toBeGreaterThan(0);
      const unused = files.filter((file) => {
        const keys = [...flatten(JSON.parse(readFileSync(join(ROOT, file), 'utf8'))).keys()];
        return !uses.some(({ use }) =>
          keys.some((key) =>
            use.kind === 'key'
              ? key === use.key || key.startsWith(`${use.key}_`)
              : use.kind === 'prefix' && key.startsWith(use.prefix),
          ),
        );
      });
      expect(unused, `move them to locales/${lang}-areas.ts`).toEqual([]);
    },
  );
});
