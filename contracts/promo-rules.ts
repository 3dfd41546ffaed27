/**
 * R3: when a promo code applies (issue 20). Shared by the promo-code screens, the public registration page and the
 * server, which alone decides. A code is compared without case or surrounding spaces.
 */
export interface PromoCodeState {
  paymentId: string;
  validFrom: Date | string | null;
  validUntil: Date | string | null;
  maxUses: number | null;
  uses: number;
}

/** Why a code is refused, each with its translated message `validation.promoCode.<reason>`. */
export type PromoRefusal = 'unknown' | 'notYetValid' | 'expired' | 'usedUp' | 'otherPayment';

export const normaliseCode = (code: string) => code.trim().toLowerCase();

/** Null when the code applies to this payment now; otherwise the reason. */
export function promoRefusal(
  promo: PromoCodeState | null,
  paymentId: string,
  now: Date,
): PromoRefusal | null {
  if (!promo) return 'unknown';
  if (promo.paymentId !== paymentId) return 'otherPayment';
  if (promo.validFrom && now < new Date(promo.validFrom)) return 'notYetValid';
  if (promo.validUntil && now > new Date(promo.validUntil)) return 'expired';
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) return 'usedUp';
  return null;
}
