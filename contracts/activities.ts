import { z } from 'zod';
import { activitySortable, activityType, hybridType } from './activity-list';
import {
  defineEndpoint,
  encodeMessage,
  listQuery,
  listResponse,
  ok,
  optionalText,
  timestamp,
  uuidParam,
} from './http';
import { hexColor, versionIn, versionOut } from './projects';
import { localized, plainText, richText } from './texts';

/**
 * Activities (V1–V4): anything on the programme of a project. Times are entered and shown in the project's time
 * zone: the API reads and writes local times (`2026-03-08T14:30`) and the server turns them into instants.
 * See docs/activities/activities.md.
 */

// ---------- sections and categories (V2) ----------

/** The spec's TypeID 0 (a menu of the programme) and 1 (a category). */
export const ACTIVITY_CATEGORY_KINDS = ['section', 'category'] as const;
export type ActivityCategoryKind = (typeof ACTIVITY_CATEGORY_KINDS)[number];

export const ACTIVITY_CATEGORY_NAME_MAX = 100;
const categoryNameOne = plainText(ACTIVITY_CATEGORY_NAME_MAX).pipe(
  z.string().min(2, { error: 'validation.required' }),
);

export const activityCategoryInput = z.object({ name: localized(categoryNameOne) });
export type ActivityCategoryInput = z.input<typeof activityCategoryInput>;

const localizedName = z.object({ fr: z.string(), en: z.string() });

/** A section or a category, with how many activities it holds. */
export const activityCategory = z.object({
  id: z.uuid(),
  name: localizedName,
  position: z.number().int(),
  activityCount: z.number().int(),
});
export type ActivityCategory = z.input<typeof activityCategory>;

// ---------- activities ----------

// The types, hybrid types and sortable columns live in activity-list.ts (the router reads them on every page).
export * from './activity-list';

/** The longest an activity lasts: 31 days, in minutes. */
export const DURATION_MAX = 44_640;
export const ACTIVITY_TITLE_MAX = 200;
export const LOCATION_MAX = 300;
/** V1: a bulk action names at most this many activities (a whole project at scale). */
export const BULK_MAX = 2000;

/**
 * A local date and time of the project's zone, to the minute: `YYYY-MM-DDTHH:mm`, a real calendar day, years
 * 1900–2999. Whether the time exists in the zone (daylight saving) is the server's check.
 */
export const localDateTime = z
  .string({ error: 'validation.activities.localDateTime' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'validation.activities.localDateTime' })
  .refine(isLocalDateTime, { error: 'validation.activities.localDateTime' });

function isLocalDateTime(text: string) {
  const [year, month, day, hour, minute] = text.split(/[-T:]/).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60
  );
}

/**
 * Which of the two instants a local time lived twice (clocks falling back) means: the first one (`earlier`, still
 * summer time) or the second (`later`). Without it such a time is refused with both instants in the message.
 */
export const offsetChoice = z.enum(['earlier', 'later'], { error: 'validation.activities.offsetChoice' });
export type OffsetChoice = z.infer<typeof offsetChoice>;

const activityTitleOne = plainText(ACTIVITY_TITLE_MAX).pipe(
  z.string().min(2, { error: 'validation.required' }),
);
/** A maximum of members: a whole number from 1. */
const maxMembers = z
  .number({ error: 'validation.activities.maxMembers' })
  .int({ error: 'validation.activities.maxMembers' })
  .min(1, { error: 'validation.activities.maxMembers' })
  .max(1_000_000, { error: 'validation.activities.maxMembers' });

const optionalId = z.uuid({ error: 'validation.id' }).nullable().default(null);

/** The fields of the add modal and the edition's configuration, shared by the server and the web form. */
export const activityInput = z.object({
  ...versionIn,
  /** P8: both languages, 2 characters at least once tags are stripped. */
  title: localized(activityTitleOne),
  type: activityType.default('session'),
  categoryId: optionalId,
  sectionId: optionalId,
  /** V3: "no date" hides the start and the duration; they are kept, not required. */
  noDate: z.boolean().default(false),
  startsAt: localDateTime.nullable().default(null),
  startsAtOffset: offsetChoice.optional(),
  durationMinutes: z
    .number({ error: 'validation.activities.duration' })
    .int({ error: 'validation.activities.duration' })
    .min(0, { error: 'validation.activities.duration' })
    .max(DURATION_MAX, { error: 'validation.activities.duration' })
    .default(60),
  /** Null: no limit (the spec's "no limit" radio, value 0). */
  maxMembers: maxMembers.nullable().default(null),
  hybridType: hybridType.default('inPerson'),
  location: optionalText(LOCATION_MAX).transform((v) => v ?? null),
  parentId: optionalId,
  backgroundColor: hexColor.nullable().default(null),
  /** A rich text in each language, sanitised on the server; left out keeps it as it is. */
  description: localized(richText()).optional(),
});
export type ActivityInput = z.input<typeof activityInput>;
export type ActivityValues = z.output<typeof activityInput>;

