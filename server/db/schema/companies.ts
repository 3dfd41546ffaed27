/** Companies (the tenants), their back-office users, the users' sessions and company switches. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';

/** A tenant: an organiser's account. Owns projects and back-office users. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    contactEmail: text('contact_email'),
    /** A2: international format (E.164), normalised by libphonenumber-js before save. */
    phone: text('phone'),
    address: text('address'),
    website: text('website'),
    logoFileId: uuid('logo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    isDemo: boolean('is_demo').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('companies_name_key').on(sql`lower(${t.name})`)],
);

/** A back-office person who signs in. */
export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** argon2id; null while the user is invited and has not chosen a password yet (A1): sign-in is refused. */
    passwordHash: text('password_hash'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    /**
     * A4: the user's role in their company (contracts/access.ts): `administrator` manages users and access,
     * `organiser` edits projects, `readonly` only reads. Existing accounts were administrators.
     */
    role: text('role').notNull().default('administrator'),
    /** A4: false restricts the user to the projects listed in `project_access` (administrators see every project). */
    allProjects: boolean('all_projects').notNull().default(true),
    locale: text('locale').notNull().default('fr'),
    lastProjectId: uuid('last_project_id'),
    /** E10: a super-admin in text-edition mode edits help texts where they are shown. */
    textEditionMode: boolean('text_edition_mode').notNull().default(false),
    /** A1: the last sign-in (password, PIN, invitation or reset), shown in the user list. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    check('users_locale_check', sql`${t.locale} in ('fr', 'en')`),
    check('users_role_check', sql`${t.role} in ('administrator', 'organiser', 'readonly')`),
  ],
);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored here. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company the user is working in; null means their own (a super-admin may switch). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Who switched into which company, and when. Names are copied so the record outlives the companies. */
export const companySwitches = pgTable(
  'company_switches',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    fromCompanyId: uuid('from_company_id').references(() => companies.id, { onDelete: 'set null' }),
    fromCompanyName: text('from_company_name').notNull(),
    toCompanyId: uuid('to_company_id').references(() => companies.id, { onDelete: 'set null' }),
    toCompanyName: text('to_company_name').notNull(),
    switchedAt: timestamp('switched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('company_switches_user_idx').on(t.userId, t.switchedAt)],
);
