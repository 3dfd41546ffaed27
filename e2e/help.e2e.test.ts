import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { HelpEdition } from '../contracts/help';
import {
  type ApiClient,
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  flip,
  LANGUAGES,
  notice,
  ORGANISER,
  SUPER_ADMIN,
  signInByCookie,
  submit,
  TEXTS,
  type Texts,
  test,
  textField,
  until,
} from '../tests/support/e2e';

const helpButton = (page: Page, t: Texts, editing = false) =>
  page.getByRole('button', { name: editing ? t.help.edit : t.help.open, exact: true });

async function closeModal(page: Page, title: string) {
  const modal = dialog(page, title);
  await modal.locator('.mantine-Modal-close').click();
  await modal.waitFor({ state: 'detached' });
}

/** Journey: the help of a screen (E10), read by users and edited by the super-admin, in French and English. */
describe.each(LANGUAGES)('help texts (%s)', (language) => {
  const t = TEXTS[language];

  test('a user reads the help of the projects list; a screen without help says so', async ({
    page,
    newPage,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const seeded = (
      await api.call<{ help: { title: Record<string, string>; description: Record<string, string> } }>(
        'GET',
        '/api/help?screen=projects.list',
      )
    ).help;
    await page.goto('/projects');
    await helpButton(page, t).click();
    const modal = dialog(page, seeded.title[language]);
    await modal.waitFor();
    const description = modal.getByTestId('help-description');
    await until(() => description.textContent()).toBe(seeded.description[language]);
    await expectNoSeriousA11yViolations(page);
    // The lines of the description stay lines.
    expect(await description.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-line');
    await closeModal(page, seeded.title[language]);

    // The super-admin's record of company switches has no help: an empty state.
    const admin = await newPage();
    const adminApi = await signInByCookie(admin, SUPER_ADMIN, language);
    await adminApi.call('PUT', '/api/me/text-edition', { enabled: false });
    await admin.goto('/admin/company-switches');
    await helpButton(admin, t).click();
    const empty = dialog(admin, t.help.modalTitle);
    await empty.getByText(t.help.empty).waitFor();
    await expectNoSeriousA11yViolations(admin);
  });

  test('the super-admin edits a help in both languages, turns it off for users, then on again', async ({
    page,
    newPage,
  }) => {
    const superApi = await signInByCookie(page, SUPER_ADMIN, language);
    await superApi.call('PUT', '/api/me/text-edition', { enabled: false });
    const original = await superApi.call<HelpEdition>('GET', '/api/help/edition?screen=whatsNew');
    const reader = await newPage();
    await signInByCookie(reader, ORGANISER, language);
    try {
      await page.goto('/whats-new');
      await helpButton(page, t).waitFor();
      await expectNoSeriousA11yViolations(page);

      // Text-edition mode on: the help button now opens the edition.
      const toggle = page.getByRole('button', { name: t.help.editionMode.label, exact: true });
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      await toggle.click();
      await notice(page, t.help.editionMode.on).waitFor();
      await until(() => toggle.getAttribute('aria-pressed')).toBe('true');
      await helpButton(page, t, true).click();
      let editor = dialog(page, t.help.editTitle);
      await editor.waitFor();

      // Both languages; the tags typed in are stripped once the field is left.
      const stamp = Date.now().toString(36);
      const titles = { fr: `Nouveautés ${stamp}`, en: `What’s new ${stamp}` };
      await textField(editor, t.help.fields.titleFr).fill(`<b>Nouveautés</b> ${stamp}`);
      await textField(editor, t.help.fields.titleEn).fill(`What’s <i>new</i> ${stamp}`);
      await textField(editor, t.help.fields.descriptionFr).fill('Première ligne\n<p>Deuxième ligne</p>');
      await textField(editor, t.help.fields.descriptionEn).fill('First line\n<script>x</script>Second line');
      await until(() => textField(editor, t.help.fields.titleFr).inputValue()).toBe(titles.fr);
      await textField(editor, t.help.fields.descriptionEn).blur();
      await until(() => textField(editor, t.help.fields.descriptionEn).inputValue()).toBe(
        'First line\nxSecond line',
      );
      await expectNoSeriousA11yViolations(page);
      await submit(editor.getByRole('button', { name: t.common.save, exact: true }));
      await notice(page, t.help.notifications.saved).waitFor();
      await editor.waitFor({ state: 'detached' });

      // Saved as stripped, in both languages.
      expect(await superApi.call<HelpEdition>('GET', '/api/help/edition?screen=whatsNew')).toMatchObject({
        title: titles,
        description: { fr: 'Première ligne\nDeuxième ligne', en: 'First line\nxSecond line' },
        isActive: true,
      });

      // A user reads it in their language.
      await reader.goto('/whats-new');
      await helpButton(reader, t).click();
      const shown = dialog(reader, titles[language]);
      await shown.waitFor();
      expect(await shown.getByTestId('help-description').textContent()).toBe(
        language === 'fr' ? 'Première ligne\nDeuxième ligne' : 'First line\nxSecond line',
      );
      await closeModal(reader, titles[language]);

      // Inactive: users no longer see it.
      await helpButton(page, t, true).click();
      editor = dialog(page, t.help.editTitle);
      await until(() => textField(editor, t.help.fields.titleFr).inputValue()).toBe(titles.fr);
      const active = editor.getByRole('switch', { name: t.help.fields.isActive });
      expect(await active.isChecked()).toBe(true);
      await flip(page, active);
      await submit(editor.getByRole('button', { name: t.common.save, exact: true }));
      await notice(page, t.help.notifications.saved).waitFor();
      await editor.waitFor({ state: 'detached' });
      await helpButton(reader, t).click();
      await dialog(reader, t.help.modalTitle).getByText(t.help.empty).waitFor();
      await closeModal(reader, t.help.modalTitle);

      // Active again: shown again.
      await helpButton(page, t, true).click();
      editor = dialog(page, t.help.editTitle);
      await until(() => editor.getByRole('switch', { name: t.help.fields.isActive }).isChecked()).toBe(false);
      await flip(page, editor.getByRole('switch', { name: t.help.fields.isActive }));
      await submit(editor.getByRole('button', { name: t.common.save, exact: true }));
      await editor.waitFor({ state: 'detached' });
      await helpButton(reader, t).click();
      await dialog(reader, titles[language]).waitFor();

      // Text-edition mode off: the help button reads the help again.
      await toggle.click();
      await notice(page, t.help.editionMode.off).waitFor();
      await helpButton(page, t).click();
      await dialog(page, titles[language]).waitFor();
    } finally {
      await restore(superApi, original);
    }
  });
});

/** Puts back the help as it was before the test, and text-edition mode off. */
async function restore(api: ApiClient, edition: HelpEdition) {
  await api.call('PUT', '/api/help', {
    screen: edition.screen,
    title: edition.title,
    description: edition.description,
    isActive: edition.isActive,
  });
  await api.call('PUT', '/api/me/text-edition', { enabled: false });
}
