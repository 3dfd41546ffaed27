import { type AnyColumn, asc, desc, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '../../contracts/http';

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Text without its accents, through the database's `unaccent` dictionary wrapped as an immutable function (so it can
 * be indexed; created by migration 0001). "montreal" finds "Montréal", "boreal" finds "Boréal".
 */
export const unaccented = (value: AnyColumn | SQL | Placeholder | string) => sql`maillage_unaccent(${value})`;

/** People's order of names: case and accents do not decide (ICU root collation), on both engines alike. */
export const humanOrder = (column: AnyColumn | SQL) => sql`${column} collate "und-x-icu"`;

/** The words of a P5 search (at most 8; blanks split them). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
}

/** P5 search: every word must appear in one of the columns, ignoring case and accents. */
export function searchCondition(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  return searchPatternsCondition(searchWords(q).map(likePattern), columns);
}

/**
 * The same condition on LIKE patterns (`likePattern` of each word) given as values or, in a statement prepared once
 * for a number of words, as placeholders.
 */
export function searchPatternsCondition(
  patterns: (string | Placeholder)[],
  columns: (AnyColumn | SQL)[],
): SQL | undefined {
  if (!patterns.length) return undefined;
  const perWord = patterns.map((p) => or(...columns.map((c) => ilike(unaccented(c), unaccented(p)))));
  return sql.join(perWord as SQL[], sql` and `);
}

/** The ORDER BY of a list: the chosen column in the chosen direction, then a unique column so pages never overlap. */
export function orderBy(
  params: Pick<ListParams, 'sort' | 'dir'>,
  columns: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tieBreaker: AnyColumn | SQL,
): SQL[] {
  const column = params.sort ? columns[params.sort] : undefined;
  if (!column) return [...fallback, asc(tieBreaker)];
  const direction = params.dir === 'desc' ? desc : asc;
  return [direction(column), direction(tieBreaker)];
}

export function pageWindow(params: Pick<ListParams, 'page' | 'pageSize'>) {
  return { limit: params.pageSize, offset: (params.page - 1) * params.pageSize };
}

/** The one list answer: `{ items, page, pageSize, total }`. */
export async function listPage<T>(
  params: Pick<ListParams, 'page' | 'pageSize'>,
  rows: (window: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
) {
  const [items, total] = await Promise.all([rows(pageWindow(params)), count()]);
  return { items, page: params.page, pageSize: params.pageSize, total };
}
