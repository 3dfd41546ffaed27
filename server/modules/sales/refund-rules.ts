import { lineTotals, refundTotals } from '../../../contracts/money';
import type { ChargedTax } from '../../db/schema';
import type { ItemRow, RefundRow } from './repository';

/**
 * S2's arithmetic on a sale as stored (docs/sales/refunds.md). The fee of a refund is what the item (or the sale) was
 * charged before taxes and is not yet refunded nor being refunded (failed refunds give nothing back); the sums are
 * contracts/money.ts refundTotals on the taxes the items were charged.
 */

/** A line's price after its discount, before taxes. */
export const itemBase = (item: ItemRow) =>
  lineTotals(item.unitPriceCents, item.quantity, item.discountCents, []).baseCents;

const counts = (refund: RefundRow) => refund.status !== 'failed';
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One tax whatever the line: its id when it has one, else its name and rate as copied. */
const taxKey = (tax: ChargedTax) => tax.taxId ?? `${tax.nameFr}|${tax.rateMilli}`;
const taxSetKey = (taxes: ChargedTax[]) => taxes.map(taxKey).sort().join(',');

export function saleFee(items: ItemRow[], refunds: RefundRow[]) {
  return sum(items.map(itemBase)) - sum(refunds.filter(counts).map((r) => r.totalCents));
}

/** An item's fee left: its own refunds taken off, and never more than the whole sale has left. */
export function itemFee(item: ItemRow, items: ItemRow[], refunds: RefundRow[]) {
  const own = sum(refunds.filter((r) => counts(r) && r.itemId === item.id).map((r) => r.totalCents));
  return Math.max(0, Math.min(itemBase(item) - own, saleFee(items, refunds)));
}

/**
 * The taxes a refund of the whole sale applies: those of its items when they all charge the same ones; null when
 * they differ (the refund is then made item by item, each on its own taxes).
 */
export function saleRefundTaxes(items: ItemRow[]): ChargedTax[] | null {
  const charged = items.filter((item) => itemBase(item) > 0);
  if (!charged.length) return items[0]?.taxes ?? [];
  const first = taxSetKey(charged[0].taxes);
  return charged.every((item) => taxSetKey(item.taxes) === first) ? charged[0].taxes : null;
}

/**
 * A refund's sums (refundTotals), each tax kept within what the sale was charged of it and not yet given back: a
 * series of partial refunds, each rounded half up, never returns a cent of tax more than was paid.
 */
export function refundSums(
  fee: number,
  retained: number,
  full: boolean,
  taxes: ChargedTax[],
  items: ItemRow[],
  refunds: RefundRow[],
) {
  const totals = refundTotals(fee, retained, taxes, full);
  if (!totals) return null;
  const charged = new Map<string, number>();
  for (const item of items)
    for (const tax of item.taxes) charged.set(taxKey(tax), (charged.get(taxKey(tax)) ?? 0) + tax.amountCents);
  for (const refund of refunds.filter(counts))
    for (const tax of refund.taxes)
      charged.set(taxKey(tax), (charged.get(taxKey(tax)) ?? 0) - tax.amountCents);
  const capped = totals.taxes.map((tax) => ({
    ...tax,
    amountCents: Math.max(0, Math.min(tax.amountCents, charged.get(taxKey(tax)) ?? 0)),
  }));
  const taxCents = sum(capped.map((tax) => tax.amountCents));
  return { ...totals, taxes: capped, taxCents, totalWithTaxesCents: totals.totalCents + taxCents };
}

/**
 * How a refund's money is shared among the items (their `refunded_cents`): all of it on its item, or for the whole
 * sale over the items in order, each up to what it has not yet had back.
 */
export function refundShares(refund: RefundRow, items: ItemRow[]) {
  if (refund.itemId) return [{ itemId: refund.itemId, cents: refund.totalWithTaxesCents }];
  let left = refund.totalWithTaxesCents;
  return items.map((item) => {
    const cents = Math.min(left, Math.max(0, item.totalCents - item.refundedCents));
    left -= cents;
    return { itemId: item.id, cents };
  });
}

/**
 * A failed refund's money taken back from the items (negative shares of `refunded_cents`): all of it from its item,
 * or for the whole sale from the items in reverse order, each down to 0. The shares add up to what the refund had
 * counted, so the sale's sum stays the sum of its items.
 */
export function takeBackShares(refund: RefundRow, items: ItemRow[]) {
  let left = refund.totalWithTaxesCents;
  const taken = (
    refund.itemId ? items.filter((item) => item.id === refund.itemId) : [...items].reverse()
  ).map((item) => {
    const cents = Math.min(left, Math.max(0, item.refundedCents));
    left -= cents;
    return { itemId: item.id, cents: -cents };
  });
  return taken;
}
