import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Link,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { companySortable, companySwitchSortable } from '../../contracts/companies';
import { projectSortable } from '../../contracts/projects';
import { listSearchSchema } from '../components/data-table/list-search';
import { RouteError } from '../components/feedback/route-error';
import { activityEditionSearch } from '../features/activities/edition/tabs';
import { activitySearch } from '../features/activities/search';
import { assignmentSearch } from '../features/activity-tables/search';
import { b2bListSearch, b2bSessionSearch } from '../features/b2b/search';
import { calendarSearch } from '../features/calendar/search';
import { seatsSearch } from '../features/pairing-seats/search';
import { pairingSearch } from '../features/pairings/search';
import { participantSearch } from '../features/participants/search';
import { projectQuery } from '../features/projects/api';
import { questionEditionSearch } from '../features/questions/tabs';
import { scoresSearch } from '../features/scores/search';
import { sessionQuery } from '../features/session/api';
import { SignInPage } from '../features/session/sign-in-page';
import { ApiError } from '../lib/api';
import { loadAreas, preloadAreas } from '../lib/i18n';
import { whenIdle } from '../lib/idle';

interface RouterContext {
  queryClient: QueryClient;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Center py={80}>
      <Stack align="center">
        <Title order={1} size="h2">
          {t('common.notFoundTitle')}
        </Title>
        <Text c="dimmed">{t('common.notFoundBody')}</Text>
        <Button component={Link} to="/">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Shown while a lazily loaded part (the shell, a page) arrives, once it takes longer than `pendingMs`. */
function PendingPage() {
  const { t } = useTranslation();
  return (
    <Center py={80} data-testid="page-loading">
      <Loader role="progressbar" aria-label={t('common.loading')} />
    </Center>
  );
}

// The first page (sign-in) carries only itself: the shell and every page behind sign-in load on demand (see
// "The first page" in docs/architecture.md; `npm run size` checks its budget).
const AppLayout = lazyRouteComponent(() => import('../features/shell/app-layout'), 'AppLayout');
const ProjectListPage = lazyRouteComponent(
  () => import('../features/projects/project-list-page'),
  'ProjectListPage',
);
const ProjectDashboardPage = lazyRouteComponent(
  () => import('../features/projects/project-dashboard-page'),
  'ProjectDashboardPage',
);
const ProjectSettingsPage = lazyRouteComponent(
  () => import('../features/projects/project-settings-page'),
  'ProjectSettingsPage',
);
const ProjectWizardPage = lazyRouteComponent(
  () => import('../features/wizard/project-wizard-page'),
  'ProjectWizardPage',
);
const OrganisationPage = lazyRouteComponent(
  () => import('../features/organisation/organisation-page'),
  'OrganisationPage',
);
const ReleaseListPage = lazyRouteComponent(
  () => import('../features/releases/release-list-page'),
  'ReleaseListPage',
);
const ReleaseEditPage = lazyRouteComponent(
  () => import('../features/releases/release-edit-page'),
  'ReleaseEditPage',
);
const RoleListPage = lazyRouteComponent(() => import('../features/roles/role-list-page'), 'RoleListPage');
const GroupPage = lazyRouteComponent(() => import('../features/groups/group-page'), 'GroupPage');
const ProfileFieldPage = lazyRouteComponent(
  () => import('../features/profile-fields/profile-field-page'),
  'ProfileFieldPage',
);
const QuestionListPage = lazyRouteComponent(
  () => import('../features/questions/question-list-page'),
  'QuestionListPage',
);
const QuestionEditPage = lazyRouteComponent(
  () => import('../features/questions/question-edit-page'),
  'QuestionEditPage',
);
const WeightsPage = lazyRouteComponent(() => import('../features/questions/weights-page'), 'WeightsPage');
const ScoresPage = lazyRouteComponent(() => import('../features/scores/scores-page'), 'ScoresPage');
const ParticipantListPage = lazyRouteComponent(
  () => import('../features/participants/participant-list-page'),
  'ParticipantListPage',
);
const ParticipantImportPage = lazyRouteComponent(
  () => import('../features/participant-import/participant-import-page'),
  'ParticipantImportPage',
);
const ActivityListPage = lazyRouteComponent(
  () => import('../features/activities/activity-list-page'),
  'ActivityListPage',
);
const ActivityConfigurationPage = lazyRouteComponent(
  () => import('../features/activities/activity-configuration-page'),
  'ActivityConfigurationPage',
);
const ActivityImportPage = lazyRouteComponent(
  () => import('../features/activities/import/activity-import-page'),
  'ActivityImportPage',
);
const ActivityEditionPage = lazyRouteComponent(
  () => import('../features/activities/edition/activity-edition-page'),
  'ActivityEditionPage',
);
const ActivityTablesPage = lazyRouteComponent(
  () => import('../features/activity-tables/activity-tables-page'),
  'ActivityTablesPage',
);
const TableAssignmentPage = lazyRouteComponent(
  () => import('../features/activity-tables/table-assignment-page'),
  'TableAssignmentPage',
);
const B2bSessionListPage = lazyRouteComponent(
  () => import('../features/b2b/session-list-page'),
  'B2bSessionListPage',
);
const B2bSessionPage = lazyRouteComponent(() => import('../features/b2b/session-page'), 'B2bSessionPage');
const ActivityCalendarPage = lazyRouteComponent(
  () => import('../features/calendar/activity-calendar-page'),
  'ActivityCalendarPage',
);
const LandingSelectionPage = lazyRouteComponent(
  () => import('../features/landing/landing-selection-page'),
  'LandingSelectionPage',
);
const PairingListPage = lazyRouteComponent(
  () => import('../features/pairings/pairing-list-page'),
  'PairingListPage',
);
const PairingPage = lazyRouteComponent(() => import('../features/pairings/pairing-page'), 'PairingPage');
const PairingSeatsPage = lazyRouteComponent(
  () => import('../features/pairing-seats/seats-page'),
  'PairingSeatsPage',
);
const OutboxPage = lazyRouteComponent(() => import('../features/mail/outbox-page'), 'OutboxPage');
const WhatsNewPage = lazyRouteComponent(() => import('../features/releases/whats-new-page'), 'WhatsNewPage');
const CompanySwitchListPage = lazyRouteComponent(
  () => import('../features/companies/company-switch-list-page'),
  'CompanySwitchListPage',
);
const CompanyListPage = lazyRouteComponent(
  () => import('../features/companies/company-list-page'),
  'CompanyListPage',
);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  validateSearch: z.object({
    expired: z.boolean().optional().catch(undefined),
    // Signed out by the person: the page says so in its box, where a notice sliding in at the edge would be cut.
    signedOut: z.boolean().optional().catch(undefined),
    // Only a path of this site: "/projects?page=2", never "//elsewhere.example" nor "/\\elsewhere.example".
    redirect: z
      .string()
      .regex(/^\/(?![/\\])/)
      .optional()
      .catch(undefined),
  }),
  beforeLoad: async ({ context }) => {
    const state = await context.queryClient.ensureQueryData(sessionQuery);
    if (state.user) throw redirect({ to: '/' });
  },
  // The form is usable first; then, while the user types, the shell and the texts of the signed-in screens are
  // fetched so that they are ready after sign-in.
  onEnter: () => {
    whenIdle(() => {
      void AppLayout.preload?.();
      preloadAreas();
    });
  },
  component: SignInPage,
});

