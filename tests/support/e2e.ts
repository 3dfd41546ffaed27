import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { test as base, expect, inject, vi } from 'vitest';
import type { Language } from '../../contracts/http';
import { en, fr, intlLocale } from '../../locales';
import { checkScreenOnce } from './a11y';
import { startServer } from './global-setup-e2e';
import { ApiClient, PASSWORD } from './http-client';

export { expectNoSeriousA11yViolations } from './a11y';

/**
 * Helpers of the browser tier: Debian's Chromium driven by playwright-core (one browser per worker, a new
 * context per test), sign-in, an API client that seeds data the way the web app calls the server, and the texts of the
 * locale files, which tests look things up by (a change of wording does not break them).
 */

export { ApiClient, PASSWORD, uniqueName } from './http-client';
export { expect, startServer };

export const SUPER_ADMIN = 'super@maillage.test';
export const ORGANISER = 'organisatrice@maillage.test';
export const BOREAL_USER = 'gestion@boreal.test';
export const DEMO_COMPANY = 'Événements Maillage (démo)';
export const BOREAL_COMPANY = 'Congrès Boréal';

export type Texts = typeof fr;
export const TEXTS: Record<Language, Texts> = { fr, en };
export const LANGUAGES = ['fr', 'en'] as const satisfies readonly Language[];
export const otherLanguage = (language: Language): Language => (language === 'fr' ? 'en' : 'fr');

/** Each demo account's own language, which `signIn` puts back unless told otherwise. */
const HOME_LANGUAGE: Record<string, Language> = {
  [SUPER_ADMIN]: 'fr',
  [ORGANISER]: 'fr',
  [BOREAL_USER]: 'en',
};

/** `{{name}}` placeholders filled in, as i18next does; `{{count, number}}` grouped per locale (French unless told). */
export function fill(text: string, values: Record<string, string | number>, language = 'fr'): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, key: string, format?: string) =>
    format === 'number'
      ? new Intl.NumberFormat(intlLocale(language)).format(Number(values[key]))
      : String(values[key] ?? ''),
  );
}

/** A plural text as i18next picks it: `<key>_one` or `<key>_other` by the language's rule, `{{count}}` filled in. */
export function plural(texts: Record<string, unknown>, key: string, count: number, language: string): string {
  const form = new Intl.PluralRules(language).select(count);
  const text = texts[`${key}_${form}`] ?? texts[`${key}_other`];
  return fill(String(text), { count }, language);
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Matches exactly this text (spaces around ignored), for names that may hold regex characters. */
export const exactly = (s: string) => new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);

/**
 * Retries `read` until the matcher that follows holds (10 s by default): `await until(() => x).toBe(y)`.
 * Like `expect.poll`, but usable in concurrent tests too (it needs no current test).
 */
export function until<T>(read: () => T | Promise<T>, timeout = 10_000) {
  return new Proxy(
    {},
    {
      get:
        (_, matcher: string) =>
        (...args: unknown[]) =>
          vi.waitFor(
            async () => {
              const matchers = expect(await read()) as unknown as Record<string, (...a: unknown[]) => void>;
              matchers[matcher](...args);
            },
            { timeout, interval: 50 },
          ),
    },
  ) as ReturnType<typeof expect.poll<T>>;
}

// ---------- browser fixtures ----------

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The server each browser context opens its relative URLs on (its `baseURL`, which playwright does not expose). */
const ORIGINS = new WeakMap<BrowserContext, string>();

function originOf(page: Page): string {
  if (page.url().startsWith('http')) return new URL(page.url()).origin;
  const origin = ORIGINS.get(page.context());
  if (!origin)
    throw new Error('this page was not opened by the `page` or `newPage` fixture: no server known');
  return origin;
}

/**
 * A server of the tier for this file alone while it runs: the tier runs files in several workers at once
 * (vitest.config.ts) and starts as many servers, each with a database of its own (tests/support/global-setup-e2e.ts).
 * A file takes the first server no other file holds (an atomic `mkdir` of its slot in the run's lock folder) and
 * gives it back when it ends, so two files never share a server at the same time, whatever the workers' numbers;
 * a file sees what files before it on the same server wrote, never a write happening while it runs.
 */
