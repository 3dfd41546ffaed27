import { describe } from 'vitest';
import {
  choose,
  dialog,
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  otherLanguage,
  plural,
  searchTable,
  signInByCookie,
  submit,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  textField,
  until,
} from '../tests/support/e2e';
import { expectMailPreview, seedMailProject } from '../tests/support/mail-journeys';

/**
 * J5 in a browser, in French and in English, on a project of its own: the organiser creates an automatic
 * notification for a participant registered to an activity, registers a participant who speaks the other language
 * from the activity's participant manager, and finds the message in Administration › Sent e-mails, written in the
 * participant's language with their first name.
 */
describe.each(LANGUAGES)('automatic notifications (%s)', (language) => {
  const t = TEXTS[language];
  const n = t.notifications;
  const m = t.activities.members;

  test('a notification on registration to an activity is written when a participant is added', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { project, people, activity, tag } = await seedMailProject(api, []);
    // The participant speaks the other language than the organiser's screen: the message follows them.
    const person = people.find((p) => p.language === otherLanguage(language)) ?? people[0];

    await page.goto(`/projects/${project.id}/mail?tab=notifications`);
    await tableSettled(page);
    await page.getByRole('button', { name: n.create, exact: true }).first().click();
    const form = dialog(page, n.form.createTitle);
    await choose(page, form.getByRole('combobox', { name: n.form.activity }), activity.title[language]);
    // Sent on registration (« in »), the default.
    const when = form.getByRole('radiogroup', { name: n.form.direction });
    expect(
      await when.getByRole('radio', { name: n.form.directions.activity.in }).getAttribute('aria-checked'),
    ).toBe('true');
    const subject = { fr: `Bienvenue ${tag}`, en: `Welcome ${tag}` };
    await textField(form, n.form.subject.fr).fill(subject.fr);
    await textField(form, n.form.subject.en).fill(subject.en);
    const bodies = form.locator('.ProseMirror');
    for (const [index, text] of ['Bonjour ', 'Hello '].entries()) {
      await bodies.nth(index).click();
      await page.keyboard.type(text);
      await form.getByRole('button', { name: t.editor.tags.insert }).nth(index).click();
      await page.getByRole('menuitem', { name: t.editor.tags.items.firstName }).click();
      await bodies.nth(index).locator('.merge-tag').waitFor();
    }
    await expectNoSeriousA11yViolations(page);
    await submit(form.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, n.created).waitFor();
    await form.waitFor({ state: 'detached' });
    await tableRows(page).filter({ hasText: subject[language] }).waitFor();

    // The participant registered from the activity's participant manager.
    await page.goto(`/projects/${project.id}/activities/${activity.id}?tab=participation`);
    await page.getByRole('button', { name: exactly(m.manage) }).click();
    const manager = dialog(page, fill(m.managerTitle, { title: activity.title[language] }));
    const out = manager.getByTestId('members-out');
    await out
      .locator('tbody tr')
      .filter({ hasText: person.lastName })
      .getByRole('checkbox', { name: t.table.selectRow })
      .check();
    await out.getByRole('button', { name: exactly(plural(m, 'addSelected', 1, language)) }).click();
    await notice(page, plural(m.notifications, 'added', 1, language)).waitFor();
    await manager.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await manager.waitFor({ state: 'detached' });

    // The message in the outbox, in the participant's language, their first name in it.
    await menuLink(page, 'outbox').click();
    await tableSettled(page);
    await searchTable(page, t, person.email);
    const row = tableRows(page).filter({ hasText: subject[person.language] });
    await until(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(t.mail.outbox.kinds.notification);
    await row.click();
    await expectMailPreview(page, t, {
      to: person.email,
      subject: subject[person.language],
      text: `${person.language === 'fr' ? 'Bonjour' : 'Hello'} ${person.firstName}`,
    });
    await expectNoSeriousA11yViolations(page);
  });
});