/** Every page behind sign-in. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const state = await context.queryClient.ensureQueryData(sessionQuery);
    if (!state.user) {
      throw redirect({
        to: '/sign-in',
        search: { redirect: location.href === '/' ? undefined : location.href },
      });
    }
    return { user: state.user };
  },
  // The texts of every screen behind sign-in (the first page carries only its own): the shell and its pages render
  // once they are here, in the user's language, so no raw key shows. Fetched alongside the shell's code.
  loader: () => loadAreas(),
  component: AppLayout,
});

/** P3: `/?p=<page id>` opens that page on first load; without it, the selected project's dashboard. */
const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  validateSearch: z.object({ p: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ context, search }) => {
    // The menu (with its icons) comes with the shell, not with the first page.
    const { DEFAULT_PAGE, pageTarget } = await import('../features/shell/menu');
    throw redirect(pageTarget(search.p ?? DEFAULT_PAGE, context.user.lastProjectId) as never);
  },
});

const projectsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'projects',
  validateSearch: listSearchSchema(projectSortable).extend({
    status: z.enum(['active', 'inactive']).optional().catch(undefined),
  }),
  component: ProjectListPage,
});

/** P10: a new project is created through the wizard (type 1). */
const projectWizardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'projects/new',
  component: ProjectWizardPage,
});

const projectRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'projects/$projectId',
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(projectQuery(params.projectId));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400))
        throw redirect({ to: '/projects' });
      throw error;
    }
  },
  component: Outlet,
});

const projectDashboardRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  component: ProjectDashboardPage,
});

const projectSettingsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'settings',
  validateSearch: z.object({
    tab: z.enum(['general', 'options', 'branding', 'colours', 'texts', 'status']).optional().catch(undefined),
  }),
  component: ProjectSettingsPage,
});

const companiesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/companies',
  validateSearch: listSearchSchema(companySortable).extend({
    status: z.enum(['archived', 'all']).optional().catch(undefined),
  }),
  beforeLoad: ({ context }) => {
    if (!context.user.isSuperAdmin) throw redirect({ to: '/projects' });
  },
  component: CompanyListPage,
});

const companySwitchesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/company-switches',
  validateSearch: listSearchSchema(companySwitchSortable),
  beforeLoad: ({ context }) => {
    if (!context.user.isSuperAdmin) throw redirect({ to: '/projects' });
  },
  component: CompanySwitchListPage,
});

/** U1: the participants of the project. */
const projectParticipantsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'participants',
  validateSearch: participantSearch,
  component: ParticipantListPage,
});

/** U3: import of participants from a spreadsheet. */
const projectParticipantImportRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'participants/import',
  component: ParticipantImportPage,
});

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

/** M1: the project's pairings (list in the URL, P5). */
const projectPairingsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pairings',
  validateSearch: pairingSearch,
  component: PairingListPage,
});

/** M1–M3: one pairing: settings, generation and rounds, groups and rules. */
const projectPairingRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pairings/$pairingId',
  component: PairingPage,
});

/** M4: a pairing's seats, one round at a time (`?round=`): moves, a person's chosen tables and conflicts. */
const projectPairingSeatsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'pairings/$pairingId/seats',
  validateSearch: seatsSearch,
  component: PairingSeatsPage,
});

/** Issue 11: the B2B meeting sessions of the project. */
const projectB2bRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'b2b',
  validateSearch: b2bListSearch,
  component: B2bSessionListPage,
});

/** A B2B session: requests, pre-flight, generation and schedule, explanations (tab in the URL). */
const projectB2bSessionRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'b2b/$sessionId',
  validateSearch: b2bSessionSearch,
  component: B2bSessionPage,
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

/** J4: the participant roles of the project. */
const projectRolesRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'roles',
  component: RoleListPage,
});

/** U4: groups and group categories. */
const projectGroupsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'groups',
  component: GroupPage,
});

/** U5: the participant profile fields. */
const projectProfileFieldsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'profile-fields',
  component: ProfileFieldPage,
});

/** Q1: the questionnaire of the project. */
const projectQuestionsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions',
  component: QuestionListPage,
});

/** Q2: the networking weights and the scores. */
const projectWeightsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions/weights',
  component: WeightsPage,
});

/** M5: the scores screen (from/to, the pairs' scores, the averages, exports; X1 a pair's breakdown). */
const projectScoresRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions/scores',
  validateSearch: scoresSearch,
  component: ScoresPage,
});

/** Q1: a question's edition, its tab in the URL. */
const projectQuestionRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'questions/$questionId',
  validateSearch: questionEditionSearch,
  component: QuestionEditPage,
});

/** The outbox: e-mails queued, sent, or kept in the app when no SMTP server is configured. */
const outboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'outbox',
  component: OutboxPage,
});

/** A2: the organisation (the signed-in user's company). */
const organisationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/organisation',
  component: OrganisationPage,
});

/** A5: release notes, edited by super-admins. */
const releasesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/releases',
  beforeLoad: ({ context }) => {
    if (!context.user.isSuperAdmin) throw redirect({ to: '/whats-new' });
  },
  component: ReleaseListPage,
});

const releaseEditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'admin/releases/$releaseId',
  beforeLoad: ({ context }) => {
    if (!context.user.isSuperAdmin) throw redirect({ to: '/whats-new' });
  },
  component: ReleaseEditPage,
});

/** A5: what's new, for every user, in their language. */
const whatsNewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'whats-new',
  component: WhatsNewPage,
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  appRoute.addChildren([
    indexRoute,
    projectsRoute,
    projectWizardRoute,
    projectRoute.addChildren([
      projectDashboardRoute,
      projectSettingsRoute,
      projectParticipantsRoute,
      projectParticipantImportRoute,
      projectActivitiesRoute,
      projectActivityConfigurationRoute,
      projectActivityCalendarRoute,
      projectB2bRoute,
      projectB2bSessionRoute,
      projectLandingRoute,
      projectActivityImportRoute,
      projectActivityEditionRoute,
      projectActivityTablesRoute,
      projectTableAssignmentRoute,
      projectRolesRoute,
      projectGroupsRoute,
      projectProfileFieldsRoute,
      projectPairingsRoute,
      projectPairingRoute,
      projectPairingSeatsRoute,
      projectQuestionsRoute,
      projectWeightsRoute,
      projectScoresRoute,
      projectQuestionRoute,
    ]),
    outboxRoute,
    companiesRoute,
    companySwitchesRoute,
    organisationRoute,
    releasesRoute,
    releaseEditRoute,
    whatsNewRoute,
  ]),
]);

export function makeRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    // Instead of TanStack's English "Something went wrong!": a page that failed, or whose code is gone after a deploy.
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PendingPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
