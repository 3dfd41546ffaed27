import { describe, expect, it } from 'vitest';
import { weightShares } from './weight-total';

describe('weightShares (Q2 live total)', () => {
  it('sums the weights and gives each its share in %, one decimal', () => {
    expect(weightShares([30, 10, 20])).toEqual({ total: 60, shares: [50, 16.7, 33.3] });
  });
  it('counts a field being typed (empty, not a number) as 0, and shares 0 when the total is 0', () => {
    expect(weightShares(['', 'abc', 5])).toEqual({ total: 5, shares: [0, 0, 100] });
    expect(weightShares([0, 0])).toEqual({ total: 0, shares: [0, 0] });
  });
});
