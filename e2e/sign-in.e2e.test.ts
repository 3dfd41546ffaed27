import { describe } from 'vitest';
import {
  BOREAL_USER,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  ORGANISER,
  pageTitle,
  signIn,
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

    await signIn(page, user, language);

    await page.waitForURL((url) => url.pathname === '/projects');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ sort: 'name', dir: 'desc' });
    await until(() => pageTitle(page).textContent()).toBe(t.projects.title);
  });
});
