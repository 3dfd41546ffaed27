import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * T2: a report too big to attach, kept as a file and reached by a secret link in the e-mail (32 random bytes, only its
 * SHA-256 here), until `expires_at`; the nightly purge deletes it and its file after.
 */
export const reportDownloads = pgTable(
  'report_downloads',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_downloads_token_key').on(t.tokenHash),
    index('report_downloads_expires_idx').on(t.expiresAt),
  ],
);
