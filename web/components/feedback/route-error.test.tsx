import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en, fr } from '../../../locales';
import { renderWithProviders } from '../../../tests/support/render';
import { makeRouter } from '../../app/router';
import { RouteError } from './route-error';

const TEXTS = { fr, en };

/** What Chromium says of an `import()` whose file is gone (a chunk of the previous deploy). */
const GONE = 'Failed to fetch dynamically imported module: http://localhost/assets/outbox-page-Bx1.js';

/** A broken page, a page whose code is gone, and a route that imports code in `beforeLoad` as `/` does. */
function renderBrokenApp(path: string, language: 'fr' | 'en') {
  const rootRoute = createRootRoute({ component: Outlet });
  const broken = createRoute({
    getParentRoute: () => rootRoute,
    path: 'broken',
    component: () => {
      throw new Error('boom');
    },
  });
  const gone = createRoute({
    getParentRoute: () => rootRoute,
    path: 'gone',
    component: lazyRouteComponent(() => Promise.reject(new TypeError(GONE))),
  });
  const redirecting = createRoute({
    getParentRoute: () => rootRoute,
    path: 'redirecting',
    beforeLoad: async () => {
      await Promise.reject(new TypeError(GONE));
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([broken, gone, redirecting]),
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteError,
  });
  renderWithProviders(<RouterProvider router={router} />, { language });
  return act(() => router.load());
}

beforeEach(() => {
  // React and the router log each error they catch: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

it("is the app router's error screen", () => {
  expect(makeRouter(new QueryClient()).options.defaultErrorComponent).toBe(RouteError);
});

describe.each(['fr', 'en'] as const)('the error screen of a page (%s)', (language) => {
  const t = TEXTS[language];

  it('says that the page failed, in the reader’s language, and reloads it on demand', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    await renderBrokenApp('/broken', language);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(t.pageError.title);
    expect(screen.getByText(t.pageError.unexpected)).toBeTruthy();
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: t.pageError.reload }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says that the app was updated when a page’s code is gone, after the router’s own reload', async () => {
    // The router reloads once by itself for a missing chunk, and remembers it in the session: that is done.
    sessionStorage.setItem(`tanstack_router_reload:${GONE}`, '1');
    await renderBrokenApp('/gone', language);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(t.pageError.updatedTitle);
    expect(screen.getByText(t.pageError.updated)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.pageError.reload })).toBeTruthy();
  });

  it('says the same when code imported before the page loads is gone (the `/` redirect’s menu)', async () => {
    await renderBrokenApp('/redirecting', language);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(t.pageError.updatedTitle);
    expect(screen.getByRole('button', { name: t.pageError.reload })).toBeTruthy();
  });

  it('blames the network, not an update, when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderBrokenApp('/redirecting', language);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(t.pageError.title);
    expect(screen.getByText(t.errors.network)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.pageError.reload })).toBeTruthy();
  });
});
