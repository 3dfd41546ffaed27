import { z } from 'zod';
import { defineEndpoint, encodeMessage, optionalText, requiredText } from './http';
import { optionalPhoneNumber } from './phone';

/** A2: the organisation is the company the signed-in user works in now (a switched super-admin: that one). */
export const organisation = z.object({
  id: z.uuid(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  /** International format (E.164), with `;ext=` when there is an extension. */
  phone: z.string().nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  logoFileId: z.uuid().nullable(),
});
export type Organisation = z.input<typeof organisation>;

export const ADDRESS_MAX_LENGTH = 500;
export const WEBSITE_MAX_LENGTH = 2000;

/** An http or https address of a real host name (`https://localhost` or `example.com` alone are refused). */
const website = z
  .string()
  .trim()
  .max(WEBSITE_MAX_LENGTH, { error: encodeMessage('validation.tooLong', { maximum: WEBSITE_MAX_LENGTH }) })
  .pipe(
    z.union([
      z.literal(''),
      z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'validation.url' }),
    ]),
  )
  .nullable()
  .optional()
  .transform((v) => v || null);

/** Lines kept as typed, spaces at their ends and blank lines around removed; empty means none (null). */
const multiLine = (max: number) =>
  z
    .string()
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .join('\n')
        .replace(/^\n+|\n+$/g, '')
        .replace(/\n{3,}/g, '\n\n'),
    )
    .pipe(z.string().max(max, { error: encodeMessage('validation.tooLong', { maximum: max }) }))
    .transform((v) => (v === '' ? null : v));

export const organisationInput = z.object({
  name: requiredText(120),
  contactEmail: optionalText(200).pipe(z.email({ error: 'validation.email' }).nullable().optional()),
  phone: optionalPhoneNumber,
  address: multiLine(ADDRESS_MAX_LENGTH).nullable().optional(),
  website,
});
export type OrganisationInput = z.input<typeof organisationInput>;
export type OrganisationValues = z.output<typeof organisationInput>;

export const getOrganisation = defineEndpoint({
  method: 'GET',
  path: '/api/organisation',
  access: 'user',
  tag: 'organisation',
  summary: 'A2 the organisation of the signed-in user (the company they work in now)',
  response: organisation,
});

export const updateOrganisation = defineEndpoint({
  method: 'PUT',
  path: '/api/organisation',
  access: 'admin',
  tag: 'organisation',
  summary: 'A2 edit the organisation (not its logo); the phone number is saved in international format (P9)',
  body: organisationInput,
  response: organisation,
});

/** E8: the logo is saved as soon as the cropper saved it (or removed), apart from the form. */
export const setOrganisationLogo = defineEndpoint({
  method: 'PUT',
  path: '/api/organisation/logo',
  access: 'admin',
  tag: 'organisation',
  summary:
    'A2 the organisation’s logo: an image of the company uploaded for company.logo (400 × 200), or null',
  body: z.object({ fileId: z.uuid({ error: 'validation.id' }).nullable() }),
  response: organisation,
});
