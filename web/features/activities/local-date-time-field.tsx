import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import 'dayjs/locale/fr-ca';
import { useTranslation } from 'react-i18next';
import { dayjsLocale } from '../../components/forms/date-field';

/** Day and time as people read them in each language (24-hour clock in French, as in Québec). */
const DISPLAY = { fr: 'D MMMM YYYY, HH:mm', en: 'MMMM D, YYYY, h:mm A' } as const;

/**
 * A local date and time of the project's zone (value `YYYY-MM-DDTHH:mm`, what the activities API reads), picked
 * from a calendar and a time input; the zone is named in the description, whatever the browser's.
 */
export function LocalDateTimeField({
  value,
  onChange,
  timeZone,
  ...props
}: Omit<DateTimePickerProps, 'value' | 'onChange' | 'valueFormat'> & {
  value: string | null;
  onChange: (value: string | null) => void;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'fr';
  return (
    <DateTimePicker
      {...props}
      locale={dayjsLocale(lang)}
      valueFormat={DISPLAY[lang]}
      value={value ? `${value.replace('T', ' ')}:00` : null}
      onChange={(next) => onChange(next ? next.slice(0, 16).replace(' ', 'T') : null)}
      description={timeZone ? t('activities.fields.timeZone', { timeZone }) : undefined}
      timePickerProps={{ format: lang === 'en' ? '12h' : '24h' }}
    />
  );
}
