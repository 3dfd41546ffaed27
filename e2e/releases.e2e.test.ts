import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
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
  SUPER_ADMIN,
  signIn,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';
import { keyboardMove } from '../tests/support/sortable';

/**
 * Journey (A5, P11): the super-admin writes a release, sorts its items with the keyboard and activates it; the
 * organiser reads it on "What's new" in her language, and never sees an inactive release.
 */
describe.each(LANGUAGES)('release notes (%s)', (language) => {
  const t = TEXTS[language];
  // One server for both languages: each journey has a version of its own.
  const version = language === 'fr' ? '2.3.1' : '2.3.10';
  const hiddenVersion = `${version}.9`;
  const words = {
    category: { fr: 'Tableau de bord', en: 'Dashboard' },
    first: { fr: 'Graphiques', en: 'Charts' },
    second: { fr: 'Filtres', en: 'Filters' },
  };
  const items = (page: Page) => page.getByTestId('release-item').allTextContents();

  /** Writes an item's text in both languages, the first word in bold, through the rich-text editor. */
  async function writeItem(page: Page, title: string, word: { fr: string; en: string }) {
    const modal = dialog(page, title);
    await modal.waitFor();
    for (const [lang, label] of [
      ['fr', t.releases.entries.textFr],
      ['en', t.releases.entries.textEn],
    ] as const) {
      const editor = modal.getByRole('textbox', { name: label });
      await editor.click();
      await page.keyboard.press('Control+b');
      await page.keyboard.type(word[lang]);
      await page.keyboard.press('Control+b');
      await page.keyboard.type(lang === 'fr' ? ' par projet' : ' per project');
    }
    await expectNoSeriousA11yViolations(page);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    // It closes once saved, with a notice (the previous item's may still show beside it).
    await modal.waitFor({ state: 'detached' });
    await notice(page, t.releases.notifications.itemAdded).first().waitFor();
  }

  test('the super-admin writes, sorts and activates a release; the organiser reads it', async ({
    page,
    newPage,
  }) => {
    const api = await signInByCookie(page, SUPER_ADMIN, language);
    await api.call('POST', '/api/releases', { version: hiddenVersion, releasedOn: '2026-11-01' });
    await page.goto('/admin/releases');
    await until(() => pageTitle(page).textContent()).toBe(t.releases.title);

    // A bad version is refused under its field; a good one opens the new release's page.
    await page.getByRole('button', { name: t.releases.create }).click();
    const create = dialog(page, t.releases.createTitle);
    await create.waitFor();
    const versionField = textField(create, t.releases.fields.version);
    await versionField.fill('2..3');
    await submit(create.getByRole('button', { name: t.common.create, exact: true }));
    await until(() => errorUnder(versionField).textContent()).toBe(t.validation.releases.version);
    await expectNoSeriousA11yViolations(page);
    await versionField.fill(version);
    await submit(create.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, t.releases.notifications.created).waitFor();
    await page.waitForURL((url) => /^\/admin\/releases\/[0-9a-f-]{36}$/.test(url.pathname));
    await until(() => pageTitle(page).textContent()).toBe(fill(t.releases.versionLabel, { version }));

    // A category, then two items in it, each with rich text in both languages.
    await page.getByRole('button', { name: t.releases.entries.addCategory }).click();
    const category = dialog(page, t.releases.entries.addCategory);
    await textField(category, t.releases.entries.nameFr).fill(words.category.fr);
    await textField(category, t.releases.entries.nameEn).fill(words.category.en);
    await submit(category.getByRole('button', { name: t.common.create, exact: true }));
    await category.waitFor({ state: 'detached' });
    const categoryName = words.category[language];
    const addToCategory = page.getByRole('button', {
      name: fill(t.releases.entries.addItemTo, { name: categoryName }),
    });
    await addToCategory.click();
    await writeItem(page, t.releases.entries.addItem, words.first);
    await addToCategory.click();
    await writeItem(page, t.releases.entries.addItem, words.second);
    const first = `${words.first[language]} ${language === 'fr' ? 'par projet' : 'per project'}`;
    const second = `${words.second[language]} ${language === 'fr' ? 'par projet' : 'per project'}`;
    await until(() => items(page)).toEqual([first, second]);
    await expectNoSeriousA11yViolations(page);

    // The keyboard sorts: Space picks the first item up, the down arrow moves it, Space drops it; it is saved.
    // Screen readers hear where the item is, in the reader's language.
    await keyboardMove(page, t, { name: first, to: 2, total: 2, container: categoryName });
    await until(() => items(page)).toEqual([second, first]);
    await page.reload();
    await until(() => items(page)).toEqual([second, first]);

    // Active at once from the list.
    await page.getByRole('link', { name: t.releases.backToList }).click();
    const toggle = page.getByRole('switch', { name: fill(t.releases.activeFor, { version }) });
    expect(await toggle.isChecked()).toBe(false);
    await flip(page, toggle);
    await notice(page, fill(t.releases.notifications.activated, { version })).waitFor();
    await until(() => toggle.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // The organiser reads it in her language, newest first, without the inactive releases.
    const reader = await newPage();
    await signIn(reader, ORGANISER, language);
    await menuLink(reader, 'whats-new').click();
    await until(() => pageTitle(reader).textContent()).toBe(t.releases.whatsNew.title);
    const article = reader.locator(`article[data-release="${version}"]`);
    await article.waitFor();
    expect(await article.getByRole('heading', { level: 3 }).allTextContents()).toEqual([categoryName]);
    expect(await article.getByTestId('whats-new-item').allTextContents()).toEqual([second, first]);
    await expectNoSeriousA11yViolations(reader);
    expect(await article.locator('strong').allTextContents()).toEqual([
      words.second[language],
      words.first[language],
    ]);
    const shown = await reader
      .locator('article[data-release]')
      .evaluateAll((all) => all.map((a) => a.getAttribute('data-release')));
    expect(shown).toContain('0.2');
    expect(shown).not.toContain(hiddenVersion);
    expect(shown).not.toContain('0.3');
    expect(shown.indexOf(version)).toBeLessThan(shown.indexOf('0.2'));
  });
});
