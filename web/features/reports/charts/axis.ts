/**
 * T3 the value axis (spec 002 §9): from 0 to the highest value plus 20 %, rounded up, with 10 grid lines; with no
 * value above 0, from 0 to 1 with 2 grid lines. A grid line is drawn at each tick above 0, so `ticks` holds 0 and
 * then one value a line, evenly spaced up to the top.
 */
export interface ValueAxis {
  max: number;
  gridLines: number;
  ticks: number[];
}

export const GRID_LINES = 10;
export const EMPTY_GRID_LINES = 2;

export function valueAxis(values: readonly number[]): ValueAxis {
  const highest = values.reduce((top, v) => (Number.isFinite(v) && v > top ? v : top), 0);
  if (highest <= 0) return { max: 1, gridLines: EMPTY_GRID_LINES, ticks: spaced(1, EMPTY_GRID_LINES) };
  // 1.2 is not exact in binary: round the product to 9 decimals before rounding up, so 5 × 1.2 gives 6, not 7.
  const max = Math.ceil(Number((highest * 1.2).toFixed(9)));
  return { max, gridLines: GRID_LINES, ticks: spaced(max, GRID_LINES) };
}

function spaced(max: number, lines: number) {
  return Array.from({ length: lines + 1 }, (_, i) => Number(((max * i) / lines).toFixed(6)));
}
