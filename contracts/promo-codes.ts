import { z } from 'zod';
import { localDateTime } from './activities';
import { defineEndpoint, ok, timestamp, uuidParam } from './http';
import { FULL_RATE, MAX_CENTS, parseMoney, parseRate } from './money';

/**
 * R3 (issue 20): one promo code per payment, an amount (cents) or a percentage (thousandths of a percent: 15 % =
 * 15000) off its price, in an optional window (local times of the project's zone), an optional number of uses.
 * When a code applies is contracts/promo-rules.ts; what it takes off is contracts/money.ts promoDiscount.
 */

export const PROMO_KINDS = ['amount', 'percent'] as const;
export type PromoKindValue = (typeof PROMO_KINDS)[number];
export const PROMO_USES_MAX = 1_000_000;

/** What a buyer types: 3 to 40 letters, digits, hyphens or underscores; compared without case. */
export const promoCodeText = z
  .string({ error: 'validation.promoCode.codeFormat' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: 'validation.promoCode.codeFormat' });

const paymentId = z.uuid({ error: 'validation.promoCode.payment' });
const kind = z.enum(PROMO_KINDS, { error: 'validation.promoCode.kind' });
const maxUses = z
  .number({ error: 'validation.promoCode.maxUses' })
  .int({ error: 'validation.promoCode.maxUses' })
  .min(1, { error: 'validation.promoCode.maxUses' })
  .max(PROMO_USES_MAX, { error: 'validation.promoCode.maxUses' });

interface PromoShape {
  kind: PromoKindValue;
  value: number;
  validFrom: string | null;
  validUntil: string | null;
}

/** The rules across fields: a percentage is at most 100 %, the window ends after it starts. */
function checkPromo(values: PromoShape, ctx: z.RefinementCtx) {
  if (values.kind === 'percent' && values.value > FULL_RATE) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.promoCode.percent' });
  }
  if (values.validFrom && values.validUntil && values.validUntil <= values.validFrom) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'validation.promoCode.window' });
  }
}

const validity = {
  validFrom: localDateTime.nullable().default(null),
  validUntil: localDateTime.nullable().default(null),
};

export const promoCodeInput = z
  .object({
    paymentId,
    code: promoCodeText,
    kind,
    /** `amount`: cents off; `percent`: thousandths of a percent off. */
    value: z
      .number({ error: 'validation.promoCode.value' })
      .int({ error: 'validation.promoCode.value' })
      .min(1, { error: 'validation.promoCode.value' })
      .max(MAX_CENTS, { error: 'validation.promoCode.value' }),
    ...validity,
    maxUses: maxUses.nullable().default(null),
  })
  .superRefine(checkPromo);
export type PromoCodeInput = z.input<typeof promoCodeInput>;
export type PromoCodeValues = z.output<typeof promoCodeInput>;

/**
 * The modal's form: the value typed as text (an amount read with parseMoney, « 12,50 »; a percentage like a rate,
 * « 15 » → 15000), the number of uses empty for no limit. Its output is what the API takes.
 */
export const promoCodeForm = z
  .object({
    paymentId: z.string().nullable().pipe(paymentId),
    code: promoCodeText,
    kind,
    value: z.string(),
    ...validity,
    maxUses: z
      .union([z.literal(''), z.number()])
      .transform((v) => (v === '' ? null : v))
      .pipe(maxUses.nullable()),
  })
  .transform((values, ctx) => {
    const read = values.kind === 'amount' ? parseMoney(values.value) : parseRate(values.value);
    if (read === null || read < 1) {
      ctx.issues.push({
        code: 'custom',
        path: ['value'],
        message: 'validation.promoCode.value',
        input: values.value,
      });
      return z.NEVER;
    }
    return { ...values, value: read };
  })
  .superRefine(checkPromo);

export const promoCode = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  paymentName: z.object({ fr: z.string(), en: z.string() }),
  code: z.string(),
  kind: kind,
  value: z.number().int(),
  validFrom: timestamp.nullable(),
  validUntil: timestamp.nullable(),
  /** The same instants as wall times of the project's zone (`YYYY-MM-DDTHH:mm`), what the form edits. */
  validFromLocal: z.string().nullable(),
  validUntilLocal: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
});
export type PromoCode = z.input<typeof promoCode>;

export const promoCodeList = z.object({
  items: z.array(promoCode),
  timeZone: z.string(),
  currency: z.string(),
});
export type PromoCodeList = z.input<typeof promoCodeList>;

/** The payments a code can be attached to, and whether one already has a code. */
export const promoPaymentOptions = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      name: z.object({ fr: z.string(), en: z.string() }),
      priceCents: z.number().int(),
      promoCodeId: z.uuid().nullable(),
    }),
  ),
  currency: z.string(),
});
export type PromoPaymentOptions = z.input<typeof promoPaymentOptions>;

export const promoCheckInput = z.object({ code: z.string().max(200), paymentId });
export const promoCheckResult = z.object({ discountCents: z.number().int() });

// ---------- endpoints ----------

const tag = 'promo-codes';
const projectParams = z.object({ projectId: uuidParam });
const promoParams = projectParams.extend({ promoCodeId: uuidParam });

export const listPromoCodes = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/promo-codes',
  access: 'user',
  tag,
  summary: 'R3 the promo codes of a project, with their payment, window (in the project’s zone) and uses',
  params: projectParams,
  response: promoCodeList,
});

export const listPromoPayments = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/promo-code-payments',
  access: 'user',
  tag,
  summary: 'R3 the payments of a project a promo code can be attached to (one code per payment)',
  params: projectParams,
  response: promoPaymentOptions,
});

export const createPromoCode = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/promo-codes',
  access: 'user',
  tag,
  summary:
    'R3 add a promo code; refused under paymentId when that payment has one, under code when the project has it (any case)',
  params: projectParams,
  body: promoCodeInput,
  response: promoCode,
});

export const updatePromoCode = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/promo-codes/:promoCodeId',
  access: 'user',
  tag,
  summary: 'R3 edit a promo code (same refusals; a number of uses below the uses made is refused)',
  params: promoParams,
  body: promoCodeInput,
  response: promoCode,
});

export const deletePromoCode = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/promo-codes/:promoCodeId',
  access: 'user',
  tag,
  summary: 'R3 delete a promo code (past sales keep the code they used)',
  params: promoParams,
  response: ok,
});

export const checkPromoCode = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/promo-codes/check',
  access: 'user',
  tag,
  summary:
    'R3 whether a code applies to a payment now: the discount in cents, or 400 under code with the translated reason (unknown, not yet valid, expired, used up, another payment)',
  params: projectParams,
  body: promoCheckInput,
  response: promoCheckResult,
});
