import {
  compareVersions,
  newestFirst,
  type PublishedRelease,
  type Release,
  type ReleaseOrder,
  type ReleaseValues,
} from '../../../contracts/releases';
import { inLanguage, type Localized, missingLanguages } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { deleteTexts, getTexts, saveText, type TextScope } from '../texts/repository';
import { sanitizeRichText } from '../texts/sanitize';
import * as repo from './repository';

/** Entry texts live in the texts table, product-wide. */
export const RELEASE_TEXT_KIND = 'release.entry';
const SCOPE: TextScope = { companyId: null, projectId: null };

type EntryRow = Awaited<ReturnType<typeof repo.listEntries>>[number];

/** Where the entries sit: items outside any category, then each category with its items. */
interface Layout {
  items: string[];
  categories: { id: string; items: string[] }[];
}

function layoutOf(entries: EntryRow[]): Layout {
  const categories = entries.filter((e) => e.isCategory).map((c) => ({ id: c.id, items: [] as string[] }));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const items: string[] = [];
  for (const entry of entries) {
    if (entry.isCategory) continue;
    const category = entry.categoryId ? byId.get(entry.categoryId) : undefined;
    (category ? category.items : items).push(entry.id);
  }
  return { items, categories };
}

/** The stored form of a layout: one position per entry, in reading order. */
function positionsOf(layout: Layout) {
  const rows: { id: string; categoryId: string | null; position: number }[] = [];
  for (const id of layout.items) rows.push({ id, categoryId: null, position: rows.length });
  for (const category of layout.categories) {
    rows.push({ id: category.id, categoryId: null, position: rows.length });
    for (const id of category.items) rows.push({ id, categoryId: category.id, position: rows.length });
  }
  return rows;
}

/** A version is taken when another release has the same number: 1, 1.0 and 01 are one version. */
async function assertVersionFree(db: Executor, version: string, exceptId?: string) {
  const all = await repo.listReleases(db);
  if (all.some((release) => release.id !== exceptId && compareVersions(release.version, version) === 0))
    throw AppError.field('version', 'validation.releases.versionTaken');
}

