import type { HelpScreen } from '../../../contracts/help';

/**
 * E10: the help of a screen is keyed by a stable id, derived from the route that shows the screen (TanStack route
 * ids, which follow the route tree of web/app/router.tsx and web/app/routes/). Every route of the router is either here or in
 * ROUTES_WITHOUT_SCREEN; screens.test.tsx checks it, so a new route must be given its screen.
 */
export const SCREEN_BY_ROUTE: Record<string, HelpScreen> = {
  '/app/projects': 'projects.list',
  '/app/projects/new': 'projects.new',
  '/app/projects/$projectId/': 'project.dashboard',
  '/app/projects/$projectId/settings': 'project.settings',
  '/app/projects/$projectId/participants': 'project.participants',
  '/app/projects/$projectId/participants/import': 'project.participantImport',
  '/app/projects/$projectId/roles': 'project.roles',
  '/app/projects/$projectId/groups': 'project.groups',
  '/app/projects/$projectId/activities': 'project.activities',
  '/app/projects/$projectId/activities/configuration': 'project.activitySettings',
  '/app/projects/$projectId/activities/import': 'project.activityImport',
  '/app/projects/$projectId/activities/$activityId': 'project.activityEdition',
  '/app/projects/$projectId/activities/categories/$categoryId/tables': 'project.activityTables',
  '/app/projects/$projectId/activities/categories/$categoryId/assignments': 'project.tableAssignment',
  '/app/projects/$projectId/activities/calendar': 'project.activityCalendar',
  '/app/projects/$projectId/activities/landing': 'project.landing',
  '/app/projects/$projectId/pairings': 'project.pairings',
  '/app/projects/$projectId/pairings/$pairingId': 'project.pairing',
  '/app/projects/$projectId/pairings/$pairingId/seats': 'project.pairingSeats',
  '/app/projects/$projectId/profile-fields': 'project.profileFields',
  '/app/projects/$projectId/questions': 'project.questions',
  '/app/projects/$projectId/questions/$questionId': 'project.questionEdition',
  '/app/projects/$projectId/questions/weights': 'project.questionWeights',
  '/app/projects/$projectId/questions/scores': 'project.questionScores',
  '/app/projects/$projectId/b2b': 'project.b2b',
  '/app/projects/$projectId/b2b/$sessionId': 'project.b2bSession',
  '/app/projects/$projectId/mail': 'project.mail',
  '/app/projects/$projectId/registration': 'project.registration',
  '/app/projects/$projectId/sales': 'project.sales',
  '/app/projects/$projectId/reports': 'project.report',
  '/app/projects/$projectId/reports/charts': 'project.reportCharts',
  '/app/outbox': 'outbox',
  '/app/admin/organisation': 'admin.organisation',
  '/app/admin/companies': 'admin.companies',
  '/app/admin/users': 'admin.users',
  '/app/admin/access': 'admin.access',
  '/app/admin/audit': 'admin.audit',
  '/app/admin/company-switches': 'admin.companySwitches',
  '/app/admin/releases': 'admin.releases',
  '/app/admin/releases/$releaseId': 'admin.releaseEdit',
  '/app/whats-new': 'whatsNew',
};

/** Routes that show no screen of their own: the root, sign-in (no header), layouts, redirects. */
export const ROUTES_WITHOUT_SCREEN = [
  '__root__',
  '/sign-in',
  // A1: reached without a session, like sign-in (no header).
  '/forgot-password',
  '/reset-password/$token',
  '/invitation/$token',
  '/sign-in-pin',
  '/app',
  '/app/',
  '/app/projects/$projectId',
];

/** The screen of the matched routes (outermost first): the deepest that has one, or null. */
export function helpScreenOf(routeIds: readonly string[]): HelpScreen | null {
  for (let i = routeIds.length - 1; i >= 0; i--) {
    const screen = SCREEN_BY_ROUTE[routeIds[i]];
    if (screen) return screen;
  }
  return null;
}
