import { describe, expect, it } from 'vitest';
import { normalisePhone, optionalPhoneNumber, phoneNumber } from './phone';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('phone numbers (P9): normalised to the international format', () => {
  it.each([
    // Canada and the United States, national forms read as Canadian.
    ['514 555 1234', '+15145551234'],
    ['(514) 555-1234', '+15145551234'],
    ['514.555.1234', '+15145551234'],
    ['1 514 555 1234', '+15145551234'],
    ['+1 (514) 555-1234', '+15145551234'],
    ['  +1 212 555 0199 ', '+12125550199'],
    // France, Belgium, United Kingdom, Germany, Switzerland, Mexico in international form.
    ['+33 1 42 68 53 00', '+33142685300'],
    ['+33 (0)1 42 68 53 00', '+33142685300'],
    ['+33 6-12-34-56-78', '+33612345678'],
    ['011 33 6 12 34 56 78', '+33612345678'],
    ['+32 2 555 12 12', '+3225551212'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+49 30 901820', '+4930901820'],
    ['+41 44 668 18 00', '+41446681800'],
    ['+52 55 1234 5678', '+525512345678'],
    // Already normalised: unchanged.
    ['+15145551234', '+15145551234'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
    expect(phoneNumber.parse(input)).toBe(expected);
  });

  it('reads a national form in the country given', () => {
    expect(normalisePhone('01 42 68 53 00', 'FR')).toBe('+33142685300');
    expect(normalisePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(normalisePhone('020 7946 0958', 'GB')).toBe('+442079460958');
    // The same digits are no Canadian number.
    expect(normalisePhone('01 42 68 53 00')).toBeNull();
  });

  it.each([
    ['+1 514 555 1234 ext. 12', '+15145551234;ext=12'],
    ['514-555-1234 x 34', '+15145551234;ext=34'],
    ['(514) 555-1234 poste 7', '+15145551234;ext=7'],
    ['+15145551234;ext=12', '+15145551234;ext=12'],
  ])('keeps an extension: %s → %s', (input, expected) => {
    expect(phoneNumber.parse(input)).toBe(expected);
  });

  it.each([
    ['123'],
    ['abc'],
    ['+33 1 23'],
    ['(555) 123-4567'],
    ['+1 514 111 1111'],
    ['+1 800 FLOWERS'],
    ['+999 123 456 789'],
    ['+33 1 42 68 53 00 00 00 00'],
    ['1'.repeat(60)],
  ])('refuses %s with validation.phone', (input) => {
    expect(normalisePhone(input)).toBeNull();
    expect(issues(phoneNumber.safeParse(input))).toEqual(['validation.phone']);
  });

  it('refuses an empty required number, and a value that is not text', () => {
    expect(issues(phoneNumber.safeParse(''))).toEqual(['validation.phone']);
    expect(issues(phoneNumber.safeParse('   '))).toEqual(['validation.phone']);
    expect(issues(phoneNumber.safeParse(5145551234))).toEqual(['validation.phone']);
  });

  it('lets an optional number be left out (null), and still refuses a wrong one', () => {
    expect(optionalPhoneNumber.parse('')).toBeNull();
    expect(optionalPhoneNumber.parse('  ')).toBeNull();
    expect(optionalPhoneNumber.parse(null)).toBeNull();
    expect(optionalPhoneNumber.parse(undefined)).toBeNull();
    expect(optionalPhoneNumber.parse('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(issues(optionalPhoneNumber.safeParse('12'))).toEqual(['validation.phone']);
  });
});
