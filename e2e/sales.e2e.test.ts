import { readFile } from 'node:fs/promises';
import { describe } from 'vitest';
import { formatMoney, refundTotals } from '../contracts/money';
import type { SaleDetail, SaleSummary } from '../contracts/sales';
import {
  dialog,
  expect,
  expectNoSeriousA11yViolations,
  fill,
  LANGUAGES,
  notice,
  ORGANISER,
  searchTable,
  signIn,
  TEXTS,
  tableSettled,
  test,
  until,
} from '../tests/support/e2e';

const DEMO_EVENT = 'Journée B2B Montréal 2026';
const normalise = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * S1–S2 in French and in English, on the demo project's sales (issue 20's demo: about 60 transactions across the four
 * tabs): find a paid sale nothing was refunded of, open it, refund part of its first item (35,00 retained, the
 * totals read live), see the refund in the detail, then archive the sale (it leaves the sales tab) and unarchive it
 * (it comes back). Between the refund and the archive: the refund's credit note is listed under the sale's bills, its PDF
 * downloads (the bytes of a PDF, named in the buyer's language), and « Envoyer la facture » queues it to the buyer
 * once confirmed. Each language takes a different sale, so the two never refund the same one. Needs the demo's
 * sales: two paid ones, not by card, nothing refunded, a first item whose fee is above 35.00.
 */
describe.each(LANGUAGES)('sales and refunds (%s)', (language) => {
  const t = TEXTS[language];

  test('see a sale, refund part of it, archive and unarchive it', async ({ page }) => {
    const api = await signIn(page, ORGANISER, language);
    const [demo] = (await api.listProjects({ q: DEMO_EVENT })).items;
    const sales = await api.call<{ items: SaleSummary[] }>(
      'GET',
      `/api/projects/${demo.id}/sales?tab=sales&sort=total&dir=desc&pageSize=100`,
    );
    const candidates = [];
    for (const summary of sales.items.filter((s) => s.refundedCents === 0 && s.source !== 'card')) {
      const sale = await api.call<SaleDetail>('GET', `/api/projects/${demo.id}/sales/${summary.id}`);
      if ((sale.items[0]?.refundableFeeCents ?? 0) > 3_500) candidates.push(sale);
      if (candidates.length === 2) break;
    }
    expect(candidates.length, 'two paid demo sales without a refund, not by card').toBe(2);
    const sale = candidates[language === 'fr' ? 0 : 1];
    const item = sale.items[0];
    const money = (cents: number) => normalise(formatMoney(cents, sale.currency, language));

    // The list: the sale found by its buyer's e-mail.
    await page.goto(`/projects/${demo.id}/sales`);
    await tableSettled(page);
    await expectNoSeriousA11yViolations(page);
    await searchTable(page, t, sale.buyer.email);
    const link = page.getByRole('link', { name: sale.buyer.name, exact: true });
    await link.click();
    const sheet = page.getByTestId('sale-detail');
    await sheet.getByTestId('sale-items').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Refund part of the first item: 35,00 (35.00) retained; the totals are shown live.
    await sheet
      .getByRole('button', { name: fill(t.sales.detail.refundItemOf, { name: item.name[language] }) })
      .click();
    const title = fill(t.sales.refund.itemTitle, { name: item.name[language] });
    const modal = dialog(page, title);
    await modal
      .getByRole('textbox', { name: t.sales.refund.retained })
      .fill(language === 'fr' ? '35,00' : '35.00');
    const expected = refundTotals(item.refundableFeeCents, 3_500, item.taxes);
    if (!expected) throw new Error('the demo item cannot be refunded');
    await until(async () => normalise(await modal.getByTestId('refund-sums').textContent())).toContain(
      money(expected.totalWithTaxesCents),
    );
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: t.sales.refund.save, exact: true }).click();
    await notice(page, t.sales.refund.done).waitFor();
    await modal.waitFor({ state: 'detached' });
    const refunds = sheet.getByTestId('sale-refunds');
    await until(async () => normalise(await refunds.textContent())).toContain(
      money(expected.totalWithTaxesCents),
    );
    await refunds.getByText(t.sales.refundStatus.succeeded).waitFor();

    // The refund's credit note is listed at once; its PDF downloads, named in the buyer's language.
    const bills = sheet.getByTestId('sale-bills');
    const creditNote = bills.getByRole('row').filter({ hasText: t.bills.kind.credit_note });
    await creditNote.waitFor();
    const number = Number(await creditNote.getByRole('cell').nth(1).textContent());
    const billName = fill(t.bills.list.name, { kind: t.bills.kind.credit_note, number });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      creditNote.getByRole('link', { name: fill(t.bills.list.downloadOf, { name: billName }) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      fill(TEXTS[sale.language].bills.filename.credit_note, { number }),
    );
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectNoSeriousA11yViolations(page);

    // « Envoyer la facture » (Send the bill): confirmed with the buyer's address, then queued in the outbox.
    await creditNote.getByRole('button', { name: fill(t.bills.list.sendOf, { name: billName }) }).click();
    const sending = dialog(page, t.bills.sendConfirm.title);
    await until(() => sending.textContent()).toContain(sale.buyer.email);
    await expectNoSeriousA11yViolations(page);
    await sending.getByRole('button', { name: t.bills.sendConfirm.confirm, exact: true }).click();
    // The PDF is drawn and the message queued before the answer: on a loaded machine that can take a while.
    await notice(page, fill(t.bills.sent, { address: sale.buyer.email })).waitFor({ timeout: 20_000 });

    // Archive: confirmed, back to the list where the row is gone; it is in the archive.
    await sheet.getByRole('button', { name: t.sales.detail.archive, exact: true }).click();
    const confirm = dialog(page, t.sales.archive.archiveTitle);
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: t.sales.detail.archive, exact: true }).click();
    await notice(page, t.sales.archive.archived).waitFor();
    await page.getByTestId('sale-detail').waitFor({ state: 'detached' });
    await tableSettled(page);
    await until(() => page.getByRole('link', { name: sale.buyer.name, exact: true }).count()).toBe(0);
    await page.getByRole('tab', { name: t.sales.tabs.archive }).click();
    await searchTable(page, t, sale.buyer.email);
    await page.getByRole('link', { name: sale.buyer.name, exact: true }).click();

    // Unarchive: back in the sales tab.
    await sheet.getByRole('button', { name: t.sales.detail.unarchive, exact: true }).click();
    await dialog(page, t.sales.archive.unarchiveTitle)
      .getByRole('button', { name: t.sales.detail.unarchive, exact: true })
      .click();
    await notice(page, t.sales.archive.unarchived).waitFor();
    const after = await api.call<SaleDetail>('GET', `/api/projects/${demo.id}/sales/${sale.id}`);
    expect(after.archived).toBe(false);
    expect(after.refundedCents).toBe(expected.totalWithTaxesCents);
  });
});
