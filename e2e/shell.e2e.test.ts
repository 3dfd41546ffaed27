import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  BOREAL_USER,
  expect,
  LANGUAGES,
  menuLink,
  ORGANISER,
  pageTitle,
  SUPER_ADMIN,
  signIn,
  TEXTS,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

/** Journey 8: the frame around every page — demo banner, slim menu, `?p=` links — in French and in English. */
describe.each(LANGUAGES)('app shell (%s)', (language) => {
  const t = TEXTS[language];
  const navWidth = async (page: Page) =>
    (await page.getByRole('navigation', { name: t.nav.main }).boundingBox())?.width;

  test('the demo banner shows in the demo company and not in Boréal', async ({ page, newPage }) => {
    await signIn(page, ORGANISER, language, '/projects');
    const banner = page.getByTestId('demo-banner');
    await until(() => banner.textContent()).toContain(t.demo.body);
    expect(await banner.textContent()).toContain(t.demo.title);

    const boreal = await newPage();
    await signIn(boreal, BOREAL_USER, language, '/projects');
    await tableSettled(boreal);
    await until(() => pageTitle(boreal).textContent()).toBe(t.projects.title);
    expect(await boreal.getByTestId('demo-banner').count()).toBe(0);
  });

  test('the slim menu is 50 px wide and remembered after reload', async ({ page }) => {
    await signIn(page, ORGANISER, language, '/projects');
    await until(() => navWidth(page)).toBe(260);
    await until(() => menuLink(page, 'projects').textContent()).toBe(t.nav.projects);

    await page.getByRole('button', { name: t.nav.slim }).click();
    await until(() => navWidth(page)).toBe(50);
    // Icons only: the label moves to the link's accessible name.
    await until(() => menuLink(page, 'projects').textContent()).toBe('');
    expect(await menuLink(page, 'projects').getAttribute('aria-label')).toBe(t.nav.projects);

    await page.reload();
    await until(() => navWidth(page)).toBe(50);
    await page.getByRole('button', { name: t.nav.wide }).click();
    await until(() => navWidth(page)).toBe(260);
    await page.reload();
    await until(() => navWidth(page)).toBe(260);
  });

  test('?p= opens a page by its id: companies for the super-admin, projects for anyone', async ({
    page,
    newPage,
  }) => {
    await signIn(page, SUPER_ADMIN, language, '/?p=companies');
    await page.waitForURL((url) => url.pathname === '/admin/companies');
    await until(() => pageTitle(page).textContent()).toBe(t.companies.title);

    await page.goto('/?p=projects');
    await page.waitForURL((url) => url.pathname === '/projects');
    await until(() => pageTitle(page).textContent()).toBe(t.projects.title);

    // The companies page is the super-admin's only: an organiser lands on the projects.
    const organiser = await newPage();
    await signIn(organiser, ORGANISER, language, '/?p=companies');
    await organiser.waitForURL((url) => url.pathname === '/projects');
    await until(() => pageTitle(organiser).textContent()).toBe(t.projects.title);
  });
});
