import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A tenant: an organiser's account. Owns projects and back-office users. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    contactEmail: text('contact_email'),
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
    passwordHash: text('password_hash').notNull(),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    locale: text('locale').notNull().default('fr'),
    lastProjectId: uuid('last_project_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.companyId),
    check('users_locale_check', sql`${t.locale} in ('fr', 'en')`),
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

/** One event. Everything of the event belongs to exactly one project. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    defaultLanguage: text('default_language').notNull().default('fr'),
    isActive: boolean('is_active').notNull().default(true),
    externalDashboardUrl: text('external_dashboard_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_company_starts_idx').on(t.companyId, t.startsOn),
    // Lists sorted by name in people's order (see humanOrder in db/list.ts).
    index('projects_company_name_fr_idx').on(t.companyId, sql`${t.nameFr} collate "und-x-icu"`),
    index('projects_company_name_en_idx').on(t.companyId, sql`${t.nameEn} collate "und-x-icu"`),
    // Search (ILIKE '%word%' without accents) over both names: trigram indexes (pg_trgm and unaccent, migration 0001).
    index('projects_name_fr_trgm_idx').using('gin', sql`maillage_unaccent(${t.nameFr}) gin_trgm_ops`),
    index('projects_name_en_trgm_idx').using('gin', sql`maillage_unaccent(${t.nameEn}) gin_trgm_ops`),
    check('projects_language_check', sql`${t.defaultLanguage} in ('fr', 'en')`),
    check('projects_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);
