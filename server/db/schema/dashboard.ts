import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ownedByProject } from './columns';
import { users } from './companies';
import { projects } from './projects';

/**
 * J2: the dashboard's tasks marked done, per project (the catalogue itself is code: contracts/dashboard.ts). A task
 * not done has no row. Who marked it and when are kept; the user may go (the row stays, unsigned).
 */
export const dashboardTaskCompletions = pgTable(
  'dashboard_task_completions',
  {
    ...ownedByProject(),
    taskId: text('task_id').notNull(),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    /** A1: the name of who marked it, copied when that user is deleted (`done_by` then becomes null). */
    doneByName: text('done_by_name'),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.taskId] }),
    index('dashboard_task_completions_company_idx').on(t.companyId),
  ],
);

/**
 * J2: the secret address of a project's figures feed, read by an external dashboard tool (« Réinitialiser la
 * connexion » replaces the token: the old address answers 404 at once). 32 random bytes in base64url, as a personal
 * page's.
 */
export const dashboardFeeds = pgTable(
  'dashboard_feeds',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: ownedByProject().companyId,
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dashboard_feeds_token_key').on(t.token)],
);