const namedRef = z.object({ id: z.uuid(), name: localizedName });

/** One row of the list. */
export const activityListItem = z.object({
  id: z.uuid(),
  title: localizedName,
  type: activityType,
  category: namedRef.nullable(),
  section: namedRef.nullable(),
  noDate: z.boolean(),
  /** The start as an instant, and as the local time of the project's zone (what forms show). */
  startsAt: timestamp.nullable(),
  startsAtLocal: z.string().nullable(),
  /**
   * When the start's local time is lived twice (clocks falling back), which of the two it is; null otherwise. Sent
   * back unchanged with the same `startsAtLocal`, it keeps the instant.
   */
  startsAtOffset: offsetChoice.nullable(),
  /** The UTC offset at the start (`-04:00`). */
  startsAtUtcOffset: z.string().nullable(),
  durationMinutes: z.number().int(),
  endsAt: timestamp.nullable(),
  endsAtLocal: z.string().nullable(),
  maxMembers: z.number().int().nullable(),
  hybridType,
  location: z.string().nullable(),
  parentId: z.uuid().nullable(),
  backgroundColor: z.string().nullable(),
  /** The project's zone, in which the local times are written. */
  timeZone: z.string(),
});
export type ActivityListItem = z.input<typeof activityListItem>;

/** One activity, with what the edition shows beyond the list. */
export const activity = activityListItem.extend({
  description: localizedName,
  childCount: z.number().int(),
  createdAt: timestamp,
  updatedAt: timestamp,
  ...versionOut,
});
export type Activity = z.input<typeof activity>;

/** `true`/`false` in a URL. */
const flag = z.enum(['true', 'false'], { error: 'validation.invalid' }).transform((v) => v === 'true');

export const activityListQuery = listQuery(activitySortable).extend({
  type: activityType.optional(),
  categoryId: uuidParam.optional(),
  sectionId: uuidParam.optional(),
  hybridType: hybridType.optional(),
  /** V1 "show past activities": off by default, the list hides activities that have ended. */
  past: flag.default(false),
});
export type ActivityListQuery = z.input<typeof activityListQuery>;
export type ActivityListValues = z.output<typeof activityListQuery>;

// ---------- V1 bulk actions ----------

const activityIds = z
  .array(uuidParam)
  .min(1, { error: 'validation.activities.noneSelected' })
  .max(BULK_MAX, { error: encodeMessage('validation.tooLong', { maximum: BULK_MAX }) });

const noDateOption = z.boolean().default(false);

/**
 * The spec's bulk actions, by its number: 5 end date, 6 start date (each with the no-date option), 7 type,
 * 8 category, 9 maximum members, 14 migration (to another project of the company), 15 section, 16 hybrid type.
 * One input each; all the activities change in one transaction, or none.
 */
export const activityBulkAction = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('endDate'),
      ids: activityIds,
      noDate: noDateOption,
      endsAt: localDateTime.optional(),
      endsAtOffset: offsetChoice.optional(),
    }),
    z.object({
      action: z.literal('startDate'),
      ids: activityIds,
      noDate: noDateOption,
      startsAt: localDateTime.optional(),
      startsAtOffset: offsetChoice.optional(),
    }),
    z.object({ action: z.literal('type'), ids: activityIds, type: activityType }),
    z.object({
      action: z.literal('category'),
      ids: activityIds,
      categoryId: z.uuid({ error: 'validation.id' }).nullable(),
    }),
    z.object({
      action: z.literal('maxMembers'),
      ids: activityIds,
      maxMembers: maxMembers.nullable(),
    }),
    z.object({
      action: z.literal('migration'),
      ids: activityIds,
      projectId: z.uuid({ error: 'validation.activities.targetProject' }),
    }),
    z.object({
      action: z.literal('section'),
      ids: activityIds,
      sectionId: z.uuid({ error: 'validation.id' }).nullable(),
    }),
    z.object({ action: z.literal('hybridType'), ids: activityIds, hybridType }),
  ],
  { error: 'validation.activities.bulkAction' },
);
export type ActivityBulkAction = z.input<typeof activityBulkAction>;
export type ActivityBulkValues = z.output<typeof activityBulkAction>;

