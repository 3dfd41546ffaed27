import type { ChartData, ChartPeriod } from '../../../../contracts/charts';
import { intlLocale } from '../../../../locales/catalogue';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';

/** How a widget's rows and values read in a language: what the chart's axis, its tooltip and its table show. */
export interface FigureFormat {
  label: (label: ChartData['labels'][number]) => string;
  value: (value: number) => string;
}

export function figureFormat(
  data: Pick<ChartData, 'period' | 'unit' | 'currency'>,
  lang: string,
  weekOf: (date: string) => string,
): FigureFormat {
  return {
    label: (label) => {
      if (label.name) return lang === 'en' ? label.name.en : label.name.fr;
      return bucketName(label.key, data.period ?? 'D', lang, weekOf);
    },
    value: (value) =>
      data.unit === 'money' ? formatMoney(value, data.currency ?? 'CAD', lang) : formatNumber(value, lang),
  };
}

/** A bucket by its first day: the day, « Semaine du … », the month and year, or the year. */
export function bucketName(key: string, period: ChartPeriod, lang: string, weekOf: (date: string) => string) {
  if (period === 'D') return formatDate(key, lang);
  if (period === 'W') return weekOf(formatDate(key, lang));
  const [y, m] = key.split('-').map(Number);
  if (period === 'Y') return String(y);
  return new Intl.DateTimeFormat(intlLocale(lang), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)));
}
