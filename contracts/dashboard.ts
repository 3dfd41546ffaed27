import { z } from 'zod';
import { defineEndpoint, timestamp, uuidParam } from './http';

/**
 * J2 (issue 21): the project dashboard — tasks by step with their completion, modules with theirs, the overall
 * progress, warnings computed from the data, and the secret figures feed an external dashboard tool reads.
 * The spec's calls (000 §7): getTasks?step, dashboard/modules, getProgress → `getDashboard`; setTaskCompletion →
 * `setTaskCompletion`; setModuleCompletion → `setModuleCompletion`; getWarnings(PageID, ElementID) →
 * `listDashboardWarnings`; ResetDashboardConnexion → `resetDashboardFeed`. See docs/projects/dashboard.md.
 */

export const DASHBOARD_STEPS = [
  'preparation',
  'registration',
  'programme',
  'matching',
  'communications',
  'eventDay',
  'after',
] as const;
export type DashboardStep = (typeof DASHBOARD_STEPS)[number];

export const DASHBOARD_MODULES = [
  'project',
  'roles',
  'groups',
  'participants',
  'activities',
  'questions',
  'pairings',
  'b2b',
  'campaigns',
  'registration',
  'taxes',
  'sales',
] as const;
export type DashboardModule = (typeof DASHBOARD_MODULES)[number];

/** Where a task is done: a page of the project (the router's path under `/projects/$projectId`) and its search. */
export interface DashboardLink {
  page: string;
  search?: Record<string, string>;
}

export interface DashboardTask {
  id: string;
  module: DashboardModule;
  step: DashboardStep;
  /** Label keys: `dashboard.tasks.<id>` in both locales. */
  link: DashboardLink;
}

const task = (
  id: string,
  module: DashboardModule,
  step: DashboardStep,
  link: DashboardLink,
): DashboardTask => ({
  id,
  module,
  step,
  link,
});

/** The fixed catalogue: each task of a module the product has, in the step it belongs to, with where it is done. */
export const DASHBOARD_TASKS: readonly DashboardTask[] = [
  task('configureProject', 'project', 'preparation', { page: 'settings' }),
  task('brandProject', 'project', 'preparation', { page: 'settings', search: { tab: 'branding' } }),
  task('defineRoles', 'roles', 'preparation', { page: 'roles' }),
  task('defineGroups', 'groups', 'preparation', { page: 'groups' }),
  task('setUpTaxes', 'taxes', 'registration', { page: 'registration', search: { tab: 'taxes' } }),
  task('createPayments', 'registration', 'registration', {
    page: 'registration',
    search: { tab: 'payments' },
  }),
  task('openRegistrationPage', 'registration', 'registration', {
    page: 'registration',
    search: { tab: 'page' },
  }),
  task('importParticipants', 'participants', 'registration', { page: 'participants/import' }),
  task('reviewParticipants', 'participants', 'registration', { page: 'participants' }),
  task('buildProgramme', 'activities', 'programme', { page: 'activities' }),
  task('checkCalendar', 'activities', 'programme', { page: 'activities/calendar' }),
  task('publishLanding', 'activities', 'programme', { page: 'activities/landing' }),
  task('writeQuestionnaire', 'questions', 'matching', { page: 'questions' }),
  task('computeScores', 'questions', 'matching', { page: 'questions/scores' }),
  task('generatePairings', 'pairings', 'matching', { page: 'pairings' }),
  task('scheduleB2b', 'b2b', 'matching', { page: 'b2b' }),
  task('sendInvitation', 'campaigns', 'communications', { page: 'mail' }),
  task('planReminder', 'campaigns', 'communications', { page: 'mail', search: { tab: 'log' } }),
  task('confirmAttendance', 'participants', 'eventDay', {
    page: 'participants',
    search: { status: 'registered' },
  }),
  task('runPairings', 'pairings', 'eventDay', { page: 'pairings' }),
  task('followSales', 'sales', 'after', { page: 'sales' }),
  task('sendThanks', 'campaigns', 'after', { page: 'mail' }),
];

const tag = 'dashboard';
const projectParams = z.object({ projectId: uuidParam });

export const taskState = z.object({
  id: z.string(),
  module: z.enum(DASHBOARD_MODULES),
  step: z.enum(DASHBOARD_STEPS),
  done: z.boolean(),
  doneAt: timestamp.nullable(),
  /** Who marked it done (first and last name), or null. */
  doneBy: z.string().nullable(),
});
export type TaskState = z.input<typeof taskState>;

const share = z.object({ done: z.number().int(), total: z.number().int(), percent: z.number().int() });
export type DashboardShare = z.input<typeof share>;

export const dashboardState = z.object({
  tasks: z.array(taskState),
  modules: z.array(share.extend({ module: z.enum(DASHBOARD_MODULES), complete: z.boolean() })),
  progress: share,
});
export type DashboardState = z.input<typeof dashboardState>;

