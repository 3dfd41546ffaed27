import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { Language } from '../contracts/http';
import {
  choose,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  plural,
  searchTable,
  signInByCookie,
  submit,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  testOnOwnServer,
  textField,
  until,
} from '../tests/support/e2e';
import { expectMailPreview, seedMailProject } from '../tests/support/mail-journeys';

/**
 * C1, C3, C5, E5 and C2 in a browser, in French and in English, each test on a project of its own: the organiser
 * makes a template (a name of 3 characters refused first), imports it into a message (refused while the subject has
 * text), adds a merge tag from the editor's menu, sends a test (found in Administration › Sent e-mails), then sends
 * the message to an activity's members: the confirmation counts them, the log shows the batch, its figures, its
 * recipients and each one's message as sent, their first name in it. A send planned for a later date is cancelled
 * (confirmed) and the log says so.
 */
/**
 * The send's test has a server of its own that writes a campaign's messages one per chunk with 2 s between chunks
 * (CAMPAIGN_CHUNK_SIZE, CAMPAIGN_CHUNK_PAUSE_MS): a send to 2 people then lasts about 4 s, and the log shows its
 * progress bar, as an organiser sees it for a send to thousands.
 */
const paced = testOnOwnServer({ CAMPAIGN_CHUNK_SIZE: '1', CAMPAIGN_CHUNK_PAUSE_MS: '2000' });

