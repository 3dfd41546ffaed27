/**
 * The locale guard (no I/O beyond reading the repository's files):
 * (a) the French and English files hold the same keys, none empty, with the same placeholders, each file merged
 *     into one part of the catalogue (the first page's or the areas', web/first-page-texts.unit.test.ts checks which);
 * (b) every key the code asks for exists in both, and so does every validation/error code the server answers;
 * (c) no text a user reads is written in a component;
 * (d) the French is Québec French.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, fr, mergeCatalogues } from '../locales';
import { translator } from '../server/i18n';
import {
  flatten,
  hasKey as hasKeyIn,
  isString,
  keysOf,
  type Node,
  nameOf,
  objectPaths,
  ROOT,
  readSource,
  translationKeys,
  visit,
  walk,
} from '../tests/support/locale-code';
import { i18n } from './lib/i18n';

const locales = { fr, en };
// The browser fetches the areas' texts after sign-in and English when first needed (web/lib/i18n.ts); these checks
// read every text at once.
i18n.addResourceBundle('fr', 'translation', fr, true, true);
i18n.addResourceBundle('en', 'translation', en, true, true);
type Lang = keyof typeof locales;
const LANGS = Object.keys(locales) as Lang[];

const flat = { fr: flatten(locales.fr), en: flatten(locales.en) };
const objects = { fr: objectPaths(locales.fr), en: objectPaths(locales.en) };

/** What i18next would find for `t(key)`: the key itself, or its plural forms. */
const hasKey = (lang: Lang, key: string) => hasKeyIn(flat[lang], key);

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

// ---------- the source files ----------

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const codeFiles = [
  ...walk('web', (p) => /\.tsx?$/.test(p) && !isTest(p)),
  ...walk('server', (p) => /\.ts$/.test(p) && !isTest(p) && !p.endsWith('.d.ts')),
  ...walk('contracts', (p) => /\.ts$/.test(p) && !isTest(p)),
];
const sources = codeFiles.map(readSource);

/** The codes the server answers with: 'validation.x' / 'errors.x' strings, AppError and sendProblem codes. */
function serverCodes(): { where: string; key: string }[] {
  const found: { where: string; key: string }[] = [];
  for (const source of sources) {
    if (!/^(server|contracts)\//.test(source.path)) continue;
    visit(source.ast, (node) => {
      const where = `${source.path}:${source.lineOf(node.start)}`;
      if (isString(node) && /^(validation|errors)\.[A-Za-z_][\w.]*$/.test(node.value)) {
        found.push({ where, key: node.value });
      }
      const args = (node.arguments as Node[] | undefined) ?? [];
      const codeArgument =
        node.type === 'NewExpression' && nameOf(node.callee) === 'AppError'
          ? args[0]
          : node.type === 'CallExpression' && nameOf(node.callee) === 'sendProblem'
            ? args[3]
            : undefined;
      for (const use of keysOf(codeArgument)) {
        if (use.kind === 'key') found.push({ where, key: `errors.${use.key}` });
      }
    });
  }
  return found;
}

// ---------- hard-coded text ----------

/** What may stand in a component as is: marks and symbols, not language. */
const ALLOWED_TEXT = new Set([
  'FR',
  'EN',
  '—',
  '–',
  '…',
  '‹',
  '›',
  '·',
  '•',
  '×',
  '|',
  '/',
  ':',
  'https://',
  'http://',
]);
/** Props and object fields that a user reads. */
const TEXT_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'alt',
  'description',
  'error',
  'message',
  'header',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
]);

const hasLetters = (text: string) => /\p{L}/u.test(text);
const isAllowed = (text: string) => ALLOWED_TEXT.has(text.trim()) || !hasLetters(text);