export const getDashboard = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/dashboard',
  access: 'user',
  tag,
  summary:
    'The dashboard: the tasks (of one step with `step`), the modules’ completion and the overall progress',
  params: projectParams,
  query: z.object({ step: z.enum(DASHBOARD_STEPS, { error: 'validation.dashboard.step' }).optional() }),
  response: dashboardState,
});

const completion = z.object({ done: z.boolean({ error: 'validation.dashboard.done' }) });

export const setTaskCompletion = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/dashboard/tasks/:taskId',
  access: 'user',
  tag,
  summary: 'Mark a task of the catalogue done or not done (who and when are kept)',
  // Any short name is read: one outside the catalogue is 404, as a missing object is.
  params: projectParams.extend({ taskId: z.string().max(60, { error: 'validation.invalid' }) }),
  body: completion,
  response: dashboardState,
});

export const setModuleCompletion = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/dashboard/modules/:module',
  access: 'user',
  tag,
  summary: 'Mark every task of a module done or not done, in one transaction',
  params: projectParams.extend({ module: z.string().max(60, { error: 'validation.invalid' }) }),
  body: completion,
  response: dashboardState,
});

// ---------- warnings ----------

/** The pages a warning belongs to, and their elements (the spec's PageID and ElementID). */
export const WARNING_PAGES = [
  'participants',
  'activities',
  'questions',
  'pairings',
  'b2b',
  'mail',
  'registration',
] as const;
export type WarningPage = (typeof WARNING_PAGES)[number];

export const WARNING_ELEMENTS = [
  'inscriptionNotSent',
  'unconfirmed',
  'overCapacity',
  'noLocation',
  'withoutDate',
  'questionWithoutChoices',
  'pairingNotGenerated',
  'pairingOutdated',
  'b2bNotGenerated',
  'plannedInPast',
  'onSaleWithoutPage',
] as const;
export type WarningElement = (typeof WARNING_ELEMENTS)[number];

export const dashboardWarning = z.object({
  page: z.enum(WARNING_PAGES),
  element: z.enum(WARNING_ELEMENTS),
  count: z.number().int(),
  /** Where it is fixed: the page (under the project) and the list's filter when it has one. */
  link: z.object({ page: z.string(), search: z.record(z.string(), z.string()).optional() }),
});
export type DashboardWarning = z.input<typeof dashboardWarning>;

export const listDashboardWarnings = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/dashboard/warnings',
  access: 'user',
  tag,
  summary: 'Warnings computed from the project’s data (never stored), of one page and element when asked',
  params: projectParams,
  query: z.object({
    page: z.enum(WARNING_PAGES, { error: 'validation.dashboard.page' }).optional(),
    element: z.enum(WARNING_ELEMENTS, { error: 'validation.dashboard.element' }).optional(),
  }),
  response: z.object({ items: z.array(dashboardWarning) }),
});

// ---------- the external dashboard's figures feed ----------

/** The feed's address (a path of this server), or null when none is made. */
export const feedAddress = z.object({ path: z.string().nullable(), createdAt: timestamp.nullable() });
export type FeedAddress = z.input<typeof feedAddress>;

export const getDashboardFeed = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/dashboard/feed',
  access: 'user',
  tag,
  summary: 'The secret address of the project’s figures feed (for an external dashboard tool), or null',
  params: projectParams,
  response: feedAddress,
});

export const resetDashboardFeed = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/dashboard/feed',
  access: 'user',
  tag,
  summary: 'Reset the dashboard connection: a new secret address; the previous one answers 404 at once',
  params: projectParams,
  response: feedAddress,
});

export const revokeDashboardFeed = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/dashboard/feed',
  access: 'user',
  tag,
  summary: 'Revoke the figures feed: its address answers 404 until a new one is made',
  params: projectParams,
  response: feedAddress,
});

export const dashboardFigures = z.object({
  project: z.object({ fr: z.string(), en: z.string() }),
  generatedAt: timestamp,
  participantsByRole: z.array(
    z.object({ role: z.object({ fr: z.string(), en: z.string() }), count: z.number() }),
  ),
  inscriptionsByActivity: z.array(
    z.object({ activity: z.object({ fr: z.string(), en: z.string() }), count: z.number() }),
  ),
  sales: z.object({ paidCents: z.number(), pendingCents: z.number(), paidCount: z.number() }),
  progress: share,
});
export type DashboardFigures = z.input<typeof dashboardFigures>;

export const readDashboardFeed = defineEndpoint({
  method: 'GET',
  path: '/api/public/dashboard-feed/:token',
  access: 'public',
  touchesSession: false,
  tag,
  summary:
    'The project’s figures read by an external dashboard at its secret address (no session); unknown or replaced token → 404; rate-limited',
  params: z.object({ token: z.string().max(100, { error: 'validation.invalid' }) }),
  response: dashboardFigures,
});
