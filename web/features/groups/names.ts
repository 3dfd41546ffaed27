import { inLanguage, type Localized } from '../../../contracts/texts';

/** A name in the reader's language, else in the other one. */
export const nameIn = (name: Localized, language: string) =>
  inLanguage(name, language === 'en' ? 'en' : 'fr');
