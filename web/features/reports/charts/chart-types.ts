import type { ChartWidget } from '../../../../contracts/charts';

/** T3 the chart types: columns (vertical bars), bars (horizontal), line, area, stacked columns. */
export type ChartType = 'column' | 'bar' | 'line' | 'area' | 'stacked';

/** The types that make sense for a widget: stacked only with several series, lines only over time. */
export function chartTypesOf(widget: ChartWidget): ChartType[] {
  if (widget === 'roles') return ['column', 'bar'];
  if (widget === 'sales') return ['stacked', 'column', 'bar', 'line', 'area'];
  return ['column', 'bar', 'line', 'area'];
}
