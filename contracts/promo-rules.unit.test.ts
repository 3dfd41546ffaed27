import { describe, expect, it } from 'vitest';
import { normaliseCode, promoRefusal } from './promo-rules';

const promo = {
  paymentId: 'gala',
  validFrom: '2026-05-01T04:00:00Z',
  validUntil: '2026-06-01T03:59:59Z',
  maxUses: 2,
  uses: 1,
};
const may = new Date('2026-05-15T12:00:00Z');

describe('promo codes (R3): refused with the reason', () => {
  it('applies inside its window, to its payment, while uses remain', () => {
    expect(promoRefusal(promo, 'gala', may)).toBeNull();
  });

  it('names each reason', () => {
    expect(promoRefusal(null, 'gala', may)).toBe('unknown');
    expect(promoRefusal(promo, 'registration', may)).toBe('otherPayment');
    expect(promoRefusal(promo, 'gala', new Date('2026-04-30T12:00:00Z'))).toBe('notYetValid');
    expect(promoRefusal(promo, 'gala', new Date('2026-06-01T04:00:00Z'))).toBe('expired');
    expect(promoRefusal({ ...promo, uses: 2 }, 'gala', may)).toBe('usedUp');
  });

  it('has no limit where none is set', () => {
    expect(
      promoRefusal({ ...promo, validFrom: null, validUntil: null, maxUses: null, uses: 900 }, 'gala', may),
    ).toBeNull();
  });

  it('compares codes without case or spaces around', () => {
    expect(normaliseCode('  Gala2026 ')).toBe('gala2026');
  });
});
