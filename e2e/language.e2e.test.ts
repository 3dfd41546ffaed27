import { describe } from 'vitest';
import {
  BOREAL_USER,
  chooseLanguage,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  menuLink,
  ORGANISER,
  otherLanguage,
  pageTitle,
  signIn,
  signOut,
  submitSignIn,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/** Journey 2: the FR/EN control of the header, from French to English and from English to French. */
describe.each(LANGUAGES)('language switch from %s', (from) => {
  const to = otherLanguage(from);
  const user = from === 'fr' ? ORGANISER : BOREAL_USER;
  const before = TEXTS[from];
  const after = TEXTS[to];

  test(`changes every label to ${to}, and is remembered after reload and a new sign-in`, async ({
    page,
    newPage,
  }) => {
    await signIn(page, user, from, '/projects');
    await until(() => pageTitle(page).textContent()).toBe(before.projects.title);
    const newProject = (t: typeof before) => page.getByRole('link', { name: t.projects.create });
    await newProject(before).waitFor();

    await chooseLanguage(page, to);

    await until(() => pageTitle(page).textContent()).toBe(after.projects.title);
    await newProject(after).waitFor();
    await until(() => menuLink(page, 'projects').textContent()).toBe(after.nav.projects);
    await page.getByRole('columnheader', { name: after.projects.fields.startsOn }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await page.locator('html').getAttribute('lang')).toBe(to);

    await page.reload();
    await until(() => pageTitle(page).textContent()).toBe(after.projects.title);
    expect(await page.locator('html').getAttribute('lang')).toBe(to);

    // Signed out, the sign-in page keeps the language; signed in again, so does the app.
    await signOut(page, after);
    await page.getByRole('heading', { name: after.auth.title, exact: true }).waitFor();
    await submitSignIn(page, user);
    await menuLink(page, 'projects').waitFor();
    await until(() => menuLink(page, 'projects').textContent()).toBe(after.nav.projects);
    expect(await page.locator('html').getAttribute('lang')).toBe(to);

    // Another browser (nothing stored on it yet) opens in French, then in the user's language once signed in.
    const elsewhere = await newPage();
    await elsewhere.goto('/sign-in');
    await elsewhere.getByRole('heading', { name: TEXTS.fr.auth.title, exact: true }).waitFor();
    await submitSignIn(elsewhere, user);
    await menuLink(elsewhere, 'projects').waitFor();
    await until(() => elsewhere.locator('html').getAttribute('lang')).toBe(to);
    await until(() => menuLink(elsewhere, 'projects').textContent()).toBe(after.nav.projects);
  });
});
