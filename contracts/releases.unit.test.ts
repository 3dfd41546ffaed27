import { describe, expect, it } from 'vitest';
import {
  categoryName,
  compareVersions,
  itemText,
  newestFirst,
  releaseInput,
  releaseVersion,
} from './releases';

const messages = (value: string) => {
  const result = releaseVersion.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('release version (A5: digits and single dots)', () => {
  it.each(['1', '0', '0.1', '2.10.3', '10.0.0.1', '2026.11', ' 3.4 '])('accepts %j', (version) => {
    expect(releaseVersion.safeParse(version).success).toBe(true);
  });

  it('keeps the version without surrounding spaces', () => {
    expect(releaseVersion.parse(' 3.4 ')).toBe('3.4');
  });

  it.each([
    '.1',
    '1.',
    '2..3',
    '1.2.',
    '..',
    '.',
    'v1',
    '1.a',
    '1.2b',
    '1,2',
    '1 .2',
    '1-2',
    '+1',
    '-1',
    '1.2.3-beta',
    '١.٢',
  ])('refuses %j with the version message', (version) => {
    expect(messages(version)).toEqual(['validation.releases.version']);
  });

  it('says a missing version is required, once', () => {
    expect(messages('')).toEqual(['validation.empty']);
    expect(messages('   ')).toEqual(['validation.empty']);
  });

  it('says a version too long is too long, once', () => {
    expect(messages('1.2.3.4.5.6.7.8.9.10.11')).toEqual(['validation.tooLong|maximum=20']);
  });

  it('takes a release without a date', () => {
    expect(releaseInput.parse({ version: '1.2' })).toEqual({ version: '1.2', releasedOn: null });
    expect(releaseInput.safeParse({ version: '1.2', releasedOn: '2026-13-01' }).success).toBe(false);
  });
});

describe('version order', () => {
  it('compares part by part, as numbers', () => {
    expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareVersions('1.9', '1.10')).toBeLessThan(0);
    expect(compareVersions('2', '1.99')).toBeGreaterThan(0);
    expect(compareVersions('1.2.1', '1.2')).toBeGreaterThan(0);
    expect(compareVersions('1.0', '1')).toBe(0);
    expect(compareVersions('01.2', '1.2')).toBe(0);
    expect(compareVersions('99999999999999999999.1', '99999999999999999998.7')).toBeGreaterThan(0);
  });

  it('lists the newest first', () => {
    const versions = ['0.9', '1.10', '1.9', '1.2.3', '0.10', '2'].map((version) => ({ version }));
    expect(newestFirst(versions).map((r) => r.version)).toEqual(['2', '1.10', '1.9', '1.2.3', '0.10', '0.9']);
  });
});

describe('entry texts', () => {
  it('strip tags from a category name', () => {
    expect(categoryName.parse({ fr: '<b>Sécurité</b>', en: 'Security' })).toEqual({
      fr: 'Sécurité',
      en: 'Security',
    });
  });

  it('need one language at least', () => {
    expect(categoryName.safeParse({ fr: '', en: 'Security' }).success).toBe(true);
    const empty = itemText.safeParse({ fr: '<p></p>', en: '<p> &nbsp;</p>' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues).toMatchObject([
      { message: 'validation.releases.textRequired', path: ['fr'] },
    ]);
  });
});
