import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { describe } from 'vitest';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  flip,
  LANGUAGES,
  notice,
  ORGANISER,
  pageTitle,
  plural,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';

interface Activity {
  id: string;
  title: { fr: string; en: string };
  description: { fr: string; en: string };
  maxMembers: number | null;
  backgroundColor: string | null;
}
interface Options {
  displayDate: boolean;
  registrationOpen: boolean;
  onLanding: boolean;
  maxMembers: number | null;
}
interface Visual {
  backgroundColor: string | null;
  image: { id: string; url: string } | null;
}

type Files = Parameters<Locator['setInputFiles']>[0];

/** Clicks a button that opens the file chooser, as a user does, and picks `files` in it. */
async function chooseFiles(button: Locator, files: Files) {
  const [chooser] = await Promise.all([button.page().waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(files as Parameters<typeof chooser.setFiles>[0]);
}

/** A small PDF: what the server recognises by its first bytes. */
const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`, 'utf8');

/**
 * V4, E9 and P12 in French and in English: an organiser opens an activity's edition, renames it and writes its
 * description (leaving with unsaved changes asks first), turns options on and off with the "no limit" radio, gives
 * it a background colour (saved as it changes, shown in the preview), an image through the cropper, and documents
 * in both languages (one refused with the server's message, one deleted after a confirmation). Each screen is
 * checked with axe.
 */
describe.each(LANGUAGES)('activity edition (%s)', (language) => {
  const t = TEXTS[language];
  const a = t.activities;
  const e = a.edition;

  test('configuration, options, colour, image and documents of an activity', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const year = new Date().getFullYear() + 1;
    const activity = await api.call<Activity>('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Atelier', en: 'Workshop' },
      startsAt: `${year}-06-10T09:30`,
      maxMembers: 40,
    });
    const base = `/api/projects/${project.id}/activities/${activity.id}`;

    // ---------- configuration ----------
    await page.goto(`/projects/${project.id}/activities/${activity.id}`);
    const titleFr = textField(page, a.fields.titleFr);
    await until(() => titleFr.inputValue()).toBe('Atelier');
    await expectNoSeriousA11yViolations(page);
    await titleFr.fill('Atelier pratique');
    await textField(page, a.fields.titleEn).fill('Hands-on workshop');
    await page.getByRole('textbox', { name: e.configuration.description.fr }).click();
    await page.keyboard.type('Apportez votre ordinateur.');
    await page.getByTestId('unsaved-banner').waitFor();

    // Another tab with unsaved changes asks first; staying keeps them.
    await page.getByRole('tab', { name: e.tabs.options }).click();
    const leave = dialog(page, t.unsaved.title);
    await leave.waitFor();
    await expectNoSeriousA11yViolations(page);
    await leave.getByRole('button', { name: t.unsaved.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await titleFr.inputValue()).toBe('Atelier pratique');

    await submit(page.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, a.notifications.saved).waitFor();
    await page.getByTestId('unsaved-banner').waitFor({ state: 'detached' });
    await until(() => pageTitle(page).textContent()).toBe(
      language === 'fr' ? 'Atelier pratique' : 'Hands-on workshop',
    );
    const saved = await api.call<Activity>('GET', base);
    expect(saved.title).toEqual({ fr: 'Atelier pratique', en: 'Hands-on workshop' });
    expect(saved.description.fr).toContain('Apportez votre ordinateur.');
    // What the configuration does not show is kept.
    expect(saved.maxMembers).toBe(40);

    // ---------- options ----------
    await page.getByRole('tab', { name: e.tabs.options }).click();
    const registration = page.getByRole('switch', { name: e.options.fields.registrationOpen });
    await registration.waitFor();
    await expectNoSeriousA11yViolations(page);
    await flip(page, registration);
    await notice(page, e.options.saved).first().waitFor();
    await until(() => registration.isChecked()).toBe(false);
    await flip(page, page.getByRole('switch', { name: e.options.fields.onLanding }));
    await until(() => api.call<Options>('GET', `${base}/options`)).toEqual({
      displayDate: true,
      registrationOpen: false,
      onLanding: true,
      maxMembers: 40,
    });

    // "No limit" hides the number; a limit shows it again and saves the number typed.
    const maximum = page.getByTestId('max-members');
    expect(await maximum.inputValue()).toBe('40');
    await page.getByRole('radio', { name: e.options.unlimited }).check();
    await maximum.waitFor({ state: 'detached' });
    await until(async () => (await api.call<Options>('GET', `${base}/options`)).maxMembers).toBeNull();
    await page.getByRole('radio', { name: e.options.limited }).check();
    await maximum.fill('25');
    await maximum.press('Enter');
    await until(async () => (await api.call<Options>('GET', `${base}/options`)).maxMembers).toBe(25);

    // ---------- visual: colour ----------
    await page.getByRole('tab', { name: e.tabs.visual }).click();
    const colour = page.getByTestId('activity-background-color');
    await colour.waitFor();
    await expectNoSeriousA11yViolations(page);
    await colour.fill('#1c3d5a');
    // The picker open under the field: its saturation area and hue slider named; Escape closes it.
    await page.getByRole('slider', { name: e.visual.saturation }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await colour.press('Escape');
    await page.getByRole('slider', { name: e.visual.saturation }).waitFor({ state: 'hidden' });
    await until(() => page.getByTestId('activity-preview').getAttribute('data-background')).toBe('#1c3d5a');
    await until(() => page.getByTestId('colour-status').getAttribute('data-status')).toBe('saved');
    expect((await api.call<Visual>('GET', `${base}/visual`)).backgroundColor).toBe('#1c3d5a');

    // ---------- visual: the image, cropped ----------
    const photo = await sharp({
      create: { width: 1300, height: 900, channels: 3, background: { r: 200, g: 90, b: 30 } },
    })
      .jpeg()
      .toBuffer();
    await chooseFiles(page.getByRole('button', { name: t.images.field.choose }), {
      name: 'affiche.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    const cropper = dialog(page, t.images.cropper.title);
    await cropper.waitFor();
    await cropper.locator('.cropper-container').waitFor();
    await cropper.getByText(fill(t.images.cropper.freeHeight, { width: 650, height: 320 })).waitFor();
    await expectNoSeriousA11yViolations(page);
    await cropper.getByRole('button', { name: t.images.cropper.zoomIn, exact: true }).click();
    await submit(cropper.getByRole('button', { name: t.images.cropper.save, exact: true }));
    await notice(page, t.images.cropper.saved).waitFor();
    await cropper.waitFor({ state: 'detached' });
    const image = page.getByRole('img', { name: fill(t.images.field.current, { label: e.visual.image }) });
    await image.waitFor();
    await until(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(650);
    const visual = await api.call<Visual>('GET', `${base}/visual`);
    expect(await image.getAttribute('src')).toBe(visual.image?.url);

    // ---------- documents per language ----------
    const french = page.getByTestId('documents-fr');
    const english = page.getByTestId('documents-en');
    await french.getByText(e.documents.empty).waitFor();
    await chooseFiles(french.getByRole('button', { name: e.documents.add }), [
      { name: 'Programme été 日本.pdf', mimeType: 'application/pdf', buffer: pdf('fr 1') },
      { name: 'Plan du site.pdf', mimeType: 'application/pdf', buffer: pdf('fr 2') },
    ]);
    await notice(page, plural(e.documents, 'uploaded', 2, language)).waitFor();
    await french.getByRole('link', { name: 'Programme été 日本.pdf' }).waitFor();
    await french.getByRole('link', { name: 'Plan du site.pdf' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A file that is not a PDF: the server's message.
    await chooseFiles(english.getByRole('button', { name: e.documents.add }), {
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('plain text'),
    });
    await notice(page, t.validation.participants.cvNotPdf).waitFor();
    await english.getByText(e.documents.empty).waitFor();
    await chooseFiles(english.getByRole('button', { name: e.documents.add }), {
      name: 'Agenda.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('en'),
    });
    await english.getByRole('link', { name: 'Agenda.pdf' }).waitFor();

    // Delete asks first; the list is read again.
    await french
      .getByRole('button', { name: fill(e.documents.delete, { name: 'Plan du site.pdf' }) })
      .click();
    const confirm = dialog(page, e.documents.deleteTitle);
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: t.common.delete, exact: true }).click();
    await notice(page, e.documents.deleted).waitFor();
    await french.getByRole('link', { name: 'Plan du site.pdf' }).waitFor({ state: 'detached' });
    await french.getByRole('link', { name: 'Programme été 日本.pdf' }).waitFor();
    const documents = await api.call<{ items: { language: string; name: string }[] }>(
      'GET',
      `${base}/documents`,
    );
    expect(documents.items.map((d) => [d.language, d.name])).toEqual([
      ['fr', 'Programme été 日本.pdf'],
      ['en', 'Agenda.pdf'],
    ]);
  });
});