export const BULK_ACTION_CODES = {
  endDate: 5,
  startDate: 6,
  type: 7,
  category: 8,
  maxMembers: 9,
  migration: 14,
  section: 15,
  hybridType: 16,
} as const satisfies Record<ActivityBulkValues['action'], number>;

// ---------- endpoints ----------

const tag = 'activities';
const projectParams = z.object({ projectId: uuidParam });
const activityParams = projectParams.extend({ activityId: uuidParam });
const categoryParams = projectParams.extend({ categoryId: uuidParam });

/** Sections and categories have the same endpoints under their own path. */
function categoryEndpoints(kind: ActivityCategoryKind, path: string, what: string) {
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `/api/projects/:projectId/${path}`,
      access: 'user',
      tag,
      summary: `V2 the activity ${what} of a project, in order, with their activity counts`,
      params: projectParams,
      response: z.object({ items: z.array(activityCategory) }),
    }),
    create: defineEndpoint({
      method: 'POST',
      path: `/api/projects/:projectId/${path}`,
      access: 'user',
      tag,
      summary: `V2 create an activity ${kind} (name in French and in English), placed last`,
      params: projectParams,
      body: activityCategoryInput,
      response: activityCategory,
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `/api/projects/:projectId/${path}/:categoryId`,
      access: 'user',
      tag,
      summary: `V2 rename an activity ${kind}`,
      params: categoryParams,
      body: activityCategoryInput,
      response: activityCategory,
    }),
    delete: defineEndpoint({
      method: 'DELETE',
      path: `/api/projects/:projectId/${path}/:categoryId`,
      access: 'user',
      tag,
      summary: `V2 delete an activity ${kind}; its activities stay, without ${kind}`,
      params: categoryParams,
      response: ok,
    }),
  };
}

export type ActivityCategoryEndpoints = ReturnType<typeof categoryEndpoints>;

export const {
  list: listActivitySections,
  create: createActivitySection,
  update: updateActivitySection,
  delete: deleteActivitySection,
} = categoryEndpoints('section', 'activity-sections', 'sections (menus)');

export const {
  list: listActivityCategories,
  create: createActivityCategory,
  update: updateActivityCategory,
  delete: deleteActivityCategory,
} = categoryEndpoints('category', 'activity-categories', 'categories');

export const listActivities = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activities',
  access: 'user',
  tag,
  summary:
    'V1 the activities of a project: search (titles and location, accents ignored), type, category, section and hybrid type filters, past activities hidden unless past=true, sorting and paging',
  params: projectParams,
  query: activityListQuery,
  response: listResponse(activityListItem),
});

export const getActivity = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activities/:activityId',
  access: 'user',
  tag,
  summary: 'V4 one activity',
  params: activityParams,
  response: activity,
});

export const createActivity = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activities',
  access: 'user',
  tag,
  summary:
    'V3 add an activity; startsAt is a local time of the project’s zone (refused when daylight saving skips it; when it is lived twice, startsAtOffset chooses)',
  params: projectParams,
  body: activityInput,
  response: activity,
});

export const updateActivity = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activities/:activityId',
  access: 'user',
  tag,
  summary: 'V4 edit an activity (same rules as adding one)',
  params: activityParams,
  body: activityInput,
  response: activity,
});

export const deleteActivity = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/activities/:activityId',
  access: 'user',
  tag,
  summary: 'V1 delete an activity; one that is the parent of others is refused (409 activities.hasChildren)',
  params: activityParams,
  response: ok,
});

export const applyActivityBulkAction = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activities/bulk',
  access: 'user',
  tag,
  summary:
    'V1 one bulk action on activities of the project (end date, start date, type, category, maximum members, migration, section, hybrid type), in one transaction',
  params: projectParams,
  body: activityBulkAction,
  response: z.object({ updated: z.number().int() }),
});
