import { z } from 'zod';
import { defineEndpoint, ok, uuidParam } from './http';
import { localized, plainText } from './texts';

/**
 * V2 and V4's subscribe tab: who may see a section, a category or an activity (groups and roles), the figures of an
 * activity's inscriptions, its parent, and the defaults of the project's activities. See docs/activities/hosts.md.
 */

// ---------- access: groups and roles (V2 permissions editor, V4 subscribe tab) ----------

export const ACCESS_KINDS = ['group', 'role'] as const;
export const accessKind = z.enum(ACCESS_KINDS, { error: 'validation.activityHosts.accessKind' });
export type AccessKind = z.infer<typeof accessKind>;

/** One group or one role that may see the section, category or activity. */
export const accessInput = z.object({
  kind: accessKind,
  targetId: z.uuid({ error: 'validation.id' }),
});
export type AccessInput = z.input<typeof accessInput>;

export const accessEntry = z.object({
  id: z.uuid(),
  kind: accessKind,
  targetId: z.uuid(),
  name: z.object({ fr: z.string(), en: z.string() }),
});
export type AccessEntry = z.input<typeof accessEntry>;

/** No entry at all: visible to all; one or more: restricted to them (spec 002 §4). */
export const accessList = z.object({ restricted: z.boolean(), items: z.array(accessEntry) });
export type AccessList = z.input<typeof accessList>;

// ---------- the subscribe tab's figures ----------

export const INSCRIPTION_STATUSES = ['registered', 'confirmed', 'attended', 'absent'] as const;
export type InscriptionStatus = (typeof INSCRIPTION_STATUSES)[number];

export const activityReport = z.object({
  counts: z.object({
    registered: z.number().int(),
    confirmed: z.number().int(),
    attended: z.number().int(),
    absent: z.number().int(),
  }),
  /** Seats used: every inscription, whatever its status. */
  total: z.number().int(),
  /** Null: no limit. */
  maxMembers: z.number().int().nullable(),
  seatsLeft: z.number().int().nullable(),
  hostCount: z.number().int(),
});
export type ActivityReport = z.input<typeof activityReport>;

export const parentInput = z.object({ parentId: z.uuid({ error: 'validation.id' }).nullable() });

// ---------- defaults of the project's activities (V2) ----------

const menuNameOne = plainText(100).pipe(z.string().min(2, { error: 'validation.required' }));

/**
 * The default menu: the name under which the activities without a section are listed to participants. Null: the
 * switch is off (they are listed without a menu name).
 */
export const activitySettings = z.object({ defaultMenu: localized(menuNameOne).nullable() });
/** The configuration page's form once the switch is on: the name in both languages. */
export const defaultMenuForm = z.object({ defaultMenu: localized(menuNameOne) });
export type ActivitySettingsInput = z.input<typeof activitySettings>;
export const activitySettingsResponse = z.object({
  defaultMenu: z.object({ fr: z.string(), en: z.string() }).nullable(),
});
export type ActivitySettings = z.input<typeof activitySettingsResponse>;

// ---------- endpoints ----------

const tag = 'activity access';
const projectParams = z.object({ projectId: uuidParam });
const activityParams = projectParams.extend({ activityId: uuidParam });
const categoryParams = projectParams.extend({ categoryId: uuidParam });

/** The same three endpoints for an activity, a section and a category. */
function accessEndpoints<S extends z.core.$ZodShape>(base: string, shape: S, what: string) {
  const params = z.object(shape);
  const entryParams = z.object({ ...shape, accessId: uuidParam });
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `${base}/access`,
      access: 'user',
      tag,
      summary: `V2/V4 the groups and roles that may see ${what} (none: visible to all)`,
      params,
      response: accessList,
    }),
    add: defineEndpoint({
      method: 'POST',
      path: `${base}/access`,
      access: 'user',
      tag,
      summary: `V2/V4 restrict ${what} to one more group or role of the project`,
      params,
      body: accessInput,
      response: accessList,
    }),
    remove: defineEndpoint({
      method: 'DELETE',
      path: `${base}/access/:accessId`,
      access: 'user',
      tag,
      summary: `V2/V4 remove a group or role from those that may see ${what}`,
      params: entryParams,
      response: accessList,
    }),
  };
}

export type AccessEndpoints = ReturnType<typeof accessEndpoints<typeof categoryParams.shape>>;

// Each endpoint is a top-level export (the OpenAPI walk and the route list read them so).
export const {
  list: listActivityAccess,
  add: addActivityAccess,
  remove: removeActivityAccess,
} = accessEndpoints('/api/projects/:projectId/activities/:activityId', activityParams.shape, 'an activity');
export const {
  list: listSectionAccess,
  add: addSectionAccess,
  remove: removeSectionAccess,
} = accessEndpoints(
  '/api/projects/:projectId/activity-sections/:categoryId',
  categoryParams.shape,
  'a section (menu)',
);
export const {
  list: listCategoryAccess,
  add: addCategoryAccess,
  remove: removeCategoryAccess,
} = accessEndpoints(
  '/api/projects/:projectId/activity-categories/:categoryId',
  categoryParams.shape,
  'a category',
);

/** The endpoints of an owner, grouped. */
export const ACCESS_ENDPOINTS = {
  activity: { list: listActivityAccess, add: addActivityAccess, remove: removeActivityAccess },
  section: { list: listSectionAccess, add: addSectionAccess, remove: removeSectionAccess },
  category: { list: listCategoryAccess, add: addCategoryAccess, remove: removeCategoryAccess },
};

export const getActivityReport = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activities/:activityId/report',
  access: 'user',
  tag,
  summary: 'V4 subscribe: inscriptions per status, seats used and left, hosts',
  params: activityParams,
  response: activityReport,
});

export const exportActivityMembersCsv = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activities/:activityId/members.csv',
  access: 'user',
  tag,
  summary: 'V4 subscribe: the members of an activity with their inscription status, as CSV (UTF-8)',
  params: activityParams,
  response: z.string(),
});

export const setActivityParent = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activities/:activityId/parent',
  access: 'user',
  tag,
  summary: 'V4 subscribe: the parent activity (another of the project, never one below it), or none',
  params: activityParams,
  body: parentInput,
  response: ok,
});

export const getActivitySettings = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-settings',
  access: 'user',
  tag,
  summary: 'V2 the defaults of the project’s activities (the default menu’s name)',
  params: projectParams,
  response: activitySettingsResponse,
});

export const saveActivitySettings = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activity-settings',
  access: 'user',
  tag,
  summary: 'V2 save the defaults of the project’s activities (null turns the default menu off)',
  params: projectParams,
  body: activitySettings,
  response: activitySettingsResponse,
});
