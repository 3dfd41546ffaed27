import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { activities } from './activities';
import { createdAt, id, ownedByProject, updatedAt } from './columns';
import { companies } from './companies';
import { participants } from './participants';
import { projects } from './projects';
import { roles } from './roles';

/**
 * Registration and sales (R1–R3, S1–S2, issue 20). Money is integer cents in the project's currency (ISO 4217);
 * tax rates are integer thousandths of a percent (9.975 % = 9975). The rules live in contracts/money.ts and
 * docs/sales/money.md. What a sale bought is copied into its items (names, prices, the taxes applied with their rates
 * and numbers): a bill reprinted years later says what was charged then, whatever the payment became since.
 */

/** R2's configuration and what bills print about the seller; one row per project, made on first save. */
export const salesSettings = pgTable('sales_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** ISO 4217, upper case. */
  currency: text('currency').notNull().default('CAD'),
  /** The seller's legal name and address, printed at the top of every bill. */
  sellerName: text('seller_name').notNull().default(''),
  sellerAddress: text('seller_address').notNull().default(''),
  updatedAt: updatedAt(),
});

/** R2: a tax (GST, QST…), applied on a payment's price before any other tax. */
export const taxes = pgTable(
  'taxes',
  {
    id: id(),
    ...ownedByProject(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    /** Thousandths of a percent: 5 % = 5000, 9.975 % = 9975. */
    rateMilli: integer('rate_milli').notNull(),
    /** The seller's registration number for this tax (GST/HST, QST), printed on bills. */
    registrationNumber: text('registration_number').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('taxes_project_idx').on(t.projectId, t.position),
    check('taxes_rate_check', sql`${t.rateMilli} >= 0 and ${t.rateMilli} <= 100000`),
  ],
);

/** R1: how payments are grouped and ordered on the list and the public page. */
export const paymentCategories = pgTable(
  'payment_categories',
  {
    id: id(),
    ...ownedByProject(),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('payment_categories_project_idx').on(t.projectId, t.position)],
);

/**
 * R1: something sold. `registration` grants the buyer's role in the project; `activity` is a price on an activity
 * (a gala dinner): the buyer becomes its member. The ticketing fields say what the public page offers and when.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    ...ownedByProject(),
    kind: text('kind').notNull().default('registration'),
    categoryId: uuid('category_id').references(() => paymentCategories.id, { onDelete: 'set null' }),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionFr: text('description_fr').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    position: integer('position').notNull().default(0),
    /** Ticketing: offered on the public page at all, and between these instants (either may be open). */
    onSale: boolean('on_sale').notNull().default(false),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    /** How many may be sold in all; null: no limit. `sold` counts the paid and the reserved (pending) ones. */
    quantity: integer('quantity'),
    sold: integer('sold').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_project_idx').on(t.projectId, t.position),
    check('payments_kind_check', sql`${t.kind} in ('registration', 'activity')`),
    check('payments_price_check', sql`${t.priceCents} >= 0`),
    check(
      'payments_sold_check',
      sql`${t.sold} >= 0 and (${t.quantity} is null or ${t.sold} <= ${t.quantity})`,
    ),
  ],
);

/** The taxes a payment charges (R2 on R1). */
export const paymentTaxes = pgTable(
  'payment_taxes',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    taxId: uuid('tax_id')
      .notNull()
      .references(() => taxes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.taxId] })],
);

/** Ticketing: the roles that may buy a payment on the public page (a registration gives the buyer that role). */
export const paymentRoles = pgTable(
  'payment_roles',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.roleId] })],
);

/** R3: one promo code per payment: an amount or a percentage off its price, in a window, a number of times. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    ...ownedByProject(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** Compared without case; unique in the project. */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    /** `amount`: cents off; `percent`: thousandths of a percent off (15 % = 15000). */
    value: integer('value').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** null: no limit. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_payment_key').on(t.paymentId),
    uniqueIndex('promo_codes_code_key').on(t.projectId, sql`lower(${t.code})`),
    check('promo_codes_kind_check', sql`${t.kind} in ('amount', 'percent')`),
    check('promo_codes_value_check', sql`${t.value} > 0 and (${t.kind} = 'amount' or ${t.value} <= 100000)`),
    check('promo_codes_uses_check', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);

/** A tax as charged on one line: copied, so that a bill says what was charged then. */
export interface ChargedTax {
  taxId: string | null;
  nameFr: string;
  nameEn: string;
  rateMilli: number;
  registrationNumber: string;
  amountCents: number;
}

/**
 * What a buyer typed on the public registration page, kept on a card sale until the processor confirms it (the
 * participant is made then, with the role chosen and these values), and cleared once used or abandoned.
 */
export interface BuyerForm {
  roleId: string;
  language: 'fr' | 'en';
  firstName: string;
  lastName: string;
  email: string;
  organisation: string | null;
  jobTitle: string | null;
  phone: string | null;
  phonePro: string | null;
  profile: Record<string, string>;
}

