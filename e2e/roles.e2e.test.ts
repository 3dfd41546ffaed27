import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { RoleList } from '../contracts/roles';
import {
  choose,
  dialog,
  errorUnder,
  escapeRegExp,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';

/**
 * J4: the participant roles of a new project, in French and in English: the empty state, create (a missing English
 * name is refused under its field), rename, choose the default role, then delete a role that a participant has by
 * moving that participant to another role. The participant is added through the participants API (U2).
 */
describe.each(LANGUAGES)('participant roles (%s)', (language) => {
  const t = TEXTS[language];
  const rows = (page: Page) => page.getByTestId('role-row');
  const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });
  const names = (page: Page) => page.getByTestId('role-name').allTextContents();
  const label = (text: string) => new RegExp(`^${escapeRegExp(text)}\\s*\\*?$`);

  test('create, rename, set as default, delete a used role by moving its participant', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const rolesUrl = `/api/projects/${project.id}/roles`;
    await page.goto(`/projects/${project.id}/roles`);

    // A new project has no role: the empty state offers to create one.
    const empty = page.getByTestId('roles-empty');
    await empty.getByText(t.roles.empty).waitFor();
    await expectNoSeriousA11yViolations(page);
    await empty.getByRole('button', { name: t.roles.create }).click();

    // Create: both names are required.
    let modal = dialog(page, t.roles.createTitle);
    await modal.waitFor();
    await textField(modal, t.roles.fields.nameFr).fill('Acheteur');
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await until(() => errorUnder(textField(modal, t.roles.fields.nameEn)).textContent()).toBe(
      t.validation.required,
    );
    await expectNoSeriousA11yViolations(page);
    await textField(modal, t.roles.fields.nameEn).fill('Buyer');
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, t.roles.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });
    const first = language === 'fr' ? 'Acheteur' : 'Buyer';
    await until(() => names(page)).toEqual([first]);

    // A second role, and a participant who has the first one.
    await api.call('POST', rolesUrl, { name: { fr: 'Exposant', en: 'Exhibitor' } });
    const roles = await api.call<RoleList>('GET', rolesUrl);
    await api.call('POST', `/api/projects/${project.id}/participants`, {
      roleId: roles.items[0].id,
      firstName: 'Alex',
      lastName: 'Tremblay',
      email: `alex-${Date.now()}-${language}@example.test`,
    });
    await page.reload();
    const second = language === 'fr' ? 'Exposant' : 'Exhibitor';
    await until(() => names(page)).toEqual([first, second]);
    await rowOf(page, first)
      .getByText(fill(t.roles.participantCount_one, { count: 1 }))
      .waitFor();

    // Rename.
    await page.getByRole('button', { name: fill(t.roles.editNamed, { name: first }) }).click();
    modal = dialog(page, t.roles.editTitle);
    await modal.waitFor();
    expect(await textField(modal, t.roles.fields.nameFr).inputValue()).toBe('Acheteur');
    await textField(modal, t.roles.fields.nameFr).fill('Acheteuse');
    await textField(modal, t.roles.fields.nameEn).fill('Purchaser');
    await submit(modal.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, t.roles.notifications.saved).waitFor();
    await modal.waitFor({ state: 'detached' });
    const renamed = language === 'fr' ? 'Acheteuse' : 'Purchaser';
    await until(() => names(page)).toEqual([renamed, second]);

    // Default role: saved as soon as it is chosen.
    await choose(page, page.getByRole('combobox', { name: label(t.roles.defaultRole) }), renamed);
    await notice(page, t.roles.notifications.defaultsSaved).waitFor();
    await rowOf(page, renamed).getByText(t.roles.defaultBadge, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect((await api.call<RoleList>('GET', rolesUrl)).defaultRoleId).toBe(roles.items[0].id);

    // Delete the used role: its participant must go somewhere first.
    await page.getByRole('button', { name: fill(t.roles.deleteNamed, { name: renamed }) }).click();
    const remove = dialog(page, t.roles.deleteTitle);
    await remove.waitFor();
    expect(await remove.textContent()).toContain(fill(t.roles.inUse_one, { count: 1 }));
    const confirm = remove.getByRole('button', { name: t.common.delete, exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await choose(page, remove.getByRole('combobox', { name: label(t.roles.moveTo_one) }), second);
    await until(() => confirm.isEnabled()).toBe(true);
    await confirm.click();
    await notice(page, t.roles.notifications.deleted).waitFor();
    await remove.waitFor({ state: 'detached' });
    await until(() => names(page)).toEqual([second]);
    await rowOf(page, second)
      .getByText(fill(t.roles.participantCount_one, { count: 1 }))
      .waitFor();
    const after = await api.call<RoleList>('GET', rolesUrl);
    expect(after).toMatchObject({ items: [{ participantCount: 1 }], defaultRoleId: null });
  });
});
