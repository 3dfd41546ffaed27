import { describe } from 'vitest';
import { DASHBOARD_TASKS } from '../contracts/dashboard';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  ORGANISER,
  plural,
  signIn,
  signInByCookie,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/**
 * Journey (issue 21, J2): on a new project's dashboard the organiser ticks a task and sees the progress move, makes
 * the external dashboard's connection, then follows the warning about an activity without a room to the activities.
 */
describe.each(LANGUAGES)('the project dashboard (%s)', (language) => {
  const t = TEXTS[language];
  const d = t.dashboard;
  const total = DASHBOARD_TASKS.length;
  const progress = (done: number) =>
    fill(d.progress.label, { done, total, percent: Math.floor((done * 100) / total) }, language);

  test('tick a task, see the progress move, follow a warning', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    // An in-person activity without a room: a warning of the activities page.
    await api.call('POST', `/api/projects/${project.id}/activities`, {
      title: { fr: 'Atelier sans salle', en: 'Workshop without a room' },
      startsAt: `${project.startsOn}T09:00`,
      durationMinutes: 60,
    });
    await signIn(page, ORGANISER, language, `/projects/${project.id}`);

    const main = page.locator('main');
    await main.getByText(progress(0)).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A click, not `check()`: the box is controlled by the dashboard's data, which the optimistic update changes
    // once the mutation has cancelled any refetch in flight (a few ms), and `check()` reads the box at once.
    const defineRoles = main.getByRole('checkbox', { name: d.tasks.defineRoles });
    await defineRoles.click();
    await until(() => defineRoles.isChecked()).toBe(true);
    await main.getByText(progress(1)).waitFor();
    // The server's answer says who did it.
    await main.getByText(/Camille Gagnon/).waitFor();

    // The connection of the external dashboard: a secret address that answers the project's figures.
    await main.getByRole('button', { name: d.external.create }).click();
    const address = await main.getByLabel(d.external.feedAddress).inputValue();
    expect(address).toMatch(/\/api\/public\/dashboard-feed\/[A-Za-z0-9_-]{43}$/);
    const figures = await page.request.get(address);
    expect((await figures.json()).progress.done).toBe(1);
    // « Réinitialiser la connexion », confirmed: a new address, the old one answers 404 at once.
    await main.getByRole('button', { name: d.external.reset }).click();
    const confirm = dialog(page, d.external.resetTitle);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: d.external.reset }).click();
    await until(async () => (await main.getByLabel(d.external.feedAddress).inputValue()) !== address).toBe(
      true,
    );
    expect((await page.request.get(address)).status()).toBe(404);

    // Another step's tab.
    await main.getByRole('tab', { name: new RegExp(d.steps.matching) }).click();
    await main.getByRole('checkbox', { name: d.tasks.generatePairings }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await main.getByRole('link', { name: plural(d.warnings, 'noLocation', 1, language) }).click();
    await until(() => new URL(page.url()).pathname).toBe(`/projects/${project.id}/activities`);
    await page
      .getByText(language === 'fr' ? 'Atelier sans salle' : 'Workshop without a room')
      .first()
      .waitFor();
  });
});
