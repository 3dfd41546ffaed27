import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  type ApiClient,
  chooseLanguage,
  expect,
  expectNoSeriousA11yViolations,
  SUPER_ADMIN,
  signInByCookie,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';
import { SCREEN_BY_ROUTE } from '../web/features/help/screens';

/**
 * Issue 18: every list screen fits a laptop's 1366 × 900, or its table scrolls sideways inside itself. On each list
 * screen of the router (the routes of web/features/help/screens.ts, each one said below to be a list or not), in
 * French, and on the activities in English:
 * - the page itself never scrolls sideways (the document is no wider than the window);
 * - nothing on it is cut at the window's right edge, unless it lies in a box that scrolls sideways;
 * - each table's last column header is in view, or inside a region that scrolls sideways (named, reachable by the
 *   keyboard); scrolled to its end, that header is in view and the table's first column still is.
 * Once, on the activities in French (the widest table): the arrow keys scroll the region, and axe checks the screen
 * scrolled. One sign-in, one page, the screens one after another.
 */

const VIEWPORT = { width: 1366, height: 900 };
const DEMO_EVENT = 'Journée B2B Montréal 2026';

/** The ids of the demo event's things that the screens' addresses need. */
interface DemoIds {
  project: string;
  category: string;
  pairing: string;
  session: string;
  activity: string;
}

interface ListScreen {
  /** The address, in the demo event. */
  path: (ids: DemoIds) => string;
  /** What is there once the list has loaded (CSS). */
  ready: string;
}

const TABLE = 'main table tbody tr';

/**
 * The list screens, by their route (TanStack route id). A new list screen goes here with its address and what shows
 * it loaded; a new route that is no list goes in NOT_LISTS.
 */
const LIST_SCREENS: Record<string, ListScreen> = {
  '/app/projects': { path: () => '/projects', ready: TABLE },
  '/app/projects/$projectId/participants': {
    path: (i) => `/projects/${i.project}/participants`,
    ready: TABLE,
  },
  '/app/projects/$projectId/roles': {
    path: (i) => `/projects/${i.project}/roles`,
    ready: '[data-testid="role-row"]',
  },
  '/app/projects/$projectId/groups': {
    path: (i) => `/projects/${i.project}/groups`,
    ready: '[data-testid="group-category"]',
  },
  '/app/projects/$projectId/profile-fields': {
    path: (i) => `/projects/${i.project}/profile-fields`,
    ready: '[data-testid="profile-field"]',
  },
  '/app/projects/$projectId/activities': { path: (i) => `/projects/${i.project}/activities`, ready: TABLE },
  '/app/projects/$projectId/activities/configuration': {
    path: (i) => `/projects/${i.project}/activities/configuration`,
    ready: '[data-testid="category-row"]',
  },
  '/app/projects/$projectId/activities/$activityId': {
    path: (i) => `/projects/${i.project}/activities/${i.activity}?tab=participation`,
    ready: 'main table',
  },
  '/app/projects/$projectId/activities/categories/$categoryId/tables': {
    path: (i) => `/projects/${i.project}/activities/categories/${i.category}/tables`,
    ready: '[data-testid="table-row"]',
  },
  '/app/projects/$projectId/activities/categories/$categoryId/assignments': {
    path: (i) => `/projects/${i.project}/activities/categories/${i.category}/assignments`,
    ready: '[data-testid="table-select"]',
  },
  '/app/projects/$projectId/activities/landing': {
    path: (i) => `/projects/${i.project}/activities/landing`,
    ready: '[data-testid="landing-row"]',
  },
  '/app/projects/$projectId/questions': {
    path: (i) => `/projects/${i.project}/questions`,
    ready: '[data-testid="question-row"]',
  },
  '/app/projects/$projectId/questions/weights': {
    path: (i) => `/projects/${i.project}/questions/weights`,
    ready: '[data-testid="weight-share"]',
  },
  '/app/projects/$projectId/pairings': { path: (i) => `/projects/${i.project}/pairings`, ready: TABLE },
  '/app/projects/$projectId/b2b': { path: (i) => `/projects/${i.project}/b2b`, ready: TABLE },
  '/app/projects/$projectId/b2b/$sessionId': {
    path: (i) => `/projects/${i.project}/b2b/${i.session}?tab=requests`,
    ready: TABLE,
  },
  '/app/projects/$projectId/mail': {
    path: (i) => `/projects/${i.project}/mail?tab=log`,
    ready: 'main table',
  },
  '/app/projects/$projectId/registration': {
    path: (i) => `/projects/${i.project}/registration`,
    ready: '[data-testid="payment-row"]',
  },
  '/app/projects/$projectId/sales': { path: (i) => `/projects/${i.project}/sales`, ready: TABLE },
  '/app/projects/$projectId/reports': { path: (i) => `/projects/${i.project}/reports`, ready: TABLE },
  '/app/projects/$projectId/settings': {
    path: (i) => `/projects/${i.project}/settings?tab=texts`,
    ready: '[data-testid="text-card"]',
  },
  '/app/outbox': { path: () => '/outbox', ready: 'main table' },
  '/app/admin/companies': { path: () => '/admin/companies', ready: TABLE },
  '/app/admin/users': { path: () => '/admin/users', ready: TABLE },
  '/app/admin/company-switches': { path: () => '/admin/company-switches', ready: 'main table' },
  '/app/admin/releases': { path: () => '/admin/releases', ready: TABLE },
  '/app/admin/access': { path: () => '/admin/access', ready: TABLE },
  '/app/admin/audit': { path: () => '/admin/audit', ready: 'main table' },
};