describe.each(LANGUAGES)('e-mail campaigns (%s)', (language) => {
  const t = TEXTS[language];
  const c = t.campaigns;
  const tpl = t.mailTemplates;

  const openTab = async (page: Page, name: string) => {
    await page.getByRole('tab', { name, exact: true }).click();
    await until(() => page.getByRole('tab', { name, exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
  };

  paced(
    'compose from a template with a merge tag, test it, send it to an activity and read the log',
    async ({ page }) => {
      const api = await signInByCookie(page, ORGANISER, language);
      const { project, people, activity, tag } = await seedMailProject(api);
      const [zoe, liam] = people;

      // C3: a template, its name of 3 characters refused under the field first.
      await page.goto(`/projects/${project.id}/mail?tab=templates`);
      await page.getByTestId('templates-empty').waitFor();
      await page.getByRole('button', { name: tpl.add, exact: true }).first().click();
      const form = dialog(page, tpl.addTitle);
      const name = textField(form, tpl.fields.name);
      await name.fill('Rap');
      const create = form.getByRole('button', { name: t.common.create, exact: true });
      await submit(create);
      await until(() => errorUnder(name).textContent()).toBe(t.validation.mailTemplates.name);
      await expectNoSeriousA11yViolations(page);
      const templateName = `Rappel ${tag}`;
      await name.fill(templateName);
      const subject = { fr: `Demain ${tag}`, en: `Tomorrow ${tag}` };
      await textField(form, tpl.fields.subjectFr).fill(subject.fr);
      await textField(form, tpl.fields.subjectEn).fill(subject.en);
      const bodies = form.locator('.ProseMirror');
      await bodies.nth(0).click();
      await page.keyboard.type('Bonjour');
      await bodies.nth(1).click();
      await page.keyboard.type('Hello');
      await submit(create);
      await notice(page, tpl.notifications.created).waitFor();
      await form.waitFor({ state: 'detached' });
      await tableSettled(page);
      await page.getByRole('cell', { name: templateName, exact: true }).waitFor();

      // Compose: the import is refused while the subject has text, then fills the message.
      await openTab(page, c.tabs.compose);
      const subjectFr = page.getByTestId('subject-fr');
      await subjectFr.fill('Brouillon');
      const templateSelect = page.getByRole('combobox', { name: tpl.import.label });
      await choose(page, templateSelect, templateName);
      const importButton = page.getByRole('button', { name: tpl.import.button, exact: true });
      await importButton.click();
      await page.getByRole('alert').filter({ hasText: tpl.import.notEmptyTitle }).waitFor();
      await subjectFr.fill('');
      await importButton.click();
      await notice(page, fill(tpl.notifications.imported, { name: templateName })).waitFor();
      await until(() => subjectFr.inputValue()).toBe(subject.fr);
      expect(await page.getByTestId('subject-en').inputValue()).toBe(subject.en);

      // E5: the first name from the editor's merge-tag menu, in each language's body.
      for (const lang of ['fr', 'en'] as const) {
        await page
          .getByRole('button', { name: fill(c.compose.editBody, { language: t.languages[lang] }) })
          .click();
        const editor = page.getByTestId(`body-editor-${lang}`);
        await editor.locator('.ProseMirror').click();
        await page.keyboard.press('End');
        await page.keyboard.type(' ');
        await editor.getByRole('button', { name: t.editor.tags.insert }).click();
        await page.getByRole('menuitem', { name: t.editor.tags.items.firstName }).click();
        await editor.locator('.ProseMirror .merge-tag').waitFor();
        await editor.getByRole('button', { name: t.common.save, exact: true }).click();
        await page.getByTestId(`body-preview-${lang}`).locator('.merge-tag').waitFor();
      }

      // A test, rendered for Liam, sent to the organiser.
      const person = page.getByRole('combobox', { name: c.compose.test.participant });
      await person.fill(liam.lastName);
      await page.getByRole('option', { name: new RegExp(liam.email) }).click();
      await page.getByRole('button', { name: c.compose.test.send, exact: true }).click();
      await notice(page, c.compose.test.sent).waitFor();
      await expectNoSeriousA11yViolations(page);

      // Sent to the activity's members: the confirmation counts them.
      await choose(page, page.getByRole('combobox', { name: c.compose.activity }), activity.title[language]);
      const send = page.getByTestId('send');
      await send.click();
      const confirm = dialog(page, c.compose.confirm.title);
      await until(() => confirm.getByTestId('send-count').textContent()).toBe(
        plural(c.compose.confirm, 'recipients', 2, language),
      );
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: c.compose.send, exact: true }).click();
      await notice(page, c.compose.sent).waitFor();

      // The log opens on the batch: its figures (kept in the app: no SMTP server), its recipients.
      await until(() => new URL(page.url()).searchParams.get('tab')).toBe('log');
      const detail = page.getByTestId('campaign-detail');
      await detail.getByRole('heading', { level: 2, name: subject[language] }).waitFor();
      // While the messages are written: the progress bar, « n sur 2 » / "n of 2"; it goes when the batch is sent.
      const progress = detail.getByTestId('campaign-progress');
      await progress.waitFor();
      await until(() => detail.getByTestId('campaign-progress-value').textContent()).toMatch(
        new RegExp(
          `^${fill(c.detail.progressValue, { done: 9, total: 2 }, language).replace('9', '[012]')}$`,
        ),
      );
      await expectNoSeriousA11yViolations(page);
      await progress.waitFor({ state: 'detached', timeout: 20_000 });
      await until(() => detail.getByTestId('figure-recipients').locator('p').last().textContent()).toBe('2');
      await until(() => detail.getByTestId('figure-kept').locator('p').last().textContent()).toBe('2');
      await tableSettled(page);
      await until(async () => (await tableRows(page).allTextContents()).join(' ')).toContain(zoe.email);
      expect(await tableRows(page).count()).toBe(2);
      await expectNoSeriousA11yViolations(page);

      // Each recipient's message as it was sent: Liam's in English, his first name in it.
      await page.getByRole('button', { name: `${c.detail.preview} — ${liam.email}` }).click();
      const preview = await expectMailPreview(page, t, {
        to: liam.email,
        subject: subject.en,
        text: `Hello ${liam.firstName}`,
      });
      await preview.getByRole('button', { name: t.common.close, exact: true }).last().click();
      await preview.waitFor({ state: 'detached' });

      // The batch in the list, sent.
      await page.getByRole('link', { name: c.detail.back }).click();
      await tableSettled(page);
      const row = tableRows(page).filter({ hasText: subject[language] });
      await until(() => row.getByText(c.log.status.sent, { exact: true }).count()).toBe(1);

      // The test in Administration › Sent e-mails: to the organiser, Liam's message in English.
      await menuLink(page, 'outbox').click();
      await tableSettled(page);
      await searchTable(page, t, ORGANISER);
      const test = tableRows(page).filter({ hasText: subject.en });
      await until(() => test.count()).toBe(1);
      expect(await test.textContent()).toContain(t.mail.outbox.kinds.campaignTest);
    },
  );

  test('plans a send for a later date (its empty message refused first), then cancels it', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const { project, base } = await seedMailProject(api);
    await page.goto(`/projects/${project.id}/mail`);
    await page.getByRole('checkbox', { name: c.compose.plan, exact: true }).check();
    const plannedAt = await pickPlannedDate(page, language);

    // The confirmation counts everyone (no activity, no group) and says when, in the project's zone.
    const schedule = async () => {
      await page.getByTestId('send').click();
      const confirm = dialog(page, c.compose.confirm.titlePlanned);
      await until(() => confirm.getByTestId('send-count').textContent()).toBe(
        plural(c.compose.confirm, 'recipients', 3, language),
      );
      await confirm.getByText('America/Toronto', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: c.compose.schedule, exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
    };
    // Nothing written yet: refused under the field that needs text, and said there only (no error popup besides).
    await schedule();
    await until(() => errorUnder(page.getByTestId('subject-fr')).textContent()).toBe(t.validation.required);
    expect(await page.getByRole('dialog', { name: t.errors.title }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    // A preset type writes the subject and the message in both languages.
    await choose(
      page,
      page.getByRole('combobox', { name: c.compose.messageType }),
      c.compose.types.personalPage,
    );
    const subject = c.presets.personalPage.subject;
    await until(() => page.getByTestId(`subject-${language}`).inputValue()).toBe(subject);
    await schedule();

    await until(() => new URL(page.url()).searchParams.get('campaign')).toMatch(/^[0-9a-f-]{36}$/);
    const campaignId = new URL(page.url()).searchParams.get('campaign');
    const planned = await api.call<{ plannedAtLocal: string }>('GET', `${base}/campaigns/${campaignId}`);
    expect(planned.plannedAtLocal).toBe(plannedAt);
    const detail = page.getByTestId('campaign-detail');
    await detail.getByText(c.log.status.planned, { exact: true }).waitFor();

    // Cancelled after a confirmation: the batch says so, in its details and in the log.
    await detail.getByRole('button', { name: c.detail.cancel, exact: true }).click();
    const ask = dialog(page, c.detail.cancelTitle);
    await ask.getByText(c.detail.cancelPlanned).waitFor();
    await ask.getByRole('button', { name: c.detail.cancelConfirm, exact: true }).click();
    await notice(page, c.detail.cancelled).waitFor();
    await detail.getByText(c.log.status.cancelled, { exact: true }).waitFor();
    await page.getByRole('link', { name: c.detail.back }).click();
    await tableSettled(page);
    const row = tableRows(page).filter({ hasText: subject });
    await until(() => row.getByText(c.log.status.cancelled, { exact: true }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
  });
});

/**
 * Picks the 15th of next month at 22:00 (10:00 PM in English) in the planned date's calendar, as a user does, and
 * returns it as the API reads it (the project's local date and time).
 */
async function pickPlannedDate(page: Page, language: Language): Promise<string> {
  await page.getByTestId('planned-at').click();
  const picker = page.locator('[data-dates-dropdown]');
  await picker.locator('button[data-direction="next"]').click();
  await picker.locator('button:not([data-outside])').filter({ hasText: /^15$/ }).click();
  // The hours with the arrow keys, from the last hour of the clock: 22 h, or 10 PM in English's 12-hour clock.
  const hours = picker.getByRole('spinbutton').first();
  await hours.click();
  await page.keyboard.press('End');
  for (let n = language === 'en' ? 2 : 1; n > 0; n -= 1) await page.keyboard.press('ArrowDown');
  if (language === 'en') await picker.locator('select[data-am-pm]').selectOption('PM');
  await until(() => picker.locator('input[type="hidden"]').inputValue()).toBe('22:00');
  await picker.locator('button[data-size="input-sm"]').click();
  await picker.waitFor({ state: 'hidden' });
  // Next month as the project's zone (America/Toronto) counts it.
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${next[0]}-${String(next[1]).padStart(2, '0')}-15T22:00`;
}
