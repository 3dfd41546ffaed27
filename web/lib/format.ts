import { useTranslation } from 'react-i18next';
import { frenchFirstOfMonth } from '../../contracts/dates';
import { intlLocale } from '../../locales/catalogue';

/** A calendar date (YYYY-MM-DD) shown in the reader's language; it is not shifted by the browser's time zone. */
export function formatDate(isoDate: string, lang: string, style: 'medium' | 'long' = 'medium') {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  const text = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: style, timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  return frenchFirstOfMonth(text, lang);
}

export function formatDateTime(iso: string, lang: string, timeZone?: string) {
  const text = new Intl.DateTimeFormat(intlLocale(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
  return frenchFirstOfMonth(text, lang);
}

/** The time of a local date-time (YYYY-MM-DDTHH:MM, already in the project's zone): fr-CA « 13 h 30 », en “1:30 p.m.”. */
export function formatLocalTime(local: string, lang: string) {
  const [y, m, d, hh, mm] = local.split(/[-T:]/).map(Number);
  return new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d, hh, mm)),
  );
}

export function formatNumber(n: number, lang: string) {
  return new Intl.NumberFormat(intlLocale(lang)).format(n);
}

/** Money is kept in integer cents with its currency. */
export function formatMoney(cents: number, currency: string, lang: string) {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency }).format(cents / 100);
}

/** A file's size in kilobytes or megabytes (1,024 each), in the reader's units (fr-CA « 12,5 ko », en-CA “12.5 kB”). */
export function formatFileSize(bytes: number, lang: string) {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(intlLocale(lang), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
}

export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    lang,
    date: (iso: string, style?: 'medium' | 'long') => formatDate(iso, lang, style),
    dateTime: (iso: string, timeZone?: string) => formatDateTime(iso, lang, timeZone),
    localTime: (local: string) => formatLocalTime(local, lang),
    number: (n: number) => formatNumber(n, lang),
    money: (cents: number, currency: string) => formatMoney(cents, currency, lang),
    fileSize: (bytes: number) => formatFileSize(bytes, lang),
  };
}
