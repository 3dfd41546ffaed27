/** Columns every table shares, for the schema files of server/db/schema/ (re-exported by server/db/schema.ts). */
import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, projects } from '../schema';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The company and project every row of a project's data belongs to; both go with the project. */
export const ownedByProject = () => ({
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
});
