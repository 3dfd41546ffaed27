import { z } from 'zod';
import { defineEndpoint, language, listQuery, listResponse, timestamp, uuidParam } from './http';
import { parseMoney } from './money';

/**
 * S1 sales transactions and S2 refunds (issue 20; docs/sales/sales.md, docs/sales/refunds.md). A sale (payment
 * request) and its items keep what was charged (names, prices, the taxes with their rates); amounts are integer cents
 * in the sale's currency (contracts/money.ts).
 */

export const SALE_TABS = ['sales', 'pending', 'courtesy', 'archive'] as const;
export const SALE_STATUSES = ['pending', 'paid', 'courtesy', 'cancelled'] as const;
export const SALE_SOURCES = ['card', 'free', 'manual', 'courtesy'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** An amount as a person types it (« 35,00 », "1,234.56", "12 $"): read by parseMoney into cents. */
export const moneyText = z
  .string()
  .trim()
  .max(30, { error: 'validation.sales.amount' })
  .transform((text, ctx) => {
    const cents = parseMoney(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'validation.sales.amount' });
      return z.NEVER;
    }
    return cents;
  });

const localized = z.object({ fr: z.string(), en: z.string() });
const cents = z.number().int();

export const chargedTax = z.object({
  name: localized,
  rateMilli: z.number().int(),
  registrationNumber: z.string(),
  amountCents: cents,
});
export type ChargedTaxView = z.input<typeof chargedTax>;

export const saleSummary = z.object({
  id: z.uuid(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
  buyer: z.object({ name: z.string(), email: z.string(), organisation: z.string() }),
  items: z.array(z.object({ name: localized, quantity: z.number().int() })),
  currency: z.string(),
  totalCents: cents,
  refundedCents: cents,
  status: z.enum(SALE_STATUSES),
  source: z.enum(SALE_SOURCES),
  archived: z.boolean(),
});
export type SaleSummary = z.input<typeof saleSummary>;

export const saleItem = z.object({
  id: z.uuid(),
  paymentId: z.uuid().nullable(),
  name: localized,
  unitPriceCents: cents,
  quantity: z.number().int(),
  promoCode: z.string().nullable(),
  discountCents: cents,
  taxes: z.array(chargedTax),
  totalCents: cents,
  refundedCents: cents,
  /** S2: what this item was charged before taxes and is not yet refunded (nor being refunded). */
  refundableFeeCents: cents,
});
export type SaleItem = z.input<typeof saleItem>;

export const saleRefund = z.object({
  id: z.uuid(),
  itemId: z.uuid().nullable(),
  full: z.boolean(),
  feeCents: cents,
  retainedCents: cents,
  totalCents: cents,
  taxes: z.array(chargedTax),
  totalWithTaxesCents: cents,
  status: z.enum(REFUND_STATUSES),
  failureCode: z.string().nullable(),
  createdAt: timestamp,
});
export type SaleRefund = z.input<typeof saleRefund>;

export const saleDetail = saleSummary.extend({
  participantId: z.uuid().nullable(),
  language,
  subtotalCents: cents,
  discountCents: cents,
  taxCents: cents,
  items: z.array(saleItem),
  refunds: z.array(saleRefund),
  /** S2: the whole sale's fee not yet refunded, and the taxes a sale-level refund applies (null: item by item). */
  refundableFeeCents: cents,
  refundTaxes: z.array(chargedTax).nullable(),
});
export type SaleDetail = z.input<typeof saleDetail>;

export const saleSortable = ['createdAt', 'buyer', 'total', 'status'] as const;

const tag = 'sales';
const projectParams = z.object({ projectId: uuidParam });
const saleParams = z.object({ projectId: uuidParam, saleId: uuidParam });

export const listSales = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/sales',
  access: 'user',
  tag,
  summary:
    'S1: the sales of a tab (sales: paid; pending; courtesy; archive: archived of any status), searched by buyer (accents ignored), sorted, paged',
  params: projectParams,
  query: listQuery(saleSortable).extend({ tab: z.enum(SALE_TABS).default('sales') }),
  response: listResponse(saleSummary),
});

