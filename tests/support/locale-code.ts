/**
 * What the locale checks read (web/i18n.unit.test.ts, web/first-page-texts.unit.test.ts): the catalogue as flat keys,
 * the repository's source files parsed, the translation keys they ask for, and the modules a file reaches.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import type { Catalogue } from '../../locales';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every leaf as `a.b.c` → value (plural forms `x_one`, `x_other` are leaves of their own). */
export function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
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

/** The objects of a catalogue (`errors`, `errors.auth` …), for keys built at run time from a prefix. */
export function objectPaths(catalogue: Catalogue, prefix = ''): Set<string> {
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

const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** What i18next would find for `t(key)` in these flat texts: the key itself, or its plural forms. */
export const hasKey = (flat: Map<string, unknown>, key: string) =>
  flat.has(key) || PLURAL_SUFFIXES.some((s) => flat.has(key + s));

// ---------- the source files ----------

/** The files under a folder of the repository, as paths from its root. */
export function walk(dir: string, accept: (path: string) => boolean): string[] {
  return (
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[]
  )
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .filter((path) => !path.includes('node_modules') && accept(path))
    .sort();
}

export interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

export interface Source {
  path: string;
  text: string;
  ast: Node;
  lineOf: (offset: number) => number;
}

/** A source file of the repository (a path from its root), parsed. */
export function readSource(path: string): Source {
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
}

/** Visits every node of a tree, with its parent. */
export function visit(
  node: unknown,
  fn: (node: Node, parent: Node | null) => void,
  parent: Node | null = null,
) {
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

export const isString = (node: unknown): node is Node & { value: string } =>
  !!node && (node as Node).type === 'Literal' && typeof (node as Node).value === 'string';

export const nameOf = (node: unknown): string | undefined => {
  const n = node as Node | undefined;
  if (!n) return undefined;
  if (n.type === 'Identifier' || n.type === 'JSXIdentifier') return n.name as string;
  if (n.type === 'Literal') return String(n.value);
  if (n.type === 'JSXNamespacedName') return `${nameOf(n.namespace)}:${nameOf(n.name)}`;
  return undefined;
};

/** A key written in the code: a literal, or the static start of a template (`languages.${x}`). */
export type KeyUse = { kind: 'key'; key: string } | { kind: 'prefix'; prefix: string } | { kind: 'opaque' };

/** The keys an argument can take: both branches of `a ? 'x' : 'y'`, `a ?? 'x'`; a template's prefix. */
export function keysOf(node: Node | undefined): KeyUse[] {
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

export interface Found {
  where: string;
  use: KeyUse;
}

/** Where the code asks for a translation: t('…'), i18n.t('…'), labelKey: '…', i18nKey. */
export function translationKeys(sources: Source[]): Found[] {
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

// ---------- the modules a file reaches ----------

/** The file a relative import names (`./x` → `./x.ts`, `./x.tsx`, `./x/index.ts`), or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find((path) => /\.(tsx?|json)$/.test(path) && existsSync(join(ROOT, path)));
  return found ?? null;
}

/**
 * The repository's modules that `entry` reaches through its imports (type-only ones aside), and through `import()`
 * where `follow(importer, target)` says so. JSON files are listed but not read.
 */
export function reachedModules(
  entry: string,
  follow: (importer: string, target: string) => boolean,
): Map<string, Source | null> {
  const out = new Map<string, Source | null>();
  const stack = [entry];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    if (out.has(path)) continue;
    if (path.endsWith('.json')) {
      out.set(path, null);
      continue;
    }
    const source = readSource(path);
    out.set(path, source);
    visit(source.ast, (node) => {
      const isStatic =
        (node.type === 'ImportDeclaration' && node.importKind !== 'type') ||
        ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
          node.source &&
          node.exportKind !== 'type');
      const specifier = (node.source as Node | undefined)?.value;
      if (isStatic && typeof specifier === 'string') {
        const target = resolveImport(path, specifier);
        if (target) stack.push(target);
      }
      if (node.type === 'ImportExpression' && isString(node.source)) {
        const target = resolveImport(path, node.source.value);
        if (target && follow(path, target)) stack.push(target);
      }
    });
  }
  return out;
}
