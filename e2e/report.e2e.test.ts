import ExcelJS from 'exceljs';
import { describe } from 'vitest';
import {
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  menuLink,
  ORGANISER,
  signIn,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/** The demo event with participants, roles and sales (server/seed). */
const DEMO_EVENT = 'Journée B2B Montréal 2026';

/**
 * T1 in French and in English, on the demo project: open « Rapport » from the menu, filter by a role, see its badge,
 * remove it, filter again and download the Excel export: it holds exactly the rows the report counts.
 */
describe.each(LANGUAGES)('report (%s)', (language) => {
  const t = TEXTS[language];
  const r = t.report;

  test('filter, see the badge, remove it, export what is filtered', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
    await page.goto(`/projects/${demo.id}`);
    await menuLink(page, 'project-report').click();
    await page.getByRole('heading', { level: 1, name: r.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/projects/${demo.id}/reports`);
    await page.locator('main table tbody tr').first().waitFor();
    await expectNoSeriousA11yViolations(page);

    const options = await (await page.request.get(`/api/projects/${demo.id}/report/options`)).json();
    const role = options.roles[0];
    const roleName = language === 'en' ? role.name.en : role.name.fr;
    const chooseRole = async () => {
      await page.getByLabel(r.filters.roleIds, { exact: true }).first().click();
      await page.getByRole('option', { name: roleName, exact: true }).click();
      await page.keyboard.press('Escape');
    };

    // A role: its badge, the URL, and only that role in the table.
    await chooseRole();
    const badge = fill(r.badge, { label: r.filters.roleIds, value: roleName }, language);
    await until(() => page.getByTestId('badge-roleIds').textContent()).toBe(badge);
    expect(new URL(page.url()).searchParams.get('roleIds')).toContain(role.id);
    const filtered = await (
      await page.request.get(`/api/projects/${demo.id}/report?roleIds=${role.id}`)
    ).json();
    expect(filtered.total).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    // Removed: no badge, the filter leaves the URL.
    await page.getByRole('button', { name: fill(r.remove, { label: badge }, language) }).click();
    await until(() => page.getByTestId('badge-roleIds').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('roleIds')).toBeNull();

    // Again, then the export: exactly the filtered rows.
    await chooseRole();
    await until(() => page.getByTestId('badge-roleIds').textContent()).toBe(badge);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: r.export }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${r.filePrefix}-.*\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect(workbook.worksheets[0].actualRowCount - 1).toBe(filtered.total);
  });
});
