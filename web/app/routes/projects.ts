/** The project list, the new-project wizard (under the app); a project's dashboard and settings (under a project). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { projectSortable } from '../../../contracts/list-sorts';
import { listSearchSchema } from '../../components/data-table/list-search';
import { appRoute, projectRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const ProjectListPage = lazyRouteComponent(
  () => import('../../features/projects/project-list-page'),
  'ProjectListPage',
);

const ProjectDashboardPage = lazyRouteComponent(
  () => import('../../features/projects/project-dashboard-page'),
  'ProjectDashboardPage',
);

const ProjectSettingsPage = lazyRouteComponent(
  () => import('../../features/projects/project-settings-page'),
  'ProjectSettingsPage',
);

const ProjectWizardPage = lazyRouteComponent(
  () => import('../../features/wizard/project-wizard-page'),
  'ProjectWizardPage',
);

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

/** Under the app. */
export const projectListRoutes = [projectsRoute, projectWizardRoute] as const;

/** Under a project. */
export const projectHomeRoutes = [projectDashboardRoute, projectSettingsRoute] as const;
