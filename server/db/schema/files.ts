import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { companies, users } from './companies';
import { projects } from './projects';

/** A stored file (images re-encoded by sharp); the bytes live in the storage (local folder or S3). */
export const files = pgTable(
  'files',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** What the file is for: 'editor', 'project.logo', 'company.logo'… */
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_company_idx').on(t.companyId), uniqueIndex('files_storage_key').on(t.storageKey)],
);
