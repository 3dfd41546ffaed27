import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  dialog,
  expect,
  fill,
  LANGUAGES,
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

/**
 * Journey (U4, P11): the organiser builds the groups of a project: a category and a group through the forms, a
 * rename, the order changed with the keyboard, a category that still has groups refused with the server's reason,
 * a group deleted.
 */
describe.each(LANGUAGES)('groups (%s)', (language) => {
  const t = TEXTS[language];
  const words = {
    category: { fr: 'Secteurs', en: 'Industries' },
    first: { fr: 'Santé', en: 'Health' },
    renamed: { fr: 'Santé et vie', en: 'Health and life' },
    second: { fr: 'Énergie', en: 'Energy' },
  };
  const categoryNames = (page: Page) => page.getByTestId('group-category-name').allTextContents();
  const groupNames = (page: Page) => page.getByTestId('group-name').allTextContents();

  async function fillNames(page: Page, title: string, name: { fr: string; en: string }, button: string) {
    const modal = dialog(page, title);
    await modal.waitFor();
    await textField(modal, t.groups.fields.nameFr).fill(name.fr);
    await textField(modal, t.groups.fields.nameEn).fill(name.en);
    await submit(modal.getByRole('button', { name: button, exact: true }));
    await modal.waitFor({ state: 'detached' });
  }

  test('the organiser creates, renames, sorts and deletes groups', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    const project = await api.createProject({ nameFr: uniqueName('Projet groupes') });
    await page.goto(`/projects/${project.id}/groups`);
    await until(() => pageTitle(page).textContent()).toBe(t.groups.title);
    await page.getByText(t.groups.empty).waitFor();

    // A category, then a group in it, through the forms; a name of one letter is refused under its field.
    await page.getByRole('button', { name: t.groups.addCategory }).click();
    const short = dialog(page, t.groups.addCategory);
    await textField(short, t.groups.fields.nameFr).fill('S');
    await textField(short, t.groups.fields.nameEn).fill(words.category.en);
    await submit(short.getByRole('button', { name: t.common.create, exact: true }));
    await short.getByText(t.validation.required).waitFor();
    await fillNames(page, t.groups.addCategory, words.category, t.common.create);
    await notice(page, t.groups.notifications.categoryAdded).waitFor();
    const category = words.category[language];
    await until(() => categoryNames(page)).toEqual([category]);

    await page.getByRole('button', { name: fill(t.groups.addGroupTo, { name: category }) }).click();
    await fillNames(page, t.groups.addGroup, words.first, t.common.create);
    await notice(page, t.groups.notifications.groupAdded).waitFor();
    await until(() => groupNames(page)).toEqual([words.first[language]]);
    expect(await page.getByTestId('group-member-count').first().textContent()).toBe(
      fill(t.groups[`memberCount_${new Intl.PluralRules(language).select(0) as 'one' | 'other'}`], {
        count: 0,
      }),
    );

    // Rename it.
    await page
      .getByRole('button', { name: fill(t.groups.editNamed, { name: words.first[language] }) })
      .click();
    await fillNames(page, t.groups.editGroup, words.renamed, t.common.save);
    await notice(page, t.groups.notifications.groupSaved).waitFor();
    await until(() => groupNames(page)).toEqual([words.renamed[language]]);

    // A second group, seeded through the API; then the keyboard puts the first after it.
    const tree = await api.call<{ categories: { id: string }[] }>(
      'GET',
      `/api/projects/${project.id}/groups`,
    );
    await api.call('POST', `/api/projects/${project.id}/groups`, {
      categoryId: tree.categories[0].id,
      name: words.second,
    });
    await page.reload();
    const first = words.renamed[language];
    const second = words.second[language];
    await until(() => groupNames(page)).toEqual([first, second]);

    await page.getByRole('button', { name: t.groups.reorder }).click();
    const sortable = () => page.getByTestId('sortable-group-name').allTextContents();
    await until(sortable).toEqual([first, second]);
    const handle = page.getByRole('button', { name: fill(t.sorting.handle, { name: first }) });
    const liveRegion = page.locator('[id^="DndLiveRegion"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await until(() => handle.getAttribute('aria-pressed')).toBe('true');
    const moved = fill(t.sorting.announcements.moved, {
      name: first,
      position: 2,
      total: 2,
      container: category,
    });
    // An arrow pressed while the list still measures itself moves nothing: press it again, as anyone would.
    for (let attempt = 0; attempt < 3 && (await liveRegion.textContent()) !== moved; attempt++) {
      await page.keyboard.press('ArrowDown');
      await page
        .waitForFunction(
          (text) => document.querySelector('[id^="DndLiveRegion"]')?.textContent === text,
          moved,
          {
            timeout: 3000,
          },
        )
        .catch(() => undefined);
    }
    await until(() => liveRegion.textContent()).toBe(moved);
    await page.keyboard.press('Space');
    await until(sortable).toEqual([second, first]);
    await page.getByRole('button', { name: t.groups.reorderDone }).click();
    await page.reload();
    await until(() => groupNames(page)).toEqual([second, first]);

    // The category still has two groups: the server refuses, and its reason is shown.
    await page.getByRole('button', { name: fill(t.groups.deleteNamed, { name: category }) }).click();
    const confirmCategory = dialog(page, t.groups.delete.categoryTitle);
    await confirmCategory.getByRole('button', { name: t.common.delete, exact: true }).click();
    await until(() => page.getByTestId('error-message').textContent()).toBe(
      fill(t.errors.groups.categoryNotEmpty_other, { count: 2 }),
    );
    await page.getByRole('button', { name: t.common.ok, exact: true }).click();
    await until(() => categoryNames(page)).toEqual([category]);

    // A group is deleted after its confirmation.
    await page.getByRole('button', { name: fill(t.groups.deleteNamed, { name: second }) }).click();
    const confirmGroup = dialog(page, t.groups.delete.groupTitle);
    await confirmGroup.getByText(fill(t.groups.delete.groupBody, { name: second })).waitFor();
    await confirmGroup.getByRole('button', { name: t.common.delete, exact: true }).click();
    await notice(page, t.groups.notifications.groupDeleted).waitFor();
    await until(() => groupNames(page)).toEqual([first]);

    // Its members panel opens, empty.
    await page.getByRole('button', { name: first, exact: true }).click();
    const members = dialog(page, fill(t.groups.membersOf, { name: first }));
    await members.getByText(t.groups.members.empty).waitFor();
  });
});
