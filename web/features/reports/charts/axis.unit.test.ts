import { describe, expect, it } from 'vitest';
import { valueAxis } from './axis';

describe('T3 the value axis', () => {
  it('goes to the highest value plus 20 %, rounded up, with 10 grid lines', () => {
    expect(valueAxis([3, 5, 1])).toMatchObject({ max: 6, gridLines: 10 });
    expect(valueAxis([7])).toMatchObject({ max: 9 }); // 8.4 → 9
    expect(valueAxis([100])).toMatchObject({ max: 120 });
    expect(valueAxis([0.5])).toMatchObject({ max: 1 });
    expect(valueAxis([14_000, 10_000]).max).toBe(16_800);
  });

  it('puts a tick at 0 and one a grid line, evenly spaced to the top', () => {
    const axis = valueAxis([100]);
    expect(axis.ticks).toEqual([0, 12, 24, 36, 48, 60, 72, 84, 96, 108, 120]);
    expect(valueAxis([5]).ticks).toHaveLength(11);
    expect(valueAxis([5]).ticks.at(-1)).toBe(6);
  });

  it('runs from 0 to 1 with 2 grid lines when there is nothing to show', () => {
    const empty = { max: 1, gridLines: 2, ticks: [0, 0.5, 1] };
    expect(valueAxis([])).toEqual(empty);
    expect(valueAxis([0, 0, 0])).toEqual(empty);
    expect(valueAxis([Number.NaN])).toEqual(empty);
  });
});
