import { describe } from 'vitest';
import {
  choose,
  columnTexts,
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  pageTitle,
  signInByCookie,
  submit,
  TEXTS,
  tableRows,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/**
 * J7, in French and in English: from the categories of the activity configuration, an organiser opens the tables
 * of a category, sets 20 standard and 4 VIP tables (the save button appears once a count changed), edits a table,
 * deletes one after the popover's confirmation; then, on the assignment page, assigns a participant found by search
 * to a table, moves them to another, and sees who is left without a table. Each screen is checked with axe.
 */
describe.each(LANGUAGES)('activity tables (%s)', (language) => {
  const t = TEXTS[language];
  const a = t.activityTables;
  const as = a.assignments;
  const inLanguage = (fr: string, en: string) => (language === 'fr' ? fr : en);

  test('set the counts, edit and delete a table, assign a participant and move them', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const base = `/api/projects/${project.id}`;
    await api.call('POST', `${base}/activity-categories`, { name: { fr: 'Rencontres', en: 'Meetings' } });
    const role = await api.call<{ id: string }>('POST', `${base}/roles`, {
      name: { fr: 'Exposant', en: 'Exhibitor' },
    });
    const tag = uniqueName('p').replace(/\W/g, '');
    for (const [firstName, lastName] of [
      ['Léa', 'Tremblay'],
      ['Marc', 'Gagnon'],
    ]) {
      await api.call('POST', `${base}/participants`, {
        roleId: role.id,
        firstName,
        lastName,
        email: `${lastName.toLowerCase()}.${tag}@example.test`,
        organisation: 'Boréal inc.',
      });
    }

    // From the configuration's categories, the category's tables: none yet.
    await page.goto(`/projects/${project.id}/activities/configuration`);
    await page
      .getByRole('link', { name: fill(a.openNamed, { name: inLanguage('Rencontres', 'Meetings') }) })
      .click();
    await until(() => pageTitle(page).textContent()).toBe(
      fill(a.title, { category: inLanguage('Rencontres', 'Meetings') }),
    );
    await page.getByText(a.list.empty).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The counts: the save button shows only once a count changed.
    const save = page.getByRole('button', { name: a.counts.save, exact: true });
    expect(await save.count()).toBe(0);
    await textField(page, a.counts.standard).fill('20');
    await textField(page, a.counts.vip).fill('4');
    await save.waitFor();
    await expectNoSeriousA11yViolations(page);
    await submit(save);
    await notice(page, a.counts.saved).waitFor();
    await until(() => tableRows(page).count()).toBe(24);
    await save.waitFor({ state: 'detached' });
    const kinds = await columnTexts(page, a.fields.kind);
    expect(kinds.filter((k) => k === a.vip)).toHaveLength(4);
    expect(kinds.slice(20)).toEqual([a.vip, a.vip, a.vip, a.vip]);

    // Edit table 3: a name, a location, 6 seats.
    await page.getByRole('button', { name: fill(a.editNamed, { number: 3 }) }).click();
    let modal = dialog(page, fill(a.editTitle, { number: 3 }));
    await modal.waitFor();
    await textField(modal, a.fields.name).fill('Érable');
    await textField(modal, a.fields.location).fill(inLanguage('Salle B', 'Room B'));
    await textField(modal, a.fields.seats).fill('6');
    await expectNoSeriousA11yViolations(page);
    await submit(modal.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, a.notifications.saved).waitFor();
    await modal.waitFor({ state: 'detached' });
    const third = tableRows(page).nth(2);
    await third.getByText('Érable').waitFor();
    await third.getByText(inLanguage('Salle B', 'Room B')).waitFor();
    expect((await columnTexts(page, a.fields.seats))[2]).toBe('6');

    // Delete table 24 (VIP): the popover asks first.
    await page.getByRole('button', { name: fill(a.editNamed, { number: 24 }) }).click();
    modal = dialog(page, fill(a.editTitle, { number: 24 }));
    await modal.waitFor();
    await modal.getByRole('button', { name: a.delete, exact: true }).click();
    const popover = page.getByTestId('delete-table-popover');
    await popover.getByText(fill(a.deleteQuestion, { number: 24 })).waitFor();
    await expectNoSeriousA11yViolations(page);
    await popover.getByRole('button', { name: a.deleteConfirm, exact: true }).click();
    await notice(page, a.notifications.deleted).waitFor();
    await modal.waitFor({ state: 'detached' });
    await until(() => tableRows(page).count()).toBe(23);
    await until(() => textField(page, a.counts.vip).inputValue()).toBe('3');

    // The assignment page, by table: table 1 is shown, empty.
    await page.getByRole('link', { name: a.toAssignments }).click();
    await until(() => pageTitle(page).textContent()).toBe(
      fill(as.title, { category: inLanguage('Rencontres', 'Meetings') }),
    );
    await page.getByRole('tab', { name: as.tabs.byTable, selected: true }).waitFor();
    await page.getByText(as.emptyTable).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Assign Léa, found by search, to table 1.
    await page.getByRole('button', { name: as.add, exact: true }).click();
    const add = dialog(page, fill(as.addTitle, { number: 1 }));
    await add.waitFor();
    await textField(add, as.search).fill('tremblay');
    await until(() => add.getByTestId('table-candidate').count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await add.getByRole('button', { name: fill(as.assignNamed, { name: 'Léa Tremblay' }) }).click();
    await notice(page, a.notifications.assigned).waitFor();
    await add.getByText(as.here).waitFor();
    await add.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await add.waitFor({ state: 'detached' });
    const members = page.getByRole('table', { name: fill(as.members, { number: 1 }) });
    await members.getByText('Léa Tremblay').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Move her to table 2.
    await page.getByRole('button', { name: fill(as.moveNamed, { name: 'Léa Tremblay' }) }).click();
    const move = dialog(page, fill(as.moveTitle, { name: 'Léa Tremblay' }));
    await move.waitFor();
    await expectNoSeriousA11yViolations(page);
    await choose(
      page,
      move.getByTestId('choose-table'),
      `${fill(as.tableOption, { number: 2 })} · ${fill(a.assignments.free_other, { count: 8 }, language)}`,
    );
    await submit(move.getByRole('button', { name: as.move, exact: true }));
    await notice(page, a.notifications.moved).waitFor();
    await move.waitFor({ state: 'detached' });
    await page.getByText(as.emptyTable).waitFor();

    // Participants without a table: only Marc.
    await page.getByRole('tab', { name: as.tabs.unassigned }).click();
    await until(() => columnTexts(page, as.columns.name)).toEqual(['Marc Gagnon']);
    await expectNoSeriousA11yViolations(page);
  });
});