/** A string the expression renders as is (a literal, a template's static parts, either branch of a choice). */
function literalTexts(node: Node | undefined | null): string[] {
  if (!node) return [];
  if (isString(node)) return [node.value];
  if (node.type === 'TemplateLiteral') {
    return (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).filter(Boolean);
  }
  if (node.type === 'ConditionalExpression') {
    return [...literalTexts(node.consequent as Node), ...literalTexts(node.alternate as Node)];
  }
  if (node.type === 'LogicalExpression') {
    return [...literalTexts(node.left as Node), ...literalTexts(node.right as Node)];
  }
  return [];
}

function hardCodedTexts(): string[] {
  const found: string[] = [];
  for (const source of sources) {
    if (!source.path.endsWith('.tsx')) continue;
    const report = (node: Node, text: string, what: string) => {
      if (isAllowed(text)) return;
      // JSX text starts right after the `>`: report the line where its words are.
      const leading = node.type === 'JSXText' ? text.length - text.trimStart().length : 0;
      found.push(`${source.path}:${source.lineOf(node.start + leading)} ${what} "${text.trim()}"`);
    };
    visit(source.ast, (node, parent) => {
      if (node.type === 'JSXText') report(node, node.value as string, 'text');
      if (
        node.type === 'JSXExpressionContainer' &&
        (parent?.type === 'JSXElement' || parent?.type === 'JSXFragment')
      ) {
        for (const text of literalTexts(node.expression as Node)) report(node, text, 'text');
      }
      if (node.type === 'JSXAttribute' && TEXT_PROPS.has(nameOf(node.name) ?? '')) {
        const value = node.value as Node | null;
        const expression = value?.type === 'JSXExpressionContainer' ? (value.expression as Node) : value;
        for (const text of literalTexts(expression)) report(node, text, `${nameOf(node.name)}=`);
      }
      if (node.type === 'Property' && TEXT_PROPS.has(nameOf(node.key) ?? '')) {
        for (const text of literalTexts(node.value as Node)) report(node, text, `${nameOf(node.key)}:`);
      }
    });
  }
  return found;
}

// ---------- the checks ----------

describe('locale files (a)', () => {
  it('are all merged into the catalogue, each in one part, each French file with its English twin', () => {
    // The first page's part (locales/fr.ts) or the areas' (locales/fr-areas.ts), the twin in the same part.
    const parts = (lang: Lang, file: string) =>
      [`locales/${lang}.ts`, `locales/${lang}-areas.ts`].filter((part) =>
        readFileSync(join(ROOT, part), 'utf8').includes(`./${lang}/${file}'`),
      );
    for (const lang of LANGS) {
      const other: Lang = lang === 'fr' ? 'en' : 'fr';
      for (const file of readdirSync(join(ROOT, 'locales', lang))) {
        const mine = parts(lang, file);
        expect(mine, `locales/${lang}/${file}: register it in locales/${lang}-areas.ts, once`).toHaveLength(
          1,
        );
        expect(
          parts(other, file).map((part) => part.replace(`/${other}`, `/${lang}`)),
          file,
        ).toEqual(mine);
        const twin = join(ROOT, 'locales', other, file);
        const keys = flatten(JSON.parse(readFileSync(join(ROOT, 'locales', lang, file), 'utf8')));
        const theirs = flatten(JSON.parse(readFileSync(twin, 'utf8')));
        expect([...keys.keys()].sort(), `locales/*/${file}`).toEqual([...theirs.keys()].sort());
      }
    }
  });

  it('refuse the same key in two files', () => {
    expect(() => mergeCatalogues([{ a: { b: 'x' } }, { a: { b: 'y' } }])).toThrow('a.b');
  });

  it('have exactly the same keys in French and English', () => {
    const onlyIn = (a: Lang, b: Lang) => [...flat[a].keys()].filter((k) => !flat[b].has(k));
    expect({ onlyInFr: onlyIn('fr', 'en'), onlyInEn: onlyIn('en', 'fr') }).toEqual({
      onlyInFr: [],
      onlyInEn: [],
    });
  });

  it('have no empty value, and nothing but text', () => {
    for (const lang of LANGS) {
      const bad = [...flat[lang]].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(bad, `${lang}.json`).toEqual([]);
    }
  });

  it('use the same placeholders in both languages', () => {
    const mismatched = [...flat.fr.keys()]
      .filter((key) => flat.en.has(key))
      .filter(
        (key) =>
          placeholders(String(flat.fr.get(key))).join() !== placeholders(String(flat.en.get(key))).join(),
      );
    expect(mismatched).toEqual([]);
  });
});

