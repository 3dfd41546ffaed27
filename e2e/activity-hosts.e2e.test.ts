import { describe } from 'vitest';
import {
  type ApiClient,
  choose,
  dialog,
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  flip,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  searchTable,
  signInByCookie,
  submit,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

type Id = { id: string };

/** A unique e-mail address for this run (the demo company is shared by every test). */
const uniqueEmail = (prefix: string) =>
  `${uniqueName(prefix).replace(/\s+/g, '.').toLowerCase()}@exemple.test`;

/** A project with a role, a group and a known person (a participant) of the company. */
async function seed(api: ApiClient) {
  const project = await api.createProject();
  const p = `/api/projects/${project.id}`;
  const role = await api.call<Id>('POST', `${p}/roles`, { name: { fr: 'Conférencier', en: 'Speaker' } });
  const category = await api.call<Id>('POST', `${p}/group-categories`, {
    name: { fr: 'Secteurs', en: 'Sectors' },
  });
  const group = await api.call<Id>('POST', `${p}/groups`, {
    categoryId: category.id,
    name: { fr: 'Énergie', en: 'Energy' },
  });
  const email = uniqueEmail('mireille');
  await api.call('POST', `${p}/participants`, {
    roleId: role.id,
    firstName: 'Mireille',
    lastName: 'Gagnon',
    email,
  });
  return { project, p, role, group, email };
}

/**
 * V3's host step, V4's subscribe tab and V2's permissions editor, in French and in English: an organiser adds an
 * activity with a new host found by e-mail in three steps; on the subscribe tab e-mails a host (confirmed, then seen
 * in the outbox) and restricts the activity to a group; on the configuration page restricts a category to a role
 * and names the default menu. Each screen and state is checked with axe.
 */
describe.each(LANGUAGES)('activity hosts (%s)', (language) => {
  const t = TEXTS[language];
  const a = t.activities;
  const h = a.hosts;
  const titleOf = (fr: string, en: string) => (language === 'fr' ? fr : en);

  test('add an activity with a new host found by e-mail in three steps', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { project, p, email } = await seed(api);
    await page.goto(`/projects/${project.id}/activities`);
    await until(() => pageTitle(page).textContent()).toBe(a.title);
    await page
      .getByRole('button', { name: exactly(a.add) })
      .first()
      .click();
    const modal = dialog(page, a.addTitle);
    await modal.waitFor();
    await textField(modal, a.fields.titleFr).fill('Table ronde');
    await textField(modal, a.fields.titleEn).fill('Round table');
    await flip(page, modal.getByRole('switch', { name: a.fields.noDate }));

    // Step 1: an invalid e-mail is refused with the e-mail-invalid message.
    const steps = modal.getByTestId('host-steps');
    const emailField = textField(steps, h.fields.email);
    await emailField.fill('pas-un-courriel');
    await steps.getByRole('button', { name: h.steps.lookup }).click();
    await steps.getByText(h.steps.invalidEmail).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A known person: step 2 with the names filled in, the e-mail disabled; « start over » returns to step 1.
    await emailField.fill(email.toUpperCase());
    await steps.getByRole('button', { name: h.steps.lookup }).click();
    await steps.getByText(h.steps.known).waitFor();
    expect(await textField(steps, h.fields.firstName).inputValue()).toBe('Mireille');
    expect(await textField(steps, h.fields.lastName).inputValue()).toBe('Gagnon');
    expect(await emailField.isDisabled()).toBe(true);
    expect(await emailField.inputValue()).toBe(email);
    await expectNoSeriousA11yViolations(page);
    await steps.getByRole('button', { name: h.steps.reset }).click();
    await until(() => steps.getAttribute('data-step')).toBe('1');
    expect(await emailField.isDisabled()).toBe(false);

    // An unknown person: the names are typed; one character is refused under its field.
    const newcomer = uniqueEmail('nouveau');
    await emailField.fill(newcomer);
    await emailField.press('Enter');
    await steps.getByText(h.steps.unknown).waitFor();
    await textField(steps, h.fields.firstName).fill('J');
    await textField(steps, h.fields.lastName).fill('Poirier');
    await steps.getByRole('button', { name: h.steps.keep }).click();
    await steps.getByText(t.validation.activityHosts.nameTooShort).waitFor();
    await textField(steps, h.fields.firstName).fill('Jo');
    await steps.getByRole('button', { name: h.steps.keep }).click();
    await steps.getByText(fill(h.steps.kept, { name: 'Jo Poirier', address: newcomer })).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Step 3 kept: the host is created right after the activity.
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, a.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });
    const list = await api.call<{ items: Id[] }>('GET', `${p}/activities?past=true`);
    expect(list.items).toHaveLength(1);
    const hosts = await api.call<{ items: { email: string; firstName: string }[] }>(
      'GET',
      `${p}/activities/${list.items[0].id}/hosts`,
    );
    expect(hosts.items).toEqual([expect.objectContaining({ email: newcomer, firstName: 'Jo' })]);
  });

  test('the subscribe tab: figures, a host e-mailed after a confirmation (seen in the outbox), a group restricts', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    // The host is a participant of the project (a badge says so).
    const { project, p, email: hostEmail } = await seed(api);
    const activity = await api.call<Id>('POST', `${p}/activities`, {
      title: { fr: 'Atelier export', en: 'Export workshop' },
      startsAt: `${new Date().getFullYear() + 1}-06-10T09:30`,
      maxMembers: 20,
      location: 'Salle 2',
    });
    await api.call('POST', `${p}/activities/${activity.id}/hosts`, {
      email: hostEmail,
      firstName: 'Paul',
      lastName: 'Lévesque',
    });
    await page.goto(`/projects/${project.id}/activities/${activity.id}?tab=subscribe`);
    await page.getByTestId('host-row').getByText(h.participant).waitFor();
    await until(() => page.getByTestId('seats').textContent()).toContain(
      fill(a.subscribe.seatsOf, { used: 0, max: 20 }, language),
    );
    const state = page.getByTestId('access-state');
    await until(() => state.textContent()).toBe(a.access.visibleToAll);
    await expectNoSeriousA11yViolations(page);

    // E-mail the host: confirmed first, then the answer's title.
    await page.getByRole('button', { name: fill(h.mailNamed, { name: 'Paul Lévesque' }) }).click();
    const confirm = dialog(page, h.mailTitle);
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: h.send, exact: true }).click();
    await notice(page, fill(h.mailSent, { name: 'Paul Lévesque', address: hostEmail })).waitFor();
    await confirm.waitFor({ state: 'detached' });

    // A group added: the activity is restricted; removed after a confirmation: visible to all again.
    await choose(page, page.getByTestId('access-group'), titleOf('Énergie', 'Energy'));
    await page.getByRole('button', { name: a.access.addGroup }).click();
    await until(() => state.textContent()).toBe(a.access.restricted);
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole('button', { name: fill(a.access.removeNamed, { name: titleOf('Énergie', 'Energy') }) })
      .click();
    const remove = dialog(page, a.access.removeTitle);
    await remove.waitFor();
    await remove.getByRole('button', { name: t.common.delete, exact: true }).click();
    await until(() => state.textContent()).toBe(a.access.visibleToAll);

    // The message is in the outbox, kept (no SMTP server here), of the host kind.
    await menuLink(page, 'outbox').click();
    await until(() => pageTitle(page).textContent()).toBe(t.mail.outbox.title);
    await tableSettled(page);
    await searchTable(page, t, hostEmail);
    await until(() => tableRows(page).allTextContents()).toEqual([expect.stringContaining(hostEmail)]);
    const row = tableRows(page).first();
    expect(await row.textContent()).toContain(t.mail.outbox.kinds.activityHost);
    expect(await row.textContent()).toContain(
      TEXTS.fr.mail.templates.activityHost.subject.split('{{')[0].trim(),
    );
  });

  test('the permissions editor of a category, and the defaults of the activities', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { project, p } = await seed(api);
    await api.call('POST', `${p}/activity-categories`, { name: { fr: 'Ateliers', en: 'Workshops' } });
    await page.goto(`/projects/${project.id}/activities/configuration`);
    await until(() => pageTitle(page).textContent()).toBe(a.configuration.title);
    const categories = page.getByTestId('category-list');
    const name = titleOf('Ateliers', 'Workshops');
    await categories.getByRole('button', { name: fill(a.editNamed, { name }) }).click();
    const modal = dialog(page, a.category.editTitle);
    await modal.waitFor();
    const state = modal.getByTestId('access-state');
    await until(() => state.textContent()).toBe(a.access.visibleToAll);
    await expectNoSeriousA11yViolations(page);
    await choose(page, modal.getByTestId('access-role'), titleOf('Conférencier', 'Speaker'));
    await modal.getByRole('button', { name: a.access.addRole }).click();
    await until(() => state.textContent()).toBe(a.access.restricted);
    await modal.getByTestId('access-row').getByText(titleOf('Conférencier', 'Speaker')).waitFor();
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: t.common.close }).click();
    await modal.waitFor({ state: 'detached' });
    const access = await api.call<{ restricted: boolean }>(
      'GET',
      `${p}/activity-categories/${(await api.call<{ items: Id[] }>('GET', `${p}/activity-categories`)).items[0].id}/access`,
    );
    expect(access.restricted).toBe(true);

    // Defaults: the switch reveals the default menu's name, saved in both languages.
    const defaults = page.getByTestId('activity-defaults');
    await flip(page, defaults.getByRole('switch', { name: a.defaults.menuSwitch }));
    await textField(defaults, a.defaults.menuNameFr).fill('Programme général');
    await textField(defaults, a.defaults.menuNameEn).fill('Main programme');
    await expectNoSeriousA11yViolations(page);
    await submit(defaults.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, a.defaults.saved).waitFor();
    expect(await api.call('GET', `${p}/activity-settings`)).toEqual({
      defaultMenu: { fr: 'Programme général', en: 'Main programme' },
    });
  });
});
