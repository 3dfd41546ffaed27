import { z } from 'zod';
import { calendarDate, defineEndpoint, encodeMessage, language, ok, uuidParam } from './http';
import { localized, missingLanguages, plainText, richText } from './texts';

/**
 * A5: release notes. A release is a version of the product (digits and single dots) with a date and an active flag;
 * its entries are categories and items, each with a French and an English text. Only active releases show on
 * "What's new".
 */

// ---------- the version rule, shared by the form and the server ----------

/** Digits and single dots: `1`, `2.10.3`; no leading or trailing dot, no double dot, nothing else. */
export const VERSION_PATTERN = /^[0-9]+(\.[0-9]+)*$/;
export const VERSION_MAX_LENGTH = 20;

export const releaseVersion = z
  .string()
  .trim()
  .min(1, { error: 'validation.empty', abort: true })
  .max(VERSION_MAX_LENGTH, {
    error: encodeMessage('validation.tooLong', { maximum: VERSION_MAX_LENGTH }),
    abort: true,
  })
  .regex(VERSION_PATTERN, { error: 'validation.releases.version' });

/** A number of any size written in digits, without its leading zeros. */
const significant = (digits: string) => digits.replace(/^0+(?=\d)/, '');

/**
 * Orders two versions by their numbers, part by part: 1.10 comes after 1.9, 2 after 1.99; a missing part counts as
 * zero (1 and 1.0 are the same number). Negative when a is older, positive when a is newer.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = significant(left[i] ?? '0');
    const y = significant(right[i] ?? '0');
    if (x.length !== y.length) return x.length - y.length;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Newest version first. */
export const newestFirst = <T extends { version: string }>(releases: T[]): T[] =>
  [...releases].sort((a, b) => compareVersions(b.version, a.version) || b.version.localeCompare(a.version));

// ---------- shapes ----------

export const CATEGORY_NAME_MAX = 150;

/** At least one language written; the other falls back to it on "What's new". */
const oneLanguageAtLeast = <T extends z.ZodType<{ fr: string; en: string }>>(text: T) =>
  text.refine((value) => missingLanguages(value).length < 2, {
    error: 'validation.releases.textRequired',
    path: ['fr'],
  });

/** A category's name: plain text (tags stripped) in both languages. */
export const categoryName = oneLanguageAtLeast(localized(plainText(CATEGORY_NAME_MAX)));
/** An item's text: rich text in both languages, sanitised by the server. */
export const itemText = oneLanguageAtLeast(localized(richText()));

const texts = z.object({ fr: z.string(), en: z.string() });

export const releaseItem = z.object({
  id: z.uuid(),
  categoryId: z.uuid().nullable(),
  text: texts,
});
export type ReleaseItem = z.input<typeof releaseItem>;

export const releaseCategory = z.object({
  id: z.uuid(),
  name: texts,
  items: z.array(releaseItem),
});
export type ReleaseCategory = z.input<typeof releaseCategory>;

export const releaseSummary = z.object({
  id: z.uuid(),
  version: z.string(),
  releasedOn: z.string().nullable(),
  isActive: z.boolean(),
  itemCount: z.number().int(),
});
export type ReleaseSummary = z.input<typeof releaseSummary>;

/** A release with its entries in order: items outside any category first, then the categories with theirs. */
export const release = z.object({
  id: z.uuid(),
  version: z.string(),
  releasedOn: z.string().nullable(),
  isActive: z.boolean(),
  items: z.array(releaseItem),
  categories: z.array(releaseCategory),
});
export type Release = z.input<typeof release>;

export const releaseInput = z.object({
  version: releaseVersion,
  releasedOn: calendarDate.nullable().default(null),
});
export type ReleaseInput = z.input<typeof releaseInput>;
export type ReleaseValues = z.output<typeof releaseInput>;

/** P11: the whole order of a release's entries, saved in one request; every entry of the release exactly once. */
export const releaseOrder = z.object({
  items: z.array(z.uuid()).max(2000),
  categories: z.array(z.object({ id: z.uuid(), items: z.array(z.uuid()).max(2000) })).max(500),
});
export type ReleaseOrder = z.input<typeof releaseOrder>;

