import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, updatedAt } from './columns';
import { companies } from './companies';
import { projects } from './projects';

/**
 * A text kept in French and English: one row per (kind, owner), where the kind names the entity field
 * ('project.welcome', 'release.entry', 'help.description'…; registry in server/modules/texts/kinds.ts).
 * Company and project are null for product-wide texts (help texts, release notes).
 */
export const texts = pgTable(
  'texts',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id').notNull(),
    fr: text('fr').notNull().default(''),
    en: text('en').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('texts_kind_owner_key').on(t.kind, t.ownerId),
    index('texts_project_idx').on(t.projectId),
    index('texts_company_idx').on(t.companyId),
  ],
);
