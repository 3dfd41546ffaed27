/** A4: a user's access to one project, when their account is restricted to listed projects (users.all_projects). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './companies';
import { projects } from './projects';

export const projectAccess = pgTable(
  'project_access',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The user's role in this project: `organiser` edits it, `readonly` only reads it. */
    role: text('role').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.projectId] }),
    index('project_access_project_idx').on(t.projectId),
    check('project_access_role_check', sql`${t.role} in ('organiser', 'readonly')`),
  ],
);
