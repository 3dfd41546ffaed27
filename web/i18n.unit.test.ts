/**
 * The locale guard (no I/O beyond reading the repository's files):
 * (a) fr.json and en.json hold the same keys, none empty, with the same placeholders;
 * (b) every key the code asks for exists in both, and so does every validation/error code the server answers;
 * (c) no text a user reads is written in a component;
 * (d) the French is Québec French.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { type Catalogue, en, fr, mergeCatalogues } from '../locales';
import { translator } from '../server/i18n';
import { i18n } from './lib/i18n';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const locales = { fr, en };
// The browser fetches English when first needed (web/lib/i18n.ts); these checks read it at once.
if (!i18n.hasResourceBundle('en', 'translation')) i18n.addResourceBundle('en', 'translation', en);
type Lang = keyof typeof locales;
const LANGS = Object.keys(locales) as Lang[];

/** Every leaf as `a.b.c` → value (plural forms `x_one`, `x_other` are leaves of their own). */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const flat = { fr: flatten(locales.fr), en: flatten(locales.en) };

/** The objects of a catalogue (`errors`, `errors.auth` …), for keys built at run time from a prefix. */
function objectPaths(catalogue: Catalogue, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (value !== null && typeof value === 'object') {
      const path = prefix ? `${prefix}.${key}` : key;
      out.add(path);
      for (const p of objectPaths(value, path)) out.add(p);
    }
  }
  return out;
}
const objects = { fr: objectPaths(locales.fr), en: objectPaths(locales.en) };

const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** What i18next would find for `t(key)`: the key itself, or its plural forms. */
function hasKey(lang: Lang, key: string) {
  return flat[lang].has(key) || PLURAL_SUFFIXES.some((s) => flat[lang].has(key + s));
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

// ---------- the source files ----------

function walk(dir: string, accept: (path: string) => boolean): string[] {
  return (
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !path.includes('node_modules') && accept(path))
    .sort();
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const codeFiles = [
  ...walk('web', (p) => /\.tsx?$/.test(p) && !isTest(p)),
  ...walk('server', (p) => /\.ts$/.test(p) && !isTest(p) && !p.endsWith('.d.ts')),
  ...walk('contracts', (p) => /\.ts$/.test(p) && !isTest(p)),
];

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

interface Source {
  path: string;
  text: string;
  ast: Node;
  lineOf: (offset: number) => number;
}

const sources: Source[] = codeFiles.map((path) => {
  const text = readFileSync(join(ROOT, path), 'utf8');
  const ast = parseAst(text, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' }, path) as unknown as Node;
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1] <= offset) line++;
    return line + 1;
  };
  return { path, text, ast, lineOf };
});

/** Visits every node of a tree, with its parent. */
function visit(node: unknown, fn: (node: Node, parent: Node | null) => void, parent: Node | null = null) {
  if (Array.isArray(node)) {
    for (const child of node) visit(child, fn, parent);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
  fn(node as Node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'parent' && value && typeof value === 'object') visit(value, fn, node as Node);
  }
}

const isString = (node: unknown): node is Node & { value: string } =>
  !!node && (node as Node).type === 'Literal' && typeof (node as Node).value === 'string';

const nameOf = (node: unknown): string | undefined => {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.type === 'Identifier' || n.type === 'JSXIdentifier') return n.name as string;
  if (n.type === 'Literal') return String(n.value);
  if (n.type === 'JSXNamespacedName') return `${nameOf(n.namespace)}:${nameOf(n.name)}`;
  return undefined;
};

/** A key written in the code: a literal, or the static start of a template (`languages.${x}`). */
type KeyUse = { kind: 'key'; key: string } | { kind: 'prefix'; prefix: string } | { kind: 'opaque' };

/** The keys an argument can take: both branches of `a ? 'x' : 'y'`, `a ?? 'x'`; a template's prefix. */
function keysOf(node: Node | undefined): KeyUse[] {
  if (!node) return [];
  if (isString(node)) return [{ kind: 'key', key: node.value }];
  if (node.type === 'TemplateLiteral') {
    const quasis = node.quasis as { value: { cooked: string } }[];
    if (quasis.length === 1) return [{ kind: 'key', key: quasis[0].value.cooked }];
    const prefix = quasis[0].value.cooked;
    return [prefix ? { kind: 'prefix', prefix } : { kind: 'opaque' }];
  }
  if (node.type === 'ConditionalExpression') {
    return [...keysOf(node.consequent as Node), ...keysOf(node.alternate as Node)];
  }
  if (node.type === 'LogicalExpression') return [...keysOf(node.left as Node), ...keysOf(node.right as Node)];
  return [];
}

interface Found {
  where: string;
  use: KeyUse;
}

/** Where the code asks for a translation: t('…'), i18n.t('…'), labelKey: '…', i18nKey. */
function translationKeys(): Found[] {
  const found: Found[] = [];
  const KEY_PROPERTIES = new Set(['labelKey', 'i18nKey']);
  for (const source of sources) {
    visit(source.ast, (node) => {
      const where = `${source.path}:${source.lineOf(node.start)}`;
      if (node.type === 'CallExpression') {
        const callee = node.callee as Node;
        const isT =
          (callee.type === 'Identifier' && callee.name === 't') ||
          (callee.type === 'MemberExpression' && !callee.computed && nameOf(callee.property) === 't');
        if (isT) for (const use of keysOf((node.arguments as Node[])[0])) found.push({ where, use });
      }
      if (node.type === 'Property' && KEY_PROPERTIES.has(nameOf(node.key) ?? '')) {
        for (const use of keysOf(node.value as Node)) found.push({ where, use });
      }
      if (node.type === 'JSXAttribute' && nameOf(node.name) === 'i18nKey') {
        const value = node.value as Node | null;
        const expression = value?.type === 'JSXExpressionContainer' ? (value.expression as Node) : value;
        for (const use of keysOf(expression ?? undefined)) found.push({ where, use });
      }
    });
  }
  return found;
}

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
  it('are all merged into the catalogue, each French file with its English twin', () => {
    for (const lang of LANGS) {
      const index = readFileSync(join(ROOT, `locales/${lang}.ts`), 'utf8');
      for (const file of readdirSync(join(ROOT, 'locales', lang))) {
        expect(index, `locales/${lang}/${file} is not imported by locales/${lang}.ts`).toContain(
          `./${lang}/${file}'`,
        );
        const twin = join(ROOT, 'locales', lang === 'fr' ? 'en' : 'fr', file);
        const mine = flatten(JSON.parse(readFileSync(join(ROOT, 'locales', lang, file), 'utf8')));
        const theirs = flatten(JSON.parse(readFileSync(twin, 'utf8')));
        expect([...mine.keys()].sort(), `locales/*/${file}`).toEqual([...theirs.keys()].sort());
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
  const uses = translationKeys();

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
