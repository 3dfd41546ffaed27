import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe } from 'vitest';
import {
  choose,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  ORGANISER,
  searchParams,
  signInByCookie,
  TEXTS,
  tableRows,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

/** The demo event that has participants, groups and a questionnaire (server/seed). */
const DEMO_EVENT = 'Journée B2B Montréal 2026';

/**
 * M5 and X1 in French and in English, on the demo project: choose « De » (one participant, searched on the server)
 * and « À » (everyone), view the pairs best first, export them as CSV (the download's first lines), open a pair's
 * breakdown by question, then the averages computed now.
 */
describe.each(LANGUAGES)('scores screen (%s)', (language) => {
  const t = TEXTS[language];
  const s = t.scores;

  test('choose from and to, view the scores, export them, open a breakdown, compute the average', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
    const people = await api.call<{
      items: { id: string; firstName: string; lastName: string; email: string }[];
    }>('GET', `/api/projects/${demo.id}/participants?sort=lastName&pageSize=25`);
    const person = people.items[0];

    // From the questionnaire's list, the scores screen.
    await page.goto(`/projects/${demo.id}/questions`);
    await page.getByRole('link', { name: s.open }).click();
    await page.getByRole('heading', { level: 1, name: s.title }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // « De »: one participant, found by typing part of their e-mail (the server searches).
    const from = page.getByTestId('from-person');
    await from.click();
    await from.fill(person.email.slice(0, 12));
    const option = `${person.firstName} ${person.lastName} · ${person.email}`;
    await page.getByRole('option', { name: option }).click();
    await until(() => searchParams(page).fromParticipant).toBe(person.id);
    await choose(page, page.getByTestId('to-group'), s.allGroups);

    // The pairs, best first: every other participant once.
    await page.getByRole('button', { name: s.actions.pairs }).click();
    await page.getByTestId('scores-pairs').waitFor();
    await tableSettled(page);
    await until(() => tableRows(page).count()).toBeGreaterThan(1);
    const percents = await tableRows(page).evaluateAll((rows) =>
      rows.map((row) =>
        Number((row.children[2]?.textContent ?? '').replace(/[^\d,.]/g, '').replace(',', '.')),
      ),
    );
    expect([...percents].sort((a, b) => b - a)).toEqual(percents);
    expect(searchParams(page).view).toBe('pairs');
    await expectNoSeriousA11yViolations(page);

    // The CSV of every page: the header, then the best pair, starting with the person chosen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: s.exportCsv }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^scores-pairs-.*\.csv$/);
    const records: string[][] = parse(await readFile(await download.path()), {
      bom: true,
      delimiter: language === 'fr' ? ';' : ',',
    });
    expect(records[0][0]).toBe(
      fill(s.export.personColumn, { column: t.participants.fields.lastName, side: s.from }),
    );
    expect(records[0].at(-2)).toBe(s.export.percent);
    expect(records[1].slice(0, 3)).toEqual([person.lastName, person.firstName, person.email]);

    // The first pair's breakdown, by keyboard: question by question, with the total.
    const first = tableRows(page).first();
    const why = first.getByRole('button');
    await why.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog');
    await panel.getByTestId('breakdown').waitFor();
    await until(() => panel.locator('tbody tr').count()).toBeGreaterThan(0);
    await panel.getByTestId('breakdown-total').waitFor();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: t.common.close }).click();
    await panel.waitFor({ state: 'detached' });

    // The averages computed now: one row, the person chosen, and the overall average.
    await page.getByRole('button', { name: s.actions.averages }).click();
    await page.getByTestId('scores-averages').waitFor();
    await page.getByTestId('overall').waitFor();
    await until(() => tableRows(page).count()).toBe(1);
    expect(await tableRows(page).first().textContent()).toContain(person.email);
    await expectNoSeriousA11yViolations(page);
  });
});