export const getSale = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/sales/:saleId',
  access: 'user',
  tag,
  summary: 'S1: one sale with its buyer, items and their taxes, sums and refunds',
  params: saleParams,
  response: saleDetail,
});

export const archiveSale = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/sales/:saleId/archive',
  access: 'user',
  tag,
  summary: 'S1: archive a sale (it moves to the archive tab) or unarchive it (back to its status’s tab)',
  params: saleParams,
  body: z.object({ archived: z.boolean() }),
  response: saleDetail,
});

const buyerInput = z.object({
  name: z
    .string()
    .trim()
    .min(2, { error: 'validation.required' })
    .max(200, { error: 'validation.tooLong|maximum=200' }),
  // A format the OpenAPI document names (email): the generic route test fills it in as an address.
  email: z.email({ error: 'validation.email' }).transform((email) => email.toLowerCase()),
  organisation: z.string().trim().max(200, { error: 'validation.tooLong|maximum=200' }).default(''),
  language,
});

export const saleItemInput = z.object({
  id: z.uuid({ error: 'validation.id' }),
  quantity: z.coerce
    .number({ error: 'validation.sales.quantity' })
    .int({ error: 'validation.sales.quantity' })
    .min(1, { error: 'validation.sales.quantity' })
    .max(10_000, { error: 'validation.sales.quantity' }),
  unitPrice: moneyText,
  discount: moneyText,
});

export const saleInput = z.object({
  buyer: buyerInput,
  /** The items of a pending or courtesy sale (a paid sale's money is refunded, not edited): every item, once. */
  items: z.array(saleItemInput).max(100),
});
export type SaleInput = z.input<typeof saleInput>;

export const updateSale = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/sales/:saleId',
  access: 'user',
  tag,
  summary:
    'S1: edit a sale’s buyer and, for a pending or courtesy sale, its items’ quantity, unit price and discount (sums recomputed on the item’s taxes)',
  params: saleParams,
  body: saleInput,
  response: saleDetail,
});

export const courtesyInput = z.object({
  participantId: z.uuid({ error: 'validation.sales.participant' }),
  paymentIds: z
    .array(z.uuid({ error: 'validation.id' }))
    .min(1, { error: 'validation.sales.payments' })
    .max(20, { error: 'validation.sales.payments' }),
});
export type CourtesyInput = z.input<typeof courtesyInput>;

export const createCourtesySale = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/sales/courtesy',
  access: 'user',
  tag,
  summary:
    'S1: give a participant of the project some payments (a courtesy sale, total 0); each takes its seat',
  params: projectParams,
  body: courtesyInput,
  response: saleDetail,
});

export const listCourtesyPayments = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/sales/courtesy/payments',
  access: 'user',
  tag,
  summary:
    'S1: the payments of the project a courtesy sale can give, with their price and the seats left (null: no limit)',
  params: projectParams,
  response: z.object({
    currency: z.string(),
    items: z.array(
      z.object({ id: z.uuid(), name: localized, priceCents: cents, left: z.number().int().nullable() }),
    ),
  }),
});

export const refundInput = z.object({
  /** The detail level: one item, or null for the whole sale. */
  itemId: z.uuid({ error: 'validation.id' }).nullable(),
  /** A full refund gives back everything not yet refunded: the retained amount is ignored. */
  full: z.boolean(),
  /** The amount kept (« 35,00 »); total = fee − retained. */
  retained: moneyText.optional(),
  /** Made by the client once per opened refund form: a double click or a retry is one refund. */
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type RefundInput = z.input<typeof refundInput>;

export const refundSale = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/sales/:saleId/refunds',
  access: 'user',
  tag,
  summary:
    'S2: refund a paid sale, or one of its items, fully or partly (through the card processor for a card sale); the same idempotency key again answers the first result',
  params: saleParams,
  body: refundInput,
  response: z.object({ refund: saleRefund, sale: saleDetail }),
});
