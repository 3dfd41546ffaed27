/**
 * The routes every page hangs from: the root, the sign-in page, the signed-in app (its guard and the areas' texts),
 * the `/` redirect and one project (its guard); with the not-found and loading screens the router shows. The areas'
 * routes (web/app/routes/<area>.ts) hang from `appRoute` and `projectRoute`; web/app/router.tsx assembles the tree.
 */
import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  Link,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { projectQuery } from '../../features/projects/api';
import { sessionQuery } from '../../features/session/api';
import { SignInPage } from '../../features/session/sign-in-page';
import { ApiError } from '../../lib/api';
import { loadAreas, preloadAreas } from '../../lib/i18n';
import { whenIdle } from '../../lib/idle';

interface RouterContext {
  queryClient: QueryClient;
}

export function NotFound() {
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
export function PendingPage() {
  const { t } = useTranslation();
  return (
    <Center py={80} data-testid="page-loading">
      <Loader role="progressbar" aria-label={t('common.loading')} />
    </Center>
  );
}

// The first page (sign-in) carries only itself: the shell and every page behind sign-in load on demand (see
// "The first page" in docs/architecture.md; `npm run size` checks its budget).
const AppLayout = lazyRouteComponent(() => import('../../features/shell/app-layout'), 'AppLayout');

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

export const signInRoute = createRoute({
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
export const appRoute = createRoute({
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
export const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  validateSearch: z.object({ p: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ context, search }) => {
    // The menu (with its icons) comes with the shell, not with the first page.
    const { DEFAULT_PAGE, pageTarget } = await import('../../features/shell/menu');
    throw redirect(pageTarget(search.p ?? DEFAULT_PAGE, context.user.lastProjectId) as never);
  },
});

export const projectRoute = createRoute({
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
