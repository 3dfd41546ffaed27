/** A project's activities: the list, configuration, calendar, landing selection, import, edition, tables (issue 10). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { activityEditionSearch } from '../../features/activities/edition/tabs';
import { activitySearch } from '../../features/activities/search';
import { assignmentSearch } from '../../features/activity-tables/search';
import { calendarSearch } from '../../features/calendar/search';
import { projectRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const ActivityListPage = lazyRouteComponent(
  () => import('../../features/activities/activity-list-page'),
  'ActivityListPage',
);

const ActivityConfigurationPage = lazyRouteComponent(
  () => import('../../features/activities/activity-configuration-page'),
  'ActivityConfigurationPage',
);

const ActivityImportPage = lazyRouteComponent(
  () => import('../../features/activities/import/activity-import-page'),
  'ActivityImportPage',
);

const ActivityEditionPage = lazyRouteComponent(
  () => import('../../features/activities/edition/activity-edition-page'),
  'ActivityEditionPage',
);

const ActivityTablesPage = lazyRouteComponent(
  () => import('../../features/activity-tables/activity-tables-page'),
  'ActivityTablesPage',
);

const TableAssignmentPage = lazyRouteComponent(
  () => import('../../features/activity-tables/table-assignment-page'),
  'TableAssignmentPage',
);

const ActivityCalendarPage = lazyRouteComponent(
  () => import('../../features/calendar/activity-calendar-page'),
  'ActivityCalendarPage',
);

const LandingSelectionPage = lazyRouteComponent(
  () => import('../../features/landing/landing-selection-page'),
  'LandingSelectionPage',
);

/** V1: the activities of the project. */
const projectActivitiesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities',
  validateSearch: activitySearch,
  component: ActivityListPage,
});

/** V2: the sections and categories of the project's activities. */
const projectActivityConfigurationRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities/configuration',
  component: ActivityConfigurationPage,
});

/** The activities in a day or week calendar (project zone), dragged to move; the iCalendar feed. */
const projectActivityCalendarRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities/calendar',
  validateSearch: calendarSearch,
  component: ActivityCalendarPage,
});

/** J6: the activities the registration landing page shows. */
const projectLandingRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities/landing',
  component: LandingSelectionPage,
});

/** V1: import of activities from a spreadsheet. */
const projectActivityImportRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities/import',
  component: ActivityImportPage,
});

/** V4: an activity's edition, its tab in the URL. */
const projectActivityEditionRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities/$activityId',
  validateSearch: activityEditionSearch,
  component: ActivityEditionPage,
});

/** J7: the tables of a meeting category (standard and VIP counts, add, edit, delete). */
const projectActivityTablesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities/categories/$categoryId/tables',
  component: ActivityTablesPage,
});

/** J7: the table assignment page of a category, its tab (by table, without a table) in the URL. */
const projectTableAssignmentRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'activities/categories/$categoryId/assignments',
  validateSearch: assignmentSearch,
  component: TableAssignmentPage,
});

/** Under a project. */
export const activityRoutes = [
  projectActivitiesRoute,
  projectActivityConfigurationRoute,
  projectActivityCalendarRoute,
  projectLandingRoute,
  projectActivityImportRoute,
  projectActivityEditionRoute,
  projectActivityTablesRoute,
  projectTableAssignmentRoute,
] as const;
