import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe } from 'vitest';
import {
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  signInByCookie,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/**
 * The editing kit in a browser (E1, E3–E7), in French and in English, on the project dashboard's welcome message:
 * inline editing with a merge tag, a YouTube video and an uploaded image, saved and written back; the counter
 * over the limit blocks saving; cancel restores the text as it was.
 * The modal editor (E2) on Settings › Texts: one editor per language, saved together, written back into the page
 * with a success notice, and the report of what is missing in one language.
 */
describe.each(LANGUAGES)('rich-text editing (%s)', (language) => {
  const t = TEXTS[language];
  const other = language === 'fr' ? 'en' : 'fr';

  async function openDashboard(page: Page) {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto(`/projects/${project.id}`);
    const inline = page.getByTestId('inline-text');
    await until(() => inline.textContent()).toContain(t.texts.dashboard.welcomeEmpty);
    await expectNoSeriousA11yViolations(page);
    return { api, project, inline };
  }

  const editorOf = (page: Page) => page.getByTestId('inline-editor');
  const content = (page: Page) => editorOf(page).locator('.ProseMirror');

  test('writes a welcome text with a tag, a video and an image, saves it and sees it written back', async ({
    page,
  }) => {
    const { api, project, inline } = await openDashboard(page);
    await inline.click();
    const editor = editorOf(page);
    await content(page).waitFor();
    await content(page).click();
    await page.keyboard.type(language === 'fr' ? 'Bienvenue ' : 'Welcome ');

    // E5: a merge tag from the dropdown, shown as a chip.
    await editor.getByRole('button', { name: t.editor.tags.insert }).click();
    await page.getByRole('menuitem', { name: t.editor.tags.items.firstName }).click();
    await until(() => content(page).locator('.merge-tag').textContent()).toBe(t.editor.tags.items.firstName);

    // E6: a YouTube video from its link; a link of another site is refused with the server's message.
    await editor.getByRole('button', { name: t.editor.video.embedTitle }).click();
    const embedDialog = page.getByRole('dialog', { name: t.editor.video.embedTitle });
    const link = embedDialog.getByRole('textbox', { name: t.editor.video.embedLink });
    await link.fill('https://example.com/video');
    await embedDialog.getByRole('button', { name: t.editor.video.insert }).click();
    await until(() => embedDialog.textContent()).toContain(t.editor.validation.videoLink);
    await expectNoSeriousA11yViolations(page);
    await link.fill('https://youtu.be/dQw4w9WgXcQ');
    await embedDialog.getByRole('button', { name: t.editor.video.insert }).click();
    await embedDialog.waitFor({ state: 'detached' });
    await until(() => content(page).locator('.video-embed iframe').getAttribute('src')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );

    // E6: a video-service button refuses a link that is not http(s).
    await editor.getByRole('button', { name: t.editor.video.buttonTitle }).click();
    const buttonDialog = page.getByRole('dialog', { name: t.editor.video.buttonTitle });
    await buttonDialog.getByRole('textbox', { name: t.editor.video.buttonLabel }).fill('Zoom');
    await buttonDialog.getByRole('textbox', { name: t.editor.video.buttonLink }).fill('zoom.us/j/1');
    await buttonDialog.getByRole('button', { name: t.editor.video.insert }).click();
    await until(() => buttonDialog.textContent()).toContain(t.editor.video.invalidLink);
    await buttonDialog.getByRole('textbox', { name: t.editor.video.buttonLink }).fill('https://zoom.us/j/1');
    await buttonDialog.getByRole('button', { name: t.editor.video.insert }).click();
    await buttonDialog.waitFor({ state: 'detached' });

    // E7: an uploaded image, then its style.
    const png = await sharp({ create: { width: 64, height: 40, channels: 3, background: '#0a8' } })
      .png()
      .toBuffer();
    await editor
      .getByTestId('rich-text-image-input')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await until(() => content(page).locator('img').getAttribute('src')).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    await content(page).locator('img').click();
    await page.getByText(t.editor.image.styles['img-responsive-rounded']).click();
    await until(() => content(page).locator('img').getAttribute('class')).toContain('img-responsive-rounded');
    await expectNoSeriousA11yViolations(page);

    await editor.getByRole('button', { name: t.common.save, exact: true }).click();
    await editor.waitFor({ state: 'detached' });

    // Written back into the page, and stored in this language only.
    await until(() => inline.locator('.merge-tag').textContent()).toBe(t.editor.tags.items.firstName);
    expect(await inline.locator('.video-embed iframe').getAttribute('src')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(await inline.locator('img.img-responsive-rounded').count()).toBe(1);
    expect(await inline.locator('a.video-button').getAttribute('href')).toBe('https://zoom.us/j/1');
    const stored = await api.call<{ text: Record<string, string>; missing: string[] }>(
      'GET',
      `/api/texts/project.welcome/${project.id}`,
    );
    expect(stored.text[language]).toContain('data-merge-tag="firstName"');
    expect(stored.text[other]).toBe('');
    expect(stored.missing).toEqual([other]);

    // Still there after a reload.
    await page.reload();
    await until(() => page.getByTestId('inline-text').locator('.merge-tag').count()).toBe(1);
  });

  test('the counter over the limit blocks saving, and cancel restores the text', async ({ page }) => {
    const { api, project } = await openDashboard(page);
    const original = language === 'fr' ? '<p>Texte d’origine</p>' : '<p>Original text</p>';
    await api.call('PATCH', `/api/texts/project.welcome/${project.id}`, { language, text: original });
    await page.reload();
    const inline = page.getByTestId('inline-text');
    await until(() => inline.textContent()).toBe(original.replace(/<[^>]+>/g, ''));

    await inline.click();
    await content(page).waitFor();
    const counter = editorOf(page).getByTestId('rich-text-counter');
    await until(() => counter.getAttribute('data-over')).toBe('false');
    // E4: a paste of 500001 characters over several lines (pasted as plain text, one paragraph per line).
    await content(page).evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/plain', `${'a'.repeat(250_000)}\n${'b'.repeat(250_001)}`);
      element.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await until(() => counter.getAttribute('data-over')).toBe('true');
    const color = await counter.evaluate((el) => getComputedStyle(el).color);
    expect(color).toMatch(/rgb\((2[0-5]\d|1\d\d), \d{1,2}, \d{1,2}\)/);
    const save = editorOf(page).getByRole('button', { name: t.common.save, exact: true });
    expect(await save.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // Cancel: the text as it was when editing began.
    await editorOf(page).getByRole('button', { name: t.common.cancel, exact: true }).click();
    await editorOf(page).waitFor({ state: 'detached' });
    await until(() => inline.textContent()).toBe(original.replace(/<[^>]+>/g, ''));

    // Editing again starts from the saved text, and a saved change shows at once.
    await inline.click();
    await content(page).waitFor();
    await content(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' !');
    await editorOf(page).getByRole('button', { name: t.common.save, exact: true }).click();
    await editorOf(page).waitFor({ state: 'detached' });
    await until(() => inline.textContent()).toBe(`${original.replace(/<[^>]+>/g, '')} !`);
    expect(await notice(page, t.errors.unexpected).count()).toBe(0);
  });

  test('the modal editor saves both languages together and the page says what is left to translate (E2)', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    await page.goto(`/projects/${project.id}/settings?tab=texts`);
    const welcome = t.texts.kinds.project.welcome;
    const card = page.locator('[data-testid="text-card"][data-kind="project.welcome"]');
    await until(() => card.textContent()).toContain(t.texts.empty);

    // Only the reader's language first: saved, written back, and the other language reported missing.
    await page.getByRole('button', { name: fill(t.texts.editNamed, { name: welcome }) }).click();
    const dialog = page.getByRole('dialog', { name: welcome });
    const editors = dialog.locator('.ProseMirror');
    await until(() => editors.count()).toBe(2);
    const mine = language === 'fr' ? 0 : 1;
    await editors.nth(mine).click();
    await page.keyboard.type(language === 'fr' ? 'Bienvenue au salon' : 'Welcome to the fair');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: t.common.save, exact: true }).click();
    await notice(page, t.texts.modal.saved).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await until(() => card.textContent()).toContain(
      language === 'fr' ? 'Bienvenue au salon' : 'Welcome to the fair',
    );
    await until(() => card.textContent()).toContain(t.texts.missing[other]);
    await until(() => page.getByText(fill(t.texts.report.title_one, { count: 1 })).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);

    // Then the other language: nothing is left to translate.
    await page.getByRole('button', { name: fill(t.texts.editNamed, { name: welcome }) }).click();
    await until(() => editors.count()).toBe(2);
    await editors.nth(1 - mine).click();
    await page.keyboard.type(language === 'fr' ? 'Welcome to the fair' : 'Bienvenue au salon');
    await dialog.getByRole('button', { name: t.common.save, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await until(() => card.getByText(t.texts.missing[other]).count()).toBe(0);
    await until(() => page.getByText(t.texts.report.complete).count()).toBe(1);
    const saved = await api.call<{ text: unknown }>('GET', `/api/texts/project.welcome/${project.id}`);
    expect(saved.text).toEqual({ fr: '<p>Bienvenue au salon</p>', en: '<p>Welcome to the fair</p>' });
  });
});
