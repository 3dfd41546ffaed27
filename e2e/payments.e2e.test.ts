import type { Locator, Page } from 'playwright-core';
import { describe } from 'vitest';
import type { Payment, PaymentList } from '../contracts/payments';
import {
  choose,
  dialog,
  escapeRegExp,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  signInByCookie,
  submit,
  TEXTS,
  test,
  textField,
  until,
} from '../tests/support/e2e';
import { keyboardMove } from '../tests/support/sortable';

/**
 * R1: a new project's payments, in French and in English: a category, then a payment at « 250,00 » (a decimal comma
 * in both languages) in it with a sale window and a quantity, through the side panel; a second payment; the order
 * changed with the keyboard; a copy, then the copy deleted after its confirmation.
 */
describe.each(LANGUAGES)('registration payments (%s)', (language) => {
  const t = TEXTS[language];
  const p = t.payments;
  const names = (page: Page) => page.getByTestId('payment-name').allTextContents();
  const label = (text: string) => new RegExp(`^${escapeRegExp(text)}\\s*\\*?$`);

  /** Picks a day of the month shown and a time in the date-time picker labelled `name`. */
  async function pickDateTime(page: Page, scope: Locator, name: string, day: number, hour: string) {
    const field = scope.getByRole('button', { name: label(name) });
    await field.click();
    const dropdown = page.locator(`[id="${await field.getAttribute('aria-controls')}"]`);
    await dropdown.waitFor();
    await dropdown
      .locator('button.mantine-DateTimePicker-day:not([data-outside])')
      .filter({ hasText: new RegExp(`^${day}$`) })
      .first()
      .click();
    const fields = dropdown.locator('input.mantine-TimePicker-field');
    await fields.nth(0).fill(hour);
    await fields.nth(1).fill('00');
    // The 12-hour clock (English) has its AM / PM in a select.
    if (language === 'en') await dropdown.locator('select').selectOption('AM');
    await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
    await dropdown.waitFor({ state: 'detached' });
  }

  test('category, payment at 250,00 with a sale window and quantity, reorder, copy, delete the copy', async ({
    page,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const project = await api.createProject();
    const base = `/api/projects/${project.id}`;
    await page.goto(`/projects/${project.id}/registration?tab=categories`);

    // A category, from the empty state.
    const emptyCategories = page.getByTestId('payment-categories-empty');
    await emptyCategories.getByText(p.categories.empty).waitFor();
    await expectNoSeriousA11yViolations(page);
    await emptyCategories.getByRole('button', { name: p.categories.create }).click();
    const categoryModal = dialog(page, p.categories.createTitle);
    await textField(categoryModal, p.fields.nameFr).fill('Repas');
    await textField(categoryModal, p.fields.nameEn).fill('Meals');
    await expectNoSeriousA11yViolations(page);
    await submit(categoryModal.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, p.categories.notifications.created).waitFor();
    const category = language === 'fr' ? 'Repas' : 'Meals';
    await page.getByTestId('payment-category-row').filter({ hasText: category }).waitFor();

    // The payments tab: empty, then the panel.
    await page.getByRole('tab', { name: t.registration.tabs.payments }).click();
    const empty = page.getByTestId('payments-empty');
    await empty.getByText(p.empty).waitFor();
    await expectNoSeriousA11yViolations(page);
    await empty.getByRole('button', { name: p.create }).click();
    const panel = page.getByTestId('payment-panel');
    await panel.waitFor();
    await textField(panel, p.fields.nameFr).fill('Souper gala');
    await textField(panel, p.fields.nameEn).fill('Gala dinner');
    await textField(panel, fill(p.fields.price, { currency: 'CAD' })).fill('250,00');
    await choose(page, panel.getByRole('combobox', { name: label(p.fields.category) }), category);
    await pickDateTime(page, panel, p.fields.saleStartsAt, 10, '09');
    await pickDateTime(page, panel, p.fields.saleEndsAt, 20, '11');
    await panel.getByRole('textbox', { name: label(p.fields.quantity) }).fill('120');
    await expectNoSeriousA11yViolations(page);
    await submit(panel.getByRole('button', { name: t.common.create, exact: true }));
    await notice(page, p.notifications.created).waitFor();
    const gala = language === 'fr' ? 'Souper gala' : 'Gala dinner';
    await panel.getByRole('heading', { name: gala }).waitFor();
    await until(() => new URL(page.url()).searchParams.get('payment')).toMatch(/^[0-9a-f-]{36}$/);
    const paymentId = new URL(page.url()).searchParams.get('payment');
    const saved = await api.call<Payment>('GET', `${base}/payments/${paymentId}`);
    expect(saved).toMatchObject({ priceCents: 25000, quantity: 120, category: { name: { fr: 'Repas' } } });
    expect(saved.saleStartsAtLocal).toMatch(/-10T09:00$/);
    expect(saved.saleEndsAtLocal).toMatch(/-20T11:00$/);

    // Back to the list; a second payment in the same category, then the order changed with the keyboard.
    await page.getByRole('button', { name: p.back }).click();
    const categoryId = saved.category?.id;
    await api.call('POST', `${base}/payments`, {
      kind: 'registration',
      name: { fr: 'Passeport', en: 'Pass' },
      description: { fr: '', en: '' },
      priceCents: 9900,
      categoryId,
    });
    await page.reload();
    const pass = language === 'fr' ? 'Passeport' : 'Pass';
    await until(() => names(page)).toEqual([gala, pass]);
    const row = page.getByTestId('payment-row').filter({ hasText: gala });
    expect(await row.getByTestId('payment-price').textContent()).toBe(
      language === 'fr' ? '250,00\u00a0$' : '$250.00',
    );
    await row.getByText(fill(p.sold, { sold: 0, quantity: 120 })).waitFor();
    await expectNoSeriousA11yViolations(page);
    await keyboardMove(page, t, { name: pass, to: 1, total: 2, container: category, key: 'ArrowUp' });
    await until(() => names(page)).toEqual([pass, gala]);
    await until(async () =>
      (await api.call<PaymentList>('GET', `${base}/payments`)).items.map((item) => item.name.fr),
    ).toEqual(['Passeport', 'Souper gala']);

    // Copy, then delete the copy after its confirmation.
    await page.getByRole('button', { name: fill(p.copyNamed, { name: gala }) }).click();
    await notice(page, p.notifications.copied).waitFor();
    const copy = language === 'fr' ? 'Souper gala (copie)' : 'Gala dinner (copy)';
    await until(() => names(page)).toEqual([pass, gala, copy]);
    await page.getByRole('button', { name: fill(p.deleteNamed, { name: copy }) }).click();
    const confirm = dialog(page, p.deleteTitle);
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(fill(p.deleteBody, { name: copy }));
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: t.common.delete, exact: true }).click();
    await notice(page, p.notifications.deleted).waitFor();
    await until(() => names(page)).toEqual([pass, gala]);
  });
});
