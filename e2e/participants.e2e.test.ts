import { describe } from 'vitest';
import {
  ApiClient,
  choose,
  dialog,
  errorUnder,
  expect,
  LANGUAGES,
  notice,
  ORGANISER,
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

/** U1/U2: add a participant (a role is required), find them in the list, edit them in the side panel, go back. */
describe.each(LANGUAGES)('participants (%s)', (language) => {
  const t = TEXTS[language];
  const p = t.participants;

  test('add a participant, find them, edit them in the side panel, then go back', async ({
    page,
    baseUrl,
  }) => {
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject();
    await api.call('POST', `/api/projects/${project.id}/roles`, { name: { fr: 'Acheteur', en: 'Buyer' } });
    const roleName = language === 'fr' ? 'Acheteur' : 'Buyer';
    const lastName = uniqueName('Bérubé');
    const key = lastName.split(' ').at(-1) as string;

    await signIn(page, ORGANISER, language);
    await page.goto(`/projects/${project.id}/participants`);
    await tableSettled(page);

    // First try without a role: the message shows under the role field.
    await page.getByRole('button', { name: p.add, exact: true }).click();
    const modal = dialog(page, p.addTitle);
    await modal.waitFor();
    await textField(modal, p.fields.firstName).fill('Éloïse');
    await textField(modal, p.fields.lastName).fill(lastName);
    await textField(modal, p.fields.email).fill(`eloise.${key}@example.test`);
    const role = modal.getByTestId('participant-role');
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await until(() => errorUnder(role).textContent()).toBe(t.validation.participants.roleRequired);

    // With a role, the participant is added.
    await choose(page, role, roleName);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, p.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });

    // Found by a search that ignores accents.
    await searchTable(page, t, `berube ${key}`);
    await until(() => tableRows(page).allTextContents()).toEqual([expect.stringContaining(lastName)]);
    expect(await tableRows(page).first().textContent()).toContain(roleName);

    // The row opens the edition panel in place of the list.
    await tableRows(page).first().getByText(lastName).click();
    const panel = page.getByTestId('participant-panel');
    await panel.waitFor();
    await expect.poll(() => page.locator('main table').count()).toBe(0);
    expect(await textField(panel, p.fields.lastName).inputValue()).toBe(lastName);
    await textField(panel, p.fields.organisation).fill('Boréal Export');
    await submit(panel.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, p.notifications.saved).waitFor();

    // The inscription e-mail is sent once per page view: the button is then disabled.
    const send = panel.getByRole('button', { name: p.inscription.send });
    await send.click();
    await notice(page, p.inscription.sent).waitFor();
    await until(() => send.isDisabled()).toBe(true);

    // Back to the list, still searched, showing the change.
    await page.getByRole('button', { name: p.back }).click();
    await tableSettled(page);
    await until(() => tableRows(page).allTextContents()).toEqual([expect.stringContaining('Boréal Export')]);
    expect(new URL(page.url()).searchParams.get('q')).toBe(`berube ${key}`);
  });
});
