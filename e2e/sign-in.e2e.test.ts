import { describe } from 'vitest';
import {
  BOREAL_USER,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  ORGANISER,
  pageTitle,
  signInByForm,
  signOut,
  submitSignIn,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/** Journey 1: signing in, in French and in English. */
describe.each(LANGUAGES)('sign-in (%s)', (language) => {
  const t = TEXTS[language];
  const user = language === 'fr' ? ORGANISER : BOREAL_USER;

  test('a wrong password shows the translated error and stays on sign-in', async ({ page }) => {
    await page.goto('/sign-in');
    if (language === 'en') {
      await page.getByRole('button', { name: TEXTS.fr.languages.en }).click();
    }
    await page.getByRole('heading', { name: t.auth.title, exact: true }).waitFor();
    await until(() => page.locator('html').getAttribute('lang')).toBe(language);

    await submitSignIn(page, user, 'not-the-password');

    const error = page.getByTestId('sign-in-error');
    await until(() => error.textContent()).toBe(t.errors.auth.invalidCredentials);
    await expectNoSeriousA11yViolations(page);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });

  test('/projects while signed out leads to sign-in, then back to the projects', async ({ page }) => {
    await page.goto('/projects?sort=name&dir=desc');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/projects?sort=name&dir=desc');

    await signInByForm(page, user, language);

    await page.waitForURL((url) => url.pathname === '/projects');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: 'name', dir: 'desc' });
    await until(() => pageTitle(page).textContent()).toBe(t.projects.title);
  });

  test('signed out, the sign-in page says so in its box, whole inside the window', async ({ page }) => {
    await signInByForm(page, user, language);
    await page.goto('/projects');
    await until(() => pageTitle(page).textContent()).toBe(t.projects.title);
    await signOut(page, t);

    const notice = page.getByRole('status').filter({ hasText: t.auth.signedOut });
    await until(() => notice.textContent()).toBe(t.auth.signedOut);
    const box = await notice.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
    // Said once, in the page: no toast slides in at the window's edge as well.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });
});
