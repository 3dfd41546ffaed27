/**
 * The catalogue's machinery, without any text: merging one file per area, the locale of dates and numbers, and the
 * number format of `{{count, number}}`. Each language's texts are in two parts, the first page's (locales/fr.ts,
 * locales/en.ts) and every other area's (locales/fr-areas.ts, locales/en-areas.ts), so that the browser loads only
 * what it shows (web/lib/i18n.ts); the server and the tests read everything through locales/index.ts.
 * Two files may share a branch (`errors`) but never a leaf: a clash throws at start, and the locale guard test names it.
 */
export type Catalogue = { [key: string]: string | Catalogue };

/** Deep merge; the same leaf in two files is a mistake, not an override. */
export function mergeCatalogues(parts: Catalogue[], path = ''): Catalogue {
  const out: Catalogue = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const here = path ? `${path}.${key}` : key;
      const existing = out[key];
      if (existing === undefined) {
        out[key] = typeof value === 'object' ? mergeCatalogues([value], here) : value;
      } else if (typeof existing === 'object' && typeof value === 'object') {
        out[key] = mergeCatalogues([existing, value], here);
      } else {
        throw new Error(`Locale key defined twice: ${here}`);
      }
    }
  }
  return out;
}

export type Merged<T extends object[]> = T extends [infer A, ...infer R extends object[]]
  ? A & Merged<R>
  : unknown;
export const merge = <T extends object[]>(...parts: T) => mergeCatalogues(parts as Catalogue[]) as Merged<T>;

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? I
  : never;

/** The catalogue of a module that exports one file per area (locales/fr-areas.ts): every export merged. */
export const mergeAreas = <T extends object>(areas: T) =>
  mergeCatalogues(Object.values(areas) as Catalogue[]) as Intersection<T[keyof T]>;

/** Québec French and Canadian English for dates, numbers and money. */
export const intlLocale = (lang: string) => (lang === 'en' ? 'en-CA' : 'fr-CA');

interface NumberFormatting {
  services: { formatter?: { add(name: string, fn: (value: unknown, lng?: string) => string): void } };
}

/**
 * `{{count, number}}` in the catalogue: the number grouped like the rest of the app (fr-CA « 2 500 », en-CA “2,500”),
 * where i18next's own formatter would read the bare language (`fr`) and group differently.
 */
export function formatNumbersPerLocale(instance: NumberFormatting) {
  instance.services.formatter?.add('number', (value, lng) =>
    new Intl.NumberFormat(intlLocale(lng ?? 'fr')).format(Number(value)),
  );
}
