import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe } from 'vitest';
import type { Project } from '../contracts/projects';
import {
  dateField,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  flip,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  signIn,
  submit,
  TEXTS,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** P10: a new project through the wizard (type 1), in French and in English. */
describe.each(LANGUAGES)('new-project wizard (%s)', (language) => {
  const t = TEXTS[language];
  const w = t.wizard;
  const progress = (page: Page) => page.getByTestId('wizard-progress');
  const stepTitle = (page: Page) => page.getByTestId('wizard-step-title');
  const next = (page: Page) => page.getByRole('button', { name: w.frame.next, exact: true });
  const onStep = async (page: Page, n: number, title: string) => {
    await until(() => progress(page).textContent()).toBe(fill(w.frame.progress, { current: n, total: 6 }));
    await until(() => stepTitle(page).textContent()).toBe(title);
  };
  const option = (page: Page, key: keyof typeof t.projectConfig.options.items) =>
    page.getByRole('switch', { name: t.projectConfig.options.items[key].label });

  test('creates a project step by step, with a cropped logo, and opens its dashboard', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language, '/projects');
    await page.getByRole('link', { name: t.projects.create }).click();
    await page.waitForURL((url) => url.pathname === '/projects/new');
    await until(() => pageTitle(page).textContent()).toBe(w.project.title);
    await onStep(page, 1, w.project.steps.names);

    // Names: the server's field errors under the fields, and the wizard stays.
    const nameFr = textField(page, t.projects.fields.nameFr);
    const nameEn = textField(page, t.projects.fields.nameEn);
    await next(page).click();
    await until(() => errorUnder(nameFr).textContent()).toBe(t.validation.required);
    await until(() => errorUnder(nameEn).textContent()).toBe(t.validation.required);
    await expectNoSeriousA11yViolations(page);
    await onStep(page, 1, w.project.steps.names);
    const name = uniqueName('Projet assistant');
    // Named to sort among the other test projects ("Projet e2e…", "Project e2e…"), before the demo events' last names.
    const englishName = name.replace('Projet assistant', 'Project wizard');
    await nameFr.fill(name);
    await nameEn.fill(englishName);
    // Enter in a field moves on, as Next does.
    await nameEn.press('Enter');
    await onStep(page, 2, w.project.steps.dates);

    // Dates: an end before the start is refused under the end.
    const endsOn = dateField(page, t.projects.fields.endsOn);
    await dateField(page, t.projects.fields.startsOn).fill('2031-09-10');
    await endsOn.fill('2031-09-01');
    await next(page).click();
    await until(() => errorUnder(endsOn).textContent()).toBe(t.validation.endBeforeStart);
    await expectNoSeriousA11yViolations(page);
    await endsOn.fill('2031-09-12');
    // The wizard's header sets the time zone the dates are entered in.
    const zone = page.getByRole('combobox', { name: w.frame.timeZone });
    await zone.click();
    await zone.fill('America/Vancouver');
    await page.getByRole('option', { name: 'America/Vancouver', exact: true }).click();
    await until(() =>
      page.getByText(fill(w.project.timeZoneHint, { timeZone: 'America/Vancouver' })).count(),
    ).toBe(1);
    await next(page).click();
    await onStep(page, 3, w.project.steps.languages);

    // Languages: English only; the default language follows.
    await page.getByRole('checkbox', { name: t.languages.fr }).uncheck({ force: true });
    await until(() =>
      page
        .getByTestId('wizard-page')
        .getByRole('radio', { name: t.languages.en })
        .getAttribute('aria-checked'),
    ).toBe('true');
    await expectNoSeriousA11yViolations(page);
    await next(page).click();
    await onStep(page, 4, w.project.steps.modules);

    // Modules: matchmaking on, reports off.
    await flip(page, option(page, 'matchmaking'));
    await flip(page, option(page, 'reports'));
    expect(await option(page, 'matchmaking').isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await next(page).click();
    await onStep(page, 5, w.project.steps.branding);

    // Branding: a logo through the cropper, zoomed in and saved.
    const png = await sharp({
      create: { width: 1000, height: 700, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('wizard-logoFileId')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const cropper = dialog(page, t.images.cropper.title);
    await cropper.locator('.cropper-container').waitFor();
    await expectNoSeriousA11yViolations(page);
    await cropper.getByRole('button', { name: t.images.cropper.zoomIn, exact: true }).click();
    await submit(cropper.getByRole('button', { name: t.images.cropper.save, exact: true }));
    await notice(page, t.images.cropper.saved).waitFor();
    await cropper.waitFor({ state: 'detached' });
    const logo = page.getByRole('img', {
      name: fill(t.images.field.current, { label: t.projectConfig.branding.logo }),
    });
    await until(() =>
      logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    ).toEqual([400, 200]);
    await expectNoSeriousA11yViolations(page);
    await next(page).click();
    await onStep(page, 6, w.project.steps.summary);

    // Summary, then Create: the whole window opens the new project's dashboard.
    const summary = page.getByTestId('wizard-summary');
    await until(() => summary.textContent()).toContain(name);
    expect(await summary.textContent()).toContain('America/Vancouver');
    expect(await summary.textContent()).toContain(t.projectConfig.options.items.matchmaking.label);
    expect(await summary.textContent()).not.toContain(t.projectConfig.options.items.reports.label);
    expect(await summary.textContent()).toContain(w.project.summary.imageChosen);
    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => {
      (window as unknown as { wizardMarker: number }).wizardMarker = 1;
    });
    await page.getByRole('button', { name: w.project.create, exact: true }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    await until(() => pageTitle(page).textContent()).toBe(language === 'fr' ? name : englishName);
    await expectNoSeriousA11yViolations(page);
    // A new load of the app, not a move inside it.
    expect(
      await page.evaluate(() => (window as unknown as { wizardMarker?: number }).wizardMarker),
    ).toBeUndefined();

    const id = new URL(page.url()).pathname.split('/').at(-1) as string;
    const project = await api.call<Project>('GET', `/api/projects/${id}`);
    expect(project).toMatchObject({
      nameFr: name,
      nameEn: englishName,
      startsOn: '2031-09-10',
      endsOn: '2031-09-12',
      timeZone: 'America/Vancouver',
      languages: ['en'],
      defaultLanguage: 'en',
      logoFileId: expect.any(String),
    });
    const options = await api.call<{ items: { id: number; value: boolean }[] }>(
      'GET',
      `/api/projects/${id}/options`,
    );
    const value = (optionId: number) => options.items.find((o) => o.id === optionId)?.value;
    expect([value(11), value(15)]).toEqual([true, false]);
  });

  test('closing with something entered asks first; quitting goes back to the projects', async ({ page }) => {
    await signIn(page, ORGANISER, language, '/projects/new');
    await onStep(page, 1, w.project.steps.names);
    const leave = dialog(page, t.unsaved.title);
    const close = page.getByTestId('wizard').getByRole('button', { name: w.frame.close, exact: true });

    await textField(page, t.projects.fields.nameFr).fill('Projet abandonné');
    await page.getByTestId('unsaved-banner').waitFor();
    await close.click();
    await leave.waitFor();
    await expectNoSeriousA11yViolations(page);
    await leave.getByRole('button', { name: t.unsaved.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/projects/new');
    expect(await textField(page, t.projects.fields.nameFr).inputValue()).toBe('Projet abandonné');

    // Leaving by the menu asks too.
    await menuLink(page, 'projects').click();
    await leave.getByRole('button', { name: t.unsaved.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/projects/new');

    await close.click();
    await leave.getByRole('button', { name: t.unsaved.quit }).click();
    await page.waitForURL((url) => url.pathname === '/projects');
    await until(() => pageTitle(page).textContent()).toBe(t.projects.title);
  });
});
