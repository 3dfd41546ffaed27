import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedByProject, updatedAt } from './columns';

/** J4: the participant's kind in a project (buyer, exhibitor, visitor…). Required on every participant. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    ...ownedByProject(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('roles_project_idx').on(t.projectId, t.position)],
);
