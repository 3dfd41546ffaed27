/**
 * French writes the first day of a month as an ordinal: « 1er janvier 2027 », never « 1 janvier ». `Intl` writes
 * the cardinal; this puts the ordinal back in a French date text (other languages are returned as they are).
 */
export function frenchFirstOfMonth(text: string, lang: string): string {
  if (!lang.startsWith('fr')) return text;
  return text.replace(/(^|[\s(])1(?=\s\p{L})/u, (_, before: string) => `${before}1er`);
}
