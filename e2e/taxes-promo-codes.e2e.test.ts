import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import {
  choose,
  dialog,
  errorUnder,
  expect,
  expectNoSeriousA11yViolations,
  flip,
  LANGUAGES,
  notice,
  ORGANISER,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  uniqueName,
  until,
} from '../tests/support/e2e';

const spaces = (texts: string[]) => texts.map((text) => text.replace(/[\u00a0\u202f]/g, ' ').trim());

/**
 * R2 and R3 in French and in English, on a new project: turn option 54 (taxes) on in the project configuration, set
 * the taxes configuration (an empty seller refused under its field), add GST 5 % and QST « 9,975 », then a promo
 * code on a payment (the payment is made through the payments API, R1), edit it from a percentage to an amount
 * typed with a decimal comma, and delete it after the confirmation.
 */
describe.each(LANGUAGES)('taxes and promo codes (%s)', (language) => {
  const t = TEXTS[language];
  const rates = (page: Page) => page.getByTestId('tax-rate').allTextContents();
  const promoRow = (page: Page) => page.getByTestId('promo-code-row');

  test('option 54, configuration, GST and QST, a promo code added, edited and deleted', async ({ page }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const paymentName = { fr: uniqueName('Journée'), en: uniqueName('Day pass') };
    await api.call('POST', `/api/projects/${project.id}/payments`, {
      kind: 'registration',
      name: paymentName,
      description: { fr: '', en: '' },
      priceCents: 25000,
    });

    // Option 54 is off in a new project: the registration page has no taxes tab until it is turned on.
    await page.goto(`/projects/${project.id}/settings?tab=options`);
    const taxesSwitch = page.getByRole('switch', { name: t.projectConfig.options.items.taxes.label });
    await until(() => taxesSwitch.isChecked()).toBe(false);
    await flip(page, taxesSwitch);
    await notice(page, t.projectConfig.options.saved).waitFor();

    await page.goto(`/projects/${project.id}/registration?tab=taxes`);
    const settings = page.getByTestId('sales-settings-form');
    await settings.getByText(t.taxes.settings.notSaved).waitFor();
    await page.getByTestId('taxes-empty').waitFor();
    await expectNoSeriousA11yViolations(page);

    // The configuration: the seller is required.
    await submit(settings.getByRole('button', { name: t.common.save }));
    await until(() => errorUnder(textField(settings, t.taxes.settings.sellerName)).textContent()).toBe(
      t.validation.required,
    );
    await expectNoSeriousA11yViolations(page);
    await textField(settings, t.taxes.settings.sellerName).fill('Événements Maillage inc.');
    await textField(settings, t.taxes.settings.sellerAddress).fill('1000, rue Sherbrooke Ouest, Montréal');
    await submit(settings.getByRole('button', { name: t.common.save }));
    await notice(page, t.taxes.settings.saved).waitFor();
    await settings.getByText(t.taxes.settings.intro).waitFor();

    // GST 5 %, then QST typed with a decimal comma.
    const addTax = async (fr: string, en: string, rate: string, number: string) => {
      await page.getByRole('button', { name: t.taxes.create }).first().click();
      const modal = dialog(page, t.taxes.createTitle);
      await modal.waitFor();
      await textField(modal, t.taxes.fields.nameFr).fill(fr);
      await textField(modal, t.taxes.fields.nameEn).fill(en);
      await textField(modal, t.taxes.fields.rate).fill(rate);
      await textField(modal, t.taxes.fields.registrationNumber).fill(number);
      await expectNoSeriousA11yViolations(page);
      await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
      await modal.waitFor({ state: 'detached' });
    };
    await addTax('TPS', 'GST', '5', '123456789 RT0001');
    await addTax('TVQ', 'QST', '9,975', '1234567890 TQ0001');
    await until(async () => spaces(await rates(page))).toEqual(
      language === 'fr' ? ['5 %', '9,975 %'] : ['5%', '9.975%'],
    );
    expect(await page.getByTestId('tax-name').allTextContents()).toEqual(
      language === 'fr' ? ['TPS', 'TVQ'] : ['GST', 'QST'],
    );
    await expectNoSeriousA11yViolations(page);

    // A promo code on the payment: 15 %, ten uses.
    await page.getByRole('tab', { name: t.registration.tabs.promoCodes }).click();
    const empty = page.getByTestId('promo-codes-empty');
    await empty.getByText(t.promoCodes.empty).waitFor();
    await expectNoSeriousA11yViolations(page);
    await empty.getByRole('button', { name: t.promoCodes.create }).click();
    let modal = dialog(page, t.promoCodes.createTitle);
    await modal.waitFor();
    await choose(
      page,
      modal.getByRole('combobox', { name: new RegExp(t.promoCodes.fields.payment) }),
      paymentName[language],
    );
    await textField(modal, t.promoCodes.fields.code).fill('HATIF15');
    await textField(modal, t.promoCodes.fields.percentValue).fill('15');
    await textField(modal, t.promoCodes.fields.maxUses).fill('10');
    await expectNoSeriousA11yViolations(page);
    await submit(modal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, t.promoCodes.notifications.created).waitFor();
    await modal.waitFor({ state: 'detached' });
    await until(() => promoRow(page).count()).toBe(1);
    const cells = async () => spaces(await promoRow(page).locator('td').allTextContents());
    expect((await cells()).slice(0, 5)).toEqual([
      'HATIF15',
      paymentName[language],
      language === 'fr' ? '15 %' : '15%',
      t.promoCodes.always,
      '0 / 10',
    ]);
    await expectNoSeriousA11yViolations(page);

    // Edit: an amount typed with a decimal comma.
    await promoRow(page)
      .getByRole('button', { name: t.promoCodes.editNamed.replace('{{code}}', 'HATIF15') })
      .click();
    modal = dialog(page, t.promoCodes.editTitle);
    await modal.waitFor();
    await modal.getByText(t.promoCodes.fields.amount, { exact: true }).click();
    const amount = textField(modal, t.promoCodes.fields.amountValue.replace('{{currency}}', 'CAD'));
    await amount.fill('12,50');
    await submit(modal.getByRole('button', { name: t.common.save, exact: true }));
    await notice(page, t.promoCodes.notifications.saved).waitFor();
    await modal.waitFor({ state: 'detached' });
    await until(async () => (await cells())[2]).toBe(language === 'fr' ? '12,50 $' : '$12.50');

    // Delete, after the confirmation.
    await promoRow(page)
      .getByRole('button', { name: t.promoCodes.deleteNamed.replace('{{code}}', 'HATIF15') })
      .click();
    const confirm = dialog(page, t.promoCodes.deleteTitle);
    await confirm.waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: t.common.delete }).click();
    await notice(page, t.promoCodes.notifications.deleted).waitFor();
    await page.getByTestId('promo-codes-empty').waitFor();
    expect(await api.call('GET', `/api/projects/${project.id}/promo-codes`)).toMatchObject({ items: [] });
  });
});
