import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab names the page ("Projets — Maillage"), in the chosen language. */
export function usePageTitle(title: string | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} — ${t('app.name')}` : t('app.name');
  }, [title, t]);
}
