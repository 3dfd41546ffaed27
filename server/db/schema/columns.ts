/**
 * Columns every table shares, for the schema files of server/db/schema/ (re-exported by server/db/schema.ts).
 *
 * Function declarations, not arrow constants: the area files import each other in cycles (a project has a default
 * role, a role belongs to a project; companies and files point at each other), so a file may run before this one has
 * finished, and only hoisted functions are callable then. The table references stay inside arrows, read later.
 */
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './companies';
import { projects } from './projects';

export function id() {
  return uuid('id').primaryKey().defaultRandom();
}

export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

export function updatedAt() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

/** The company and project every row of a project's data belongs to; both go with the project. */
export function ownedByProject() {
  return {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  };
}

/**
 * RS4 (docs/conflicts.md): the record's edit version, raised by one at every versioned save, and the user who saved
 * last (null once that user is deleted: shown as « un autre utilisateur »).
 */
export function editVersion() {
  return {
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  };
}
