import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contracts/http';
import { formatNumbersPerLocale } from '../../locales/catalogue';
import { fr } from '../../locales/fr';

const STORAGE_KEY = 'maillage.language';

/** Before sign-in the language comes from the last choice on this browser, else French (the default). */
export function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return stored === 'en' ? 'en' : 'fr';
}

/**
 * French, the default, comes with the first page; English loads the first time it is needed (its own chunk), so
 * that the first page carries one language's texts, not both.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { fr: { translation: fr } },
  lng: 'fr',
  fallbackLng: 'fr',
  interpolation: { escapeValue: false },
  initAsync: false,
});
formatNumbersPerLocale(i18n);

let english: Promise<void> | null = null;

/** Makes a language's texts available (English is fetched once; a failed fetch is tried again next time). */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'fr' || i18n.hasResourceBundle('en', 'translation')) return Promise.resolve();
  english ??= import('../../locales/en').then(
    ({ en }) => {
      i18n.addResourceBundle('en', 'translation', en);
    },
    (error) => {
      english = null;
      throw error;
    },
  );
  return english;
}

/** P4: switching language changes every label at once, `<html lang>`, and the choice kept on this browser. */
export async function applyLanguage(lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  await loadLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export { intlLocale } from '../../locales/catalogue';