function claimServer(): { url: string; release: () => void } {
  const { urls, lockDir } = inject('e2eServers');
  for (const [index, url] of urls.entries()) {
    const slot = path.join(lockDir, String(index));
    try {
      fs.mkdirSync(slot);
    } catch {
      continue;
    }
    return { url, release: () => fs.rmSync(slot, { recursive: true, force: true }) };
  }
  throw new Error(
    `every e2e server is taken: ${urls.length} started for more files at once (maxWorkers of e2e)`,
  );
}

/**
 * The test function of browser files. Fixtures: `baseUrl` (a server of the tier held by this file while it runs; a
 * file can override it),
 * `browser` (one per worker), `page` (in a fresh context: no cookie, no local storage) and `newPage()` for a
 * further fresh context in the same test (another browser profile). Contexts close when the test ends, so tests
 * may run concurrently.
 */
export const test = base
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  .extend('baseUrl', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = claimServer();
    onCleanup(server.release);
    return server.url;
  })
  // One browser per worker, not per file: the tier's workers run file after file in one process (`isolate: false`,
  // vitest.config.ts), and launching Chromium cost about a second a file. Each test still has a context of its own.
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('newPage', async ({ browser, baseUrl }, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    onCleanup(() => Promise.all(contexts.map((c) => c.close().catch(() => undefined))).then(() => undefined));
    return async (): Promise<Page> => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1440, height: 900 },
        // A French-speaking browser: what the user chooses in the app must win over it.
        locale: 'fr-CA',
        timezoneId: 'America/Toronto',
        // A system asking for less motion: the app then skips Mantine's transitions (theme.ts), charts' and the
        // wizard's animations, so a step waits for no fade or slide; what each step shows is checked the same.
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(10_000);
      ORIGINS.set(context, baseUrl);
      contexts.push(context);
      return context.newPage();
    };
  })
  .extend('page', async ({ newPage }) => newPage());

/**
 * The same test function, on a server of the file's own started with these settings (server/config.ts) and
 * stopped after the file's last test.
 */
export function testOnOwnServer(env: Record<string, string>) {
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  return test.extend('baseUrl', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startServer(env);
    onCleanup(server.stop);
    return server.baseUrl;
  });
}

// ---------- the app ----------

/** Fills in the sign-in form (the page must show it) and submits it. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/**
 * Signs in through the API and hands the session to the browser (its cookies put in the page's context), without
 * opening anything: the page's next `goto` opens the app signed in. The user's remembered language is first set to
 * `language`, or to the account's own, so that no test depends on what an earlier one chose. Returns an API client
 * signed in with the same session, to seed data. The sign-in form is the journey of e2e/sign-in.e2e.test.ts
 * (`signInByForm`); elsewhere it would only cost a second password check and a second load of the app.
 */
export async function signInByCookie(
  page: Page,
  email: string,
  language: Language = HOME_LANGUAGE[email] ?? 'fr',
): Promise<ApiClient> {
  const origin = originOf(page);
  const api = await ApiClient.signIn(origin, email);
  await api.setLanguage(language);
  await page.context().addCookies(api.cookieJar().map(([name, value]) => ({ name, value, url: origin })));
  return api;
}

/**
 * Signs in (`signInByCookie`), opens `path` (the home page unless told) and waits for the app's header in the
 * chosen language. Returns an API client signed in as the same user, to seed data.
 */
export async function signIn(
  page: Page,
  email: string,
  language: Language = HOME_LANGUAGE[email] ?? 'fr',
  path = '/',
): Promise<ApiClient> {
  const api = await signInByCookie(page, email, language);
  await page.goto(path);
  await languageSwitch(page).waitFor();
  await until(() => page.locator('html').getAttribute('lang')).toBe(language);
  return api;
}

/**
 * Signs in through the sign-in page as a user does (the one shown, else /sign-in) and waits for the app's header;
 * the language is set first, as `signIn` does. For the journeys of the sign-in screen and of the session.
 */
