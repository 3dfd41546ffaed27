/** P5 rules of the data table, kept pure so they are tested on their own. */

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The pagination window: nothing with one page; every page when there are fewer than 6; otherwise the first and
 * last pages, the current one with its neighbours, and an ellipsis for each gap (a gap of a single page shows it).
 */
export function paginationWindow(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 1) return [];
  if (totalPages < 6) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const page = Math.min(Math.max(current, 1), totalPages);
  const from = Math.max(2, page - 1);
  const to = Math.min(totalPages - 1, page + 1);
  const items: PageItem[] = [1];
  if (from === 3) items.push(2);
  else if (from > 3) items.push('ellipsis-start');
  for (let p = from; p <= to; p++) items.push(p);
  if (to === totalPages - 2) items.push(totalPages - 1);
  else if (to < totalPages - 2) items.push('ellipsis-end');
  items.push(totalPages);
  return items;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  sort?: string;
  dir: SortDirection;
}

/** Clicking a heading: a new column sorts ascending (the others lose their mark); the same column toggles. */
export function nextSort(state: SortState, column: string): SortState {
  if (state.sort !== column) return { sort: column, dir: 'asc' };
  return { sort: column, dir: state.dir === 'asc' ? 'desc' : 'asc' };
}

export function pageCount(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** "26–50 of 120" */
export function rowRange(page: number, pageSize: number, total: number) {
  if (total === 0) return { from: 0, to: 0 };
  return { from: (page - 1) * pageSize + 1, to: Math.min(page * pageSize, total) };
}
