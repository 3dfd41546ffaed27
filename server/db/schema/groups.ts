import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedByProject, updatedAt } from './columns';

/** U4: categories of groups (the accordion). */
export const groupCategories = pgTable(
  'group_categories',
  {
    id: id(),
    ...ownedByProject(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('group_categories_project_idx').on(t.projectId, t.position)],
);

/** U4: an organiser-defined set of participants, in a category. */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    ...ownedByProject(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => groupCategories.id, { onDelete: 'restrict' }),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('groups_category_idx').on(t.categoryId, t.position),
    index('groups_project_idx').on(t.projectId),
  ],
);
