import { describe } from 'vitest';
import {
  columnTexts,
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  ORGANISER,
  plural,
  signInByCookie,
  TEXTS,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

/**
 * V1 import, in French and in English: from the activity list, import a file with a mistake, read why the row is
 * skipped, save the others and find them in the list (the import page of the participant import's engine).
 */
describe.each(LANGUAGES)('activity import (%s)', (language) => {
  const t = TEXTS[language];
  const a = t.activityImport;
  const p = t.participantImport;
  const titleOf = (fr: string, en: string) => (language === 'fr' ? fr : en);

  test('upload a file, read the dry run, save it and see the activities in the list', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const year = project.startsOn.slice(0, 4);
    await api.call('POST', `/api/projects/${project.id}/activity-categories`, {
      name: { fr: 'Conférences', en: 'Talks' },
    });
    const lines = [
      language === 'fr'
        ? 'Titre FR;Titre EN;Type;Début;Durée (minutes);Catégorie;Lieu'
        : 'Title FR;Title EN;Type;Start;Duration (minutes);Category;Location',
      `Conférence d’ouverture;Opening keynote;${t.activities.types.session};${year}-06-10 09:00;90;${titleOf('Conférences', 'Talks')};Salle A`,
      `Atelier pratique;Hands-on workshop;session;${year}-06-10 11:00;60;;Salle B`,
      `Bal;Ball;Danse;${year}-06-10 20:00;60;;`,
    ];
    const file = { name: 'activites.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) };

    await page.goto(`/projects/${project.id}/activities`);
    await tableSettled(page);
    await page.getByRole('link', { name: a.open, exact: true }).click();
    await page.getByRole('heading', { name: a.title }).waitFor();
    await page.getByRole('link', { name: p.upload.template }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('button', { name: p.upload.send, exact: true }).click();
    await page.getByRole('heading', { name: p.mapping.title }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: p.mapping.analyse, exact: true }).click();
    await page.getByRole('heading', { name: p.dryRun.title }).waitFor();
    await until(() => page.getByTestId('summary-create').textContent()).toContain('2');
    await until(() => page.getByTestId('summary-skip').textContent()).toContain('1');
    // The skipped row says why, under its column.
    await page.getByText('Danse', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: p.dryRun.errors }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: p.dryRun.save, exact: true }).click();
    const confirm = dialog(page, p.confirm.title);
    await confirm.getByText(plural(a.confirm, 'create', 2, language)).waitFor();
    // No inscription e-mail for activities.
    expect(await confirm.getByLabel(p.confirm.sendInscription).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: p.confirm.confirm, exact: true }).click();
    await page
      .getByText(plural(a.done, 'create', 2, language), { exact: false })
      .waitFor({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: a.done.list, exact: true }).click();
    await tableSettled(page);
    await until(async () => (await columnTexts(page, t.activities.fields.title)).sort()).toEqual(
      [
        titleOf('Atelier pratique', 'Hands-on workshop'),
        titleOf('Conférence d’ouverture', 'Opening keynote'),
      ].sort(),
    );
  });
});
