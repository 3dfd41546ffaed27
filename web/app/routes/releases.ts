/** Release notes: their edition (super-admins) and what's new, for every user. */
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { appRoute } from './base';

// Loaded on demand, like every page behind sign-in ("The first page" in docs/architecture.md).
const ReleaseListPage = lazyRouteComponent(
  () => import('../../features/releases/release-list-page'),
  'ReleaseListPage',
);

const ReleaseEditPage = lazyRouteComponent(
  () => import('../../features/releases/release-edit-page'),
  'ReleaseEditPage',
);

const WhatsNewPage = lazyRouteComponent(
  () => import('../../features/releases/whats-new-page'),
  'WhatsNewPage',
);

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

/** Under the app. */
export const releaseRoutes = [releasesRoute, releaseEditRoute, whatsNewRoute] as const;
