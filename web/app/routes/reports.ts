/** A project's reports (issue 21): the report page (T1) at `/projects/$projectId/reports`, the charts (T3). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { participantSortable } from '../../../contracts/participant-list';
import { listSearchSchema } from '../../components/data-table/list-search';
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

const ReportPage = lazyRouteComponent(
  () => import('../../features/reports/report/report-page'),
  'ReportPage',
);

/** T1: the report, its filters and their state in the URL. */
const projectReportRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'reports',
  // The list's own state here; the filters pass through and the lazy page reads them (reportSearch): their schema
  // stays out of the first page's script.
  validateSearch: listSearchSchema(participantSortable).loose(),
  component: ReportPage,
});

/** Under a project. */
export const reportRoutes = [projectReportRoute, projectReportChartsRoute] as const;
