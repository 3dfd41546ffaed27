import { describe, expect, it } from 'vitest';
import {
  containerOf,
  moveCategory,
  moveItem,
  orderOf,
  type SortableOrder,
  sameOrder,
  serializeOrder,
} from './order';

const start = (): SortableOrder => ({
  items: ['x', 'y'],
  categories: [
    { id: 'A', items: ['a1', 'a2', 'a3'] },
    { id: 'B', items: ['b1'] },
    { id: 'C', items: [] },
  ],
});

describe('moveItem', () => {
  it('moves an item within its category', () => {
    expect(moveItem(start(), 'a1', { categoryId: 'A', index: 2 }).categories[0].items).toEqual([
      'a2',
      'a3',
      'a1',
    ]);
    expect(moveItem(start(), 'a3', { categoryId: 'A', index: 0 }).categories[0].items).toEqual([
      'a3',
      'a1',
      'a2',
    ]);
  });

  it('moves an item within the items outside any category', () => {
    expect(moveItem(start(), 'x', { categoryId: null, index: 1 }).items).toEqual(['y', 'x']);
  });

  it('moves an item across categories, into an empty one, and out of any category', () => {
    const across = moveItem(start(), 'a2', { categoryId: 'B', index: 0 });
    expect(across.categories.map((c) => c.items)).toEqual([['a1', 'a3'], ['a2', 'b1'], []]);
    const intoEmpty = moveItem(start(), 'b1', { categoryId: 'C', index: 5 });
    expect(intoEmpty.categories.map((c) => c.items)).toEqual([['a1', 'a2', 'a3'], [], ['b1']]);
    const out = moveItem(start(), 'a1', { categoryId: null, index: 1 });
    expect(out.items).toEqual(['x', 'a1', 'y']);
    expect(out.categories[0].items).toEqual(['a2', 'a3']);
    const into = moveItem(start(), 'y', { categoryId: 'A', index: 1 });
    expect(into.items).toEqual(['x']);
    expect(into.categories[0].items).toEqual(['a1', 'y', 'a2', 'a3']);
  });

  it('leaves the given order untouched and keeps unchanged categories as they were', () => {
    const before = start();
    const copy = structuredClone(before);
    const after = moveItem(before, 'a1', { categoryId: 'A', index: 1 });
    expect(before).toEqual(copy);
    expect(after.categories[1]).toBe(before.categories[1]);
    expect(after.categories[0]).not.toBe(before.categories[0]);
  });

  it('ignores an unknown item or category', () => {
    const before = start();
    expect(moveItem(before, 'nope', { categoryId: 'A', index: 0 })).toBe(before);
    expect(moveItem(before, 'a1', { categoryId: 'Z', index: 0 })).toBe(before);
    expect(moveItem(before, 'A', { categoryId: 'B', index: 0 })).toBe(before);
  });
});

describe('moveCategory', () => {
  it('moves a category with its items', () => {
    const after = moveCategory(start(), 'A', 2);
    expect(after.categories).toEqual([
      { id: 'B', items: ['b1'] },
      { id: 'C', items: [] },
      { id: 'A', items: ['a1', 'a2', 'a3'] },
    ]);
    expect(after.items).toEqual(['x', 'y']);
    expect(moveCategory(start(), 'C', 0).categories.map((c) => c.id)).toEqual(['C', 'A', 'B']);
  });

  it('ignores an unknown category and leaves the given order untouched', () => {
    const before = start();
    expect(moveCategory(before, 'a1', 0)).toBe(before);
    moveCategory(before, 'B', 0);
    expect(before.categories.map((c) => c.id)).toEqual(['A', 'B', 'C']);
  });
});

describe('serializeOrder', () => {
  it('lists every entry once with its category and position, in reading order', () => {
    expect(serializeOrder(moveCategory(start(), 'B', 0))).toEqual([
      { id: 'x', categoryId: null, isCategory: false, position: 0 },
      { id: 'y', categoryId: null, isCategory: false, position: 1 },
      { id: 'B', categoryId: null, isCategory: true, position: 2 },
      { id: 'b1', categoryId: 'B', isCategory: false, position: 3 },
      { id: 'A', categoryId: null, isCategory: true, position: 4 },
      { id: 'a1', categoryId: 'A', isCategory: false, position: 5 },
      { id: 'a2', categoryId: 'A', isCategory: false, position: 6 },
      { id: 'a3', categoryId: 'A', isCategory: false, position: 7 },
      { id: 'C', categoryId: null, isCategory: true, position: 8 },
    ]);
  });

  it('serves a flat list too', () => {
    const flat = orderOf([{ id: 'p' }, { id: 'q' }]);
    expect(serializeOrder(moveItem(flat, 'q', { categoryId: null, index: 0 })).map((e) => e.id)).toEqual([
      'q',
      'p',
    ]);
  });
});

describe('helpers', () => {
  it('finds where an item sits', () => {
    expect(containerOf(start(), 'x')).toBeNull();
    expect(containerOf(start(), 'b1')).toBe('B');
    expect(containerOf(start(), 'B')).toBeUndefined();
  });

  it('compares orders', () => {
    expect(sameOrder(start(), start())).toBe(true);
    expect(sameOrder(start(), moveItem(start(), 'a1', { categoryId: 'A', index: 1 }))).toBe(false);
    expect(sameOrder(start(), moveItem(start(), 'a1', { categoryId: 'A', index: 0 }))).toBe(true);
  });

  it('reads the order of entries held as objects', () => {
    expect(orderOf([{ id: 'x' }], [{ id: 'A', items: [{ id: 'a1' }] }])).toEqual({
      items: ['x'],
      categories: [{ id: 'A', items: ['a1'] }],
    });
  });
});
