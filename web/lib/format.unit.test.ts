import { describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatLocalTime, formatMoney, formatNumber } from './format';

// Intl puts narrow no-break spaces in French numbers: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formats per language (P4)', () => {
  it('writes a local time the Québec way in French, never shifted by the time zone', () => {
    expect(plain(formatLocalTime('2027-06-10T13:30', 'fr'))).toBe('13 h 30');
    expect(plain(formatLocalTime('2027-06-10T13:30', 'en'))).toBe('1:30 p.m.');
  });

  it('writes money in Québec French and in Canadian English', () => {
    expect(plain(formatMoney(123456, 'CAD', 'fr'))).toBe('1 234,56 $');
    expect(formatMoney(123456, 'CAD', 'en')).toBe('$1,234.56');
  });

  it('writes numbers and calendar days, the day never shifted by the time zone', () => {
    expect(plain(formatNumber(20000, 'fr'))).toBe('20 000');
    expect(formatNumber(20000, 'en')).toBe('20,000');
    expect(formatDate('2027-05-01', 'fr', 'long')).toBe('1er mai 2027');
    expect(formatDate('2027-05-01', 'en', 'long')).toBe('May 1, 2027');
  });

  it('writes file sizes in kilobytes or megabytes, in each language’s units (P12)', () => {
    expect(plain(formatFileSize(12_800, 'fr'))).toBe('12,5 ko');
    expect(formatFileSize(12_800, 'en')).toBe('12.5 kB');
    expect(plain(formatFileSize(2.5 * 1024 * 1024, 'fr'))).toBe('2,5 Mo');
    expect(formatFileSize(2.5 * 1024 * 1024, 'en')).toBe('2.5 MB');
    expect(formatFileSize(3, 'en')).toBe('0.1 kB');
  });
});
