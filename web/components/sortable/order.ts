/**
 * P11: the ordering maths of a sortable list, apart from any component: items outside any category first, then the
 * categories, each with its items. Every function returns a new order and leaves the one given untouched.
 */
export interface SortableOrder {
  /** Items outside any category (the whole list when there are no categories). */
  items: string[];
  categories: { id: string; items: string[] }[];
}

/** Where an item sits: the id of its category, null outside any category, undefined when it is not an item. */
export function containerOf(order: SortableOrder, id: string): string | null | undefined {
  if (order.items.includes(id)) return null;
  return order.categories.find((c) => c.items.includes(id))?.id;
}

export const isCategory = (order: SortableOrder, id: string) => order.categories.some((c) => c.id === id);

/** The items of a container (null: outside any category). */
export function itemsOf(order: SortableOrder, categoryId: string | null): string[] {
  if (categoryId === null) return order.items;
  return order.categories.find((c) => c.id === categoryId)?.items ?? [];
}

const clamp = (index: number, length: number) => Math.max(0, Math.min(index, length));

/**
 * Moves an item to a container (a category id, or null outside any category) so that it ends at `index` there.
 * Within one container this is the usual "remove, then insert at the new index".
 */
export function moveItem(
  order: SortableOrder,
  itemId: string,
  to: { categoryId: string | null; index: number },
): SortableOrder {
  const from = containerOf(order, itemId);
  if (from === undefined) return order;
  if (to.categoryId !== null && !isCategory(order, to.categoryId)) return order;
  const without = (ids: string[]) => ids.filter((id) => id !== itemId);
  const insert = (ids: string[]) => {
    const next = without(ids);
    next.splice(clamp(to.index, next.length), 0, itemId);
    return next;
  };
  const place = (categoryId: string | null, ids: string[]) =>
    categoryId === to.categoryId ? insert(ids) : categoryId === from ? without(ids) : ids;
  return {
    items: place(null, order.items),
    categories: order.categories.map((c) => {
      const items = place(c.id, c.items);
      return items === c.items ? c : { ...c, items };
    }),
  };
}

/** Moves a category, with its items, so that it ends at `index` among the categories. */
export function moveCategory(order: SortableOrder, categoryId: string, index: number): SortableOrder {
  const from = order.categories.findIndex((c) => c.id === categoryId);
  if (from < 0) return order;
  const categories = [...order.categories];
  const [moved] = categories.splice(from, 1);
  categories.splice(clamp(index, categories.length), 0, moved);
  return { items: order.items, categories };
}

export interface PlacedEntry {
  id: string;
  /** The category of an item; null for a category and for an item outside any category. */
  categoryId: string | null;
  isCategory: boolean;
  /** From 0, in reading order: items outside any category, then each category followed by its items. */
  position: number;
}

/** The order as one flat list of positions, the way a table stores it. */
export function serializeOrder(order: SortableOrder): PlacedEntry[] {
  const out: PlacedEntry[] = [];
  const push = (id: string, categoryId: string | null, category: boolean) =>
    out.push({ id, categoryId, isCategory: category, position: out.length });
  for (const id of order.items) push(id, null, false);
  for (const category of order.categories) {
    push(category.id, null, true);
    for (const id of category.items) push(id, category.id, false);
  }
  return out;
}

export function sameOrder(a: SortableOrder, b: SortableOrder): boolean {
  return JSON.stringify(serializeOrder(a)) === JSON.stringify(serializeOrder(b));
}

/** The order of entries as a caller holds them (objects with ids). */
export function orderOf(
  items: readonly { id: string }[],
  categories: readonly { id: string; items: readonly { id: string }[] }[] = [],
): SortableOrder {
  return {
    items: items.map((i) => i.id),
    categories: categories.map((c) => ({ id: c.id, items: c.items.map((i) => i.id) })),
  };
}
