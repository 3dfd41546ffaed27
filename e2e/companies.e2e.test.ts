import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  choose,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  SUPER_ADMIN,
  searchTable,
  signIn,
  submit,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** Journey 9: the super-admin's companies page, in French and in English, on companies each test creates. */
describe.each(LANGUAGES)('companies (%s)', (language) => {
  const t = TEXTS[language];
  const rowsText = (page: Page) => tableRows(page).allTextContents();
  const actionsOf = (page: Page, name: string) =>
    page.getByRole('button', { name: `${t.common.actions} — ${name}`, exact: true });

  async function fillCompanyForm(page: Page, title: string, name: string) {
    const modal = dialog(page, title);
    await modal.waitFor();
    await textField(modal, t.companies.fields.name).fill(name);
    return modal;
  }

  test('create (a taken name is refused), edit, archive, then delete a company', async ({ page }) => {
    await signIn(page, SUPER_ADMIN, language, '/admin/companies');
    await tableSettled(page);
    await expectNoSeriousA11yViolations(page);
    const name = uniqueName(language === 'fr' ? 'Entreprise e2e' : 'Company e2e');
    const key = name.split(' ').at(-1) as string;

    // Create.
    await page.getByRole('button', { name: t.companies.create }).click();
    let modal = await fillCompanyForm(page, t.companies.createTitle, name);
    await textField(modal, t.companies.fields.contactEmail).fill('contact@e2e.test');
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, t.companies.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });
    await searchTable(page, t, key);
    await until(() => rowsText(page)).toEqual([expect.stringContaining(name)]);

    // The same name again: the field says it is taken.
    await page.getByRole('button', { name: t.companies.create }).click();
    modal = await fillCompanyForm(page, t.companies.createTitle, name);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await until(() => errorUnder(textField(modal, t.companies.fields.name)).textContent()).toBe(
      t.validation.companyNameTaken,
    );
    await expectNoSeriousA11yViolations(page);
    await modal.locator('.mantine-Modal-close').click();
    await dialog(page, t.unsaved.title).getByRole('button', { name: t.unsaved.quit }).click();
    await modal.waitFor({ state: 'detached' });
    expect(await rowsText(page)).toHaveLength(1);

    // Edit: a row click opens the form.
    const renamed = `${name} bis`;
    await tableRows(page).first().getByText(name).click();
    modal = dialog(page, t.companies.editTitle);
    await modal.waitFor();
    expect(await textField(modal, t.companies.fields.name).inputValue()).toBe(name);
    await textField(modal, t.companies.fields.name).fill(renamed);
    await submit(modal.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, t.companies.notifications.saved).waitFor();
    await modal.waitFor({ state: 'detached' });
    await until(() => rowsText(page)).toEqual([expect.stringContaining(renamed)]);

    // Archive: confirmed, it leaves the active list and shows under the Archived filter.
    await actionsOf(page, renamed).click();
    await page.getByRole('menuitem', { name: t.companies.archive }).click();
    const archive = dialog(page, t.companies.archiveTitle);
    await archive.waitFor();
    expect(await archive.textContent()).toContain(fill(t.companies.archiveBody, { name: renamed }));
    await expectNoSeriousA11yViolations(page);
    await archive.getByRole('button', { name: t.companies.archive, exact: true }).click();
    await notice(page, t.companies.notifications.archived).waitFor();
    await archive.waitFor({ state: 'detached' });
    await until(() => rowsText(page)).toEqual([t.table.noResults]);

    await choose(
      page,
      page.getByRole('combobox', { name: t.companies.statusFilter }),
      t.companies.status.archived,
    );
    await until(() => new URL(page.url()).searchParams.get('status')).toBe('archived');
    await until(() => rowsText(page)).toEqual([expect.stringContaining(renamed)]);
    await tableRows(page).first().getByText(t.companies.archivedBadge, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Delete: the button stays disabled until the name is typed.
    await actionsOf(page, renamed).click();
    await page.getByRole('menuitem', { name: t.common.delete }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('menuitem', { name: t.common.delete }).click();
    const remove = dialog(page, t.companies.deleteTitle);
    await remove.waitFor();
    const confirm = remove.getByRole('button', { name: t.companies.deleteConfirm });
    const typed = remove.getByTestId('confirm-name');
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await typed.fill(renamed.slice(0, -2));
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill(renamed);
    await until(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await notice(page, t.companies.notifications.deleted).waitFor();
    await remove.waitFor({ state: 'detached' });
    await until(() => rowsText(page)).toEqual([t.table.noResults]);
  });
});
