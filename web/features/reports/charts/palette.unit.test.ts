import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, seriesColor } from './palette';

describe('T3 the palette', () => {
  it('has 10 different colours', () => {
    expect(CHART_PALETTE).toHaveLength(10);
    expect(new Set(CHART_PALETTE).size).toBe(10);
  });

  it('gives the n-th series the n-th colour and starts again after the 10th', () => {
    expect(seriesColor(0)).toBe(CHART_PALETTE[0]);
    expect(seriesColor(9)).toBe(CHART_PALETTE[9]);
    expect(seriesColor(10)).toBe(CHART_PALETTE[0]);
    expect(seriesColor(23)).toBe(CHART_PALETTE[3]);
  });
});
