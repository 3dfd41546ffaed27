import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  menuLink,
  ORGANISER,
  pageTitle,
  SUPER_ADMIN,
  searchTable,
  signIn,
  signInByCookie,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

/** The demo event that has participants (server/seed). */
const DEMO_EVENT = 'Journée B2B Montréal 2026';

/** The address a link leads to, as the browser resolves it: path and search. */
async function addressOf(link: Locator) {
  expect(await link.evaluate((a) => a.tagName)).toBe('A');
  const url = new URL(await link.evaluate((a) => (a as HTMLAnchorElement).href));
  return url.pathname + url.search;
}

/** Opens `path` in a new tab of the same browser profile (the session comes along), as "open in a new tab" does. */
async function openInNewTab(page: Page, path: string) {
  const tab = await page.context().newPage();
  await tab.goto(path);
  return tab;
}

/**
 * Issue 9: every navigation is a link (`<a href>` with the page's real address), so a person can open it in a new
 * tab, middle-click it or copy its address; a plain click still moves within the app. In French and in English.
 */
describe.each(LANGUAGES)('navigation by links (%s)', (language) => {
  const t = TEXTS[language];
  const projectName = (p: { nameFr: string; nameEn: string }) => (language === 'en' ? p.nameEn : p.nameFr);

  test("every entry of the left menu is a link to its page's address, which opens in a new tab", async ({
    page,
  }) => {
    const api = await signInByCookie(page, SUPER_ADMIN, language);
    const project = await api.createProject({ externalDashboardUrl: 'https://tableau.example.org/e2e' });
    const p = `/projects/${project.id}`;
    await page.goto(p);
    await until(() => pageTitle(page).textContent()).toBe(projectName(project));
    await expectNoSeriousA11yViolations(page);

    const expected: Record<string, string> = {
      'project-dashboard': p,
      'project-settings': `${p}/settings`,
      'project-participants': `${p}/participants`,
      'project-activities': `${p}/activities`,
      'project-roles': `${p}/roles`,
      'project-groups': `${p}/groups`,
      'project-profile-fields': `${p}/profile-fields`,
      'project-mail': `${p}/mail`,
      'project-registration': `${p}/registration`,
      'project-sales': `${p}/sales`,
      projects: '/projects',
      'whats-new': '/whats-new',
      organisation: '/admin/organisation',
      outbox: '/outbox',
      releases: '/admin/releases',
      companies: '/admin/companies',
      'company-switches': '/admin/company-switches',
    };
    for (const [id, address] of Object.entries(expected)) {
      expect(await addressOf(menuLink(page, id)), id).toBe(address);
    }
    // The page shown is the current entry.
    expect(await menuLink(page, 'project-dashboard').getAttribute('aria-current')).toBe('page');
    expect(await menuLink(page, 'projects').getAttribute('aria-current')).toBeNull();

    // The external dashboard opens in a new tab, without access to this one.
    const external = menuLink(page, 'dashboard-test');
    expect(await external.getAttribute('href')).toBe('https://tableau.example.org/e2e');
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toContain('noopener');

    // Opened from their addresses in new tabs, entries show their pages.
    const roles = await openInNewTab(page, expected['project-roles']);
    await until(() => pageTitle(roles).textContent()).toBe(t.roles.title);
    expect(await menuLink(roles, 'project-roles').getAttribute('aria-current')).toBe('page');
    const organisation = await openInNewTab(page, expected.organisation);
    await until(() => pageTitle(organisation).textContent()).toBe(t.organisation.title);
  });

  test("without an external dashboard address, its entry links to the configuration's tab where it is entered", async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto(`/projects/${project.id}`);
    await until(() => pageTitle(page).textContent()).toBe(projectName(project));

    // A link (never a button), described as not configured yet, with the same words in its tooltip.
    const external = menuLink(page, 'dashboard-test');
    expect(await addressOf(external)).toBe(`/projects/${project.id}/settings?tab=general`);
    expect(await external.getAttribute('target')).toBeNull();
    const describedBy = (await external.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(t.nav.externalDashboardMissing);
    await external.hover();
    await until(() => page.getByRole('tooltip').textContent()).toBe(t.nav.externalDashboardMissing);
    await expectNoSeriousA11yViolations(page);

    // A plain click opens the general tab, with the address's field.
    await external.click();
    await page.getByRole('tab', { name: t.projects.tabs.general, selected: true }).waitFor();
    await page.getByLabel(t.projects.fields.externalDashboardUrl).waitFor();
    expect(await menuLink(page, 'project-settings').getAttribute('aria-current')).toBe('page');
    expect(await external.getAttribute('aria-current')).toBeNull();
    await expectNoSeriousA11yViolations(page);
  });

  test('the slim menu keeps its links, named by their labels', async ({ page }) => {
    await signIn(page, ORGANISER, language, '/projects');
    await page.getByRole('button', { name: t.nav.slim }).click();
    const projects = page.getByRole('navigation', { name: t.nav.main }).getByRole('link', {
      name: t.nav.projects,
      exact: true,
    });
    await until(() => projects.textContent()).toBe('');
    await expectNoSeriousA11yViolations(page);
    expect(await addressOf(projects)).toBe('/projects');
  });

  test("a project's name in the list is a link to its dashboard, which opens in a new tab", async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto('/projects');
    await tableSettled(page);
    await searchTable(page, t, project.nameFr);
    const name = tableRows(page)
      .first()
      .getByRole('link', { name: exactly(projectName(project)) });
    expect(await addressOf(name)).toBe(`/projects/${project.id}`);

    const tab = await openInNewTab(page, await addressOf(name));
    await until(() => pageTitle(tab).textContent()).toBe(projectName(project));
    // The first tab stayed on the list.
    expect(new URL(page.url()).pathname).toBe('/projects');
  });

  test('a plain click or Enter on a link moves within the app, without loading the page again', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto('/whats-new');
    await until(() => pageTitle(page).textContent()).toBe(t.releases.whatsNew.title);
    // A mark in this page's window: a full load would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument);

    await menuLink(page, 'projects').click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await until(() => pageTitle(page).textContent()).toBe(t.projects.title);
    await searchTable(page, t, project.nameFr);
    await tableRows(page)
      .first()
      .getByRole('link', { name: exactly(projectName(project)) })
      .click();
    await page.waitForURL((url) => url.pathname === `/projects/${project.id}`);
    await until(() => pageTitle(page).textContent()).toBe(projectName(project));

    // By keyboard: Enter on a focused entry follows it.
    await menuLink(page, 'project-roles').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/projects/${project.id}/roles`);
    await until(() => pageTitle(page).textContent()).toBe(t.roles.title);
    expect(await sameDocument()).toBe(true);
  });

  test('the ways back are links: from the import, from a participant, from a release note', async ({
    page,
    newPage,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
    const list = `/projects/${demo.id}/participants`;

    // The import page's way back, and its link from the list.
    await page.goto(list);
    await tableSettled(page);
    const open = page.getByRole('link', { name: t.participantImport.open, exact: true });
    expect(await addressOf(open)).toBe(`${list}/import`);
    await open.click();
    await until(() => pageTitle(page).textContent()).toBe(t.participantImport.title);
    const back = page.getByRole('link', { name: t.participantImport.back, exact: true });
    expect(await addressOf(back)).toBe(list);
    await back.click();
    await page.waitForURL((url) => url.pathname === list);
    await tableSettled(page);

    // A participant's name opens the side panel, also in a new tab; its way back is a link to the list.
    const name = tableRows(page).first().getByRole('link').first();
    const address = await addressOf(name);
    expect(address).toMatch(new RegExp(`^${list}\\?participant=[0-9a-f-]{36}$`));
    const tab = await openInNewTab(page, address);
    await tab.getByTestId('participant-panel').waitFor();
    const toList = tab.getByRole('link', { name: t.participants.back, exact: true });
    expect(await addressOf(toList)).toBe(list);
    await toList.click();
    await tableSettled(tab);
    expect(new URL(tab.url()).search).toBe('');

    // A release note's way back, for the super-admin.
    const admin = await newPage();
    const superApi = await signInByCookie(admin, SUPER_ADMIN, language);
    const [release] = await superApi.call<{ id: string }[]>('GET', '/api/releases');
    await admin.goto('/admin/releases');
    const edit = admin.locator(`a[href="/admin/releases/${release.id}"]`).first();
    await edit.click();
    await admin.waitForURL((url) => url.pathname === `/admin/releases/${release.id}`);
    const backToList = admin.getByRole('link', { name: t.releases.backToList }).first();
    expect(await addressOf(backToList)).toBe('/admin/releases');
  });
});
