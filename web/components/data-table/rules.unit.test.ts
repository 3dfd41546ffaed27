import { describe, expect, it } from 'vitest';
import { nextSort, pageCount, paginationWindow, rowRange } from './rules';

describe('paginationWindow', () => {
  it('is hidden with a single page', () => {
    expect(paginationWindow(1, 1)).toEqual([]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('shows every page under 6', () => {
    expect(paginationWindow(1, 2)).toEqual([1, 2]);
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts ellipses around the current page from 6 pages on', () => {
    expect(paginationWindow(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(paginationWindow(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(paginationWindow(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
  });

  it('shows a lone hidden page instead of an ellipsis', () => {
    expect(paginationWindow(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationWindow(4, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    expect(paginationWindow(1, 6)).toEqual([1, 2, 'ellipsis-end', 6]);
  });

  it('clamps a page past the end', () => {
    expect(paginationWindow(99, 8)).toEqual([1, 'ellipsis-start', 7, 8]);
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending first', () => {
    expect(nextSort({ dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(nextSort({ sort: 'startsOn', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
  });

  it('toggles the same column', () => {
    expect(nextSort({ sort: 'name', dir: 'asc' }, 'name')).toEqual({ sort: 'name', dir: 'desc' });
    expect(nextSort({ sort: 'name', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
  });
});

describe('counts', () => {
  it('counts pages and the visible range', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(rowRange(2, 25, 30)).toEqual({ from: 26, to: 30 });
    expect(rowRange(1, 25, 0)).toEqual({ from: 0, to: 0 });
  });
});
