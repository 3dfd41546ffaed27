import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/fr-ca';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

/** Day-month-year as people write it in each language; ISO dates (2027-05-11) are always understood too. */
const DISPLAY = { fr: 'D MMMM YYYY', en: 'MMMM D, YYYY' } as const;
const TYPED = {
  fr: ['D MMMM YYYY', 'D/M/YYYY', 'D MMM YYYY'],
  en: ['MMMM D, YYYY', 'MMM D, YYYY', 'M/D/YYYY'],
};
export const dayjsLocale = (lang: string) => (lang === 'en' ? 'en' : 'fr-ca');

/**
 * A calendar day (value `YYYY-MM-DD`), shown and typed in the reader's language with a calendar to pick from,
 * rather than the browser's own date input, which follows the browser's language instead of the one chosen here.
 */
export function DateField(props: Omit<DateInputProps, 'valueFormat' | 'dateParser'>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  return (
    <DateInput
      {...props}
      // The calendar's arrows are icons only: their names, in the reader's language.
      ariaLabels={{
        previousMonth: t('dates.previousMonth'),
        nextMonth: t('dates.nextMonth'),
        previousYear: t('dates.previousYear'),
        nextYear: t('dates.nextYear'),
        previousDecade: t('dates.previousDecade'),
        nextDecade: t('dates.nextDecade'),
      }}
      locale={dayjsLocale(lang)}
      valueFormat={DISPLAY[lang]}
      dateParser={(input) => {
        const text = input.trim();
        const iso = dayjs(text, 'YYYY-MM-DD', true);
        if (iso.isValid()) return iso.format('YYYY-MM-DD');
        const local = dayjs(text, TYPED[lang], dayjsLocale(lang), true);
        return local.isValid() ? local.format('YYYY-MM-DD') : null;
      }}
      clearable={false}
    />
  );
}
