/**
 * T3 the 10-colour palette of the charts (spec 002 §9), as Mantine theme colours so that they follow the theme: the
 * n-th series takes the n-th colour, and the 11th starts again at the first.
 */
export const CHART_PALETTE = [
  'blue.6',
  'orange.6',
  'teal.6',
  'grape.6',
  'red.6',
  'cyan.7',
  'lime.7',
  'pink.6',
  'indigo.6',
  'yellow.7',
] as const;

export function seriesColor(index: number): string {
  const n = CHART_PALETTE.length;
  return CHART_PALETTE[((Math.trunc(index) % n) + n) % n];
}
