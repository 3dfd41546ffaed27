import { z } from 'zod';
import { defineEndpoint, encodeMessage, language, timestamp, uuidParam } from './http';
import { participantInput } from './participants';

/**
 * The public registration page (issue 20; docs/sales/registration-page.md): one secret address per project
 * (`/r/<token>`), opened without a session, where a newcomer chooses a role, what to buy, fills the profile fields
 * the project asks for, applies promo codes, sees the taxes and the total, and pays (a free registration at once, a
 * paying one through the card processor). The organiser opens, closes and regenerates the address.
 */

/** Reads of the page (and quotes) per client address and minute. */
export const REGISTRATION_PAGE_READS_PER_MINUTE = 60;
/** Purchases per client address and minute: a person registers once or twice, a script does not get far. */
export const REGISTRATION_PURCHASES_PER_MINUTE = 10;
/** The token in an address: 32 random bytes in base64url (43 characters). */
export const REGISTRATION_PAGE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** At most this many payments in one purchase. */
export const REGISTRATION_ITEMS_MAX = 20;

const tag = 'registration-page';
const projectParams = z.object({ projectId: uuidParam });
const localizedName = z.object({ fr: z.string(), en: z.string() });

// ---------- the organiser's tab ----------

/** The page's address (a path of this server), null until made; `open` off: the address answers « closed ». */
export const registrationPageAddress = z.object({
  path: z.string().nullable(),
  open: z.boolean(),
  createdAt: timestamp.nullable(),
});
export type RegistrationPageAddress = z.input<typeof registrationPageAddress>;

export const getRegistrationPageAddress = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/registration-page',
  access: 'user',
  tag,
  summary: 'The public registration page’s address (null until made) and whether it is open',
  params: projectParams,
  response: registrationPageAddress,
});

export const makeRegistrationPageAddress = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/registration-page',
  access: 'user',
  tag,
  summary: 'Make the registration page’s address, or replace it: the previous one answers 404 at once',
  params: projectParams,
  response: registrationPageAddress,
});

export const registrationPageOpenInput = z.object({ open: z.boolean({ error: 'validation.invalid' }) });
export type RegistrationPageOpenInput = z.input<typeof registrationPageOpenInput>;

export const setRegistrationPageOpen = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/registration-page/open',
  access: 'user',
  tag,
  summary: 'Open or close the registration page (closed: it sells nothing and says so)',
  params: projectParams,
  body: registrationPageOpenInput,
  response: registrationPageAddress,
});

// ---------- the public page ----------

/** Something the page offers: a registration (for the roles listed) or an activity payment. */
export const registrationOffer = z.object({
  id: z.uuid(),
  kind: z.enum(['registration', 'activity']),
  name: localizedName,
  description: localizedName,
  priceCents: z.number().int(),
  taxes: z.array(z.object({ name: localizedName, rateMilli: z.number().int() })),
  /** Registration payments: the roles it is sold to (the one chosen among them). Activity payments: empty. */
  roleIds: z.array(z.uuid()),
  /** Seats left; null: no limit. */
  remaining: z.number().int().nullable(),
  /** Whether a promo code may apply to it (one exists). */
  promo: z.boolean(),
});
export type RegistrationOffer = z.input<typeof registrationOffer>;

/** A profile field the page asks for (U5: active ones; names and e-mail always). */
export const registrationField = z.object({
  /** A standard key (`organisation`…) or an own field's id. */
  key: z.string(),
  standard: z.boolean(),
  title: localizedName.nullable(),
  inputType: z.string(),
  isMandatory: z.boolean(),
  items: z.array(z.object({ id: z.uuid(), label: localizedName })),
});
export type RegistrationField = z.input<typeof registrationField>;

