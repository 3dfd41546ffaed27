import { describe, expect, it } from 'vitest';
import { frenchFirstOfMonth } from './dates';

describe('frenchFirstOfMonth', () => {
  it('writes the first of the month as « 1er » in French', () => {
    expect(frenchFirstOfMonth('1 janvier 2027', 'fr')).toBe('1er janvier 2027');
    expect(frenchFirstOfMonth('mercredi 1 septembre 2027', 'fr')).toBe('mercredi 1er septembre 2027');
    expect(frenchFirstOfMonth('1 janv. 2027, 09 h 00', 'fr')).toBe('1er janv. 2027, 09 h 00');
  });

  it('leaves other days, numbers and other languages alone', () => {
    expect(frenchFirstOfMonth('11 janvier 2027', 'fr')).toBe('11 janvier 2027');
    expect(frenchFirstOfMonth('21 janvier 2027', 'fr')).toBe('21 janvier 2027');
    expect(frenchFirstOfMonth('12 janvier 2021', 'fr')).toBe('12 janvier 2021');
    expect(frenchFirstOfMonth('January 1, 2027', 'en')).toBe('January 1, 2027');
  });
});
