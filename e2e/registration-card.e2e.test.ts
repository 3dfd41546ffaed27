import { describe } from 'vitest';
import { formatMoney, formatRate, lineTotals, promoDiscount } from '../contracts/money';
import type { SaleSummary } from '../contracts/sales';
import {
  escapeRegExp,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  ORGANISER,
  searchTable,
  signInByCookie,
  TEXTS,
  tableSettled,
  test,
  uniqueName,
  until,
} from '../tests/support/e2e';

const DEMO_EVENT = 'Journée B2B Montréal 2026';
const PASS = { fr: 'Passeport deux jours', en: 'Two-day pass' };
const normalise = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
/** A text matched whatever its spaces (formatted amounts hold non-breaking ones). */
const spaced = (text: string) => new RegExp(escapeRegExp(normalise(text)).replace(/ /g, '\\s'));

/**
 * Journey (issue 20): a newcomer registers and pays by card on the demo project's public page, on a 360 px screen —
 * a role, the « Passeport deux jours » (250,00 $) with the code MAILLAGE20, the taxes and the total in the page's
 * language (« 229,95 $ » / "$229.95"), paid on the fake Stripe's Checkout page with 4242…, back on the success
 * page; then the organiser finds the sale, paid, in Ventes. The e2e servers each have a fake Stripe of their own
 * (tests/support/global-setup-e2e.ts), whose webhook reaches the server before the buyer is sent back.
 */
describe.each(LANGUAGES)('paying by card on the public registration page (%s)', (language) => {
  const t = TEXTS[language];
  const p = t.publicRegistration;
  test('a newcomer pays a registration with a promo code at 360 px; the organiser sees the sale', async ({
    page,
    newPage,
  }) => {
    const api = await signInByCookie(page, ORGANISER, language);
    const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
    const base = `/api/projects/${demo.id}/registration-page`;
    // The demo project's address, made once (as the organiser does in Inscriptions › Page d'inscription).
    let address = await api.call<{ path: string | null; open: boolean }>('GET', base);
    if (!address.path) address = await api.call('POST', base);
    if (!address.open) await api.call('PUT', `${base}/open`, { open: true });
    const token = String(address.path).replace('/r/', '');
    const offer = await api.call<{ roles: { id: string; name: { fr: string; en: string } }[] }>(
      'GET',
      `/api/registration-pages/${token}`,
    );
    const role = offer.roles[0];
    const money = (cents: number) => formatMoney(cents, 'CAD', language);
    const totals = lineTotals(25_000, 1, promoDiscount(25_000, 'percent', 20_000), [
      { rateMilli: 5000 },
      { rateMilli: 9975 },
    ]);
    expect(normalise(money(totals.totalCents))).toBe(language === 'fr' ? '229,95 $' : '$229.95');

    // A newcomer on a phone, in the journey's language.
    const phone = await newPage();
    await phone.setViewportSize({ width: 360, height: 740 });
    await phone.goto(String(address.path));
    await phone.getByTestId('language-switch').getByText(language.toUpperCase()).click();
    await until(() => phone.locator('html').getAttribute('lang')).toBe(language);
    await phone.getByRole('radio', { name: role.name[language] }).check();
    await phone.getByRole('radio', { name: new RegExp(escapeRegExp(PASS[language])) }).check();
    await phone
      .getByRole('textbox', { name: fill(p.items.promoFor, { name: PASS[language] }) })
      .fill('maillage20');
    await phone.getByRole('button', { name: p.next, exact: true }).click();

    await phone.getByRole('heading', { name: p.profile.title }).waitFor();
    const email = `${uniqueName('carte').replace(/\s/g, '-').toLowerCase()}@example.test`;
    const field = (label: string) => phone.getByLabel(new RegExp(`^${escapeRegExp(label)}`));
    await field(p.profile.firstName).fill('Maude');
    await field(p.profile.lastName).fill('Carrier');
    await field(p.profile.email).fill(email);
    await phone.getByRole('button', { name: p.next, exact: true }).click();

    // The summary: the discount by code, each tax with its rate, the total, in the page's language.
    const summary = phone.getByTestId('summary');
    await summary.waitFor();
    const expected = [
      PASS[language],
      money(25_000),
      fill(p.summary.discountCode, { code: 'MAILLAGE20' }),
      money(-totals.discountCents),
      fill(p.summary.tax, { name: language === 'fr' ? 'TPS' : 'GST', rate: formatRate(5000, language) }),
      money(totals.taxes[0].amountCents),
      fill(p.summary.tax, { name: language === 'fr' ? 'TVQ' : 'QST', rate: formatRate(9975, language) }),
      money(totals.taxes[1].amountCents),
      money(totals.totalCents),
    ];
    const shown = normalise(await summary.textContent());
    for (const text of expected) expect(shown).toContain(normalise(text));
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(phone);
    await phone
      .getByRole('button', { name: spaced(fill(p.summary.pay, { total: money(totals.totalCents) })) })
      .click();

    // The card page (the fake Stripe's): 4242… pays, the buyer comes back to the page's confirmation.
    await phone.getByRole('heading', { name: 'Fake Stripe Checkout' }).waitFor();
    expect(normalise(await phone.locator('body').textContent())).toContain('229.95 CAD');
    await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
    await phone.getByRole('button', { name: 'Pay', exact: true }).click();
    await phone.getByTestId('registration-done').getByText(p.done.paid).waitFor();
    expect(new URL(phone.url()).searchParams.get('sale')).toBe('paid');
    await expectNoSeriousA11yViolations(phone);

    // The organiser finds the sale in Ventes › Ventes, paid by card, at its total.
    await page.goto(`/projects/${demo.id}/sales`);
    await tableSettled(page);
    await searchTable(page, t, email);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Maude Carrier' }) });
    await row.waitFor();
    expect(normalise(await row.textContent())).toContain(normalise(money(totals.totalCents)));
    const sales = await api.call<{ items: SaleSummary[] }>(
      'GET',
      `/api/projects/${demo.id}/sales?tab=sales&q=${encodeURIComponent(email)}`,
    );
    expect(sales.items.map((s) => [s.status, s.source, s.totalCents])).toEqual([
      ['paid', 'card', totals.totalCents],
    ]);
  });
});
