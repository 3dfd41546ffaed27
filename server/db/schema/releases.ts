import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/** A5: a version of the product. Its entries are categories and items (texts of kind 'release.entry'). */
export const releases = pgTable(
  'releases',
  {
    id: id(),
    version: text('version').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    releasedOn: date('released_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('releases_version_key').on(t.version),
    check('releases_version_check', sql`${t.version} ~ '^[0-9]+(\\.[0-9]+)*$'`),
  ],
);

export const releaseEntries = pgTable(
  'release_entries',
  {
    id: id(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    /** The category an item sits in; null for categories and for items outside any category. */
    categoryId: uuid('category_id').references((): AnyPgColumn => releaseEntries.id, { onDelete: 'cascade' }),
    isCategory: boolean('is_category').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('release_entries_release_idx').on(t.releaseId, t.position)],
);