async function findReleaseOrFail(db: Executor, id: string) {
  const row = await repo.findRelease(db, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** The entries of one release; a given entry must belong to it (and be of the kind asked for) or it is not found. */
async function entriesOf(db: Executor, releaseId: string) {
  await findReleaseOrFail(db, releaseId);
  return repo.listEntries(db, [releaseId]);
}

function entryOrFail(entries: EntryRow[], id: string, isCategory?: boolean) {
  const entry = entries.find((e) => e.id === id);
  if (!entry || (isCategory !== undefined && entry.isCategory !== isCategory)) throw AppError.notFound();
  return entry;
}

async function loadRelease(db: Executor, id: string): Promise<Release> {
  const row = await findReleaseOrFail(db, id);
  const entries = await repo.listEntries(db, [id]);
  const texts = await getTexts(
    db,
    RELEASE_TEXT_KIND,
    entries.map((e) => e.id),
  );
  const text = (entryId: string) => texts.get(entryId) ?? { fr: '', en: '' };
  const layout = layoutOf(entries);
  return {
    id: row.id,
    version: row.version,
    releasedOn: row.releasedOn,
    isActive: row.isActive,
    items: layout.items.map((itemId) => ({ id: itemId, categoryId: null, text: text(itemId) })),
    categories: layout.categories.map((c) => ({
      id: c.id,
      name: text(c.id),
      items: c.items.map((itemId) => ({ id: itemId, categoryId: c.id, text: text(itemId) })),
    })),
  };
}

// ---------- releases ----------

export async function listReleases(deps: Deps) {
  return newestFirst(await repo.listReleases(deps.db));
}

export async function getRelease(deps: Deps, id: string) {
  return loadRelease(deps.db, id);
}

/** A new release is inactive: it shows on "What's new" once a super-admin activates it. */
export async function createRelease(deps: Deps, input: ReleaseValues) {
  return deps.db.transaction(async (tx) => {
    await assertVersionFree(tx, input.version);
    const id = await repo.insertRelease(tx, { version: input.version, releasedOn: input.releasedOn });
    return loadRelease(tx, id);
  });
}

export async function updateRelease(deps: Deps, id: string, input: ReleaseValues) {
  return deps.db.transaction(async (tx) => {
    await findReleaseOrFail(tx, id);
    await assertVersionFree(tx, input.version, id);
    await repo.updateRelease(tx, id, { version: input.version, releasedOn: input.releasedOn });
    return loadRelease(tx, id);
  });
}

export async function setReleaseActive(deps: Deps, id: string, isActive: boolean) {
  await findReleaseOrFail(deps.db, id);
  await repo.updateRelease(deps.db, id, { isActive });
  return findReleaseOrFail(deps.db, id);
}

export async function deleteRelease(deps: Deps, id: string) {
  await deps.db.transaction(async (tx) => {
    const entries = await entriesOf(tx, id);
    await deleteTexts(
      tx,
      [RELEASE_TEXT_KIND],
      entries.map((e) => e.id),
    );
    await repo.deleteRelease(tx, id);
  });
  return { ok: true as const };
}

// ---------- categories and items ----------

/** Item texts are cleaned before saving; a text that is empty once cleaned counts as not written. */
function cleanItemText(text: Localized): Localized {
  const clean = { fr: sanitizeRichText(text.fr), en: sanitizeRichText(text.en) };
  if (missingLanguages(clean).length === 2)
    throw AppError.field('text.fr', 'validation.releases.textRequired');
  return clean;
}

export async function createCategory(deps: Deps, releaseId: string, name: Localized) {
  return deps.db.transaction(async (tx) => {
    const entries = await entriesOf(tx, releaseId);
    const id = await repo.insertEntry(tx, {
      releaseId,
      isCategory: true,
      categoryId: null,
      position: entries.length,
    });
    await saveText(tx, SCOPE, RELEASE_TEXT_KIND, id, name);
    return { id, name, items: [] };
  });
}

export async function updateCategory(deps: Deps, releaseId: string, categoryId: string, name: Localized) {
  return deps.db.transaction(async (tx) => {
    const entries = await entriesOf(tx, releaseId);
    entryOrFail(entries, categoryId, true);
    await saveText(tx, SCOPE, RELEASE_TEXT_KIND, categoryId, name);
    const release = await loadRelease(tx, releaseId);
    return release.categories.find((c) => c.id === categoryId) as Release['categories'][number];
  });
}

/** A new item goes at the end of its category, or of the items outside any category. */
export async function createItem(deps: Deps, releaseId: string, categoryId: string | null, text: Localized) {
  const clean = cleanItemText(text);
  return deps.db.transaction(async (tx) => {
    const entries = await entriesOf(tx, releaseId);
    if (categoryId) entryOrFail(entries, categoryId, true);
    const id = await repo.insertEntry(tx, {
      releaseId,
      isCategory: false,
      categoryId,
      position: entries.length,
    });
    const layout = layoutOf(entries);
    const target = categoryId ? layout.categories.find((c) => c.id === categoryId)?.items : layout.items;
    target?.push(id);
    await repo.placeEntries(tx, releaseId, positionsOf(layout));
    await saveText(tx, SCOPE, RELEASE_TEXT_KIND, id, clean);
    return { id, categoryId, text: clean };
  });
}

export async function updateItem(deps: Deps, releaseId: string, itemId: string, text: Localized) {
  const clean = cleanItemText(text);
  return deps.db.transaction(async (tx) => {
    const entry = entryOrFail(await entriesOf(tx, releaseId), itemId, false);
    await saveText(tx, SCOPE, RELEASE_TEXT_KIND, itemId, clean);
    return { id: itemId, categoryId: entry.categoryId, text: clean };
  });
}

/** Deleting a category deletes its items too (the confirmation says so). */
export async function deleteEntry(deps: Deps, releaseId: string, entryId: string) {
  await deps.db.transaction(async (tx) => {
    const entries = await entriesOf(tx, releaseId);
    const entry = entryOrFail(entries, entryId);
    const ids = [
      entryId,
      ...(entry.isCategory ? entries.filter((e) => e.categoryId === entryId) : []).map((e) => e.id),
    ];
    await deleteTexts(tx, [RELEASE_TEXT_KIND], ids);
    await repo.deleteEntries(tx, releaseId, ids);
    const remaining = entries.filter((e) => !ids.includes(e.id));
    await repo.placeEntries(tx, releaseId, positionsOf(layoutOf(remaining)));
  });
  return { ok: true as const };
}

/**
 * P11: the new order of the whole release. It must name every entry of this release exactly once, categories as
 * categories and items as items; anything else (an id of another release, a forgotten or repeated entry) is refused.
 */
export async function reorderRelease(deps: Deps, releaseId: string, order: ReleaseOrder) {
  return deps.db.transaction(async (tx) => {
    const entries = await entriesOf(tx, releaseId);
    const kinds = new Map(entries.map((e) => [e.id, e.isCategory]));
    const named = [
      ...order.items.map((id) => [id, false] as const),
      ...order.categories.flatMap((c) => [
        [c.id, true] as const,
        ...c.items.map((id) => [id, false] as const),
      ]),
    ];
    const seen = new Set<string>();
    const valid =
      named.length === entries.length &&
      named.every(([id, isCategory]) => {
        if (seen.has(id) || kinds.get(id) !== isCategory) return false;
        seen.add(id);
        return true;
      });
    if (!valid) throw new AppError('releases.orderMismatch', 'validation');
    await repo.placeEntries(tx, releaseId, positionsOf(order));
    return loadRelease(tx, releaseId);
  });
}

// ---------- what's new ----------

/** The language asked for, else the other one when it is empty. */
const pick = (text: Localized | undefined, language: 'fr' | 'en') => (text ? inLanguage(text, language) : '');

/** The active releases, newest version first, in one language; entries without any text are left out. */
export async function listWhatsNew(deps: Deps, language: 'fr' | 'en'): Promise<PublishedRelease[]> {
  const rows = newestFirst(await repo.listReleases(deps.db, { activeOnly: true }));
  const entries = await repo.listEntries(
    deps.db,
    rows.map((r) => r.id),
  );
  const texts = await getTexts(
    deps.db,
    RELEASE_TEXT_KIND,
    entries.map((e) => e.id),
  );
  return rows.map((row) => {
    const layout = layoutOf(entries.filter((e) => e.releaseId === row.id));
    const items = (ids: string[]) =>
      ids.map((id) => ({ id, html: pick(texts.get(id), language) })).filter((item) => item.html !== '');
    return {
      id: row.id,
      version: row.version,
      releasedOn: row.releasedOn,
      items: items(layout.items),
      categories: layout.categories
        .map((c) => ({ id: c.id, name: pick(texts.get(c.id), language), items: items(c.items) }))
        .filter((c) => c.items.length > 0),
    };
  });
}
