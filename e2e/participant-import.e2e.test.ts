import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe } from 'vitest';
import { intlLocale } from '../locales';
import {
  ApiClient,
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  flip,
  LANGUAGES,
  ORGANISER,
  plural,
  searchTable,
  signIn,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

/** U3: import a file with mistakes, read the dry run, fix the file, import it, find the new rows in the list. */
describe.each(LANGUAGES)('participant import (%s)', (language) => {
  const t = TEXTS[language];
  const p = t.participantImport;
  /** What the page says once the import is saved: one plural per count, in the order of the summary. */
  const doneText = (summary: Record<'create' | 'update' | 'unchanged' | 'skip', number>) =>
    (['create', 'update', 'unchanged', 'skip'] as const)
      .map((action) => plural(p.done, action, summary[action], language))
      .join(', ');

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

    await signIn(page, ORGANISER, language, `/projects/${project.id}/participants`);
    await tableSettled(page);
    await page.getByRole('link', { name: p.open, exact: true }).click();
    await page.getByRole('heading', { name: p.title }).waitFor();
    await page.getByRole('link', { name: p.upload.template }).waitFor();
    // How long the file and its rows are kept: the server's setting (IMPORT_RETENTION_DAYS, 7 days by default).
    await page.getByText(plural(p, 'retention', 7, language)).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A file with a mistake: the dry run says which row is skipped and why.
    await page.locator('input[type=file]').setInputFiles(file(broken, 'participants.csv'));
    await page.getByRole('button', { name: p.upload.send, exact: true }).click();
    await page.getByRole('heading', { name: p.mapping.title }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: p.mapping.analyse, exact: true }).click();
    await page.getByRole('heading', { name: p.dryRun.title }).waitFor();
    await until(() => page.getByTestId('summary-skip').textContent()).toContain('1');
    await until(() => page.getByTestId('summary-create').textContent()).toContain('1');
    await page.getByText(t.validation.email, { exact: false }).first().waitFor();
    await page.getByRole('link', { name: p.dryRun.errors }).waitFor();
    // The action badges are never cut: each label shows its whole word.
    const cut = await page
      .locator('table .mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await expectNoSeriousA11yViolations(page);

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
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: p.confirm.confirm, exact: true }).click();
    await page
      .getByText(doneText({ create: 2, update: 0, unchanged: 0, skip: 0 }))
      .waitFor({ timeout: 20_000 });
    // Saved: only the skipped rows are kept (none here), and the page says so.
    await page.getByText(p.onlySkipped).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The new rows are in the list.
    await page.getByRole('link', { name: p.done.list, exact: true }).click();
    await tableSettled(page);
    await searchTable(page, t, key);
    await until(() => tableRows(page).count()).toBe(2);
  });

  /** Q1: a column per question of the questionnaire: an unknown label is a warning, the known one is saved. */
  test('import answers to a question: the warning for an unknown label, then the answer in the panel', async ({
    page,
    baseUrl,
  }) => {
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject();
    await api.call('POST', `/api/projects/${project.id}/roles`, { name: { fr: 'Acheteur', en: 'Buyer' } });
    const title = { fr: 'Secteur d’activité 🍁', en: 'Industry 🍁' };
    const question = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/questions`, {
      title,
      kind: 'multiple',
    });
    for (const label of [
      { fr: 'Énergie', en: 'Energy' },
      { fr: 'Santé', en: 'Health' },
    ]) {
      await api.call('POST', `/api/projects/${project.id}/questions/${question.id}/choices`, {
        label,
        categoryId: null,
      });
    }
    const en = language === 'en';
    const lastName = uniqueName('Gagnon');
    const key = lastName.split(' ').at(-1) as string;
    const unknown = en ? 'Aerospace' : 'Aérospatiale';
    const lines = en
      ? [
          'Email,First name,Last name,Role,Industry 🍁',
          `lea.${key}@example.test,Léa,${lastName},Buyer,Energy | ${unknown}`,
        ]
      : [
          'Courriel;Prénom;Nom;Rôle;Secteur d’activité 🍁',
          `lea.${key}@example.test;Léa;${lastName};Acheteur;Énergie | ${unknown}`,
        ];

    await signIn(page, ORGANISER, language, `/projects/${project.id}/participants/import`);
    await page.getByRole('heading', { name: p.title }).waitFor();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'reponses.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await page.getByRole('button', { name: p.upload.send, exact: true }).click();
    await page.getByRole('heading', { name: p.mapping.title }).waitFor();
    // The question's column is matched by its title; the questions are offered under their own heading.
    const target = page
      .getByRole('combobox', { name: title[language] })
      .or(page.getByRole('textbox', { name: title[language] }));
    await until(() => target.inputValue()).toBe(title[language]);
    await target.click();
    await page
      .getByRole('listbox', { name: title[language] })
      .getByText(p.mapping.questionnaire, { exact: true })
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    // The dry run: one participant to create, with the warning naming the column and the unknown label.
    await page.getByRole('button', { name: p.mapping.analyse, exact: true }).click();
    await page.getByRole('heading', { name: p.dryRun.title }).waitFor();
    await until(() => page.getByTestId('summary-create').textContent()).toContain('1');
    const warning = `${title[language]}${en ? ':' : ' :'} ${fill(p.reasons.unknownChoice, { name: unknown })}`;
    await page.getByText(warning, { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: p.dryRun.save, exact: true }).click();
    const confirm = dialog(page, p.confirm.title);
    await confirm.getByRole('button', { name: p.confirm.confirm, exact: true }).click();
    await page
      .getByText(doneText({ create: 1, update: 0, unchanged: 0, skip: 0 }))
      .waitFor({ timeout: 20_000 });

    // The participant's panel shows the known label ticked, the other one not.
    await page.getByRole('link', { name: p.done.list, exact: true }).click();
    await tableSettled(page);
    await searchTable(page, t, key);
    await until(() => tableRows(page).count()).toBe(1);
    await tableRows(page).first().getByText('Léa').click();
    const answers = page.getByTestId('participant-panel').getByTestId('participant-answers');
    const energy = answers.getByRole('checkbox', { name: en ? 'Energy' : 'Énergie' });
    await energy.waitFor();
    await until(() => energy.isChecked()).toBe(true);
    expect(await answers.getByRole('checkbox', { name: en ? 'Health' : 'Santé' }).isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });

  /**
   * The "done when" of U3: a large workbook (10,000 rows in French, 1,500 in English to keep the suite short) with
   * five bad rows. The refusals are read row by row before anything is saved; the fixed file is saved with its
   * progress shown; a new participant is found at once; the same file imported again creates nothing.
   */
  const size = language === 'fr' ? 10_000 : 1_500;
  test(`import ${size} rows from a workbook: refusals first, then the fixed file, then nothing twice`, {
    timeout: 300_000,
  }, async ({ page, baseUrl }) => {
    const api = await ApiClient.signIn(baseUrl, ORGANISER);
    const project = await api.createProject();
    for (const name of [
      { fr: 'Acheteur', en: 'Buyer' },
      { fr: 'Exposant', en: 'Exhibitor' },
    ]) {
      await api.call('POST', `/api/projects/${project.id}/roles`, { name });
    }
    const category = await api.call<{ id: string }>('POST', `/api/projects/${project.id}/group-categories`, {
      name: { fr: 'Secteurs', en: 'Industries' },
    });
    await api.call('POST', `/api/projects/${project.id}/groups`, {
      categoryId: category.id,
      name: { fr: 'Santé', en: 'Health' },
    });
    const total = async () =>
      (await api.call<{ total: number }>('GET', `/api/projects/${project.id}/participants`)).total;

    // The workbook: a header row in the user's language, then one participant a row.
    const key = uniqueName('x').split(' ').at(-1) as string;
    const firstNames = ['Léa', 'Marc', 'Zoé', 'Émile', 'Inès', 'Noah'];
    const found = Math.floor(size * 0.43);
    const good = Array.from({ length: size }, (_, i) => ({
      email: `p${i + 1}.${key}@example.test`,
      firstName: i === found ? 'Gisèle' : firstNames[i % firstNames.length],
      lastName: i === found ? 'Ouellette' : `Tremblay-${i + 1}`,
      organisation: `Entreprise ${i % 50}`,
      role: i % 2 ? 'Acheteur' : 'Exhibitor',
      groups: i % 3 ? '' : language === 'fr' ? 'Santé' : 'Health',
    }));
    // Five bad rows (line = index + 2, the header being line 1), each with the reason the dry run must give.
    const unknownGroup = language === 'fr' ? 'Inexistant' : 'Nowhere';
    const bad = [
      { index: 9, change: { email: 'pas-un-courriel' }, reason: t.validation.email },
      { index: 19, change: { role: '' }, reason: t.validation.participants.roleRequired },
      {
        index: 29,
        change: { groups: unknownGroup },
        reason: fill(p.reasons.unknownGroup, { name: unknownGroup }),
      },
      { index: 39, change: { email: good[4].email }, reason: fill(p.reasons.duplicate, { line: 6 }) },
      { index: 49, change: { lastName: '' }, reason: t.validation.required },
    ];
    const broken = good.map((row, i) => ({ ...row, ...bad.find((b) => b.index === i)?.change }));
    const header =
      language === 'fr'
        ? ['Courriel', 'Prénom', 'Nom', 'Entreprise', 'Rôle', 'Groupes']
        : ['Email', 'First name', 'Last name', 'Organisation', 'Role', 'Groups'];
    const folder = await mkdtemp(join(tmpdir(), 'maillage-import-'));
    async function workbook(name: string, rows: typeof good) {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Participants');
      sheet.addRow(header);
      for (const r of rows)
        sheet.addRow([r.email, r.firstName, r.lastName, r.organisation, r.role, r.groups]);
      const path = join(folder, name);
      await book.xlsx.writeFile(path);
      return path;
    }
    const brokenFile = await workbook('participants.xlsx', broken);

    /** The progress bar as the user sees it: its track, holding the progressbar named after the step (empty at 0 %). */
    const progressBar = (name: string) =>
      page.locator('.mantine-Progress-root').filter({ has: page.getByRole('progressbar', { name }) });
    /** Chooses the file, reads it, keeps the detected mapping and analyses it; the progress bar shows meanwhile. */
    async function analyse(path: string) {
      await page.locator('input[type=file]').setInputFiles(path);
      await page.getByRole('button', { name: p.upload.send, exact: true }).click();
      await page.getByRole('heading', { name: p.mapping.title }).waitFor();
      const progress = progressBar(p.progress.analysing).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: p.mapping.analyse, exact: true }).click();
      await progress;
      await page.getByRole('heading', { name: p.dryRun.title }).waitFor({ timeout: 120_000 });
    }
    const summary = (action: 'create' | 'update' | 'unchanged' | 'skip') =>
      page.getByTestId(`summary-${action}`).locator('p').first().textContent();
    /** A count as the page writes it (« 9 995 », "9,995"). */
    const figure = (n: number) => new Intl.NumberFormat(intlLocale(language)).format(n);

    await signIn(page, ORGANISER, language, `/projects/${project.id}/participants`);
    await tableSettled(page);
    await page.getByRole('link', { name: p.open, exact: true }).click();
    await page.getByRole('heading', { name: p.title }).waitFor();

    // The dry run of the file with mistakes: five rows skipped, each with its reason; nothing saved yet.
    await analyse(brokenFile);
    await until(() => summary('skip')).toBe('5');
    expect(await summary('create')).toBe(figure(size - 5));
    await flip(page, page.getByRole('switch', { name: p.dryRun.onlyProblems }));
    await until(() => tableRows(page).count()).toBe(5);
    const cells = (row: number, column: number) =>
      tableRows(page).nth(row).locator(`td:nth-child(${column})`).textContent();
    for (const [row, expected] of bad.entries()) {
      expect(await cells(row, 1)).toBe(String(expected.index + 2));
      expect(await cells(row, 2)).toBe(p.actions.skip);
      expect(await cells(row, 5)).toContain(expected.reason);
    }
    expect(await cells(0, 3)).toBe('pas-un-courriel');
    await page.getByRole('link', { name: p.dryRun.errors }).waitFor();
    expect(await total()).toBe(0);

    // The fixed file: every row to create.
    const fixedFile = await workbook('participants-corrige.xlsx', good);
    await page.getByRole('button', { name: p.dryRun.remap, exact: true }).click();
    await page.getByRole('button', { name: p.mapping.another, exact: true }).click();
    await analyse(fixedFile);
    await until(() => summary('create')).toBe(figure(size));
    expect(await summary('skip')).toBe('0');

    // Saved after the confirmation, without the inscription e-mail; the progress of the save shows.
    await page.getByRole('button', { name: p.dryRun.save, exact: true }).click();
    const confirm = dialog(page, p.confirm.title);
    await confirm.getByText(plural(p.confirm, 'create', size, language)).waitFor();
    await confirm.getByText(plural(p.confirm, 'update', 0, language)).waitFor();
    await confirm.getByText(p.confirm.warning).waitFor();
    expect(await confirm.getByLabel(p.confirm.sendInscription).isChecked()).toBe(false);
    // The bar of a short save may come and go between two frames: it is watched on the large file, whose save lasts.
    const saving =
      size >= 10_000 ? progressBar(p.progress.saving).waitFor({ timeout: 30_000 }) : Promise.resolve();
    await confirm.getByRole('button', { name: p.confirm.confirm, exact: true }).click();
    await saving;
    await page
      .getByText(doneText({ create: size, update: 0, unchanged: 0, skip: 0 }))
      .waitFor({ timeout: 180_000 });
    expect(await total()).toBe(size);

    // One of the new participants, found at once by the list's search and opened in the side panel.
    await page.getByRole('link', { name: p.done.list, exact: true }).click();
    await tableSettled(page);
    await searchTable(page, t, 'ouellette');
    await until(() => tableRows(page).count()).toBe(1);
    await tableRows(page).first().getByText('Ouellette').click();
    const panel = page.getByTestId('participant-panel');
    await panel.waitFor();
    expect(await textField(panel, t.participants.fields.firstName).inputValue()).toBe('Gisèle');
    expect(await textField(panel, t.participants.fields.email).inputValue()).toBe(good[found].email);

    // The same file again: every row unchanged, nothing to save, nothing created.
    await page.getByRole('link', { name: t.participants.back }).click();
    await tableSettled(page);
    await page.getByRole('link', { name: p.open, exact: true }).click();
    await analyse(fixedFile);
    await until(() => summary('unchanged')).toBe(figure(size));
    expect(await summary('create')).toBe('0');
    expect(await summary('update')).toBe('0');
    expect(await page.getByRole('button', { name: p.dryRun.save, exact: true }).isDisabled()).toBe(true);
    expect(await total()).toBe(size);
  });
});
