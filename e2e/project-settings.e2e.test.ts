import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  columnTexts,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  flip,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  searchParams,
  searchTable,
  signInByCookie,
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
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const original = language === 'fr' ? project.nameFr : project.nameEn;
    await page.goto(`/projects/${project.id}/settings`);
    await until(() => pageTitle(page).textContent()).toBe(t.projects.editTitle);
    const name = textField(page, nameLabel);
    const banner = page.getByTestId('unsaved-banner');
    const leave = dialog(page, t.unsaved.title);
    await until(() => name.inputValue()).toBe(original);
    expect(await banner.count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    await name.fill(`${original} (modifié)`);
    await until(() => banner.textContent()).toBe(t.unsaved.banner);
    await expectNoSeriousA11yViolations(page);

    // Leaving by the menu asks; staying keeps the change.
    await menuLink(page, 'projects').click();
    await leave.waitFor();
    await expectNoSeriousA11yViolations(page);
    await leave.getByRole('button', { name: t.unsaved.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/projects/${project.id}/settings`);
    expect(await name.inputValue()).toBe(`${original} (modifié)`);
    expect(await banner.isVisible()).toBe(true);

    // Another tab of the same page does not ask, and the change is still there on coming back.
    await page.getByRole('tab', { name: t.projects.tabs.status }).click();
    await page.getByRole('switch', { name: t.projects.activation.label }).waitFor();
    await expectNoSeriousA11yViolations(page);
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
    const api = await signInByCookie(page, ORGANISER, language);
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

/** J3: options and colours of a project, in French and in English. */
describe.each(LANGUAGES)('project configuration (%s)', (language) => {
  const t = TEXTS[language];
  const c = t.projectConfig;

  test('an option of opposite meaning and the automatic notifications are saved at once and kept', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto(`/projects/${project.id}/settings?tab=options`);
    // "Hide the participant list", never saved (false), is shown as "Show the participant list": on.
    const showList = page.getByRole('switch', { name: c.options.items.hideParticipantList.label });
    const notifications = page.getByRole('switch', { name: c.options.autoNotification.label });
    await until(() => showList.isChecked()).toBe(true);
    expect(await notifications.isChecked()).toBe(false);

    await flip(page, showList);
    await notice(page, c.options.saved).waitFor();
    expect(await showList.isChecked()).toBe(false);
    await flip(page, notifications);
    await until(() => notifications.isChecked()).toBe(true);

    // The server keeps the option's own value: hidden.
    const stored = await api.call<{ items: { id: number; value: boolean }[] }>(
      'GET',
      `/api/projects/${project.id}/options`,
    );
    expect(stored.items.find((o) => o.id === 30)?.value).toBe(true);

    await page.reload();
    await until(() => showList.isChecked()).toBe(false);
    await until(() => notifications.isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: c.options.items.taxes.label }).isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(page);

    // The texts tab holds the project's texts (the text kit's tab).
    await page.getByRole('tab', { name: c.tabs.texts }).click();
    await page.getByTestId('text-card').first().waitFor();
    await until(() => searchParams(page)).toEqual({ tab: 'texts' });
    await expectNoSeriousA11yViolations(page);

    // The branding tab: the logo and the banner.
    await page.getByRole('tab', { name: c.tabs.branding }).click();
    await page.getByText(c.branding.intro).waitFor();
    await expectNoSeriousA11yViolations(page);
  });

  test('a colour changes the preview at once, is saved, and is kept after a reload', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto(`/projects/${project.id}/settings`);
    await page.getByRole('tab', { name: c.tabs.colours }).click();
    const background = textField(page, c.colours.fields.bannerBackgroundColor);
    const text = textField(page, c.colours.fields.bannerTextColor);
    const banner = page.getByTestId('preview-banner');
    const colourOf = (property: 'backgroundColor' | 'color') =>
      banner.evaluate((el, p) => getComputedStyle(el)[p], property);
    await until(() => background.inputValue()).toBe(project.bannerBackgroundColor);
    expect(await banner.textContent()).toContain(language === 'fr' ? project.nameFr : project.nameEn);
    await expectNoSeriousA11yViolations(page);
    // The picker open (its saturation area and hue slider), checked as it shows; Escape closes it.
    await background.click();
    await page.getByRole('slider', { name: c.colours.picker.saturation }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('slider', { name: c.colours.picker.saturation }).waitFor({ state: 'hidden' });

    await background.fill('#AA0000');
    await until(() => colourOf('backgroundColor')).toBe('rgb(170, 0, 0)');
    await until(() => page.getByTestId('colours-status').getAttribute('data-status')).toBe('saved');
    expect(await page.getByTestId('colours-status').textContent()).toBe(c.colours.saved);

    // A dark red text on that red is hard to read: a warning, and it is saved all the same.
    const warning = page.getByTestId('contrast-warning-banner');
    expect(await warning.count()).toBe(0);
    await text.fill('#bb2222');
    await warning.waitFor();
    await until(() => colourOf('color')).toBe('rgb(187, 34, 34)');
    await until(() => page.getByTestId('colours-status').getAttribute('data-status')).toBe('saved');

    // A value that is not a colour yet changes neither the preview nor the saved colours.
    await page.getByTestId('preview-menu').waitFor();
    const menuBackground = textField(page, c.colours.fields.menuBackgroundColor);
    await menuBackground.fill('#12');
    await menuBackground.blur();
    await until(() => errorUnder(menuBackground).textContent()).toBe(t.validation.projectConfig.color);
    // The preview shows the colours chosen as they are (here a red on red, which the warning is about).
    await expectNoSeriousA11yViolations(page, { exclude: ['[data-testid="site-preview"]'] });

    await page.reload();
    await until(() => background.inputValue()).toBe('#aa0000');
    await until(() => text.inputValue()).toBe('#bb2222');
    await until(() => colourOf('backgroundColor')).toBe('rgb(170, 0, 0)');
    await warning.waitFor();
    expect(await textField(page, c.colours.fields.menuBackgroundColor).inputValue()).toBe(
      project.menuBackgroundColor,
    );

    await text.fill('#ffffff');
    await warning.waitFor({ state: 'detached' });
    await until(() => page.getByTestId('colours-status').getAttribute('data-status')).toBe('saved');
    const saved = await api.call<{ bannerTextColor: string }>('GET', `/api/projects/${project.id}`);
    expect(saved.bannerTextColor).toBe('#ffffff');
  });
});
