import { z } from 'zod';
import { defineEndpoint, ok, uuidParam } from './http';
import { CURRENCIES, FULL_RATE, parseRate } from './money';
import { localized, plainText } from './texts';

/**
 * R2 (issue 20): a project's sales configuration (currency, the seller printed on bills) and its taxes. A rate is
 * integer thousandths of a percent on the wire (9.975 % = 9975, contracts/money.ts); people type « 9,975 » or
 * "9.975", which the form reads with parseRate before sending.
 */

// ---------- the configuration (« Configuration des taxes ») ----------

export const SELLER_NAME_MAX = 200;
export const SELLER_ADDRESS_MAX = 500;

const required = (max: number) => plainText(max).pipe(z.string().min(2, { error: 'validation.required' }));

export const salesSettingsInput = z.object({
  currency: z.enum(CURRENCIES, { error: 'validation.taxes.currency' }),
  sellerName: required(SELLER_NAME_MAX),
  sellerAddress: required(SELLER_ADDRESS_MAX),
});
export type SalesSettingsInput = z.input<typeof salesSettingsInput>;

/** What is saved, or the defaults until the first save (`saved` false): CAD, no seller yet (null). */
export const salesSettings = z.object({
  currency: z.string(),
  sellerName: z.string().nullable(),
  sellerAddress: z.string().nullable(),
  saved: z.boolean(),
});
export type SalesSettings = z.input<typeof salesSettings>;

// ---------- taxes ----------

export const TAX_NAME_MAX = 100;
export const REGISTRATION_NUMBER_MAX = 40;

/** A rate as the API takes it: thousandths of a percent, 0 to 100 % (three decimals at most). */
export const taxRate = z
  .number({ error: 'validation.taxes.rate' })
  .int({ error: 'validation.taxes.rate' })
  .min(0, { error: 'validation.taxes.rate' })
  .max(FULL_RATE, { error: 'validation.taxes.rate' });

/** A rate as a person types it (« 9,975 », "9.975", "5 %"), read into thousandths; refused beyond three decimals. */
export const typedRate = z.string().transform((text, ctx) => {
  const milli = parseRate(text);
  if (milli === null) {
    ctx.issues.push({ code: 'custom', message: 'validation.taxes.rate', input: text });
    return z.NEVER;
  }
  return milli;
});

/** GST/HST « 123456789 RT0001 », QST « 1234567890 TQ0001 »: letters, digits, spaces and hyphens; may be empty. */
const registrationNumber = plainText(REGISTRATION_NUMBER_MAX).pipe(
  z.string().regex(/^[A-Za-z0-9 -]*$/, { error: 'validation.taxes.registrationNumber' }),
);

const taxName = localized(plainText(TAX_NAME_MAX).pipe(z.string().min(2, { error: 'validation.required' })));

export const taxInput = z.object({
  name: taxName,
  rateMilli: taxRate,
  registrationNumber: registrationNumber.default(''),
});
export type TaxInput = z.input<typeof taxInput>;
export type TaxValues = z.output<typeof taxInput>;

/** The modal's form: the same rules, the rate typed as text. Its output is what the API takes. */
export const taxForm = taxInput.extend({ rateMilli: typedRate });

export const tax = z.object({
  id: z.uuid(),
  name: z.object({ fr: z.string(), en: z.string() }),
  rateMilli: z.number().int(),
  registrationNumber: z.string(),
  position: z.number().int(),
});
export type Tax = z.input<typeof tax>;

export const taxList = z.object({ items: z.array(tax) });
export type TaxList = z.input<typeof taxList>;

export const taxOrder = z.object({ ids: z.array(z.uuid({ error: 'validation.id' })).max(1000) });

// ---------- endpoints ----------

const tag = 'taxes';
const projectParams = z.object({ projectId: uuidParam });
const taxParams = projectParams.extend({ taxId: uuidParam });

export const getSalesSettings = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/sales-settings',
  access: 'user',
  tag,
  summary:
    'R2 the sales configuration of a project (currency, seller printed on bills); defaults until saved',
  params: projectParams,
  response: salesSettings,
});

export const saveSalesSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/sales-settings',
  access: 'user',
  tag,
  summary:
    'R2 save the sales configuration (currency of contracts/money.ts CURRENCIES, seller name and address)',
  params: projectParams,
  body: salesSettingsInput,
  response: salesSettings,
});

export const listTaxes = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/taxes',
  access: 'user',
  tag,
  summary: 'R2 the taxes of a project, in order',
  params: projectParams,
  response: taxList,
});

export const createTax = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/taxes',
  access: 'user',
  tag,
  summary:
    'R2 add a tax (names in French and English, rate in thousandths of a percent), placed last; refused while option 54 is off',
  params: projectParams,
  body: taxInput,
  response: tax,
});

export const updateTax = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/taxes/:taxId',
  access: 'user',
  tag,
  summary: 'R2 edit a tax; refused while option 54 is off (past sales keep the tax as it was charged)',
  params: taxParams,
  body: taxInput,
  response: tax,
});

export const deleteTax = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/taxes/:taxId',
  access: 'user',
  tag,
  summary: 'R2 delete a tax: the payments that charged it lose it, past sales keep their copy',
  params: taxParams,
  response: ok,
});

export const reorderTaxes = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/tax-order',
  access: 'user',
  tag,
  summary: 'R2 save the order of the taxes (every tax of the project exactly once)',
  params: projectParams,
  body: taxOrder,
  response: taxList,
});
