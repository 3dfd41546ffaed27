import { z } from 'zod';
import { tableParticipantSortable } from './activity-table-list';
import { defineEndpoint, listQuery, listResponse, ok, uuidParam } from './http';
import { plainText } from './texts';

/**
 * J7: the tables of a meeting category (an activity category of kind `category`), standard or VIP, and the
 * participants assigned to them (one table per participant and category). The matching module seats people at
 * these tables. See docs/activities/tables.md.
 */

export const TABLE_NAME_MAX = 100;
export const TABLE_LOCATION_MAX = 200;
export const TABLE_NUMBER_MAX = 10_000;
export const TABLE_SEATS_MAX = 100;
export const TABLE_SEATS_DEFAULT = 8;
/** The most tables of one kind (standard or VIP) the counts form sets at once. */
export const TABLE_COUNT_MAX = 500;
/** One assignment request names at most this many participants. */
export const ASSIGN_MAX = 100;

const wholeNumber = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/** An optional plain text: tags stripped, trimmed; empty or absent is null. */
const optionalPlain = (max: number) =>
  plainText(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** The add and edit modal: number (unique in the category), name, location, VIP, seats. */
export const activityTableInput = z.object({
  number: wholeNumber(1, TABLE_NUMBER_MAX, 'validation.activityTables.number'),
  name: optionalPlain(TABLE_NAME_MAX),
  location: optionalPlain(TABLE_LOCATION_MAX),
  vip: z.boolean().default(false),
  seats: wholeNumber(1, TABLE_SEATS_MAX, 'validation.activityTables.seats').default(TABLE_SEATS_DEFAULT),
});
export type ActivityTableInput = z.input<typeof activityTableInput>;

/** The counts form: how many standard and how many VIP tables the category has. */
export const activityTableCounts = z.object({
  standard: wholeNumber(0, TABLE_COUNT_MAX, 'validation.activityTables.count'),
  vip: wholeNumber(0, TABLE_COUNT_MAX, 'validation.activityTables.count'),
});
export type ActivityTableCounts = z.input<typeof activityTableCounts>;

export const activityTable = z.object({
  id: z.uuid(),
  number: z.number().int(),
  name: z.string().nullable(),
  location: z.string().nullable(),
  vip: z.boolean(),
  seats: z.number().int(),
  /** How many participants are assigned to it. */
  assignedCount: z.number().int(),
});
export type ActivityTable = z.input<typeof activityTable>;

const localizedName = z.object({ fr: z.string(), en: z.string() });

/** The tables page: the category, its tables by number, and the counts per kind. */
export const activityTableList = z.object({
  category: z.object({ id: z.uuid(), name: localizedName }),
  items: z.array(activityTable),
  counts: z.object({ standard: z.number().int(), vip: z.number().int() }),
});
export type ActivityTableList = z.input<typeof activityTableList>;

/** A participant as the assignment page shows them, with their table in this category (or null). */
export const tableParticipant = z.object({
  participantId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  role: localizedName,
  table: z.object({ id: z.uuid(), number: z.number().int(), vip: z.boolean() }).nullable(),
});
export type TableParticipant = z.input<typeof tableParticipant>;

export { tableParticipantSortable };
export const TABLE_PARTICIPANT_FILTERS = ['unassigned', 'all'] as const;

export const tableParticipantQuery = listQuery(tableParticipantSortable).extend({
  /** `unassigned` (default): those without a table in this category; `all`: every participant of the project. */
  show: z.enum(TABLE_PARTICIPANT_FILTERS, { error: 'validation.invalid' }).default('unassigned'),
});

export const assignmentInput = z.object({
  participantIds: z
    .array(z.uuid({ error: 'validation.id' }))
    .min(1, { error: 'validation.required' })
    .max(ASSIGN_MAX),
});
export type AssignmentInput = z.input<typeof assignmentInput>;

// ---------- endpoints ----------

const tag = 'activity-tables';
const projectParams = z.object({ projectId: uuidParam });
const categoryParams = projectParams.extend({ categoryId: uuidParam });
const tableParams = projectParams.extend({ tableId: uuidParam });

export const listActivityTables = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-categories/:categoryId/tables',
  access: 'user',
  tag,
  summary:
    'J7 the tables of a category, by number, with their assigned counts and the standard and VIP counts',
  params: categoryParams,
  response: activityTableList,
});

export const createActivityTable = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activity-categories/:categoryId/tables',
  access: 'user',
  tag,
  summary: 'J7 add a table to a category (its number unused in the category)',
  params: categoryParams,
  body: activityTableInput,
  response: activityTable,
});

export const updateActivityTable = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activity-tables/:tableId',
  access: 'user',
  tag,
  summary: 'J7 edit a table (number, name, location, VIP, seats: never fewer than its assigned participants)',
  params: tableParams,
  body: activityTableInput,
  response: activityTable,
});

export const deleteActivityTable = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/activity-tables/:tableId',
  access: 'user',
  tag,
  summary: 'J7 delete a table; its participants lose their table (the answer says how many)',
  params: tableParams,
  response: ok.extend({ unassigned: z.number().int() }),
});

export const setActivityTableCounts = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activity-categories/:categoryId/table-counts',
  access: 'user',
  tag,
  summary:
    'J7 set how many standard and VIP tables a category has, in one transaction: new ones numbered after the last, the highest-numbered empty ones removed; refused (field error) when that would remove tables with participants',
  params: categoryParams,
  body: activityTableCounts,
  response: activityTableList,
});

export const listTableAssignments = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-tables/:tableId/assignments',
  access: 'user',
  tag,
  summary: 'J7 the participants assigned to a table, by name',
  params: tableParams,
  response: z.object({ items: z.array(tableParticipant) }),
});

export const assignTableParticipants = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activity-tables/:tableId/assignments',
  access: 'user',
  tag,
  summary:
    'J7 assign participants of the project to a table; one at another table of the category moves; refused when the seats would not suffice',
  params: tableParams,
  body: assignmentInput,
  response: z.object({ assigned: z.number().int(), moved: z.number().int() }),
});

export const unassignTableParticipant = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/activity-tables/:tableId/assignments/:participantId',
  access: 'user',
  tag,
  summary:
    'J7 take a participant away from a table (they stay in the project, without a table in this category)',
  params: tableParams.extend({ participantId: uuidParam }),
  response: ok,
});

export const listTableParticipants = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-categories/:categoryId/table-participants',
  access: 'user',
  tag,
  summary:
    'J7 participants of the project with their table in this category: those without one (show=unassigned, default) or all; searched by name, e-mail or organisation, paged',
  params: categoryParams,
  query: tableParticipantQuery,
  response: listResponse(tableParticipant),
});
