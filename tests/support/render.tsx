/**
 * Rendering helpers for the `web` test project: the providers the app wraps every screen in (web/main.tsx), with a
 * fresh query client per render and the app's own i18n instance in the language asked for.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  defaultStringifySearch,
  Outlet,
  type RouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { act, type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '../../contracts/http';
import { i18n } from '../../web/lib/i18n';

export interface ProviderOptions {
  /** The interface language; French (the default of the product) unless told. */
  language?: Language;
  /** A query client to share with the test (to seed or inspect the cache); a fresh one otherwise. */
  queryClient?: QueryClient;
}

/** A query client for one test: no retries, nothing kept between tests. */
export function makeTestQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function switchLanguage(language: Language) {
  // Resources are bundled and i18n is initialised synchronously, so the change applies at once.
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider env="test">
        <QueryClientProvider client={queryClient}>
          <Notifications />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

export type ProvidersRenderResult = RenderResult & { queryClient: QueryClient };

/** Renders a component inside Mantine, TanStack Query and i18next, as the app does. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}): ProvidersRenderResult {
  switchLanguage(options.language ?? 'fr');
  const queryClient = options.queryClient ?? makeTestQueryClient();
  const result = render(ui, {
    wrapper: ({ children }) => <Providers queryClient={queryClient}>{children}</Providers>,
  });
  return { ...result, queryClient };
}

export interface RouteOptions extends ProviderOptions {
  /** The route path, TanStack style (`/projects/$projectId`). */
  path?: string;
  /** Values of the path parameters, used to build the first URL. */
  params?: Record<string, string>;
  /** The search of the first URL (`?q=&page=` …), serialised as the app's router does. */
  search?: Record<string, unknown>;
  /**
   * The id of a layout route without a path the page sits under, as the app's pages behind sign-in sit under `app`
   * (a page that reads `useSearch({ from: '/app/admin/users' })` is rendered with `under: 'app'`).
   */
  under?: string;
}

/**
 * Renders a component as the page of a route in a memory router, for components that use useNavigate, useSearch,
 * useParams or useBlocker. Another route (`/elsewhere`) exists to navigate away to. Resolves once the route rendered.
 */
export async function renderRoute(component: RouteComponent, options: RouteOptions = {}) {
  const path = options.path ?? '/';
  const rootRoute = createRootRoute({ component: Outlet });
  const layoutRoute = options.under
    ? createRoute({ getParentRoute: () => rootRoute, id: options.under, component: Outlet })
    : null;
  const pageRoute = createRoute({ getParentRoute: () => layoutRoute ?? rootRoute, path, component });
  const elsewhereRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/elsewhere',
    component: () => <p data-testid="elsewhere" />,
  });
  const params = options.params ?? {};
  const url =
    path.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '')) +
    defaultStringifySearch(options.search ?? {});
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      layoutRoute ? layoutRoute.addChildren([pageRoute]) : pageRoute,
      elsewhereRoute,
    ]),
    history,
  });
  const result = renderWithProviders(<RouterProvider router={router} />, options);
  await act(() => router.load());
  return { ...result, router, history };
}
