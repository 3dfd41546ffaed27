import { z } from 'zod';
import { localDateTime, offsetChoice } from './activities';
import { defineEndpoint, ok, timestamp, uuidParam } from './http';
import { MAX_CENTS, parseMoney } from './money';
import { localized, plainText } from './texts';

/**
 * R1 (issue 20): what a project sells — registrations (the buyer gets a role) and activity payments (a price on an
 * activity) — grouped in payment categories, with the ticketing edition (on sale, the sale window in the project's
 * zone, the quantity, the roles allowed to buy). Prices are integer cents (contracts/money.ts). See
 * docs/sales/payments.md.
 */

export const PAYMENT_NAME_MAX = 200;
export const PAYMENT_DESCRIPTION_MAX = 5000;
export const PAYMENT_QUANTITY_MAX = 1_000_000;
export const PAYMENT_KINDS = ['registration', 'activity'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

const requiredName = plainText(PAYMENT_NAME_MAX).pipe(z.string().min(2, { error: 'validation.required' }));
const localizedName = z.object({ fr: z.string(), en: z.string() });
const id = z.uuid({ error: 'validation.id' });

// ---------- categories ----------

export const paymentCategoryInput = z.object({ name: localized(requiredName) });
export type PaymentCategoryInput = z.input<typeof paymentCategoryInput>;

export const paymentCategory = z.object({
  id: z.uuid(),
  name: localizedName,
  position: z.number().int(),
  paymentCount: z.number().int(),
});
export type PaymentCategory = z.input<typeof paymentCategory>;
export const paymentCategoryList = z.object({ items: z.array(paymentCategory) });
export type PaymentCategoryList = z.input<typeof paymentCategoryList>;

/** Every category of the project exactly once, in the new order. */
export const paymentCategoryOrder = z.object({ ids: z.array(id).max(1000) });

// ---------- payments ----------

export const priceCents = z
  .number({ error: 'validation.payments.price' })
  .int({ error: 'validation.payments.price' })
  .min(0, { error: 'validation.payments.price' })
  .max(MAX_CENTS, { error: 'validation.payments.price' });

const quantity = z
  .number({ error: 'validation.payments.quantity' })
  .int({ error: 'validation.payments.quantity' })
  .min(0, { error: 'validation.payments.quantity' })
  .max(PAYMENT_QUANTITY_MAX, { error: 'validation.payments.quantity' });

/** The fields the panel edits, apart from the price (a number for the API, a typed text for the form). */
const paymentFields = z.object({
  kind: z.enum(PAYMENT_KINDS, { error: 'validation.payments.kind' }),
  name: localized(requiredName),
  description: localized(plainText(PAYMENT_DESCRIPTION_MAX)),
  categoryId: id.nullable().default(null),
  /** Required for an activity payment (an activity of the same project); ignored for a registration. */
  activityId: id.nullable().default(null),
  taxIds: z.array(id).max(50).default([]),
  /** Ticketing: who may buy it on the public page (empty: nobody chosen yet, so nobody). */
  roleIds: z.array(id).max(500).default([]),
  onSale: z.boolean().default(false),
  /** The sale window, local times of the project's zone (either may be open); the offsets choose a time lived twice. */
  saleStartsAt: localDateTime.nullable().default(null),
  saleStartsAtOffset: offsetChoice.optional(),
  saleEndsAt: localDateTime.nullable().default(null),
  saleEndsAtOffset: offsetChoice.optional(),
  /** null: no limit. Never below what is already sold. */
  quantity: quantity.nullable().default(null),
});

type FieldsOut = z.output<typeof paymentFields>;

/** The rules across fields, named on the field a person corrects. */
function crossChecks(values: FieldsOut, ctx: z.RefinementCtx) {
  if (values.kind === 'activity' && !values.activityId) {
    ctx.addIssue({ code: 'custom', path: ['activityId'], message: 'validation.payments.activityRequired' });
  }
  // Local times of one zone compare as text; the server checks the instants too (a time lived twice).
  if (values.saleStartsAt && values.saleEndsAt && values.saleEndsAt <= values.saleStartsAt) {
    ctx.addIssue({ code: 'custom', path: ['saleEndsAt'], message: 'validation.payments.endBeforeStart' });
  }
}

export const paymentInput = paymentFields.extend({ priceCents }).superRefine(crossChecks);
export type PaymentInput = z.input<typeof paymentInput>;
export type PaymentValues = z.output<typeof paymentInput>;

/** The panel's form: the price typed as people write it (« 1 234,56 », "12.50"), read into cents. */
export const paymentForm = paymentFields
  .extend({
    price: z.string().refine((text) => parseMoney(text) !== null, { error: 'validation.payments.price' }),
  })
  .superRefine(crossChecks);
export type PaymentFormInput = z.input<typeof paymentForm>;

/** The form's values as the API takes them. */
export function paymentFormToInput(values: z.output<typeof paymentForm>): PaymentValues {
  const { price, ...rest } = values;
  return { ...rest, priceCents: parseMoney(price) ?? 0 };
}

const namedRef = z.object({ id: z.uuid(), name: localizedName });

/** A row of the list. */
export const paymentSummary = z.object({
  id: z.uuid(),
  kind: z.enum(PAYMENT_KINDS),
  name: localizedName,
  category: namedRef.nullable(),
  activity: namedRef.nullable(),
  priceCents: z.number().int(),
  position: z.number().int(),
  onSale: z.boolean(),
  saleStartsAt: timestamp.nullable(),
  saleEndsAt: timestamp.nullable(),
  quantity: z.number().int().nullable(),
  sold: z.number().int(),
});
export type PaymentSummary = z.input<typeof paymentSummary>;

/** The payments of a project in their order, with the categories (in theirs) and the currency of its prices. */
export const paymentList = z.object({
  currency: z.string(),
  items: z.array(paymentSummary),
  categories: z.array(namedRef.extend({ position: z.number().int() })),
});
export type PaymentList = z.input<typeof paymentList>;

/** One payment as the panel edits it: the sale window also as local times of the project's zone. */
export const payment = paymentSummary.extend({
  description: localizedName,
  taxIds: z.array(z.uuid()),
  roleIds: z.array(z.uuid()),
  saleStartsAtLocal: z.string().nullable(),
  saleStartsAtOffset: offsetChoice.nullable(),
  saleEndsAtLocal: z.string().nullable(),
  saleEndsAtOffset: offsetChoice.nullable(),
  /** Lines of sales that name it: such a payment cannot be deleted. */
  salesCount: z.number().int(),
});
export type Payment = z.input<typeof payment>;

/** Everything the panel's selects offer, in one call. */
export const paymentFormOptions = z.object({
  currency: z.string(),
  timeZone: z.string(),
  categories: z.array(namedRef),
  activities: z.array(namedRef),
  taxes: z.array(namedRef.extend({ rateMilli: z.number().int() })),
  roles: z.array(namedRef),
});
export type PaymentFormOptions = z.input<typeof paymentFormOptions>;

/** P11: the whole order — payments outside any category, then each category with its payments. */
export const paymentOrder = z.object({
  items: z.array(id).max(2000),
  categories: z.array(z.object({ id, items: z.array(id).max(2000) })).max(500),
});
export type PaymentOrder = z.input<typeof paymentOrder>;

// ---------- endpoints ----------

const tag = 'payments';
const projectParams = z.object({ projectId: uuidParam });
const paymentParams = projectParams.extend({ paymentId: uuidParam });
const categoryParams = projectParams.extend({ categoryId: uuidParam });

export const listPayments = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/payments',
  access: 'user',
  tag,
  summary: 'R1 the payments of a project in order, its payment categories and its currency',
  params: projectParams,
  response: paymentList,
});

