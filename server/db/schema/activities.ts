/** Activities (issue 10): sections and categories, the activities, who may see them, their links and files. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, editVersion, id, ownedByProject, updatedAt } from './columns';
import { files } from './files';
import { groups } from './groups';
import { roles } from './roles';

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
    ...editVersion(),
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