export const publicRegistrationPage = z.object({
  project: z.object({
    name: localizedName,
    languages: z.array(z.enum(['fr', 'en'])),
    defaultLanguage: z.enum(['fr', 'en']),
    colours: z.object({ bannerBackground: z.string(), bannerText: z.string(), background: z.string() }),
    supportEmail: z.string().nullable(),
  }),
  /** ISO 4217. */
  currency: z.string(),
  /** Whether a card processor is configured: without it, only free registrations are sold. */
  cardPayments: z.boolean(),
  /** Roles that some on-sale registration payment allows. */
  roles: z.array(z.object({ id: z.uuid(), name: localizedName })),
  /** What is on sale now (registrations: for the role asked, when one is). */
  offers: z.array(registrationOffer),
  /** The profile fields to fill, in the project's order. */
  fields: z.array(registrationField),
});
export type PublicRegistrationPage = z.input<typeof publicRegistrationPage>;

const tokenParams = z.object({ token: z.string().max(100, { error: 'validation.invalid' }) });

export const readRegistrationPage = defineEndpoint({
  method: 'GET',
  path: '/api/registration-pages/:token',
  access: 'public',
  touchesSession: false,
  tag,
  summary:
    'The public registration page (no session): roles, what is on sale (for `roleId` when given), the profile fields; unknown or replaced token 404, closed page 410; rate-limited',
  params: tokenParams,
  query: z.object({ roleId: uuidParam.optional() }),
  response: publicRegistrationPage,
});

const tooLong = (max: number) => encodeMessage('validation.tooLong', { maximum: max });

/** What a buyer chooses: the role, and each payment with an optional promo code. */
export const registrationChoice = z.object({
  roleId: z.uuid({ error: 'validation.registration.roleRequired' }),
  items: z
    .array(
      z.object({
        paymentId: z.uuid({ error: 'validation.id' }),
        promoCode: z
          .string()
          .trim()
          .max(100, { error: tooLong(100) })
          .optional(),
      }),
    )
    .min(1, { error: 'validation.registration.nothingChosen' })
    .max(REGISTRATION_ITEMS_MAX, { error: tooLong(REGISTRATION_ITEMS_MAX) }),
});
export type RegistrationChoice = z.input<typeof registrationChoice>;

export const quoteLine = z.object({
  paymentId: z.uuid(),
  name: localizedName,
  unitPriceCents: z.number().int(),
  discountCents: z.number().int(),
  promoCode: z.string().nullable(),
  taxes: z.array(
    z.object({ name: localizedName, rateMilli: z.number().int(), amountCents: z.number().int() }),
  ),
  totalCents: z.number().int(),
});
export const registrationQuote = z.object({
  currency: z.string(),
  lines: z.array(quoteLine),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});
export type RegistrationQuote = z.input<typeof registrationQuote>;

export const quoteRegistration = defineEndpoint({
  method: 'POST',
  path: '/api/registration-pages/:token/quote',
  access: 'public',
  touchesSession: false,
  tag,
  summary:
    'The summary of a choice (no session; CSRF token of GET /api/session): each line with its discount and taxes, and the total; a payment not offered or a promo code refused is a field error naming it',
  params: tokenParams,
  body: registrationChoice,
  response: registrationQuote,
});

/** The buyer: the profile fields of the participant form (U5's rules apply on the server), and the choice. */
export const registrationPurchaseInput = participantInput
  .pick({
    firstName: true,
    lastName: true,
    email: true,
    organisation: true,
    jobTitle: true,
    phone: true,
    phonePro: true,
    profile: true,
  })
  .extend(registrationChoice.shape)
  .extend({ language });
export type RegistrationPurchaseInput = z.input<typeof registrationPurchaseInput>;

export const registrationPurchase = z.object({
  /** `completed`: registered (nothing to pay); `checkout`: go to `url` to pay by card. */
  status: z.enum(['completed', 'checkout']),
  url: z.string().nullable(),
});
export type RegistrationPurchase = z.input<typeof registrationPurchase>;

export const purchaseRegistration = defineEndpoint({
  method: 'POST',
  path: '/api/registration-pages/:token/purchase',
  access: 'public',
  touchesSession: false,
  tag,
  summary:
    'Register and buy (no session; CSRF token): everything checked again, seats and promo uses reserved atomically (sold out: 409, nothing charged); a free total registers at once, a paying one answers the card payment page; rate-limited',
  params: tokenParams,
  body: registrationPurchaseInput,
  response: registrationPurchase,
});
