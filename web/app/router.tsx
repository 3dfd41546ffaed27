/**
 * The route tree (real URLs), assembled here: the root, the sign-in page, the signed-in app and one project come from
 * ./routes/base.tsx; each area's routes, with their lazy pages, from ./routes/<area>.ts (see "The first page" in
 * docs/architecture.md).
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RouteError } from '../components/feedback/route-error';
import { activityRoutes } from './routes/activities';
import { adminRoutes } from './routes/admin';
import {
  appRoute,
  indexRoute,
  NotFound,
  PendingPage,
  projectRoute,
  rootRoute,
  signInRoute,
} from './routes/base';
import { campaignRoutes } from './routes/campaigns';
import { mailRoutes } from './routes/mail';
import { matchingRoutes } from './routes/matching';
import { participantRoutes } from './routes/participants';
import { projectHomeRoutes, projectListRoutes } from './routes/projects';
import { releaseRoutes } from './routes/releases';
import { reportRoutes } from './routes/reports';
import { salesRoutes } from './routes/sales';
import { publicUserRoutes, userRoutes } from './routes/users';

const routeTree = rootRoute.addChildren([
  signInRoute,
  ...publicUserRoutes,
  appRoute.addChildren([
    indexRoute,
    ...projectListRoutes,
    projectRoute.addChildren([
      ...projectHomeRoutes,
      ...participantRoutes,
      ...activityRoutes,
      ...matchingRoutes,
      ...campaignRoutes,
      ...salesRoutes,
      ...reportRoutes,
    ]),
    ...mailRoutes,
    ...adminRoutes,
    ...userRoutes,
    ...releaseRoutes,
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
