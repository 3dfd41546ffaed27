import { z } from 'zod';
import {
  calendarDate,
  defineEndpoint,
  emailAddress,
  language,
  listQuery,
  listResponse,
  requiredText,
  timestamp,
  uuidParam,
} from './http';

// ---------- RS4: edit versions (docs/conflicts.md) ----------
// Here rather than in a file of their own: the first page reads this contract, and a file shared with the lazy
// contracts (participants, activities, questions) would be one more script for it to fetch.

/** What a record's read answers: the version to send back with the next save. */
export const versionOut = { version: z.number().int() };

/**
 * What a save may send: the version it loaded. Optional: a caller that leaves it out (an import, an API script, a
 * bulk action) is not checked, and its save wins over any other.
 */
export const versionIn = {
  version: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1).optional(),
};

export const project = z.object({
  id: z.uuid(),
  nameFr: z.string(),
  nameEn: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  timeZone: z.string(),
  defaultLanguage: language,
  isActive: z.boolean(),
  externalDashboardUrl: z.string().nullable(),
  languages: z.array(language),
  projectEmail: z.string().nullable(),
  supportEmail: z.string().nullable(),
  autoNotification: z.boolean(),
  logoFileId: z.uuid().nullable(),
  bannerFileId: z.uuid().nullable(),
  bannerBackgroundColor: z.string(),
  bannerTextColor: z.string(),
  homeBackgroundColor: z.string(),
  menuBackgroundColor: z.string(),
  menuTextColor: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  ...versionOut,
});
/** A project as the web receives it (dates as ISO strings). */
export type Project = z.input<typeof project>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// ---------- field rules, shared by the project form (J1/J3) and the steps of the new-project wizard (P10) ----------

export const projectNameFields = z.object({
  nameFr: requiredText(150),
  nameEn: requiredText(150),
});

// Stored under its canonical name ("utc" → "UTC").
export const timeZone = z
  .string()
  .max(100)
  .refine(isTimeZone, { error: 'validation.timeZone' })
  .transform((tz) => new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone);

/** The end on the start day or after (the error under `endsOn`). */
export function withDatesInOrder<S extends z.ZodType<{ startsOn: string; endsOn: string }>>(schema: S) {
  return schema.refine((p) => p.endsOn >= p.startsOn, {
    error: 'validation.endBeforeStart',
    path: ['endsOn'],
  });
}

export const projectDateFields = z.object({
  startsOn: calendarDate,
  endsOn: calendarDate,
  timeZone,
});

/** The languages the event speaks to participants: French, English or both (kept in that order, once each). */
export const projectLanguages = z
  .array(language)
  .min(1, { error: 'validation.projectConfig.languagesRequired' })
  .max(2, { error: 'validation.projectConfig.languagesRequired' })
  .transform((list) => (['fr', 'en'] as const).filter((l) => list.includes(l)));

/** The default language among the event's languages (the error under `defaultLanguage`). */
export function withSpokenDefault<
  S extends z.ZodType<{ languages?: string[] | undefined; defaultLanguage: string }>,
>(schema: S) {
  // With no language at all, the error under `languages` says enough; without the list (a J1 caller), the server
  // checks the default against the project's languages.
  return schema.refine((p) => !p.languages?.length || p.languages.includes(p.defaultLanguage), {
    error: 'validation.projectConfig.defaultLanguageNotSpoken',
    path: ['defaultLanguage'],
  });
}

export const projectLanguageFields = z.object({
  languages: projectLanguages,
  defaultLanguage: language,
});

/** An e-mail address or nothing (an empty field is saved as none); left out, the saved one is kept. */
const optionalEmail = z
  .string()
  .trim()
  .max(254, { error: 'validation.email' })
  .refine((v) => v === '' || emailAddress.safeParse(v).success, { error: 'validation.email' })
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .nullable()
  .optional();

const projectFields = z.object({
  // RS4: the version the general tab loaded (ignored on creation).
  ...versionIn,
  ...projectNameFields.shape,
  ...projectDateFields.shape,
  defaultLanguage: language,
  externalDashboardUrl: z
    .union([z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2000), z.literal('')])
    .nullable()
    .optional()
    .transform((v) => v || null),
  // J3. Optional so that a caller of J1 need not know them: left out, a new project speaks both languages and an
  // edited one keeps its languages and addresses.
  languages: projectLanguages.optional(),
  projectEmail: optionalEmail,
  supportEmail: optionalEmail,
});

