import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  BOREAL_COMPANY,
  BOREAL_USER,
  columnTexts,
  DEMO_COMPANY,
  dialog,
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  SUPER_ADMIN,
  signIn,
  TEXTS,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

/** Congrès Boréal's two seeded projects, as each language names them. */
const BOREAL_PROJECTS = {
  fr: ['Congrès boréal des ressources naturelles 2027', 'Forum nordique de l’énergie 2027'],
  en: ['Boreal Natural Resources Congress 2027', 'Northern Energy Forum 2027'],
};

/** Journey 6: the super-admin's global search and company selector, in French and in English. */
describe.each(LANGUAGES)('super-admin tools (%s)', (language) => {
  const t = TEXTS[language];
  const homeLabel = `${DEMO_COMPANY} ${t.header.homeCompany}`;
  const isSearch = (url: string) => new URL(url).pathname === '/api/search';

  /**
   * Types "bore" in the global search and returns the Boréal project among its results. The first time, also
   * checks that 3 characters send nothing and that the 4th sends the search about a second later (the second
   * time the answer may come from the cache).
   */
  async function searchBore(page: Page, first: boolean) {
    const box = page.getByTestId('global-search');
    const result = page
      .getByRole('option')
      .filter({ hasText: `${BOREAL_PROJECTS[language][0]}, ${BOREAL_COMPANY}` });
    await box.click();
    await box.pressSequentially('bor');
    await page.getByText(t.header.searchHint, { exact: true }).waitFor();
    if (!first) {
      await box.press('e');
      await result.waitFor();
      return result;
    }

    const early = page.waitForRequest((r) => isSearch(r.url()), { timeout: 1_500 });
    await expect(early).rejects.toThrow(/Timeout/);
    const sent = page.waitForRequest((r) => isSearch(r.url()), { timeout: 5_000 });
    await box.press('e');
    const typedAt = Date.now();
    expect(new URL((await sent).url()).searchParams.get('q')).toBe('bore');
    // Not at each key: once typing paused for about a second.
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(800);
    await result.waitFor();
    return result;
  }

  test('search finds Boréal; switching asks first, cancel keeps the company, confirm switches; the selector switches back', async ({
    page,
  }) => {
    await signIn(page, SUPER_ADMIN, language, '/projects');
    await tableSettled(page);
    const selector = page.getByTestId('company-selector');
    const banner = page.getByTestId('demo-banner');
    const confirmSwitch = dialog(page, t.header.switchTitle);
    expect(await selector.inputValue()).toBe(homeLabel);

    // Cancel keeps the company.
    const found = await searchBore(page, true);
    await expectNoSeriousA11yViolations(page);
    await found.click();
    await confirmSwitch.waitFor();
    expect(await confirmSwitch.textContent()).toContain(
      fill(t.header.switchBody, { company: BOREAL_COMPANY }),
    );
    await expectNoSeriousA11yViolations(page);
    await confirmSwitch.getByRole('button', { name: t.common.cancel }).click();
    await confirmSwitch.waitFor({ state: 'detached' });
    expect(await selector.inputValue()).toBe(homeLabel);
    expect(new URL(page.url()).pathname).toBe('/projects');
    expect(await banner.isVisible()).toBe(true);

    // Confirm switches: Boréal's project opens, the header names Boréal, the list holds Boréal's projects.
    await (await searchBore(page, false)).click();
    await confirmSwitch.getByRole('button', { name: t.header.switchConfirm }).click();
    await notice(page, fill(t.header.switched, { company: BOREAL_COMPANY })).waitFor();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await until(() => pageTitle(page).textContent()).toBe(BOREAL_PROJECTS[language][0]);
    await until(() => selector.inputValue()).toBe(BOREAL_COMPANY);
    await expectNoSeriousA11yViolations(page);
    await banner.waitFor({ state: 'detached' });
    await menuLink(page, 'projects').click();
    await until(async () => (await columnTexts(page, t.projects.fields.name)).sort()).toEqual(
      [...BOREAL_PROJECTS[language]].sort(),
    );

    // Back home with the company selector, again after a confirmation.
    await selector.click();
    await page.getByRole('option', { name: exactly(homeLabel) }).click();
    await confirmSwitch.getByRole('button', { name: t.header.switchConfirm }).click();
    await notice(page, fill(t.header.switched, { company: DEMO_COMPANY })).waitFor();
    await until(() => selector.inputValue()).toBe(homeLabel);
    await banner.waitFor();
    await page.waitForURL((url) => url.pathname === '/projects');
    await until(async () => (await columnTexts(page, t.projects.fields.name)).length).toBe(25);
    expect(await columnTexts(page, t.projects.fields.name)).not.toContain(BOREAL_PROJECTS[language][0]);

    // Both switches are on record, from the Administration menu.
    await menuLink(page, 'company-switches').click();
    await page.waitForURL((url) => url.pathname === '/admin/company-switches');
    await until(async () => (await columnTexts(page, t.companies.switches.to)).slice(0, 2).sort()).toEqual(
      [BOREAL_COMPANY, DEMO_COMPANY].sort(),
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('an organiser has neither the global search nor the company selector', async ({ page }) => {
    await signIn(page, language === 'fr' ? ORGANISER : BOREAL_USER, language, '/projects');
    await tableSettled(page);
    await until(() => pageTitle(page).textContent()).toBe(t.projects.title);
    expect(await page.getByTestId('global-search').count()).toBe(0);
    expect(await page.getByTestId('company-selector').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: t.header.searchLabel }).count()).toBe(0);
  });
});
