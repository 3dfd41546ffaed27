import { describe } from 'vitest';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  languageSwitch,
  notice,
  ORGANISER,
  signIn,
  submit,
  TEXTS,
  tableSettled,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** A1: an administrator invites a colleague, who reads the mail, chooses a password and is signed in. */
describe.each(LANGUAGES)('users (%s)', (language) => {
  const t = TEXTS[language];

  test('invite a colleague, who accepts from the e-mail and is signed in', async ({ page, newPage }) => {
    const api = await signIn(page, ORGANISER, language, '/admin/users');
    await tableSettled(page);
    await expectNoSeriousA11yViolations(page);
    const key = (uniqueName('x').split(' ').at(-1) as string).toLowerCase();
    const address = `collegue.${key}@example.test`;

    await page.getByRole('button', { name: t.users.invite }).click();
    const modal = dialog(page, t.users.inviteTitle);
    await textField(modal, t.users.fields.firstName).fill('Inès');
    await textField(modal, t.users.fields.lastName).fill(`Lavoie ${key}`);
    await textField(modal, t.users.fields.email).fill(address);
    await submit(modal.getByRole('button', { name: t.users.inviteSubmit }));
    await notice(page, fill(t.users.notifications.invited, { address })).waitFor();
    await until(() => page.locator('main table tbody').textContent()).toContain(address);

    // The message of the outbox, in the invitee's language (the inviter's, chosen by default).
    const list = await api.call<{ items: { id: string }[] }>('GET', `/api/mail/messages?q=${address}`);
    const mail = await api.call<{ text: string; subject: string }>(
      'GET',
      `/api/mail/messages/${list.items[0].id}`,
    );
    const link = /\/invitation\/[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0] as string;
    expect(link).toBeTruthy();

    const colleague = await newPage();
    await colleague.goto(link);
    await colleague.getByText(address, { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(colleague);
    await colleague.locator('input[type="password"]').nth(0).fill('Harfang-des-neiges-2026');
    await colleague.locator('input[type="password"]').nth(1).fill('Harfang-des-neiges-2026');
    await submit(colleague.getByRole('button', { name: t.users.public.invitationSubmit }));
    await languageSwitch(colleague).waitFor();
    expect(new URL(colleague.url()).pathname).not.toContain('/invitation');
  });
});
