import { z } from 'zod';
import {
  calendarDate,
  defineEndpoint,
  language,
  listQuery,
  listResponse,
  requiredText,
  timestamp,
  uuidParam,
} from './http';

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
  createdAt: timestamp,
  updatedAt: timestamp,
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

const projectFields = z.object({
  nameFr: requiredText(150),
  nameEn: requiredText(150),
  startsOn: calendarDate,
  endsOn: calendarDate,
  // Stored under its canonical name ("utc" → "UTC").
  timeZone: z
    .string()
    .max(100)
    .refine(isTimeZone, { error: 'validation.timeZone' })
    .transform((tz) => new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone),
  defaultLanguage: language,
  externalDashboardUrl: z
    .union([z.url({ protocol: /^https?$/, error: 'validation.url' }).max(2000), z.literal('')])
    .nullable()
    .optional()
    .transform((v) => v || null),
});

/** J1: the project form, shared by the server and the web form. */
export const projectInput = projectFields.refine((p) => p.endsOn >= p.startsOn, {
  error: 'validation.endBeforeStart',
  path: ['endsOn'],
});
export type ProjectInput = z.input<typeof projectInput>;
/** The same, once validated (trimmed, canonical time zone, empty address as null): what the server saves. */
export type ProjectValues = z.output<typeof projectInput>;

export const projectSortable = ['name', 'startsOn', 'endsOn', 'createdAt', 'isActive'] as const;
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