export async function signInByForm(
  page: Page,
  email: string,
  language: Language = HOME_LANGUAGE[email] ?? 'fr',
): Promise<ApiClient> {
  if (!page.url().includes('/sign-in')) await page.goto('/sign-in');
  await page.locator('input[type="email"]').waitFor();
  const api = await ApiClient.signIn(new URL(page.url()).origin, email);
  await api.setLanguage(language);
  await submitSignIn(page, email);
  await languageSwitch(page).waitFor();
  await until(() => page.locator('html').getAttribute('lang')).toBe(language);
  return api;
}

export const languageSwitch = (page: Page) => page.getByTestId('language-switch');

/** Clicks FR or EN in the header. */
export async function chooseLanguage(page: Page, language: Language) {
  await languageSwitch(page).locator('label').filter({ hasText: language.toUpperCase() }).click();
  await until(() => page.locator('html').getAttribute('lang')).toBe(language);
}

/** Signs out through the account menu. */
export async function signOut(page: Page, t: Texts) {
  await page.getByRole('button', { name: t.header.account }).click();
  await page.getByRole('menuitem', { name: t.header.signOut }).click();
  await page.waitForURL((url) => url.pathname === '/sign-in');
}

export const pageTitle = (page: Page) => page.locator('main h1');
export const menuLink = (page: Page, pageId: string) => page.locator(`nav [data-page="${pageId}"]`);

/** The dialog titled `title` (Mantine modals are labelled by their title). */
export const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** A notification (Mantine toast) holding `text`. */
export const notice = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * Clicks a submit button once its double-click guard is over (P8: a second click within a second is ignored),
 * as a user who paused would.
 */
export async function submit(button: Locator) {
  await until(() => button.getAttribute('data-guarded'), 2_000).toBeNull();
  await button.click();
}

/** Flips a Mantine switch the way a user does: by clicking its track (the input itself is hidden). */
export async function flip(page: Page, toggle: Locator) {
  const id = await toggle.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

/** The text field labelled `label` (the required star ignored). */
export const textField = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`) });

/** A date field by its label (date inputs have no textbox role). */
export const dateField = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

/** The error shown under `input` (Mantine puts it in the input's wrapper). */
export const errorUnder = (input: Locator) =>
  input
    .locator('xpath=ancestor::div[contains(@class, "mantine-InputWrapper-root")][1]')
    .locator('.mantine-InputWrapper-error');

// ---------- data tables ----------

export const tableRows = (page: Page) => page.locator('main table tbody tr');

/** The text of one cell per row: the column whose heading reads `header`. */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  await tableSettled(page);
  const headers = await page.locator('main table thead th').allInnerTexts();
  const index = headers.findIndex((h) => h.trim() === header);
  if (index < 0) throw new Error(`no column "${header}" among ${JSON.stringify(headers)}`);
  // Text content, not inner text: badges are upper-cased by CSS only.
  const cells = await page.locator(`main table tbody tr td:nth-child(${index + 1})`).allTextContents();
  return cells.map((c) => c.trim());
}

/**
 * Waits until the table's loading overlay is gone. The screen has then loaded: the first time on a path and in a
 * language, it is also checked for accessibility (docs/testing.md).
 */
export async function tableSettled(page: Page) {
  await page.locator('main table').waitFor();
  await until(() => page.locator('main .mantine-LoadingOverlay-root').count()).toBe(0);
  await checkScreenOnce(page);
}

/** Types in the table's search box and applies it with Enter. */
export async function searchTable(page: Page, t: Texts, term: string) {
  const box = page.getByRole('textbox', { name: t.table.searchLabel, exact: true });
  await box.fill(term);
  await box.press('Enter');
  await until(() => new URL(page.url()).searchParams.get('q')).toBe(term);
  await tableSettled(page);
}

/** Opens a Mantine Select and picks the option that reads `option`. */
export async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: exactly(option) }).click();
  await until(() => select.inputValue()).toBe(option);
}

export const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
