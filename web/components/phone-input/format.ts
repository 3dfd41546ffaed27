import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * P9: a stored number (E.164, `+15145551234`, with `;ext=22` for an extension) as it is read: international
 * format with spaces (`+1 514 555 1234`), the extension written with the reader's word (« poste 22 », "ext. 22"),
 * given by `extension`. A value that is no number is shown as it is.
 */
export function formatPhoneForReading(
  value: string | null | undefined,
  extension: (digits: string) => string,
): string | null {
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed) return value;
  const main = parsePhoneNumberFromString(parsed.number)?.formatInternational() ?? parsed.number;
  return parsed.ext ? `${main} ${extension(parsed.ext)}` : main;
}
