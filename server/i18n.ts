import i18next, { type TFunction } from 'i18next';
import type { Language } from '../contracts/http';
import { en, formatNumbersPerLocale, fr } from '../locales';

/** The server speaks the same catalogue as the web app: error and validation messages come from locales/. */
const instance = i18next.createInstance();
await instance.init({
  resources: { fr: { translation: fr }, en: { translation: en } },
  lng: 'fr',
  fallbackLng: 'fr',
  interpolation: { escapeValue: false },
  initAsync: false,
});
formatNumbersPerLocale(instance);

export function translator(lang: Language): TFunction {
  return instance.getFixedT(lang);
}

/** The language of a caller without a session: the first of fr/en in Accept-Language, else French. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'fr';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en';
  }
  return 'fr';
}
