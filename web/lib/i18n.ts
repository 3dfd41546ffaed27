import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../contracts/http';
import { type Catalogue, formatNumbersPerLocale, mergeAreas } from '../../locales/catalogue';
import { frFirstPage } from '../../locales/fr';

const STORAGE_KEY = 'maillage.language';

/** Before sign-in the language comes from the last choice on this browser, else French (the default). */
export function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return stored === 'en' ? 'en' : 'fr';
}

/**
 * The texts come in two parts per language, so that the first page carries only its own (see "The first page" in
 * docs/architecture.md): the first page's (French comes with it; English is fetched the first time it is needed)
 * and every area's behind sign-in (`loadAreas`, awaited by the router before the signed-in app renders).
 */
type Part = 'firstPage' | 'areas';

const PARTS: Record<Language, Record<Part, () => Promise<Catalogue>>> = {
  fr: {
    firstPage: async () => frFirstPage,
    areas: () => import('../../locales/fr-areas').then(mergeAreas),
  },
  en: {
    firstPage: () => import('../../locales/en').then((m) => m.enFirstPage),
    areas: () => import('../../locales/en-areas').then(mergeAreas),
  },
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // A copy: i18next adds every later bundle into the object it is given, and the module's own must stay as written
  // (locales/index.ts merges it again wherever the catalogue is read, e.g. the component tests).
  resources: { fr: { translation: structuredClone(frFirstPage) } },
  lng: 'fr',
  fallbackLng: 'fr',
  interpolation: { escapeValue: false },
  initAsync: false,
});
formatNumbersPerLocale(i18n);

const loaded = new Map<string, Promise<void>>([['fr:firstPage', Promise.resolve()]]);

/** Fetches a part once and adds it to the language's texts; a failed fetch is tried again next time. */
function loadPart(lang: Language, part: Part): Promise<void> {
  const key = `${lang}:${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = PARTS[lang][part]().then(
      (texts) => {
        // Deep: both parts have branches of their own under `errors` and `validation`.
        i18n.addResourceBundle(lang, 'translation', texts, true, false);
      },
      (error) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/** The language shown, or the one being switched to. */
let wanted: Language = 'fr';
/** Whether the areas' texts are needed (from the first signed-in screen on): then a language comes with them. */
let areasNeeded = false;

/** Makes a language's texts available: the first page's, and every area's once the signed-in app has asked for them. */
export async function loadLanguage(lang: Language): Promise<void> {
  await loadPart(lang, 'firstPage');
  // Read after the wait: the signed-in app may have asked for the areas meanwhile.
  if (areasNeeded) await loadPart(lang, 'areas');
}

/**
 * The texts of every area behind sign-in, in the language shown and in the one being switched to; awaited before
 * a signed-in screen renders (appRoute in web/app/routes/base.tsx), so that no screen shows a raw key. Later
 * switches of language fetch the new language's areas before changing a label.
 */
export function loadAreas(): Promise<void> {
  areasNeeded = true;
  const languages = new Set([i18n.language as Language, wanted]);
  return Promise.all([...languages].map((lang) => loadPart(lang, 'areas'))).then(() => undefined);
}

/** Fetches the areas' texts of the language shown ahead of need (while the user signs in); never fails. */
export function preloadAreas(): void {
  loadPart(wanted, 'areas').catch(() => undefined);
}

/** P4: switching language changes every label at once, `<html lang>`, and the choice kept on this browser. */
export async function applyLanguage(lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  wanted = lang;
  try {
    await loadLanguage(lang);
  } catch (error) {
    // The switch did not happen: the areas stay those of the language shown.
    if (wanted === lang) wanted = i18n.language as Language;
    throw error;
  }
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export { intlLocale } from '../../locales/catalogue';
