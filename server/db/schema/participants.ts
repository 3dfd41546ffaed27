/** Persons (known by e-mail in a company) and participants (a person in a project), with their groups. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, editVersion, id, ownedByProject, updatedAt } from './columns';
import { companies } from './companies';
import { files } from './files';
import { groups } from './groups';
import { roles } from './roles';

/**
 * What the participant list's search reads of a person: names, e-mail and organisation in one text. The list searches
 * this very expression so that `persons_search_trgm_idx` serves it.
 */
export const personSearchText = (t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  organisation: AnyPgColumn;
}) =>
  sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.organisation}, ''))`;

/** A human known by e-mail within a company, who can take part in several of its projects. */
export const persons = pgTable(
  'persons',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    organisation: text('organisation'),
    jobTitle: text('job_title'),
    /** P9: international format (E.164). */
    phone: text('phone'),
    phonePro: text('phone_pro'),
    language: text('language').notNull().default('fr'),
    pictureFileId: uuid('picture_file_id').references(() => files.id, { onDelete: 'set null' }),
    cvFileId: uuid('cv_file_id').references(() => files.id, { onDelete: 'set null' }),
    videoUrl: text('video_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('persons_company_email_key').on(t.companyId, sql`lower(${t.email})`),
    // U1 at 100,000 participants: names sorted in people's order, and the search ignoring accents (migration 0001).
    index('persons_company_names_idx').on(
      t.companyId,
      sql`${t.lastName} collate "und-x-icu"`,
      sql`${t.firstName} collate "und-x-icu"`,
    ),
    // U1's search ignoring accents: one trigram index over the person's searchable text (migration 0006), so that a
    // search rechecks one expression per row instead of four (see personSearchText and docs/participants/scale.md).
    index('persons_search_trgm_idx').using(
      'gin',
      sql`maillage_unaccent(${personSearchText(t)}) gin_trgm_ops`,
    ),
    check('persons_language_check', sql`${t.language} in ('fr', 'en')`),
  ],
);

/** A person's registration in one project, with a role, groups and profile values. */
export const participants = pgTable(
  'participants',
  {
    id: id(),
    ...ownedByProject(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('registered'),
    /** U5: values of the organiser's own profile fields, by field id. */
    profile: jsonb('profile').$type<Record<string, string>>().notNull().default({}),
    inscriptionSentAt: timestamp('inscription_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...editVersion(),
  },
  (t) => [
    uniqueIndex('participants_project_person_key').on(t.projectId, t.personId),
    index('participants_project_role_idx').on(t.projectId, t.roleId),
    index('participants_person_idx').on(t.personId),
    index('participants_project_created_idx').on(t.projectId, t.createdAt, t.id),
    index('participants_project_status_idx').on(t.projectId, t.status),
  ],
);

export const participantGroups = pgTable(
  'participant_groups',
  {
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.participantId, t.groupId] }),
    index('participant_groups_group_idx').on(t.groupId),
  ],
);