/** What every user reads: one release in their language. */
const publishedItem = z.object({ id: z.uuid(), html: z.string() });
export const publishedRelease = z.object({
  id: z.uuid(),
  version: z.string(),
  releasedOn: z.string().nullable(),
  items: z.array(publishedItem),
  categories: z.array(z.object({ id: z.uuid(), name: z.string(), items: z.array(publishedItem) })),
});
export type PublishedRelease = z.input<typeof publishedRelease>;

// ---------- endpoints ----------

const tag = 'releases';
const releaseParams = z.object({ releaseId: uuidParam });

export const listReleases = defineEndpoint({
  method: 'GET',
  path: '/api/releases',
  access: 'superAdmin',
  tag,
  summary: 'A5 every release, newest version first',
  response: z.array(releaseSummary),
});

export const getRelease = defineEndpoint({
  method: 'GET',
  path: '/api/releases/:releaseId',
  access: 'superAdmin',
  tag,
  summary: 'A5 one release with its categories and items, in order',
  params: releaseParams,
  response: release,
});

export const createRelease = defineEndpoint({
  method: 'POST',
  path: '/api/releases',
  access: 'superAdmin',
  tag,
  summary: 'A5 create a release (inactive)',
  body: releaseInput,
  response: release,
});

export const updateRelease = defineEndpoint({
  method: 'PUT',
  path: '/api/releases/:releaseId',
  access: 'superAdmin',
  tag,
  summary: 'A5 change the version and the date of a release',
  params: releaseParams,
  body: releaseInput,
  response: release,
});

export const setReleaseActive = defineEndpoint({
  method: 'POST',
  path: '/api/releases/:releaseId/activation',
  access: 'superAdmin',
  tag,
  summary: 'A5 show (true) or hide (false) a release on "What\'s new"',
  params: releaseParams,
  body: z.object({ isActive: z.boolean() }),
  response: releaseSummary,
});

export const deleteRelease = defineEndpoint({
  method: 'DELETE',
  path: '/api/releases/:releaseId',
  access: 'superAdmin',
  tag,
  summary: 'A5 delete a release with its entries',
  params: releaseParams,
  response: ok,
});

export const createReleaseCategory = defineEndpoint({
  method: 'POST',
  path: '/api/releases/:releaseId/categories',
  access: 'superAdmin',
  tag,
  summary: 'A5 add a category at the end of a release',
  params: releaseParams,
  body: z.object({ name: categoryName }),
  response: releaseCategory,
});

export const updateReleaseCategory = defineEndpoint({
  method: 'PUT',
  path: '/api/releases/:releaseId/categories/:categoryId',
  access: 'superAdmin',
  tag,
  summary: 'A5 rename a category',
  params: releaseParams.extend({ categoryId: uuidParam }),
  body: z.object({ name: categoryName }),
  response: releaseCategory,
});

export const createReleaseItem = defineEndpoint({
  method: 'POST',
  path: '/api/releases/:releaseId/items',
  access: 'superAdmin',
  tag,
  summary: 'A5 add an item at the end of a category, or of the items outside any category (categoryId null)',
  params: releaseParams,
  body: z.object({ categoryId: z.uuid({ error: 'validation.id' }).nullable().default(null), text: itemText }),
  response: releaseItem,
});

export const updateReleaseItem = defineEndpoint({
  method: 'PUT',
  path: '/api/releases/:releaseId/items/:itemId',
  access: 'superAdmin',
  tag,
  summary: 'A5 change the text of an item',
  params: releaseParams.extend({ itemId: uuidParam }),
  body: z.object({ text: itemText }),
  response: releaseItem,
});

export const deleteReleaseEntry = defineEndpoint({
  method: 'DELETE',
  path: '/api/releases/:releaseId/entries/:entryId',
  access: 'superAdmin',
  tag,
  summary: 'A5 delete an item, or a category with its items',
  params: releaseParams.extend({ entryId: uuidParam }),
  response: ok,
});

export const reorderRelease = defineEndpoint({
  method: 'PUT',
  path: '/api/releases/:releaseId/order',
  access: 'superAdmin',
  tag,
  summary: 'P11/A5 save the order of categories and items (a category moved carries its items)',
  params: releaseParams,
  body: releaseOrder,
  response: release,
});

export const listWhatsNew = defineEndpoint({
  method: 'GET',
  path: '/api/whats-new',
  access: 'user',
  tag,
  summary: "A5 the active releases, newest first, in the language asked for (the caller's by default)",
  query: z.object({ language: language.optional() }),
  response: z.array(publishedRelease),
});
