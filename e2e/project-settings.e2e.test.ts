import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  columnTexts,
  dialog,
  expect,
  flip,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  searchTable,
  signIn,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';

/** Journey 5: a project's settings page, in French and in English, on a project seeded for each test. */
describe.each(LANGUAGES)('project settings (%s)', (language) => {
  const t = TEXTS[language];
  const nameLabel = language === 'fr' ? t.projects.fields.nameFr : t.projects.fields.nameEn;

  test('unsaved changes: a banner, quit or stay on leaving, gone once saved', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    const project = await api.createProject();
    const original = language === 'fr' ? project.nameFr : project.nameEn;
    await page.goto(`/projects/${project.id}/settings`);
    await until(() => pageTitle(page).textContent()).toBe(t.projects.editTitle);
    const name = textField(page, nameLabel);
    const banner = page.getByTestId('unsaved-banner');
    const leave = dialog(page, t.unsaved.title);
    await until(() => name.inputValue()).toBe(original);
    expect(await banner.count()).toBe(0);

    await name.fill(`${original} (modifié)`);
    await until(() => banner.textContent()).toBe(t.unsaved.banner);

    // Leaving by the menu asks; staying keeps the change.
    await menuLink(page, 'projects').click();
    await leave.waitFor();
    await leave.getByRole('button', { name: t.unsaved.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/projects/${project.id}/settings`);
    expect(await name.inputValue()).toBe(`${original} (modifié)`);
    expect(await banner.isVisible()).toBe(true);

    // Another tab of the same page does not ask, and the change is still there on coming back.
    await page.getByRole('tab', { name: t.projects.tabs.status }).click();
    await page.getByRole('switch', { name: t.projects.activation.label }).waitFor();
    expect(await leave.count()).toBe(0);
    await page.getByRole('tab', { name: t.projects.tabs.general }).click();
    expect(await name.inputValue()).toBe(`${original} (modifié)`);

    // Quitting leaves, and the change is lost.
    await menuLink(page, 'projects').click();
    await leave.getByRole('button', { name: t.unsaved.quit }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await page.goto(`/projects/${project.id}/settings`);
    await until(() => name.inputValue()).toBe(original);

    // Saving: the success notice, no banner, and the new name stays after a reload.
    const renamed = `${original} renommé`;
    await name.fill(renamed);
    await banner.waitFor();
    await submit(page.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, t.projects.notifications.saved).waitFor();
    await banner.waitFor({ state: 'detached' });
    await menuLink(page, 'projects').click();
    await page.waitForURL((url) => url.pathname === '/projects');
    expect(await leave.count()).toBe(0);
    await page.goto(`/projects/${project.id}/settings`);
    await until(() => name.inputValue()).toBe(renamed);
  });

  test('the activation switch changes the status the list shows', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    const project = await api.createProject();
    const suffix = project.nameFr.split(' ').at(-1) as string;
    const statusInList = async (p: Page) => {
      await p.goto('/projects');
      await searchTable(p, t, suffix);
      return columnTexts(p, t.projects.fields.isActive);
    };
    expect(await statusInList(page)).toEqual([t.common.active]);

    await page.goto(`/projects/${project.id}/settings?tab=status`);
    const toggle = page.getByRole('switch', { name: t.projects.activation.label });
    expect(await toggle.isChecked()).toBe(true);
    await flip(page, toggle);
    await notice(page, t.projects.activation.deactivated).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await statusInList(page)).toEqual([t.common.inactive]);

    await page.goto(`/projects/${project.id}/settings`);
    await page.getByRole('tab', { name: t.projects.tabs.status }).click();
    await until(() => toggle.isChecked()).toBe(false);
    await flip(page, toggle);
    await notice(page, t.projects.activation.activated).waitFor();
    expect(await statusInList(page)).toEqual([t.common.active]);
  });
});