describe('keys used by the code (b)', () => {
  const uses = translationKeys(sources);

  it('finds the keys it checks', () => {
    // A guard that finds nothing would pass for the wrong reason.
    expect(codeFiles.length).toBeGreaterThan(10);
    expect(uses.length).toBeGreaterThan(50);
  });

  it('exist in both locale files', () => {
    const missing: string[] = [];
    for (const { where, use } of uses) {
      for (const lang of LANGS) {
        if (use.kind === 'key' && !hasKey(lang, use.key)) missing.push(`${where} ${use.key} (${lang})`);
        if (use.kind === 'prefix') {
          const object = use.prefix.replace(/\.$/, '');
          if (!use.prefix.endsWith('.') || !objects[lang].has(object)) {
            missing.push(`${where} ${use.prefix}… is not an object (${lang})`);
          }
        }
        if (use.kind === 'opaque')
          missing.push(`${where} a key built without a static prefix cannot be checked`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('include every validation and error code the server and the contracts answer with', () => {
    const codes = serverCodes();
    expect(codes.map((c) => c.key)).toEqual(
      expect.arrayContaining(['validation.required', 'errors.notFound', 'errors.badRequest', 'errors.csrf']),
    );
    const missing = codes.flatMap(({ where, key }) =>
      LANGS.filter((lang) => !hasKey(lang, key)).map((lang) => `${where} ${key} (${lang})`),
    );
    expect(missing).toEqual([]);
  });
});

describe('components (c)', () => {
  it('write no text a user reads: every such text is a locale key', () => {
    expect(hardCodedTexts()).toEqual([]);
  });
});

describe('Québec French (d)', () => {
  const values = [...flat.fr].map(([key, value]) => [key, String(value)] as const);
  const word = (pattern: string) => new RegExp(`(?<![\\p{L}\\d])(?:${pattern})(?![\\p{L}\\d])`, 'iu');

  it('says « courriel », never « e-mail » or « email »', () => {
    expect(values.filter(([, v]) => word('e-?mails?').test(v)).map(([k]) => k)).toEqual([]);
  });

  it('says « clavarder », never « chat »', () => {
    expect(values.filter(([, v]) => word('chats?').test(v)).map(([k]) => k)).toEqual([]);
  });
});

describe('numbers in counts (P4)', () => {
  it('are grouped per locale: « 2 500 » with a no-break space in French, “2,500” in English', () => {
    const key = 'participantImport.done.create';
    expect(i18n.t(key, { lng: 'fr', count: 2500 })).toBe('2\u00a0500 participants créés');
    expect(i18n.t(key, { lng: 'en', count: 2500 })).toBe('2,500 participants created');
    expect(i18n.t(key, { lng: 'fr', count: 1 })).toBe('1 participant créé');
  });

  it('are grouped the same way in the messages the server writes', () => {
    expect(translator('fr')('participants.bulk.deleted', { count: 12000 })).toMatch(/^12\u00a0000 /);
    expect(translator('en')('participants.bulk.deleted', { count: 12000 })).toMatch(/^12,000 /);
  });

  it('write every count of the catalogue through the number format', () => {
    const bare = LANGS.flatMap((lang) =>
      [...flat[lang]].filter(([, v]) => /\{\{\s*count\s*\}\}/.test(String(v))).map(([k]) => `${lang} ${k}`),
    );
    expect(bare).toEqual([]);
  });
});
