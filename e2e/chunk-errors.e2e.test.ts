import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import type { Language } from '../contracts/http';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  LANGUAGES,
  languageSwitch,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  signIn,
  TEXTS,
  test,
  until,
} from '../tests/support/e2e';

/**
 * A script of the build that the server no longer has (a chunk of the previous deploy), by its name's start.
 * Resolves to what puts it back.
 */
async function gone(page: Page, name: string) {
  const matcher = (url: URL) => url.pathname.startsWith(`/assets/${name}-`) && url.pathname.endsWith('.js');
  await page.route(matcher, (route) => route.fulfill({ status: 404 }));
  return () => page.unroute(matcher);
}

/**
 * Opens the list of projects anew (from another page), which reads it again. The other page must have replaced the
 * list first: the address changes as the navigation starts, and a click on « Projets » before its page is shown
 * would only cancel that navigation, keeping the list mounted and unread.
 */
async function reopenProjects(page: Page, language: Language) {
  await menuLink(page, 'whats-new').click();
  await until(() => pageTitle(page).textContent()).toBe(TEXTS[language].releases.whatsNew.title);
  await menuLink(page, 'projects').click();
}

/**
 * Code that fails to load: a page's, after a deploy replaced the build under an open tab, and the error popup's,
 * offline. Neither leaves a blank or English page; in French and in English.
 */
describe.each(LANGUAGES)('code that cannot be fetched (%s)', (language) => {
  const t = TEXTS[language];

  test('a page whose code is gone says that the app was updated, and reloading brings it back', async ({
    page,
  }) => {
    await signIn(page, ORGANISER, language);
    const putBack = await gone(page, 'outbox-page');
    await menuLink(page, 'outbox').click();

    // The router reloads once by itself; the code is still missing after it: the translated screen.
    const screen = page.getByTestId('page-error');
    await until(() => screen.locator('h1').textContent()).toBe(t.pageError.updatedTitle);
    expect(await screen.textContent()).toContain(t.pageError.updated);
    expect(new URL(page.url()).pathname).toBe('/outbox');
    await expectNoSeriousA11yViolations(page, { screen: 'page error' });

    await putBack();
    await page.getByRole('button', { name: t.pageError.reload }).click();
    await until(() => pageTitle(page).textContent()).toBe(t.mail.outbox.title);
    expect(await screen.count()).toBe(0);
  });

  test("an error while the popup's code cannot be fetched shows as a notice; the next one fetches it again", async ({
    page,
  }) => {
    // Its prefetch, while the user signs in, fails too.
    const putBack = await gone(page, 'error-dialog-view');
    await signIn(page, ORGANISER, language);
    // The list of projects cannot be read any more (the network went away for that call).
    await page.route(
      (url) => url.pathname === '/api/projects',
      (route) => route.abort('internetdisconnected'),
    );

    await reopenProjects(page, language);
    // Under a loaded machine the failed read is retried twice (1 s, 2 s) before it reports: generous.
    await notice(page, t.errors.network).waitFor({ timeout: 30_000 });
    expect(await notice(page, t.errors.network).textContent()).toContain(t.errors.title);
    // The app is still there.
    expect(await languageSwitch(page).isVisible()).toBe(true);
    expect(await dialog(page, t.errors.title).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, { screen: 'error notice' });

    // The popup's code can be fetched again: the next error shows in it.
    await putBack();
    await reopenProjects(page, language);
    const popup = dialog(page, t.errors.title);
    await popup.waitFor({ timeout: 30_000 });
    expect(await popup.getByTestId('error-message').textContent()).toBe(t.errors.network);
  });
});
