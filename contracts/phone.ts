import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

/**
 * P9: phone numbers are normalised to the international format (E.164, `+15145551234`) before they are saved.
 * A number typed in national form is read as Canadian (the product's home country); an extension is kept after
 * the number in the RFC 3966 way (`+15145551234;ext=12`). The full metadata (`/max`) checks the number against
 * each country's real ranges, as the phone field of the web app does (intl-tel-input's utils are Google's
 * libphonenumber with the full metadata): `/min` only checks lengths and accepts about 5 % of numbers both refuse.
 */
export const DEFAULT_PHONE_COUNTRY = 'CA';
export const PHONE_MAX_LENGTH = 40;

/** The international form of a number, or null when it is not a valid phone number. */
export function normalisePhone(input: string, defaultCountry = DEFAULT_PHONE_COUNTRY): string | null {
  const text = input.trim();
  if (!text || text.length > PHONE_MAX_LENGTH || !/\d/.test(text)) return null;
  // « poste » is how an extension is written in Québec; the library knows « ext. » and « x ».
  const english = text.replace(/\bposte\b\.?/i, ' ext. ');
  const parsed = parsePhoneNumberFromString(english, { defaultCountry: defaultCountry as never });
  if (!parsed?.isValid()) return null;
  return parsed.ext ? `${parsed.number};ext=${parsed.ext}` : parsed.number;
}

const phone = z.string().transform((value, ctx) => {
  const normalised = normalisePhone(value);
  if (normalised === null) {
    ctx.addIssue({ code: 'custom', message: 'validation.phone' });
    return z.NEVER;
  }
  return normalised;
});

/** A required phone number, normalised to E.164, or refused with `validation.phone`. */
export const phoneNumber = z.string({ error: 'validation.phone' }).trim().pipe(phone);

/** The same, where the number may be left out: empty, null or absent all mean "no number" (null). */
export const optionalPhoneNumber = z
  .string({ error: 'validation.phone' })
  .trim()
  .nullable()
  .optional()
  .transform((value) => (value ? value : null))
  .pipe(phone.nullable());
