/**
 * Money rules (issue 20; docs/sales/money.md), shared by the server, the back office and the public page.
 *
 * - Amounts are integer cents (the currency's minor unit; every currency we accept has two decimals), never floats.
 * - Tax rates are integer thousandths of a percent: 5 % = 5000, 9.975 % = 9975 (three decimals, no more).
 * - Each tax is computed on the line's price after its discount and before any other tax (no tax on tax), rounded
 *   half up to the cent, per tax and per line. Revenu Québec's example: $100.00 → GST 5.00 + QST 9.975 = 9.98, total
 *   $114.98.
 * - A refund: total = fee − retained amount; each tax = its rate of that total, rounded the same way.
 * All the arithmetic stays within integers below 2^53: a line of up to $10,000,000 at a 100 % rate is 10^9 × 10^5.
 */

/** The largest amount a price, a discount or a refund may hold: $10,000,000.00. */
export const MAX_CENTS = 1_000_000_000;
/** 100 % in thousandths of a percent. */
export const FULL_RATE = 100_000;

/** `numerator / denominator` rounded half up (away from zero for negatives), both integers, denominator > 0. */
export function divideHalfUp(numerator: number, denominator: number): number {
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const quotient = Math.floor((2 * n + denominator) / (2 * denominator));
  return quotient === 0 ? 0 : sign * quotient;
}

/** A tax on a base: `baseCents × rate`, rounded half up to the cent. */
export function taxOn(baseCents: number, rateMilli: number): number {
  return divideHalfUp(baseCents * rateMilli, FULL_RATE);
}

export interface TaxRate {
  rateMilli: number;
}

/** One line's sums: its base (price × quantity − discount, never below 0), each tax on that base, and the total. */
export function lineTotals<T extends TaxRate>(
  unitPriceCents: number,
  quantity: number,
  discountCents: number,
  taxes: readonly T[],
) {
  const subtotalCents = unitPriceCents * quantity;
  const appliedDiscount = Math.min(Math.max(discountCents, 0), subtotalCents);
  const baseCents = subtotalCents - appliedDiscount;
  const charged = taxes.map((tax) => ({ ...tax, amountCents: taxOn(baseCents, tax.rateMilli) }));
  const taxCents = charged.reduce((sum, tax) => sum + tax.amountCents, 0);
  return {
    subtotalCents,
    discountCents: appliedDiscount,
    baseCents,
    taxes: charged,
    taxCents,
    totalCents: baseCents + taxCents,
  };
}

export type PromoKind = 'amount' | 'percent';

/** What a promo code takes off a price: an amount (at most the price) or a percentage rounded half up. */
export function promoDiscount(priceCents: number, kind: PromoKind, value: number): number {
  if (kind === 'amount') return Math.min(value, priceCents);
  return Math.min(divideHalfUp(priceCents * value, FULL_RATE), priceCents);
}

/**
 * S2: a refund's sums. total = fee − retained (a full refund retains nothing); each tax is its rate of that total;
 * the total with taxes adds them. Null when the retained amount is negative or above the fee.
 */
export function refundTotals<T extends TaxRate>(
  feeCents: number,
  retainedCents: number,
  taxes: readonly T[],
  full = false,
) {
  const retained = full ? 0 : retainedCents;
  if (retained < 0 || retained > feeCents) return null;
  const totalCents = feeCents - retained;
  const charged = taxes.map((tax) => ({ ...tax, amountCents: taxOn(totalCents, tax.rateMilli) }));
  const taxCents = charged.reduce((sum, tax) => sum + tax.amountCents, 0);
  return {
    retainedCents: retained,
    totalCents,
    taxes: charged,
    taxCents,
    totalWithTaxesCents: totalCents + taxCents,
  };
}

/**
 * Reads an amount typed by a person: « 1 234,56 », "1,234.56", "12.5", "12,50 $", "$12". A decimal comma or point
 * (the last one followed by one or two digits is the decimal separator), spaces (also non-breaking) and a currency
 * sign are accepted. Null when it is not an amount, has more than two decimals, is negative or above MAX_CENTS.
 */
export function parseMoney(input: string): number | null {
  const text = input
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^\$|\$$|^CAD|CAD$|\$CA$|^CA\$/gi, '')
    .trim();
  if (!/^\d[\d.,]*$/.test(text) && !/^[.,]\d{1,2}$/.test(text)) return null;
  const lastSeparator = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'));
  let whole = text;
  let fraction = '';
  if (lastSeparator >= 0 && text.length - lastSeparator - 1 <= 2) {
    whole = text.slice(0, lastSeparator);
    fraction = text.slice(lastSeparator + 1);
  }
  // What remains before the decimal separator may hold thousands separators only in groups of three.
  if (whole !== '' && !/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(whole)) return null;
  const digits = whole.replace(/[.,]/g, '') || '0';
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return null;
  return cents;
}

/** Reads a tax rate in percent, « 9,975 » or "9.975": thousandths of a percent, null beyond three decimals or 100. */
export function parseRate(input: string): number | null {
  const text = input.replace(/[\s\u00a0\u202f%]/g, '');
  const match = /^(\d{1,3})(?:[.,](\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return milli <= FULL_RATE ? milli : null;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in the locale's format: « 1 234,56 $ » in French (Canada), "$1,234.56" in English (Canada). */
export function formatMoney(cents: number, currency: string, language: 'fr' | 'en'): string {
  const key = `${language}:${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', { style: 'currency', currency });
    formatters.set(key, format);
  }
  return format.format(cents / 100);
}

/** A rate for people: « 9,975 % », "9.975%". */
export function formatRate(rateMilli: number, language: 'fr' | 'en'): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'percent',
    maximumFractionDigits: 3,
  }).format(rateMilli / FULL_RATE);
}

/** An amount in cents as the plain decimal a form field shows: 123456 → "1234.56" (French: "1234,56"). */
export function centsToInput(cents: number, language: 'fr' | 'en'): string {
  const text = `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  return language === 'fr' ? text.replace('.', ',') : text;
}

/** ISO 4217 codes offered for a project's currency (two-decimal currencies only). */
export const CURRENCIES = ['CAD', 'USD', 'EUR', 'GBP', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];
