import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  dateField,
  dialog,
  errorUnder,
  expect,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  searchTable,
  signIn,
  submit,
  TEXTS,
  tableRows,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** Journey 4: the "New project" modal of the demo organiser, in French and in English. */
describe.each(LANGUAGES)('project creation (%s)', (language) => {
  const t = TEXTS[language];
  const openCreateModal = async (page: Page) => {
    await page.getByRole('button', { name: t.projects.create }).click();
    const modal = dialog(page, t.projects.createTitle);
    await modal.waitFor();
    return modal;
  };

  test('shows what is wrong, then lands on the new project, which the list holds', async ({ page }) => {
    await signIn(page, ORGANISER, language);
    await page.goto('/projects');
    const modal = await openCreateModal(page);
    const nameFr = textField(modal, t.projects.fields.nameFr);
    const nameEn = textField(modal, t.projects.fields.nameEn);
    const endsOn = dateField(modal, t.projects.fields.endsOn);
    const create = modal.getByRole('button', { name: t.common.create, exact: true });

    // The required names left empty.
    await submit(create);
    await until(() => errorUnder(nameFr).textContent()).toBe(t.validation.required);
    await until(() => errorUnder(nameEn).textContent()).toBe(t.validation.required);
    await notice(page, t.validation.requiredFieldEmptyTitle).waitFor();

    // The end before the start.
    const name = uniqueName('Projet e2e');
    const nameInEnglish = name.replace('Projet', 'Project');
    await nameFr.fill(name);
    await nameEn.fill(nameInEnglish);
    await dateField(modal, t.projects.fields.startsOn).fill('2031-05-10');
    await endsOn.fill('2031-05-01');
    await submit(create);
    await until(() => errorUnder(endsOn).textContent()).toBe(t.validation.endBeforeStart);
    expect(await errorUnder(nameFr).count()).toBe(0);
    expect(await modal.isVisible()).toBe(true);

    // A valid form.
    await endsOn.fill('2031-05-12');
    await submit(create);
    await notice(page, t.projects.notifications.created).waitFor();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    const shown = language === 'fr' ? name : nameInEnglish;
    await until(() => pageTitle(page).textContent()).toBe(shown);
    await modal.waitFor({ state: 'detached' });

    await page.goto('/projects');
    await searchTable(page, t, name.split(' ').at(-1) as string);
    await until(() => tableRows(page).allTextContents()).toEqual([expect.stringContaining(shown)]);
  });

  test('closing the modal with changes asks to quit or stay', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    await page.goto('/projects');
    const leave = dialog(page, t.unsaved.title);

    // Without changes it simply closes.
    let modal = await openCreateModal(page);
    await modal.locator('.mantine-Modal-close').click();
    await modal.waitFor({ state: 'detached' });
    expect(await leave.count()).toBe(0);

    modal = await openCreateModal(page);
    const nameFr = textField(modal, t.projects.fields.nameFr);
    await nameFr.fill('Projet abandonné');
    await modal.locator('.mantine-Modal-close').click();
    await leave.waitFor();

    await leave.getByRole('button', { name: t.unsaved.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await modal.isVisible()).toBe(true);
    expect(await nameFr.inputValue()).toBe('Projet abandonné');

    await modal.locator('.mantine-Modal-close').click();
    await leave.getByRole('button', { name: t.unsaved.quit }).click();
    await modal.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/projects');

    // Reopened, it starts clean.
    modal = await openCreateModal(page);
    expect(await textField(modal, t.projects.fields.nameFr).inputValue()).toBe('');

    // Leaving the page (here the back button) while it holds changes asks too; staying keeps the modal and its text.
    const project = await api.createProject();
    await page.goto(`/projects/${project.id}`);
    await menuLink(page, 'projects').click();
    await page.waitForURL((url) => url.pathname === '/projects');
    modal = await openCreateModal(page);
    await textField(modal, t.projects.fields.nameFr).fill('Projet presque perdu');
    await page.evaluate(() => window.history.back());
    await leave.waitFor();
    await leave.getByRole('button', { name: t.unsaved.stay }).click();
    expect(await textField(modal, t.projects.fields.nameFr).inputValue()).toBe('Projet presque perdu');
  });
});
