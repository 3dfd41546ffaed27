import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { companies, users } from './companies';
import { projects } from './projects';

/**
 * Issue 22: the audit log — who changed what, when (docs/audit.md). One row per change (or per bulk action, with its
 * count), written in the transaction of the change. `fields` holds the NAMES of the fields that changed, never their
 * values; `actor_name` and `entity_label` are snapshots, so an event stays readable once its author or record is gone.
 * A project's deletion leaves its events (project_id set null); a company's takes them.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Null: a company-level event (access, users, projects activated or deactivated in bulk). */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'participant' | 'activity' | 'role' | 'project' … (contracts/list-sorts.ts AUDIT_ENTITIES). */
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    entityLabel: text('entity_label').notNull().default(''),
    /** 'create' | 'update' | 'delete' | 'import' | 'grant' | 'revoke' | 'refund' … (contracts/list-sorts.ts AUDIT_ACTIONS). */
    action: text('action').notNull(),
    fields: text('fields').array().notNull().default(sql`'{}'::text[]`),
    /** A bulk action or an import: how many records. */
    count: integer('count').notNull().default(1),
  },
  (t) => [index('audit_events_company_at_idx').on(t.companyId, t.at.desc())],
);
