/** A project's reports: the charts (T3, issue 21); the report page (T1) comes at `/projects/$projectId/reports`. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { projectRoute } from './base';

// Loaded on demand with @mantine/charts and recharts ("The first page" in docs/architecture.md).
const ChartsPage = lazyRouteComponent(
  () => import('../../features/reports/charts/charts-page'),
  'ChartsPage',
);

/** T3: the chart widgets of the project. */
const projectReportChartsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'reports/charts',
  component: ChartsPage,
});

/** Under a project. */
export const reportRoutes = [projectReportChartsRoute] as const;
