import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  choose,
  columnTexts,
  dialog,
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  flip,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  plural,
  signInByCookie,
  submit,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  textField,
  until,
} from '../tests/support/e2e';

/**
 * V1 and V3, in French and in English: an organiser opens the activities from the left menu of a new project (one
 * activity seeded through the API), adds a second one without a date through the add modal, sees both in the list,
 * checks the two rows and changes their type with a bulk action confirmed before it applies; then creates a section
 * on the configuration page (V2). Each screen is checked with axe.
 */
describe.each(LANGUAGES)('activities (%s)', (language) => {
  const t = TEXTS[language];
  const a = t.activities;
  const titleOf = (fr: string, en: string) => (language === 'fr' ? fr : en);
  const titles = (page: Page) => columnTexts(page, a.fields.title);

  test('add an activity, see it in the list, change the type of two with a bulk action, create a section', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const year = new Date().getFullYear() + 1;
    await api.call('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Conférence d’ouverture', en: 'Opening keynote' },
      startsAt: `${year}-06-10T09:30`,
      durationMinutes: 45,
    });

    // The menu's link leads to the list, which shows the seeded activity in the project's zone.
    await page.goto(`/projects/${project.id}`);
    await menuLink(page, 'project-activities').click();
    await until(() => pageTitle(page).textContent()).toBe(a.title);
    await until(() => titles(page)).toEqual([titleOf('Conférence d’ouverture', 'Opening keynote')]);
    await expectNoSeriousA11yViolations(page);

    // Add an activity without a date: the toggle hides the start and the duration.
    await page
      .getByRole('button', { name: exactly(a.add) })
      .first()
      .click();
    const modal = dialog(page, a.addTitle);
    await modal.waitFor();
    await textField(modal, a.fields.titleFr).fill('Kiosque des partenaires');
    await textField(modal, a.fields.titleEn).fill('Partners’ kiosk');
    await modal.getByText(a.fields.durationMinutes).waitFor();
    await expectNoSeriousA11yViolations(page);
    await flip(page, modal.getByRole('switch', { name: a.fields.noDate }));
    await modal.getByText(a.fields.durationMinutes).waitFor({ state: 'detached' });
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, a.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });

    // Both are listed: dated activities first, then those without a date.
    await until(() => titles(page)).toEqual([
      titleOf('Conférence d’ouverture', 'Opening keynote'),
      titleOf('Kiosque des partenaires', 'Partners’ kiosk'),
    ]);
    // 09:30 in the project's zone (Toronto), whatever the browser's, in the reader's format.
    expect(await columnTexts(page, a.fields.startsAt)).toEqual([
      expect.stringContaining(language === 'fr' ? '09 h 30' : '9:30'),
      a.noDate,
    ]);

    // Check both rows, change their type, confirm.
    for (const row of await tableRows(page).all()) {
      await row.getByRole('checkbox', { name: t.table.selectRow }).check();
    }
    const selection = page.getByTestId('table-selection');
    await selection.getByText(plural(t.table, 'selected', 2, language)).waitFor();
    await selection.getByRole('button', { name: exactly(a.bulk.actions.type) }).click();
    const bulk = dialog(page, a.bulk.titles.type);
    await bulk.waitFor();
    await expectNoSeriousA11yViolations(page);
    await choose(page, bulk.getByTestId('bulk-type'), a.types.kiosk);
    await bulk.getByRole('button', { name: a.bulk.apply, exact: true }).click();
    const confirm = dialog(page, a.bulk.confirmTitle);
    await confirm
      .getByText(fill(a.bulk.confirmBody_other, { count: 2, action: a.bulk.actions.type }))
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: a.bulk.apply, exact: true }).click();
    await notice(page, plural(a.bulk, 'done', 2, language)).waitFor();
    await bulk.waitFor({ state: 'detached' });

    // Both read the new type, and the selection is cleared.
    await tableSettled(page);
    await until(() => columnTexts(page, a.fields.type)).toEqual([a.types.kiosk, a.types.kiosk]);
    await selection.waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(page);

    // V2: the configuration page lists sections and categories; a section is created there.
    await page.getByRole('link', { name: a.configuration.open }).click();
    await until(() => pageTitle(page).textContent()).toBe(a.configuration.title);
    await expectNoSeriousA11yViolations(page);
    const sections = page.getByTestId('section-list');
    await sections.getByText(a.section.empty).waitFor();
    await sections.getByRole('button', { name: a.section.create }).click();
    const create = dialog(page, a.section.createTitle);
    await create.waitFor();
    await textField(create, a.fields.nameFr).fill('Conférences');
    await textField(create, a.fields.nameEn).fill('Talks');
    await expectNoSeriousA11yViolations(page);
    await submit(create.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, a.section.created).waitFor();
    await sections.getByText(titleOf('Conférences', 'Talks')).waitFor();
  });

  test('a row opens the activity, which is renamed, then deleted after a confirmation', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await api.call('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Atelier', en: 'Workshop' },
      noDate: true,
    });
    await page.goto(`/projects/${project.id}/activities`);
    await until(() => titles(page)).toEqual([titleOf('Atelier', 'Workshop')]);

    // A click on the row opens the edition page on its configuration, the start hidden as it has no date.
    await tableRows(page).first().locator('td').nth(2).click();
    const form = page.getByTestId('activity-configuration');
    await form.waitFor();
    await until(() => textField(form, a.fields.titleFr).inputValue()).toBe('Atelier');
    expect(await form.getByText(a.fields.durationMinutes).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await textField(form, a.fields.titleFr).fill('Atelier pratique');
    await textField(form, a.fields.titleEn).fill('Hands-on workshop');
    await submit(form.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, a.notifications.saved).waitFor();
    await until(() => pageTitle(page).textContent()).toBe(titleOf('Atelier pratique', 'Hands-on workshop'));

    // Back to the list: renamed.
    await page.getByRole('link', { name: a.edition.back }).click();
    await until(() => titles(page)).toEqual([titleOf('Atelier pratique', 'Hands-on workshop')]);

    // Delete asks first, then returns to the list.
    await tableRows(page).first().locator('td').nth(2).click();
    await form.waitFor();
    await form.getByRole('button', { name: t.common.delete, exact: true }).click();
    const confirm = dialog(page, a.deleteTitle);
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: t.common.delete, exact: true }).click();
    await notice(page, a.notifications.deleted).waitFor();
    await page.getByTestId('activities-empty').waitFor();
  });

  test('two checked activities move to another project of the company (migration)', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const target = await api.createProject();
    for (const [fr, en] of [
      ['Atelier A', 'Workshop A'],
      ['Atelier B', 'Workshop B'],
    ]) {
      await api.call('POST', `/api/projects/${project.id}/activities`, { title: { fr, en }, noDate: true });
    }
    await page.goto(`/projects/${project.id}/activities`);
    await until(() => titles(page)).toEqual([
      titleOf('Atelier A', 'Workshop A'),
      titleOf('Atelier B', 'Workshop B'),
    ]);
    await page.getByRole('checkbox', { name: t.table.selectAll }).check();
    await page
      .getByTestId('table-selection')
      .getByRole('button', { name: exactly(a.bulk.actions.migration) })
      .click();
    const bulk = dialog(page, a.bulk.titles.migration);
    await bulk.waitFor();
    const targetName = language === 'fr' ? target.nameFr : target.nameEn;
    await choose(page, bulk.getByTestId('bulk-target-project'), targetName);
    await expectNoSeriousA11yViolations(page);
    await bulk.getByRole('button', { name: a.bulk.apply, exact: true }).click();
    await dialog(page, a.bulk.confirmTitle).getByRole('button', { name: a.bulk.apply, exact: true }).click();
    await notice(page, plural(a.bulk, 'done', 2, language)).waitFor();
    await page.getByTestId('activities-empty').waitFor();
    const moved = await api.call<{ total: number }>('GET', `/api/projects/${target.id}/activities`);
    expect(moved.total).toBe(2);
  });
});
