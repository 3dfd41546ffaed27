import type { Page } from 'playwright-core';
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
  ORGANISER,
  pageTitle,
  searchParams,
  searchTable,
  signIn,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

/**
 * Journey: Administration › Sent e-mails, on the embedded default (no SMTP server): the demo company's two sample
 * messages are kept in the app, listed, filtered, searched and previewed, in French and in English.
 */
describe.each(LANGUAGES)('outbox (%s)', (language) => {
  const t = TEXTS[language];
  const rowsText = (page: Page) => tableRows(page).allTextContents();

  async function openOutbox(page: Page) {
    await menuLink(page, 'outbox').click();
    await until(() => pageTitle(page).textContent()).toBe(t.mail.outbox.title);
    await tableSettled(page);
  }

  test('says that no SMTP server is configured, and lists the kept messages', async ({ page }) => {
    await signIn(page, ORGANISER, language);
    await openOutbox(page);
    const banner = page.getByTestId('smtp-banner');
    await banner.waitFor();
    expect(await banner.getAttribute('data-smtp')).toBe('off');
    expect(await banner.textContent()).toContain(t.mail.outbox.smtpOffTitle);

    await searchTable(page, t, 'oliver.grant');
    await until(() => rowsText(page)).toEqual([expect.stringContaining('oliver.grant@example.test')]);
    const row = tableRows(page).first();
    expect(await row.textContent()).toContain('Oliver Grant');
    expect(await row.textContent()).toContain(t.mail.outbox.kinds.sample);
    expect(await row.getByTestId('mail-status').textContent()).toBe(t.mail.outbox.status.kept);
    await expectNoSeriousA11yViolations(page);

    // Nothing was sent: filtering on "sent" finds nothing, on "kept" finds the message again.
    const filter = page.getByRole('combobox', { name: t.mail.outbox.statusFilter });
    // The list open, checked as it shows.
    await filter.click();
    await page.getByRole('option', { name: exactly(t.mail.outbox.status.sent) }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await choose(page, filter, t.mail.outbox.status.sent);
    await until(() => searchParams(page).status).toBe('sent');
    await until(() => tableRows(page).getByTestId('mail-status').count()).toBe(0);
    await choose(page, filter, t.mail.outbox.status.kept);
    await until(() => searchParams(page).status).toBe('kept');
    await until(() => rowsText(page)).toEqual([expect.stringContaining('oliver.grant@example.test')]);
  });

  test('previews a message: its subject and its HTML body in a sandboxed frame', async ({ page }) => {
    await signIn(page, ORGANISER, language);
    await openOutbox(page);
    await searchTable(page, t, 'elise.bouchard');
    await until(() => rowsText(page)).toEqual([expect.stringContaining('elise.bouchard@exemple.test')]);
    const subject = TEXTS.fr.mail.templates.inscription.subject.replace('{{project}}', '');
    await tableRows(page).first().click();

    const preview = dialog(page, fill(t.mail.outbox.previewOf, { recipient: 'elise.bouchard@exemple.test' }));
    await preview.waitFor();
    // The sample speaks French, whatever the reader's language.
    expect(await preview.getByTestId('mail-preview-subject').textContent()).toMatch(
      new RegExp(`^${subject}\\S`),
    );
    expect(await preview.textContent()).toContain('Élise Bouchard <elise.bouchard@exemple.test>');
    expect(await preview.getByTestId('mail-status').textContent()).toBe(t.mail.outbox.status.kept);

    const frame = preview.getByTestId('mail-preview-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('title')).toBe(t.mail.outbox.previewFrame);
    const body = page.frameLocator('[data-testid="mail-preview-frame"]').locator('body');
    await until(() => body.textContent()).toContain('Bonjour Élise,');
    expect(await body.textContent()).toContain('bonjour@maillage.test');
    await expectNoSeriousA11yViolations(page);

    await preview.getByRole('button', { name: t.common.close, exact: true }).last().click();
    await preview.waitFor({ state: 'detached' });
  });
});
