import { useTranslation } from 'react-i18next';

/** A section's, category's or activity's name in the reader's language. */
export function useLocalizedName() {
  const { i18n } = useTranslation();
  return (name: { fr: string; en: string }) => (i18n.language === 'en' ? name.en : name.fr);
}
