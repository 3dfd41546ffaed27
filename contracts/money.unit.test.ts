import { describe, expect, it } from 'vitest';
import {
  centsToInput,
  divideHalfUp,
  formatMoney,
  formatRate,
  lineTotals,
  parseMoney,
  parseRate,
  promoDiscount,
  refundTotals,
  taxOn,
} from './money';

const GST = { name: 'TPS', rateMilli: 5000 };
const QST = { name: 'TVQ', rateMilli: 9975 };

describe('taxes, worked by hand', () => {
  it("follows Revenu Québec's example: $100.00 → GST 5.00 + QST 9.98 = $114.98", () => {
    const line = lineTotals(10_000, 1, 0, [GST, QST]);
    expect(line.taxes.map((t) => t.amountCents)).toEqual([500, 998]);
    expect(line.totalCents).toBe(11_498);
  });

  it('rounds half up, per tax: 0.005 is a cent, 0.0049 is none', () => {
    expect(taxOn(10, 5000)).toBe(1); // 0.10 × 5 % = 0.005
    expect(taxOn(9, 5000)).toBe(0); // 0.09 × 5 % = 0.0045
    expect(taxOn(1005, 5000)).toBe(50); // 10.05 × 5 % = 0.5025
    expect(taxOn(1_000, 9975)).toBe(100); // 10.00 × 9.975 % = 0.9975
  });

  it('taxes each tax on the price before the other taxes (no tax on tax)', () => {
    // $59.99: GST 2.9995 → 3.00; QST 5.984 → 5.98; total 68.97 (QST on 59.99 + 3.00 would be 6.28).
    const line = lineTotals(5_999, 1, 0, [GST, QST]);
    expect(line.taxes.map((t) => t.amountCents)).toEqual([300, 598]);
    expect(line.totalCents).toBe(6_897);
  });

  it('multiplies by the quantity before taxing, and never discounts below zero', () => {
    const line = lineTotals(3_333, 3, 0, [QST]);
    expect(line.baseCents).toBe(9_999);
    expect(line.taxes[0].amountCents).toBe(997); // 99.99 × 9.975 % = 9.974…
    expect(lineTotals(1_000, 1, 5_000, [GST]).totalCents).toBe(0);
  });

  it('computes exactly at the largest amounts', () => {
    expect(taxOn(1_000_000_000, 100_000)).toBe(1_000_000_000);
    expect(taxOn(999_999_999, 9975)).toBe(99_750_000); // 9,999,999.99 × 9.975 % = 997,499.999…
  });

  it('rounds negative quotients away from zero', () => {
    expect(divideHalfUp(-5, 10)).toBe(-1);
    expect(divideHalfUp(-4, 10)).toBe(0);
  });
});

describe('promo codes', () => {
  it('takes an amount off, at most the price', () => {
    expect(promoDiscount(25_000, 'amount', 5_000)).toBe(5_000);
    expect(promoDiscount(2_000, 'amount', 5_000)).toBe(2_000);
  });

  it('takes a percentage off, rounded half up', () => {
    expect(promoDiscount(25_000, 'percent', 20_000)).toBe(5_000);
    expect(promoDiscount(999, 'percent', 15_000)).toBe(150); // 9.99 × 15 % = 1.4985 → 1.50
    expect(promoDiscount(999, 'percent', 100_000)).toBe(999);
  });
});

describe('refunds (S2): total = fee − amount, each tax its rate of the total', () => {
  it('refunds part of a discounted registration with two taxes', () => {
    // $250.00 with a 20 % code: base 200.00, GST 10.00, QST 19.95, paid 229.95.
    const discount = promoDiscount(25_000, 'percent', 20_000);
    const sale = lineTotals(25_000, 1, discount, [GST, QST]);
    expect(sale.totalCents).toBe(22_995);
    // Refund, retaining $35.00 of the $200.00 fee: 165.00, GST 8.25, QST 16.458… → 16.46, 189.71 given back.
    const refund = refundTotals(sale.baseCents, 3_500, [GST, QST]);
    expect(refund?.totalCents).toBe(16_500);
    expect(refund?.taxes.map((t) => t.amountCents)).toEqual([825, 1_646]);
    expect(refund?.totalWithTaxesCents).toBe(18_971);
  });

  it('a full refund retains nothing, whatever amount was typed', () => {
    const refund = refundTotals(20_000, 3_500, [GST, QST], true);
    expect(refund).toMatchObject({ retainedCents: 0, totalCents: 20_000, totalWithTaxesCents: 22_995 });
  });

  it('refuses a retained amount above the fee or below zero', () => {
    expect(refundTotals(20_000, 20_001, [GST])).toBeNull();
    expect(refundTotals(20_000, -1, [GST])).toBeNull();
    expect(refundTotals(20_000, 20_000, [GST])?.totalWithTaxesCents).toBe(0);
  });
});

describe('reading amounts and rates as people type them', () => {
  it.each([
    ['12', 1_200],
    ['12,5', 1_250],
    ['12,50', 1_250],
    ['12.50', 1_250],
    ['1 234,56', 123_456],
    ['1\u00a0234,56 $', 123_456],
    ['1\u202f234,56', 123_456],
    ['$1,234.56', 123_456],
    ['1.234,56', 123_456],
    ['1,234', 123_400],
    [',5', 50],
    // Three digits after the last separator make it a thousands separator.
    ['12,345', 1_234_500],
    ['0', 0],
  ])('%j is %i cents', (input, cents) => {
    expect(parseMoney(input)).toBe(cents);
  });

  it.each(['', 'abc', '-5', '1,2,3', '12.3.4', '10000001', '1e5', '12,5x'])(
    '%j is not an amount',
    (input) => {
      expect(parseMoney(input)).toBeNull();
    },
  );

  it('reads rates with up to three decimals, a comma or a point', () => {
    expect(parseRate('9,975')).toBe(9975);
    expect(parseRate('9.975 %')).toBe(9975);
    expect(parseRate('5')).toBe(5000);
    expect(parseRate('100')).toBe(100_000);
    expect(parseRate('9,9755')).toBeNull();
    expect(parseRate('100,001')).toBeNull();
    expect(parseRate('-5')).toBeNull();
  });
});

describe('formatting per locale', () => {
  it('writes « 1 234,56 $ » in French and "$1,234.56" in English', () => {
    expect(formatMoney(123_456, 'CAD', 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe('1 234,56 $');
    expect(formatMoney(123_456, 'CAD', 'en')).toBe('$1,234.56');
    expect(formatMoney(0, 'CAD', 'en')).toBe('$0.00');
  });

  it('writes rates with their three decimals', () => {
    expect(formatRate(9975, 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe('9,975 %');
    expect(formatRate(5000, 'en')).toBe('5%');
  });

  it('gives a form field its plain decimal', () => {
    expect(centsToInput(123_456, 'fr')).toBe('1234,56');
    expect(centsToInput(5, 'en')).toBe('0.05');
  });
});