export const getPaymentFormOptions = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/payment-form-options',
  access: 'user',
  tag,
  summary: 'R1 what the payment panel offers: categories, activities, taxes, roles, currency and time zone',
  params: projectParams,
  response: paymentFormOptions,
});

export const getPayment = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/payments/:paymentId',
  access: 'user',
  tag,
  summary: 'R1 one payment with its taxes, roles and sale window',
  params: paymentParams,
  response: payment,
});

export const createPayment = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/payments',
  access: 'user',
  tag,
  summary: 'R1 create a payment (registration or activity), placed last',
  params: projectParams,
  body: paymentInput,
  response: payment,
});

export const updatePayment = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/payments/:paymentId',
  access: 'user',
  tag,
  summary: 'R1 edit a payment and its ticketing (a quantity below what is sold is refused)',
  params: paymentParams,
  body: paymentInput,
  response: payment,
});

export const copyPayment = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/payments/:paymentId/copy',
  access: 'user',
  tag,
  summary:
    'R1 copy a payment: « (copie) » / "(copy)" after its names, nothing sold, off sale, same taxes and roles',
  params: paymentParams,
  response: payment,
});

export const deletePayment = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/payments/:paymentId',
  access: 'user',
  tag,
  summary: 'R1 delete a payment; one with sales is refused (409 payments.hasSales): take it off sale instead',
  params: paymentParams,
  response: ok,
});

export const reorderPayments = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/payment-order',
  access: 'user',
  tag,
  summary: 'P11/R1 save the order of payments and categories (a payment moved to a category joins it)',
  params: projectParams,
  body: paymentOrder,
  response: paymentList,
});

export const listPaymentCategories = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/payment-categories',
  access: 'user',
  tag,
  summary: 'R1 the payment categories of a project, in order, with how many payments each has',
  params: projectParams,
  response: paymentCategoryList,
});

export const createPaymentCategory = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/payment-categories',
  access: 'user',
  tag,
  summary: 'R1 create a payment category, placed last',
  params: projectParams,
  body: paymentCategoryInput,
  response: paymentCategory,
});

export const updatePaymentCategory = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/payment-categories/:categoryId',
  access: 'user',
  tag,
  summary: 'R1 rename a payment category',
  params: categoryParams,
  body: paymentCategoryInput,
  response: paymentCategory,
});

export const deletePaymentCategory = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/payment-categories/:categoryId',
  access: 'user',
  tag,
  summary: 'R1 delete a payment category; its payments stay, without a category',
  params: categoryParams,
  response: ok,
});

export const reorderPaymentCategories = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/payment-category-order',
  access: 'user',
  tag,
  summary: 'P11/R1 save the order of the payment categories (every category of the project exactly once)',
  params: projectParams,
  body: paymentCategoryOrder,
  response: paymentCategoryList,
});
