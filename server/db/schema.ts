import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    passwordHash: text('password_hash').notNull(),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    locale: text('locale').notNull().default('fr'),
    lastProjectId: uuid('last_project_id'),
    /** E10: a super-admin in text-edition mode edits help texts where they are shown. */
    textEditionMode: boolean('text_edition_mode').notNull().default(false),
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

/** The company and project every row of a project's data belongs to; both go with the project. */
const ownedByProject = () => ({
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
});

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

/**
 * A text kept in French and English: one row per (kind, owner), where the kind names the entity field
 * ('project.welcome', 'release.entry', 'help.description'…; registry in server/modules/texts/kinds.ts).
 * Company and project are null for product-wide texts (help texts, release notes).
 */
export const texts = pgTable(
  'texts',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ownerId: uuid('owner_id').notNull(),
    fr: text('fr').notNull().default(''),
    en: text('en').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('texts_kind_owner_key').on(t.kind, t.ownerId),
    index('texts_project_idx').on(t.projectId),
    index('texts_company_idx').on(t.companyId),
  ],
);

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

/** E10: the help of one screen (title and description are texts of kinds 'help.title' and 'help.description'). */
export const helpTexts = pgTable('help_texts', {
  id: id(),
  /** The screen's id, as the web app names it ('projects.list', 'project.settings'…). */
  screen: text('screen').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A5: a version of the product. Its entries are categories and items (texts of kind 'release.entry'). */
export const releases = pgTable(
  'releases',
  {
    id: id(),
    version: text('version').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    releasedOn: date('released_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('releases_version_key').on(t.version),
    check('releases_version_check', sql`${t.version} ~ '^[0-9]+(\\.[0-9]+)*$'`),
  ],
);

export const releaseEntries = pgTable(
  'release_entries',
  {
    id: id(),
    releaseId: uuid('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    /** The category an item sits in; null for categories and for items outside any category. */
    categoryId: uuid('category_id').references((): AnyPgColumn => releaseEntries.id, { onDelete: 'cascade' }),
    isCategory: boolean('is_category').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('release_entries_release_idx').on(t.releaseId, t.position)],
);

// ---------- participants (issue 4) ----------
// Short labels that lists show and sort (role, group and category names, field titles) are `_fr`/`_en` columns,
// validated with `plainText` (contracts/texts.ts); long and rich texts live in the `texts` table.

/** J4: the participant's kind in a project (buyer, exhibitor, visitor…). Required on every participant. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    ...ownedByProject(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('roles_project_idx').on(t.projectId, t.position)],
);

/** U4: categories of groups (the accordion). */
export const groupCategories = pgTable(
  'group_categories',
  {
    id: id(),
    ...ownedByProject(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('group_categories_project_idx').on(t.projectId, t.position)],
);

/** U4: an organiser-defined set of participants, in a category. */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    ...ownedByProject(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => groupCategories.id, { onDelete: 'restrict' }),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('groups_category_idx').on(t.categoryId, t.position),
    index('groups_project_idx').on(t.projectId),
  ],
);

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

/**
 * U5: a field of the participant profile form. Standard fields (`key` names a column of persons: firstName,
 * phone…) exist in every project; the organiser's own (`key` null) keep their values in participants.profile.
 */
export const profileFields = pgTable(
  'profile_fields',
  {
    id: id(),
    ...ownedByProject(),
    standardKey: text('standard_key'),
    inputType: text('input_type').notNull().default('text'),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    isEditable: boolean('is_editable').notNull().default(true),
    isShownOnView: boolean('is_shown_on_view').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profile_fields_project_idx').on(t.projectId, t.position),
    uniqueIndex('profile_fields_standard_key').on(t.projectId, t.standardKey),
  ],
);

/**
 * U5: the items a participant chooses from in a single-choice (`choice`) or multiple-choice (`choices`) profile
 * field (the spec's RelatedProfileItem), titled in French and English, in the organiser's order. A participant's
 * answer keeps item ids in `participants.profile`; deleting an item removes it from there too.
 */
export const profileFieldItems = pgTable(
  'profile_field_items',
  {
    id: id(),
    ...ownedByProject(),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => profileFields.id, { onDelete: 'cascade' }),
    labelFr: text('label_fr').notNull(),
    labelEn: text('label_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('profile_field_items_field_idx').on(t.fieldId, t.position)],
);

/**
 * The outbox: every e-mail is written here in the transaction that decides to send it, then delivered once by the
 * background job (SMTP when configured; without SMTP the organiser reads it in the app). `dedupeKey` makes the
 * same message impossible to queue twice.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    toEmail: text('to_email').notNull(),
    toName: text('to_name'),
    language: text('language').notNull().default('fr'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** queued → sending → sent | failed (held in the app when no SMTP server is configured: `kept`). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mail_messages_dedupe_key').on(t.dedupeKey),
    index('mail_messages_status_idx').on(t.status, t.createdAt),
    index('mail_messages_project_idx').on(t.projectId, t.createdAt),
  ],
);

/**
 * U3: one row per participant import, so that what an import keeps in the storage (`imports/<id>…`: the uploaded
 * file, the dry run's kept batches, its rows and its state) is found and deleted after IMPORT_RETENTION_DAYS without
 * listing the storage. No foreign key: an import of a project or company deleted since still has files to delete.
 */
export const participantImports = pgTable(
  'participant_imports',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    projectId: uuid('project_id').notNull(),
    /** What the import makes: 'participants' (U3) or 'activities' (V1). */
    kind: text('kind').notNull().default('participants'),
    /**
     * The import's last step (upload, mapping, the start and the end of a dry run or a save) or the heartbeat of its
     * running job (at most once a minute): retention counts from it. `-infinity` once its company is deleted.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    /**
     * When a purge took the import (its lease): another purge leaves it for an hour, then takes it again (the first
     * one stopped). A step of the import clears it.
     */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the retention purge deleted what the import kept: it then answers "expired" (the row holds no one). */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [index('participant_imports_to_purge_idx').on(t.lastActivityAt).where(sql`purged_at is null`)],
);

// ---------- activities (issue 10) ----------

/**
 * V2: how a project's activities are organised: in sections (the menus, the spec's TypeID 0) and in categories
 * (TypeID 1), each named in French and English and kept in the organiser's order.
 */
export const activityCategories = pgTable(
  'activity_categories',
  {
    id: id(),
    ...ownedByProject(),
    /** 'section' (a menu) or 'category'. */
    kind: text('kind').notNull(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('activity_categories_project_idx').on(t.projectId, t.kind, t.position),
    check('activity_categories_kind_check', sql`${t.kind} in ('section', 'category')`),
  ],
);

/**
 * Anything on the programme: a session, a kiosk, a meeting… The start is an instant (shown and entered in the
 * project's time zone); an activity "without date" keeps its start and duration hidden, not erased. Titles are
 * columns (the list shows, searches and sorts them); the description is a text of kind 'activity.description'.
 */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    ...ownedByProject(),
    /** contracts/activities.ts ACTIVITY_TYPES ('session', 'kiosk', 'media', 'posting', 'forum', 'meeting'). */
    type: text('type').notNull(),
    categoryId: uuid('category_id').references(() => activityCategories.id, { onDelete: 'set null' }),
    sectionId: uuid('section_id').references(() => activityCategories.id, { onDelete: 'set null' }),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    noDate: boolean('no_date').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    /** Null: no limit. */
    maxMembers: integer('max_members'),
    /** 'inPerson', 'virtual' or 'hybrid'. */
    hybridType: text('hybrid_type').notNull().default('inPerson'),
    location: text('location'),
    /** An activity of the same project (checked by the service); a parent with children is not deleted. */
    parentId: uuid('parent_id').references((): AnyPgColumn => activities.id, { onDelete: 'no action' }),
    backgroundColor: text('background_color'),
    /** V4 options: whether the date is shown to participants (the spec's IsDisplayDate). */
    displayDate: boolean('display_date').notNull().default(true),
    /** V4 options: whether participants may still subscribe themselves. */
    registrationOpen: boolean('registration_open').notNull().default(true),
    /** J6: shown on the registration landing page (the organiser's saved selection). */
    onLanding: boolean('on_landing').notNull().default(false),
    /** V4 visual / E9: the activity's image (650 × 320 by default). */
    imageFileId: uuid('image_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    /** V6: 'none' → 'pending' (being created at Whereby) → 'ready' | 'failed'. */
    videoRoomStatus: text('video_room_status').notNull().default('none'),
    videoRoomUrl: text('video_room_url'),
    videoHostRoomUrl: text('video_host_room_url'),
    videoMeetingId: text('video_meeting_id'),
    /** The last failure's reason (translated key or provider message), shown next to the button. */
    videoRoomError: text('video_room_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // V1 at 2,000 activities per project: the default order (start), the past filter, the other filters.
    index('activities_project_starts_idx').on(t.projectId, t.startsAt, t.id),
    index('activities_project_type_idx').on(t.projectId, t.type),
    index('activities_category_idx').on(t.categoryId),
    index('activities_section_idx').on(t.sectionId),
    index('activities_parent_idx').on(t.parentId),
    index('activities_project_title_fr_idx').on(t.projectId, sql`${t.titleFr} collate "und-x-icu"`),
    index('activities_project_title_en_idx').on(t.projectId, sql`${t.titleEn} collate "und-x-icu"`),
    // The search ignoring accents over both titles and the location (see activitySearchText).
    index('activities_search_trgm_idx').using(
      'gin',
      sql`maillage_unaccent(${activitySearchText(t)}) gin_trgm_ops`,
    ),
    check(
      'activities_type_check',
      sql`${t.type} in ('session', 'kiosk', 'media', 'posting', 'forum', 'meeting')`,
    ),
    check('activities_hybrid_type_check', sql`${t.hybridType} in ('inPerson', 'virtual', 'hybrid')`),
    check('activities_date_check', sql`${t.noDate} or ${t.startsAt} is not null`),
    check('activities_duration_check', sql`${t.durationMinutes} between 0 and 44640`),
    check('activities_max_members_check', sql`${t.maxMembers} is null or ${t.maxMembers} > 0`),
    check(
      'activities_video_room_status_check',
      sql`${t.videoRoomStatus} in ('none', 'pending', 'ready', 'failed')`,
    ),
  ],
);

/** What the activity list's search reads: both titles and the location, in one text (one trigram index). */
export function activitySearchText(t: { titleFr: AnyPgColumn; titleEn: AnyPgColumn; location: AnyPgColumn }) {
  return sql`(${t.titleFr} || ' ' || ${t.titleEn} || ' ' || coalesce(${t.location}, ''))`;
}

/**
 * V2 / V4: who may see a section, a category or an activity: a group or a role each row. None at all: visible to
 * all. Exactly one of category and activity, exactly one of group and role.
 */
export const activityAccess = pgTable(
  'activity_access',
  {
    id: id(),
    ...ownedByProject(),
    categoryId: uuid('category_id').references(() => activityCategories.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_access_category_idx').on(t.categoryId),
    index('activity_access_activity_idx').on(t.activityId),
    uniqueIndex('activity_access_key').on(
      sql`coalesce(${t.categoryId}, ${t.activityId})`,
      sql`coalesce(${t.groupId}, ${t.roleId})`,
    ),
    check('activity_access_owner_check', sql`(${t.categoryId} is null) <> (${t.activityId} is null)`),
    check('activity_access_target_check', sql`(${t.groupId} is null) <> (${t.roleId} is null)`),
  ],
);

/**
 * V7 / V4 participation: a participant subscribed to an activity (the "in" list; everyone else of the project is
 * "out"), with an inscription status. The count of rows never exceeds activities.max_members (the service locks the
 * activity row before it adds).
 */
export const activityMembers = pgTable(
  'activity_members',
  {
    ...ownedByProject(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    /** contracts: 'registered' | 'confirmed' | 'attended' | 'absent'. */
    status: text('status').notNull().default('registered'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.participantId] }),
    index('activity_members_participant_idx').on(t.participantId),
    index('activity_members_activity_status_idx').on(t.activityId, t.status),
    check(
      'activity_members_status_check',
      sql`${t.status} in ('registered', 'confirmed', 'attended', 'absent')`,
    ),
  ],
);

/** V5: a host of an activity (speaker, exhibitor…), known by e-mail; linked to the participant of that e-mail if any. */
export const activityHosts = pgTable(
  'activity_hosts',
  {
    id: id(),
    ...ownedByProject(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activity_hosts_activity_email_key').on(t.activityId, sql`lower(${t.email})`),
    index('activity_hosts_project_idx').on(t.projectId),
  ],
);

/** V4 link: the activity's other links, titled in French and English. */
export const activityLinks = pgTable(
  'activity_links',
  {
    id: id(),
    ...ownedByProject(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    titleFr: text('title_fr').notNull(),
    titleEn: text('title_en').notNull(),
    urlFr: text('url_fr').notNull(),
    urlEn: text('url_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('activity_links_activity_idx').on(t.activityId, t.position)],
);

/** P12: the documents of an activity, per language (the spec's LanguageID 1 = 'fr', 2 = 'en'). */
export const activityFiles = pgTable(
  'activity_files',
  {
    id: id(),
    ...ownedByProject(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_files_activity_idx').on(t.activityId, t.language),
    uniqueIndex('activity_files_file_key').on(t.fileId),
    check('activity_files_language_check', sql`${t.language} in ('fr', 'en')`),
  ],
);

/**
 * J7: a table of a meeting category, numbered within it; VIP or standard, with its seats. The matching module seats
 * people at these.
 */
export const activityTables = pgTable(
  'activity_tables',
  {
    id: id(),
    ...ownedByProject(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => activityCategories.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name'),
    location: text('location'),
    vip: boolean('vip').notNull().default(false),
    seats: integer('seats').notNull().default(8),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('activity_tables_category_number_key').on(t.categoryId, t.number),
    index('activity_tables_project_idx').on(t.projectId),
    check('activity_tables_number_check', sql`${t.number} > 0`),
    check('activity_tables_seats_check', sql`${t.seats} between 1 and 100`),
  ],
);

/** J7 assignment page: a participant given a fixed table of a meeting category (an exhibitor at a kiosk…). */
export const activityTableAssignments = pgTable(
  'activity_table_assignments',
  {
    ...ownedByProject(),
    tableId: uuid('table_id')
      .notNull()
      .references(() => activityTables.id, { onDelete: 'cascade' }),
    /** Denormalised from the table: one table per participant and category. */
    categoryId: uuid('category_id')
      .notNull()
      .references(() => activityCategories.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.participantId] }),
    index('activity_table_assignments_table_idx').on(t.tableId),
  ],
);

/**
 * iCalendar feeds: a secret token per project feed and per participant feed (random, 32 bytes, base64url).
 * Regenerating replaces the token: the old address stops answering at once.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    ...ownedByProject(),
    /** Null: the project's feed; otherwise this participant's. */
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_key').on(t.token),
    uniqueIndex('calendar_feeds_owner_key').on(
      t.projectId,
      sql`coalesce(${t.participantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

export * from './schema/meetings';
export * from './schema/pairing-seats';
export * from './schema/pairings';
export * from './schema/questionnaire';
