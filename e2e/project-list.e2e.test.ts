import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  choose,
  columnTexts,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  ORGANISER,
  pageTitle,
  searchParams,
  signIn,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

/**
 * The ends of the demo company's list sorted by name (its 28 seeded events; projects that other tests create are
 * named "Projet e2e …" / "Project e2e …" and sort in between).
 */
const BY_NAME = {
  fr: {
    first: 'Carrefour de l’innovation en santé 2026',
    last: 'Sommet de l’intelligence artificielle 2027',
  },
  en: { first: 'Aerospace Forum 2026', last: 'Sustainable Mobility Symposium 2027' },
};
/** The two demo events a search for "Forum" finds, in each language. */
const FORUM = { fr: 'Forum de l’aérospatiale', en: 'Aerospace Forum' };

/** Journey 3: the project list of the demo organiser, in French and in English. */
describe.each(LANGUAGES)('project list (%s)', (language) => {
  const t = TEXTS[language];
  const names = (page: Page) => columnTexts(page, t.projects.fields.name);
  const total = async (page: Page) => {
    const range = await page.getByTestId('table-range').textContent();
    return Number(range.replace(/\s/g, '').match(/(\d+)$/)?.[1]);
  };

  test('sorts by name, ascending then descending, when the Name heading is clicked', async ({ page }) => {
    await signIn(page, ORGANISER, language, '/projects');
    await tableSettled(page);
    await expectNoSeriousA11yViolations(page);
    const sortByName = page.getByRole('button', {
      name: fill(t.table.sortBy, { column: t.projects.fields.name }),
    });
    const heading = page.getByRole('columnheader').filter({ has: sortByName });

    await sortByName.click();
    await until(() => searchParams(page)).toMatchObject({ sort: 'name', dir: 'asc' });
    await until(async () => (await names(page))[0]).toBe(BY_NAME[language].first);
    expect(await heading.getAttribute('aria-sort')).toBe('ascending');

    await sortByName.click();
    await until(() => searchParams(page)).toMatchObject({ sort: 'name', dir: 'desc' });
    await until(async () => (await names(page))[0]).toBe(BY_NAME[language].last);
    expect(await heading.getAttribute('aria-sort')).toBe('descending');
  });

  test('pages through; page and page size live in the URL, so reload and back restore the view', async ({
    page,
  }) => {
    await signIn(page, ORGANISER, language, '/projects?sort=name');
    await tableSettled(page);
    const count = await total(page);
    expect(count).toBeGreaterThan(25);
    expect(await tableRows(page).count()).toBe(25);
    const firstOfPage1 = (await names(page))[0];

    await page.getByRole('button', { name: fill(t.table.page, { page: 2 }), exact: true }).click();
    await until(() => searchParams(page)).toEqual({ sort: 'name', page: '2' });
    await until(() => tableRows(page).count()).toBe(Math.min(25, count - 25));
    const page2 = await names(page);
    expect(page2).not.toContain(firstOfPage1);
    expect(
      await page.getByRole('button', { name: fill(t.table.page, { page: 2 }) }).getAttribute('aria-current'),
    ).toBe('page');

    await page.reload();
    await tableSettled(page);
    expect(searchParams(page)).toEqual({ sort: 'name', page: '2' });
    expect(await names(page)).toEqual(page2);

    const pageSize = page.getByTestId('table-page-size');
    await choose(page, pageSize, '50');
    await until(() => searchParams(page)).toEqual({ sort: 'name', pageSize: '50' });
    await until(() => tableRows(page).count()).toBe(Math.min(count, 50));

    await page.reload();
    await tableSettled(page);
    expect(await tableRows(page).count()).toBe(Math.min(count, 50));
    expect(await pageSize.inputValue()).toBe('50');

    await page.goBack();
    await until(() => searchParams(page)).toEqual({ sort: 'name', page: '2' });
    await until(() => names(page)).toEqual(page2);

    await page.goBack();
    await until(() => searchParams(page)).toEqual({ sort: 'name' });
    await until(() => tableRows(page).count()).toBe(25);
    expect((await names(page))[0]).toBe(firstOfPage1);
  });

  test('searches only when Enter is pressed', async ({ page }) => {
    await signIn(page, ORGANISER, language, '/projects');
    await tableSettled(page);
    const box = page.getByRole('textbox', { name: t.table.searchLabel, exact: true });
    const searched = page.waitForRequest(
      (r) => r.url().includes('/api/projects?') && r.url().includes('q='),
      {
        timeout: 1_200,
      },
    );

    await box.pressSequentially('Forum');
    // Typing alone sends nothing and filters nothing (a search-as-you-type would have asked by now).
    await expect(searched).rejects.toThrow(/Timeout/);
    expect(searchParams(page).q).toBeUndefined();
    expect(await tableRows(page).count()).toBe(25);

    await box.press('Enter');
    await until(() => searchParams(page).q).toBe('Forum');
    await until(() => names(page)).toEqual([expect.stringContaining(FORUM[language]), expect.anything()]);
    for (const name of await names(page)) expect(name).toContain(FORUM[language]);
  });

  test('filters by status', async ({ page }) => {
    await signIn(page, ORGANISER, language, '/projects?pageSize=100');
    await tableSettled(page);
    const filter = page.getByTestId('status-filter');
    const statuses = () => columnTexts(page, t.projects.fields.isActive);

    await choose(page, filter, t.projects.status.inactive);
    await until(() => searchParams(page).status).toBe('inactive');
    await until(async () => new Set(await statuses())).toEqual(new Set([t.common.inactive]));

    await choose(page, filter, t.projects.status.active);
    await until(() => searchParams(page).status).toBe('active');
    await until(async () => new Set(await statuses())).toEqual(new Set([t.common.active]));

    await choose(page, filter, t.projects.status.all);
    await until(() => searchParams(page).status).toBeUndefined();
    await until(async () => new Set(await statuses())).toEqual(new Set([t.common.active, t.common.inactive]));
  });

  test('a row click opens the project dashboard', async ({ page }) => {
    await signIn(page, ORGANISER, language, '/projects?sort=name');
    await tableSettled(page);

    await tableRows(page).first().getByText(BY_NAME[language].first).click();

    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await until(() => pageTitle(page).textContent()).toBe(BY_NAME[language].first);
    await page.locator('main').getByText(t.projects.dashboard.title, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
