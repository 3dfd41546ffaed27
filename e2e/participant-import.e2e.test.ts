import { describe } from 'vitest';
import {
  ApiClient,
  dialog,
  fill,
  LANGUAGES,
  ORGANISER,
  searchTable,
  signIn,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** U3: import a file with mistakes, read the dry run, fix the file, import it, find the new rows in the list. */
describe.each(LANGUAGES)('participant import (%s)', (language) => {
  const t = TEXTS[language];
  const p = t.participantImport;

  test('import a spreadsheet with mistakes, read why, fix it and import it', async ({ page, baseUrl }) => {
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject();
    await api.call('POST', `/api/projects/${project.id}/roles`, { name: { fr: 'Acheteur', en: 'Buyer' } });
    const lastName = uniqueName('Pelletier');
    const key = lastName.split(' ').at(-1) as string;
    const header = language === 'fr' ? 'Courriel;Prénom;Nom;Rôle' : 'Email,First name,Last name,Role';
    const sep = language === 'fr' ? ';' : ',';
    const row = (email: string, first: string, role: string) => [email, first, lastName, role].join(sep);
    const broken = [
      header,
      row(`lea.${key}@example.test`, 'Léa', 'Acheteur'),
      row('pas-un-courriel', 'Marc', 'Acheteur'),
    ];
    const fixed = [
      header,
      row(`lea.${key}@example.test`, 'Léa', 'Acheteur'),
      row(`marc.${key}@example.test`, 'Marc', 'Buyer'),
    ];
    const file = (lines: string[], name: string) => ({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(lines.join('\n')),
    });

    await signIn(page, ORGANISER, language);
    await page.goto(`/projects/${project.id}/participants`);
    await tableSettled(page);
    await page.getByRole('button', { name: p.open, exact: true }).click();
    await page.getByRole('heading', { name: p.title }).waitFor();
    await page.getByRole('link', { name: p.upload.template }).waitFor();

    // A file with a mistake: the dry run says which row is skipped and why.
    await page.locator('input[type=file]').setInputFiles(file(broken, 'participants.csv'));
    await page.getByRole('button', { name: p.upload.send, exact: true }).click();
    await page.getByRole('heading', { name: p.mapping.title }).waitFor();
    await page.getByRole('button', { name: p.mapping.analyse, exact: true }).click();
    await page.getByRole('heading', { name: p.dryRun.title }).waitFor();
    await until(() => page.getByTestId('summary-skip').textContent()).toContain('1');
    await until(() => page.getByTestId('summary-create').textContent()).toContain('1');
    await page.getByText(t.validation.email, { exact: false }).first().waitFor();
    await page.getByRole('link', { name: p.dryRun.errors }).waitFor();

    // The fixed file: two to create, then saved with the confirmation.
    await page.getByRole('button', { name: p.dryRun.remap, exact: true }).click();
    await page.getByRole('button', { name: p.mapping.another, exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(file(fixed, 'participants.csv'));
    await page.getByRole('button', { name: p.upload.send, exact: true }).click();
    await page.getByRole('button', { name: p.mapping.analyse, exact: true }).click();
    await until(() => page.getByTestId('summary-create').textContent()).toContain('2');
    await page.getByRole('button', { name: p.dryRun.save, exact: true }).click();
    const confirm = dialog(page, p.confirm.title);
    await confirm.getByText(p.confirm.warning).waitFor();
    await confirm.getByLabel(p.confirm.sendInscription).check();
    await confirm.getByRole('button', { name: p.confirm.confirm, exact: true }).click();
    await page
      .getByText(fill(p.done.body, { create: 2, update: 0, unchanged: 0, skip: 0 }))
      .waitFor({ timeout: 20_000 });

    // The new rows are in the list.
    await page.getByRole('button', { name: p.done.list, exact: true }).click();
    await tableSettled(page);
    await searchTable(page, t, key);
    await until(() => tableRows(page).count()).toBe(2);
  });
});