/** The routes that show no list, and why. */
const NOT_LISTS: Record<string, string> = {
  '/app/projects/new': 'the new-project wizard',
  '/app/projects/$projectId/': 'the dashboard',
  '/app/projects/$projectId/participants/import': 'an import wizard',
  '/app/projects/$projectId/activities/import': 'an import wizard',
  '/app/projects/$projectId/activities/calendar': 'a calendar',
  '/app/projects/$projectId/pairings/$pairingId': 'a pairing’s settings and rounds',
  '/app/projects/$projectId/pairings/$pairingId/seats': 'a grid of tables',
  '/app/projects/$projectId/questions/$questionId': 'a question’s edition',
  '/app/projects/$projectId/questions/scores': 'the scores screen: its tables show once people are chosen',
  '/app/projects/$projectId/reports/charts': 'charts, each with its figures behind a button',
  '/app/admin/organisation': 'a form',
  '/app/admin/releases/$releaseId': 'a release’s edition',
  '/app/whats-new': 'release notes to read',
};

/** What is wrong with the screen shown, at this window's width: nothing when it fits. */
async function widthProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} «${(el.textContent ?? '').trim().slice(0, 40)}»`;
    /** The box around `el` that scrolls sideways, if any. */
    const scroller = (el: Element) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth + 1)
          return box;
      }
      return null;
    };

    // A table that just got its rows (or its longer texts) is measured by a ResizeObserver, whose answer reaches the
    // screen a render later: two frames, then read what the user sees.
    await frame();
    await frame();
    const page = document.documentElement.scrollWidth;
    if (page > width) problems.push(`the page scrolls sideways: ${page} px wide in ${width} px`);

    // Nothing cut at the right edge, outside a box that scrolls sideways.
    const cut = [...document.querySelectorAll('main *')].filter((el) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.right > width + 1 && !scroller(el);
    });
    for (const el of cut.slice(0, 3)) problems.push(`cut at the window's edge: ${describe(el)}`);

    for (const table of document.querySelectorAll('main table')) {
      const headers = [...table.querySelectorAll('thead th')];
      const last = headers.at(-1);
      if (!last) continue;
      const name = table.getAttribute('aria-label') ?? describe(table);
      const box = scroller(last);
      if (!box) {
        if (last.getBoundingClientRect().right > width + 1) problems.push(`${name}: last column out of view`);
        continue;
      }
      // A table that scrolls sideways: in a named region the keyboard reaches…
      if (box.getAttribute('role') !== 'region' || !box.getAttribute('aria-label') || box.tabIndex !== 0) {
        problems.push(`${name}: scrolls in a box that is no named, focusable region`);
      }
      // …whose end shows the last column, with the first one still in view.
      box.scrollLeft = box.scrollWidth;
      await frame();
      const inView = (el: Element) => {
        const r = el.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return r.left >= b.left - 1 && r.right <= b.right + 1 && r.right <= width + 1;
      };
      // The first column: the first with a heading, and the check boxes before it.
      const firstNamed = Math.max(
        0,
        headers.findIndex((h) => h.textContent?.trim()),
      );
      const firstRow = table.querySelector('tbody tr');
      const kept = [
        ...headers.slice(0, firstNamed + 1),
        ...[...(firstRow?.children ?? [])]
          .slice(0, firstNamed + 1)
          .filter((cell) => (cell as HTMLTableCellElement).colSpan === 1),
      ];
      if (!inView(last)) problems.push(`${name}: last column out of view once scrolled to the end`);
      if (!kept.every(inView)) problems.push(`${name}: first column out of view once scrolled to the end`);
      box.scrollLeft = 0;
    }
    return problems;
  });
}

