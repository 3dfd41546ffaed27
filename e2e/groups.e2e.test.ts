import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  ApiClient,
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  pageTitle,
  signIn,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';
import { keyboardMove } from '../tests/support/sortable';

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
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject({ nameFr: uniqueName('Projet groupes') });
    await page.goto(`/projects/${project.id}/groups`);
    await until(() => pageTitle(page).textContent()).toBe(t.groups.title);
    await page.getByText(t.groups.empty).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A category, then a group in it, through the forms; a name of one letter is refused under its field.
    await page.getByRole('button', { name: t.groups.addCategory }).click();
    const short = dialog(page, t.groups.addCategory);
    await textField(short, t.groups.fields.nameFr).fill('S');
    await textField(short, t.groups.fields.nameEn).fill(words.category.en);
    await submit(short.getByRole('button', { name: t.common.create, exact: true }));
    await short.getByText(t.validation.required).waitFor();
    await expectNoSeriousA11yViolations(page);
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
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: t.groups.reorder }).click();
    const sortable = () => page.getByTestId('sortable-group-name').allTextContents();
    await until(sortable).toEqual([first, second]);
    await expectNoSeriousA11yViolations(page);
    await keyboardMove(page, t, { name: first, to: 2, total: 2, container: category });
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
    await expectNoSeriousA11yViolations(page);
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
    await expectNoSeriousA11yViolations(page);
  });

  test('the organiser adds members, removes one and imports others from a file of e-mails', async ({
    page,
    baseUrl,
  }) => {
    // Seeded through the API: a project, a role, a group and four participants, none in the group yet.
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject({ nameFr: uniqueName('Projet membres') });
    const role = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/roles`, {
      name: { fr: 'Acheteur', en: 'Buyer' },
    });
    const category = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/group-categories`, {
      name: words.category,
    });
    await api.call('POST', `/api/projects/${project.id}/groups`, {
      categoryId: category.id,
      name: words.first,
    });
    const key = uniqueName('m').split(' ').at(-1) as string;
    const people = [
      { firstName: 'Alice', lastName: 'Bergeron' },
      { firstName: 'Benoît', lastName: 'Côté' },
      { firstName: 'Chloé', lastName: 'Dubé' },
      { firstName: 'Denis', lastName: 'Fortin' },
    ].map((p) => ({
      ...p,
      name: `${p.firstName} ${p.lastName}`,
      email: `${p.lastName
        .normalize('NFD')
        .replace(/[^A-Za-z]/g, '')
        .toLowerCase()}.${key}@example.test`,
    }));
    for (const person of people) {
      await api.call('POST', `/api/projects/${project.id}/participants`, {
        roleId: role.id,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
      });
    }
    const [alice, benoit, chloe, denis] = people;
    const group = words.first[language];
    const roleName = language === 'fr' ? 'Acheteur' : 'Buyer';

    await signIn(page, ORGANISER, language, `/projects/${project.id}/groups`);
    await until(() => groupNames(page)).toEqual([group]);

    // The members panel opens from the group's name, empty.
    await page.getByRole('button', { name: group, exact: true }).click();
    const members = dialog(page, fill(t.groups.membersOf, { name: group }));
    await members.getByText(t.groups.members.empty).waitFor();
    const memberRows = members.locator('table tbody tr');
    // Read once the panel's table has loaded (until() reads again until it matches).
    const memberNames = async () =>
      (await members.locator('.mantine-LoadingOverlay-root').count())
        ? []
        : members.locator('table tbody tr td:first-child').allTextContents();

    // Add two of them: the search finds the participants not yet in the group; the ones ticked are added.
    await members.getByRole('button', { name: t.groups.members.add, exact: true }).click();
    const add = dialog(page, fill(t.groups.members.addTitle, { name: group }));
    await textField(add, t.groups.members.search).fill(key);
    const candidate = (person: (typeof people)[number]) =>
      add.getByRole('checkbox', { name: `${person.name} — ${person.email} (${roleName})` });
    await until(() => add.getByTestId('group-candidates').getByRole('checkbox').count()).toBe(4);
    await expectNoSeriousA11yViolations(page);
    await candidate(alice).check();
    await candidate(benoit).check();
    const addButton = add.getByRole('button', {
      name: fill(t.groups.members.addSelected_other, { count: 2 }),
    });
    await submit(addButton);
    await notice(page, fill(t.groups.notifications.membersAdded, { added: 2, already: 0 })).waitFor();
    await add.waitFor({ state: 'detached' });
    await until(memberNames).toEqual([alice.name, benoit.name]);
    expect(await memberRows.first().textContent()).toContain(alice.email);
    expect(await memberRows.first().textContent()).toContain(roleName);
    await expectNoSeriousA11yViolations(page);

    // The search of the add window no longer offers them.
    await members.getByRole('button', { name: t.groups.members.add, exact: true }).click();
    await textField(add, t.groups.members.search).fill(key);
    await until(() => add.getByTestId('group-candidates').getByRole('checkbox').count()).toBe(2);
    await add.getByRole('button', { name: t.common.close }).first().click();
    await add.waitFor({ state: 'detached' });

    // Remove Benoît, after the confirmation that says he stays a participant.
    await members.getByRole('button', { name: fill(t.groups.members.remove, { name: benoit.name }) }).click();
    const confirm = dialog(page, t.groups.members.removeTitle);
    await confirm.getByText(fill(t.groups.members.removeBody, { name: benoit.name, group })).waitFor();
    await confirm.getByRole('button', { name: t.groups.members.removeConfirm, exact: true }).click();
    await notice(page, t.groups.notifications.memberRemoved).waitFor();
    await until(memberNames).toEqual([alice.name]);

    // Import a file of e-mails: one already a member, two known (one in capitals), one unknown, one malformed.
    const folder = await mkdtemp(join(tmpdir(), 'maillage-members-'));
    const file = join(folder, language === 'fr' ? 'membres.csv' : 'members.csv');
    const unknown = `inconnu.${key}@example.test`;
    const malformed = `chloe.${key}@@example.test`;
    await writeFile(
      file,
      [
        language === 'fr' ? 'Nom;Courriel' : 'Name,Email',
        ...[
          [alice.name, alice.email],
          [benoit.name, benoit.email],
          [chloe.name, chloe.email.toUpperCase()],
          ['Inconnu', unknown],
          ['Chloé', malformed],
        ].map((cells) => cells.join(language === 'fr' ? ';' : ',')),
      ].join('\n'),
    );
    await members.getByRole('button', { name: t.groups.members.import, exact: true }).click();
    const importer = dialog(page, fill(t.groups.members.importTitle, { name: group }));
    await importer.getByText(t.groups.members.importHelp).waitFor();
    await importer.locator('input[type=file]').setInputFiles(file);
    await submit(importer.getByRole('button', { name: t.groups.members.importSubmit, exact: true }));

    // What was added, and what was refused with why: the unknown address and the malformed one, each told apart.
    const added = fill(t.groups.notifications.membersAdded, { added: 2, already: 1 });
    await until(() => importer.getByTestId('group-import-result').textContent()).toBe(added);
    const notFound = importer.getByTestId('group-import-not-found');
    expect(await notFound.textContent()).toContain(fill(t.groups.members.importNotFound_one, { count: 1 }));
    expect(await notFound.getByRole('listitem').allTextContents()).toEqual([unknown]);
    const invalid = importer.getByTestId('group-import-invalid');
    expect(await invalid.textContent()).toContain(fill(t.groups.members.importInvalid_one, { count: 1 }));
    expect(await invalid.getByRole('listitem').allTextContents()).toEqual([malformed]);
    await expectNoSeriousA11yViolations(page);
    // Its own close button, below (the cross above says the same).
    await importer.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await importer.waitFor({ state: 'detached' });
    await until(memberNames).toEqual([alice.name, benoit.name, chloe.name]);
    expect(await memberNames()).not.toContain(denis.name);

    // Back on the page, the group counts its three members.
    await members.getByRole('button', { name: t.common.close, exact: true }).click();
    await members.waitFor({ state: 'detached' });
    await until(() => page.getByTestId('group-member-count').first().textContent()).toBe(
      fill(t.groups[`memberCount_${new Intl.PluralRules(language).select(3) as 'one' | 'other'}`], {
        count: 3,
      }),
    );
  });
});
