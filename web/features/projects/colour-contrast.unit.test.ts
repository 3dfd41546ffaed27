import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  isHexColour,
  isPoorContrast,
  MIN_CONTRAST,
  relativeLuminance,
} from './colour-contrast';

describe('WCAG contrast (J3 colours)', () => {
  it('gives black 0 and white 1 of luminance, and 21:1 between them, in either order', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#1c3d5a', '#1c3d5a')).toBe(1);
  });

  it('matches known ratios: #777777 on white is 4.48:1, #767676 is 4.54:1 (the usual threshold grey)', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // Pure red on white: 4.0:1; the channels weigh differently (green is the brightest).
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 1);
    expect(relativeLuminance('#00ff00')).toBeGreaterThan(relativeLuminance('#ff0000'));
  });

  it('warns below 4.5:1 only, and never for a value that is not yet a colour', () => {
    expect(MIN_CONTRAST).toBe(4.5);
    expect(isPoorContrast('#777777', '#ffffff')).toBe(true);
    expect(isPoorContrast('#767676', '#ffffff')).toBe(false);
    expect(isPoorContrast('#ffffff', '#1c3d5a')).toBe(false);
    expect(isPoorContrast('#ffff00', '#ffffff')).toBe(true);
    expect(isPoorContrast('#ff', '#ffffff')).toBe(false);
    expect(isHexColour('#abc')).toBe(false);
    expect(isHexColour(' #AbCdEf ')).toBe(true);
    expect(() => relativeLuminance('red')).toThrow();
  });
});
