/** Projects (one event each) and their on/off options. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, editVersion, id, updatedAt } from './columns';
import { companies } from './companies';
import { files } from './files';
import { roles } from './roles';

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
    /** J3: the languages the event speaks to participants ('fr', 'en' or both). */
    languages: text('languages').array().notNull().default(sql`'{fr,en}'::text[]`),
    projectEmail: text('project_email'),
    supportEmail: text('support_email'),
    autoNotification: boolean('auto_notification').notNull().default(false),
    logoFileId: uuid('logo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    bannerFileId: uuid('banner_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    bannerBackgroundColor: text('banner_background_color').notNull().default('#1c3d5a'),
    bannerTextColor: text('banner_text_color').notNull().default('#ffffff'),
    homeBackgroundColor: text('home_background_color').notNull().default('#f5f7fa'),
    menuBackgroundColor: text('menu_background_color').notNull().default('#ffffff'),
    menuTextColor: text('menu_text_color').notNull().default('#1c3d5a'),
    /** J4: the role a new participant gets when none is chosen, and the one of personas (V2). */
    defaultRoleId: uuid('default_role_id').references((): AnyPgColumn => roles.id, { onDelete: 'set null' }),
    defaultPersonaRoleId: uuid('default_persona_role_id').references((): AnyPgColumn => roles.id, {
      onDelete: 'set null',
    }),
    /** Q2: bumped when answers or networking weights change; a score set computed from an older one is stale. */
    answersRevision: integer('answers_revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...editVersion(),
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

/** J3: the on/off options of a project, by the option id of the registry in contracts/project-options.ts. */
export const projectOptions = pgTable(
  'project_options',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').notNull(),
    value: boolean('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.optionId] })],
);