/** What the sales list's search reads of a buyer: name, e-mail and organisation in one text. */
export const buyerSearchText = (t: {
  buyerName: AnyPgColumn;
  buyerEmail: AnyPgColumn;
  buyerOrganisation: AnyPgColumn;
}) => sql`(${t.buyerName} || ' ' || ${t.buyerEmail} || ' ' || ${t.buyerOrganisation})`;

/**
 * S1: a sale (payment request): what one buyer owes or paid. `pending` (not paid yet: a card payment under way, or a
 * request sent by the organiser), `paid`, `courtesy` (given away, total 0), `cancelled` (a pending one abandoned or
 * expired). Archiving is a flag beside the status: the archive tab shows archived ones of any status.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: id(),
    ...ownedByProject(),
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    archived: boolean('archived').notNull().default(false),
    /** `card` (Stripe), `free` (a 0 total, no card), `manual` (entered by the organiser), `courtesy`. */
    source: text('source').notNull(),
    currency: text('currency').notNull(),
    /** The buyer as they were at the sale, for the list and the bills (the participant may change or go). */
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerOrganisation: text('buyer_organisation').notNull().default(''),
    language: text('language').notNull().default('fr'),
    /** A card sale's form, until completed (see BuyerForm); null otherwise. */
    buyerForm: jsonb('buyer_form').$type<BuyerForm>(),
    /** Sums of the items, in cents: before discount, discount, taxes, what is owed; refunds keep their own sums. */
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    stripeSessionId: text('stripe_session_id'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_requests_list_idx').on(t.projectId, t.archived, t.status, t.createdAt),
    // The list sorted by buyer or by total at 100,000 sales (bench/README.md « sales-list »).
    index('payment_requests_buyer_idx').on(
      t.projectId,
      t.archived,
      t.status,
      sql`${t.buyerName} collate "und-x-icu"`,
    ),
    index('payment_requests_total_idx').on(t.projectId, t.archived, t.status, t.totalCents),
    index('payment_requests_participant_idx').on(t.participantId),
    // The list's search ignoring accents at 100,000 sales (as persons_search_trgm_idx for participants).
    index('payment_requests_search_trgm_idx').using(
      'gin',
      sql`maillage_unaccent(${buyerSearchText(t)}) gin_trgm_ops`,
    ),
    uniqueIndex('payment_requests_stripe_session_key').on(t.stripeSessionId),
    check('payment_requests_status_check', sql`${t.status} in ('pending', 'paid', 'courtesy', 'cancelled')`),
    check('payment_requests_source_check', sql`${t.source} in ('card', 'free', 'manual', 'courtesy')`),
    check('payment_requests_language_check', sql`${t.language} in ('fr', 'en')`),
    check(
      'payment_requests_refunded_check',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`,
    ),
  ],
);

/** S1: one line of a sale (PRMI): a payment bought for a participant, its price, discount and taxes as charged. */
export const paymentRequestItems = pgTable(
  'payment_request_items',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    participantId: uuid('participant_id').references(() => participants.id, { onDelete: 'set null' }),
    nameFr: text('name_fr').notNull(),
    nameEn: text('name_en').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull().default(1),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    taxes: jsonb('taxes').$type<ChargedTax[]>().notNull().default([]),
    /** (unit price × quantity − discount) + its taxes. */
    totalCents: integer('total_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('payment_request_items_request_idx').on(t.requestId, t.position),
    check('payment_request_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/**
 * S2: money given back on a sale (whole, or one item: the detail level). total = fee − retained amount; each tax is
 * its rate of that total. `pending` while the processor answers (the idempotency key makes a retry refund once),
 * then `succeeded` or `failed`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    ...ownedByProject(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => paymentRequestItems.id, { onDelete: 'set null' }),
    full: boolean('full').notNull(),
    feeCents: integer('fee_cents').notNull(),
    retainedCents: integer('retained_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    taxes: jsonb('taxes').$type<ChargedTax[]>().notNull().default([]),
    totalWithTaxesCents: integer('total_with_taxes_cents').notNull(),
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    stripeRefundId: text('stripe_refund_id'),
    failureCode: text('failure_code'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_request_idx').on(t.requestId, t.createdAt),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check(
      'refunds_amounts_check',
      sql`${t.retainedCents} >= 0 and ${t.totalCents} = ${t.feeCents} - ${t.retainedCents}`,
    ),
  ],
);

/**
 * Bills: an invoice per paid sale, a credit note per refund. `number` runs in one unbroken sequence per company
 * (`bill_sequences`, incremented in the transaction that makes the bill: a rolled-back bill gives its number back).
 */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    ...ownedByProject(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: integer('number').notNull(),
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bills_company_number_key').on(t.companyId, t.number),
    uniqueIndex('bills_invoice_key').on(t.requestId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('bills_refund_key').on(t.refundId),
    check('bills_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
);

export const billSequences = pgTable('bill_sequences', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  last: integer('last').notNull().default(0),
});

/** Stripe webhook events already applied, by their id: a replayed or duplicated event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The public registration page's address: one per project, a random token, regenerable; closed when `open` is off. */
export const registrationPages = pgTable(
  'registration_pages',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    open: boolean('open').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('registration_pages_token_key').on(t.token)],
);
