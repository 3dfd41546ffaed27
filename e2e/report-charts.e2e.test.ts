import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe } from 'vitest';
import {
  exactly,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  menuLink,
  ORGANISER,
  signIn,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/** The demo event with participants, inscriptions and sales (server/seed). */
const DEMO_EVENT = 'Journée B2B Montréal 2026';

/**
 * T3 in French and in English, on the demo project: open « Rapports › Graphiques » from the menu, switch the sales
 * widget's type and period, read its figures in the table, download its CSV and read it back; axe on each state.
 */
describe.each(LANGUAGES)('report charts (%s)', (language) => {
  const t = TEXTS[language];
  const c = t.charts;

  test('switch a chart’s type and period, read its figures, download its CSV', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
    await page.goto(`/projects/${demo.id}`);
    await menuLink(page, 'project-report-charts').click();
    await page.getByRole('heading', { level: 1, name: c.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${demo.id}/reports/charts`);

    // Every widget draws something from the demo data.
    for (const widget of ['inscriptions', 'activity-inscriptions', 'sales', 'roles'])
      await page.getByTestId(`chart-${widget}`).locator('.recharts-surface').first().waitFor();
    await expectNoSeriousA11yViolations(page);

    const sales = page.getByRole('region', { name: c.widgets.sales });
    const radio = (label: string) => sales.locator('label', { hasText: exactly(label) });
    // Line, then stacked columns by month.
    await radio(c.types.line).click();
    await sales.locator('.recharts-line').first().waitFor();
    const asked = page.waitForResponse((r) => /\/charts\/sales\?period=M/.test(r.url()));
    await radio(c.periods.M).click();
    await asked;
    await radio(c.types.stacked).click();
    await sales.locator('.recharts-bar-rectangle').first().waitFor();

    // The figures, in a table.
    await sales.getByRole('button', { name: c.showData }).click();
    const table = sales.getByRole('table');
    await table.waitFor();
    const header = await table.locator('thead th').allTextContents();
    expect(header[0]).toBe(c.table.label);
    expect(header.at(-1)).toBe(c.table.total);
    await until(() => table.locator('tbody tr').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    // The CSV: the same months, the amounts with the language's decimal mark.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      sales.getByRole('link', { name: c.csv.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-${c.csv.file.sales}-M\\.csv$`));
    const records: string[][] = parse(await readFile(await download.path()), {
      bom: true,
      delimiter: language === 'fr' ? ';' : ',',
    });
    expect(records[0][0]).toBe(c.csv.period.M);
    expect(records[0].at(-1)).toBe(c.csv.total);
    expect(records.length - 1).toBe(await table.locator('tbody tr').count());
    for (const row of records.slice(1)) {
      expect(row[0]).toMatch(/^\d{4}-\d{2}$/);
      expect(row.at(-1)).toMatch(language === 'fr' ? /^\d+,\d{2}$/ : /^\d+\.\d{2}$/);
    }
  });
});