async function demoIds(api: ApiClient): Promise<DemoIds> {
  const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
  const base = `/api/projects/${demo.id}`;
  type Items = { items: { id: string; category?: { id: string } }[] };
  const [pairings, sessions, activities] = await Promise.all([
    api.call<Items>('GET', `${base}/pairings`),
    api.call<Items>('GET', `${base}/b2b-sessions`),
    api.call<Items>('GET', `${base}/activities`),
  ]);
  const pairing = pairings.items[0];
  return {
    project: demo.id,
    category: pairing.category?.id ?? '',
    pairing: pairing.id,
    session: sessions.items[0].id,
    activity: activities.items[0].id,
  };
}

/**
 * Opens the screen at `path` within the app, as the browser's forward button does (a new history entry, then
 * `popstate`, which the router follows), instead of loading the whole app again for each screen; then waits until
 * `ready` shows and no table is loading.
 */
async function open(page: Page, path: string, ready: string) {
  await page.evaluate((to) => {
    // The screen shown until now, marked so that nothing of it is taken for the next one.
    for (const title of document.querySelectorAll('main h1')) title.setAttribute('data-left', '');
    const state = window.history.state ?? {};
    window.history.pushState({ ...state, __TSR_index: (state.__TSR_index ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await page.locator('main h1:not([data-left])').waitFor();
  await page.locator(ready).first().waitFor();
  await until(() => page.locator('main .mantine-LoadingOverlay-root').count()).toBe(0);
}

const region = (page: Page): Locator => page.locator('main [role="region"][data-testid="table-scroll"]');

describe('list widths at 1366 × 900 (issue 18)', () => {
  test('every route is said to be a list screen or not', () => {
    const routes = Object.keys(SCREEN_BY_ROUTE).sort();
    const said = [...Object.keys(LIST_SCREENS), ...Object.keys(NOT_LISTS)].sort();
    expect(said).toEqual(routes);
  });

  test('each list screen fits the window or scrolls sideways inside itself, its first column kept', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORT);
    const api = await signInByCookie(page, SUPER_ADMIN, 'fr');
    const ids = await demoIds(api);
    await page.goto('/projects');

    const problems: string[] = [];
    for (const [route, screen] of Object.entries(LIST_SCREENS)) {
      await open(page, screen.path(ids), screen.ready);
      for (const problem of await widthProblems(page)) problems.push(`${route}: ${problem}`);
    }
    expect(problems).toEqual([]);

    // The widest list: its region scrolls with the arrow keys, and axe checks it scrolled.
    const activities = LIST_SCREENS['/app/projects/$projectId/activities'];
    await open(page, activities.path(ids), activities.ready);
    const scroll = region(page);
    await expect(scroll.getAttribute('aria-label')).resolves.toContain(TEXTS.fr.activities.title);
    await scroll.focus();
    await page.keyboard.press('ArrowRight');
    await until(() => scroll.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await scroll.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expectNoSeriousA11yViolations(page, { screen: 'activities, table scrolled to its end' });

    // In English.
    await chooseLanguage(page, 'en');
    await page.locator('main table thead th', { hasText: TEXTS.en.activities.fields.title }).waitFor();
    expect(await widthProblems(page)).toEqual([]);
  });
});
