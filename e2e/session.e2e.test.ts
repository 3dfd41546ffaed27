import { describe } from 'vitest';
import {
  BOREAL_USER,
  dialog,
  escapeRegExp,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  ORGANISER,
  pageTitle,
  searchParams,
  signInByForm,
  TEXTS,
  tableSettled,
  testOnOwnServer,
  until,
} from '../tests/support/e2e';

/**
 * Journey 7: the session warning. This file has a server of its own whose sessions end after 12 s idle, warn
 * 10 s before (so from 2 s after the last activity) and are checked every second. Its tests run concurrently:
 * each waits for the clock, not for the others.
 */
// The first test's time includes starting that server (a new database seeded with the demo data), on a machine
// that also runs another browser file: hence 2 minutes, as long as a hook may take (vitest.config.ts).
const SESSION_TEST_TIMEOUT = 120_000;
const shortSessions = testOnOwnServer({
  SESSION_IDLE_SECONDS: '12',
  SESSION_WARN_SECONDS: '10',
  SESSION_CHECK_SECONDS: '1',
});

describe.concurrent.each(LANGUAGES)('session warning (%s)', (language) => {
  const t = TEXTS[language];
  const user = language === 'fr' ? ORGANISER : BOREAL_USER;
  // "… dans {{seconds}} s …": the countdown in seconds, whatever it reads when the modal opens.
  const [before, after] = t.session.warnBodySeconds.split('{{seconds}}');
  const warnText = new RegExp(`^${escapeRegExp(before)}\\d{1,2}${escapeRegExp(after)}$`);

  shortSessions(
    'the modal warns; Continue keeps the app working; without a click the app returns to sign-in',
    { timeout: SESSION_TEST_TIMEOUT },
    async ({ page }) => {
      await signInByForm(page, user, language);
      await page.goto('/projects');
      await tableSettled(page);
      const warning = dialog(page, t.session.warnTitle);

      await warning.waitFor({ timeout: 15_000 });
      expect(await warning.getByTestId('session-warning').textContent()).toMatch(warnText);
      await expectNoSeriousA11yViolations(page);
      await warning.getByRole('button', { name: t.session.continue }).click();
      await warning.waitFor({ state: 'detached' });

      // Still signed in: the list answers a new sort.
      const answered = page.waitForResponse((r) => r.url().includes('/api/projects?') && r.status() === 200);
      await page
        .getByRole('button', { name: fill(t.table.sortBy, { column: t.projects.fields.name }) })
        .click();
      await answered;
      expect(searchParams(page).sort).toBe('name');
      expect(new URL(page.url()).pathname).toBe('/projects');

      // No more clicks: the session ends and the app says so on the sign-in page.
      await page.waitForURL((url) => url.pathname === '/sign-in', { timeout: 25_000 });
      await page.getByRole('status').filter({ hasText: t.auth.expired }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await until(() => page.getByRole('heading', { name: t.auth.title, exact: true }).count()).toBe(1);
    },
  );

  shortSessions(
    'on the project dashboard the warning reloads the page instead of showing the modal',
    { timeout: SESSION_TEST_TIMEOUT },
    async ({ page }) => {
      const api = await signInByForm(page, user, language);
      const [project] = (await api.listProjects({ sort: 'name' })).items;
      await page.goto(`/projects/${project.id}`);
      await until(() => pageTitle(page).textContent()).toBe(
        language === 'fr' ? project.nameFr : project.nameEn,
      );
      const isExtend = (url: string) => new URL(url).pathname === '/api/session/extend';
      const isProject = (url: string) => new URL(url).pathname === `/api/projects/${project.id}`;

      // Twice past the warning threshold, the dashboard extends the session and reloads its data …
      for (let i = 0; i < 2; i++) {
        await page.waitForRequest((r) => isExtend(r.url()), { timeout: 15_000 });
        await page.waitForResponse((r) => isProject(r.url()) && r.status() === 200);
      }
      // … and never asks.
      expect(await dialog(page, t.session.warnTitle).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(`/projects/${project.id}`);
    },
  );
});