/** J1/J3: the project form (general tab), shared by the server and the web form. */
export const projectInput = withSpokenDefault(withDatesInOrder(projectFields));
export type ProjectInput = z.input<typeof projectInput>;
/** The same, once validated (trimmed, canonical time zone, empty address as null): what the server saves. */
export type ProjectValues = z.output<typeof projectInput>;

// ---------- J3: colours and branding ----------

/** A colour as `#rrggbb` (stored in lower case). */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.projectConfig.color' })
  .transform((v) => v.toLowerCase());

export const COLOUR_FIELDS = [
  'bannerBackgroundColor',
  'bannerTextColor',
  'homeBackgroundColor',
  'menuBackgroundColor',
  'menuTextColor',
] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];

/** Any of the five colours; a colour left out keeps its value (anything else is refused). */
export const projectColoursInput = z.strictObject({
  bannerBackgroundColor: hexColor.optional(),
  bannerTextColor: hexColor.optional(),
  homeBackgroundColor: hexColor.optional(),
  menuBackgroundColor: hexColor.optional(),
  menuTextColor: hexColor.optional(),
});
export type ProjectColoursInput = z.input<typeof projectColoursInput>;

/** The logo and banner, as ids of stored images (null removes one); an image left out keeps its value. */
export const projectBrandingInput = z.strictObject({
  logoFileId: z.uuid({ error: 'validation.id' }).nullable().optional(),
  bannerFileId: z.uuid({ error: 'validation.id' }).nullable().optional(),
});
export type ProjectBrandingInput = z.input<typeof projectBrandingInput>;

/** The target sizes of the images (pixels), for the crop tool. */
export const LOGO_SIZE = { width: 400, height: 200 } as const;
export const BANNER_SIZE = { width: 1200, height: 300 } as const;

import { projectSortable } from './list-sorts';

export { projectSortable };

const idParams = z.object({ projectId: uuidParam });

export const listProjects = defineEndpoint({
  method: 'GET',
  path: '/api/projects',
  access: 'user',
  tag: 'projects',
  summary: 'J1 projects of the current company',
  query: listQuery(projectSortable).extend({
    status: z.enum(['all', 'active', 'inactive']).default('all'),
  }),
  response: listResponse(project),
});

export const getProject = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId',
  access: 'user',
  tag: 'projects',
  summary: 'J1 one project',
  params: idParams,
  response: project,
});

export const createProject = defineEndpoint({
  method: 'POST',
  path: '/api/projects',
  access: 'user',
  tag: 'projects',
  summary: 'J1 create a project',
  body: projectInput,
  response: project,
});

export const updateProject = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId',
  access: 'user',
  tag: 'projects',
  summary: 'J1 edit a project',
  params: idParams,
  body: projectInput,
  response: project,
});

export const setProjectsActivation = defineEndpoint({
  method: 'POST',
  path: '/api/projects/activation',
  access: 'user',
  tag: 'projects',
  summary: 'J1 activate or deactivate the selected projects at once',
  body: z.object({
    projectIds: z
      .array(z.uuid({ error: 'validation.id' }))
      .min(1)
      .max(500),
    isActive: z.boolean(),
  }),
  response: z.object({ updated: z.number().int() }),
});

export const setProjectActivation = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activation',
  access: 'user',
  tag: 'projects',
  summary: 'J1 activate or deactivate a project',
  params: idParams,
  body: z.object({ isActive: z.boolean() }),
  response: project,
});

export const setProjectColours = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/colours',
  access: 'user',
  tag: 'projects',
  summary: 'J3 banner, home page and menu colours (#rrggbb), saved on each change',
  params: idParams,
  body: projectColoursInput,
  response: project,
});

export const setProjectBranding = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/branding',
  access: 'user',
  tag: 'projects',
  summary: 'J3 logo and banner (ids of images of the company, uploaded for this purpose)',
  params: idParams,
  body: projectBrandingInput,
  response: project,
});

export const setProjectAutoNotification = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/auto-notification',
  access: 'user',
  tag: 'projects',
  summary: 'J3 switch the automatic notifications of a project on or off',
  params: idParams,
  body: z.object({ autoNotification: z.boolean() }),
  response: project,
});
