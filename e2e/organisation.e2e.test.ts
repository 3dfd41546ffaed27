import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe } from 'vitest';
import type { Organisation } from '../contracts/organisation';
import {
  type ApiClient,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  menuLink,
  notice,
  ORGANISER,
  pageTitle,
  signIn,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';

/** The organiser's organisation, without phone nor logo, as each test starts (its name is left as seeded). */
async function resetOrganisation(api: ApiClient) {
  const current = await api.call<Organisation>('GET', '/api/organisation');
  await api.call('PUT', '/api/organisation', {
    name: current.name,
    contactEmail: current.contactEmail ?? '',
    phone: '',
    address: '',
    website: '',
  });
  await api.call('PUT', '/api/organisation/logo', { fileId: null });
}

const phoneBox = (page: Page) => page.locator('input.iti__tel-input');
const dialCode = (page: Page) => page.locator('.iti__selected-dial-code');
const countryButton = (page: Page) => page.locator('button.iti__selected-country');

/** Journey: Administration › Organisation, with the phone field (P9) and the logo (E8), in French and English. */
describe.each(LANGUAGES)('organisation (%s)', (language) => {
  const t = TEXTS[language];

  /**
   * Types "fra" in the country search and waits for the list to be filtered (intl-tel-input searches 100 ms after
   * the last key): a click before that could land on the unfiltered list as it is redrawn.
   */
  async function searchFrance(page: Page) {
    await page.getByPlaceholder(t.phone.search).fill('fra');
    await until(() => page.getByRole('option').first().textContent()).toMatch(/^France/);
  }

  async function openOrganisation(page: Page) {
    await menuLink(page, 'organisation').click();
    await until(() => pageTitle(page).textContent()).toBe(t.organisation.title);
    await phoneBox(page).waitFor();
  }

  test('a French number chosen from the country list is saved in international format', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    await resetOrganisation(api);
    await openOrganisation(page);
    expect(await dialCode(page).textContent()).toBe('+1');

    // An invalid number is refused, with the message under the field.
    await phoneBox(page).pressSequentially('514 555');
    await submit(page.getByRole('button', { name: t.common.save, exact: true }));
    await until(() => errorUnder(phoneBox(page)).textContent()).toBe(t.validation.phone);
    await expectNoSeriousA11yViolations(page);
    expect((await api.call<Organisation>('GET', '/api/organisation')).phone).toBeNull();

    // France, found by searching "fra" in the country list, then a number in French national form.
    await phoneBox(page).fill('');
    await countryButton(page).click();
    await searchFrance(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('option', { name: /^France/ }).click();
    await until(() => dialCode(page).textContent()).toBe('+33');
    await phoneBox(page).pressSequentially('01 42 68 53 00');
    await textField(page, t.organisation.fields.address).fill(
      '1000, rue Sherbrooke Ouest\nMontréal (Québec)',
    );
    await textField(page, t.organisation.fields.website).fill('https://maillage.test');
    await submit(page.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, t.organisation.notifications.saved).waitFor();
    await until(() => errorUnder(phoneBox(page)).count()).toBe(0);
    expect(await api.call<Organisation>('GET', '/api/organisation')).toMatchObject({
      phone: '+33142685300',
      address: '1000, rue Sherbrooke Ouest\nMontréal (Québec)',
      website: 'https://maillage.test',
    });

    // After a reload the number is shown with its country.
    await page.reload();
    await phoneBox(page).waitFor();
    await until(() => dialCode(page).textContent()).toBe('+33');
    await until(async () => (await phoneBox(page).inputValue()).replace(/\D/g, '')).toBe('142685300');
    expect(await page.getByTestId('unsaved-banner').count()).toBe(0);
  });

  test('on a window 480 px wide the country list takes the whole screen', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    await resetOrganisation(api);
    await page.goto('/admin/organisation');
    await phoneBox(page).waitFor();
    await page.setViewportSize({ width: 480, height: 800 });
    await countryButton(page).click();
    const popup = page.locator('.iti--fullscreen-popup');
    await popup.waitFor();
    const box = await popup.boundingBox();
    expect(box?.width).toBe(480);
    await searchFrance(page);
    await page.getByRole('option', { name: /^France/ }).click();
    await popup.waitFor({ state: 'detached' });
    await until(() => dialCode(page).textContent()).toBe('+33');

    // Back to a wide window: a drop-down list under the field.
    await page.setViewportSize({ width: 1200, height: 800 });
    await countryButton(page).click();
    await page.getByRole('listbox').waitFor();
    expect(await popup.count()).toBe(0);
  });

  test('a logo goes through the cropper and shows at once', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    await resetOrganisation(api);
    await openOrganisation(page);
    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    const cropper = dialog(page, t.images.cropper.title);
    await cropper.waitFor();
    await cropper.locator('.cropper-container').waitFor();
    await cropper.getByRole('button', { name: t.images.cropper.zoomIn, exact: true }).click();
    await submit(cropper.getByRole('button', { name: t.images.cropper.save, exact: true }));
    await notice(page, t.images.cropper.saved).waitFor();
    await cropper.waitFor({ state: 'detached' });

    const logo = page.getByRole('img', {
      name: fill(t.images.field.current, { label: t.organisation.fields.logo }),
    });
    await logo.waitFor();
    await until(() =>
      logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    ).toEqual([400, 200]);
    await expectNoSeriousA11yViolations(page);
    const saved = await api.call<Organisation>('GET', '/api/organisation');
    expect(saved.logoFileId).toEqual(expect.any(String));
    expect(await logo.getAttribute('src')).toBe(`/files/${saved.logoFileId}`);
  });
});
