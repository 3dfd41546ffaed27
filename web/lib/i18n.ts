import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contracts/http';
import { en, formatNumbersPerLocale, fr } from '../../locales';

const STORAGE_KEY = 'maillage.language';

/** Before sign-in the language comes from the last choice on this browser, else French (the default). */
export function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return stored === 'en' ? 'en' : 'fr';
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { fr: { translation: fr }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'fr',
  interpolation: { escapeValue: false },
  initAsync: false,
});
formatNumbersPerLocale(i18n);

/** P4: switching language changes every label at once, `<html lang>`, and the choice kept on this browser. */
export function applyLanguage(lang: Language) {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  localStorage.setItem(STORAGE_KEY, lang);
}

export { intlLocale } from '../../locales';
