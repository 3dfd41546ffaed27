import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { useReducedMotion } from '@mantine/hooks';
import type { ChartData } from '../../../../contracts/charts';
import { valueAxis } from './axis';
import type { ChartType } from './chart-types';
import type { FigureFormat } from './figures';
import { seriesColor } from './palette';

/** 500 ms of animation (spec 002 §9), none for someone who asks the system for less motion. */
export const ANIMATION_MS = 500;

/**
 * The drawing of a widget (@mantine/charts on recharts). Decorative for a screen reader: the caller names it and
 * gives the figures in a table.
 */
export function ChartView(props: { data: ChartData; type: ChartType; format: FigureFormat; lang: string }) {
  const { data, type, format } = props;
  const reduced = useReducedMotion() ?? false;
  const animation = { isAnimationActive: !reduced, animationDuration: ANIMATION_MS };
  const rows = data.labels.map((label, i) => {
    const row: Record<string, string | number> = { label: format.label(label) };
    for (const s of data.series) row[s.key] = s.values[i];
    return row;
  });
  const series = data.series.map((s, i) => ({
    name: s.key,
    label: props.lang === 'en' ? s.name.en : s.name.fr,
    color: seriesColor(i),
  }));
  const stacked = type === 'stacked';
  const axis = valueAxis(stacked ? data.values : data.series.flatMap((s) => s.values));
  const valueAxisProps = { domain: [0, axis.max], ticks: axis.ticks, interval: 0 as const };
  // Room for the longest tick of the value axis (« 11 851,62 $ »), when it stands on the left.
  const leftAxisProps = { ...valueAxisProps, width: data.unit === 'money' ? 100 : 56 };
  const common = {
    h: 300,
    data: rows,
    dataKey: 'label',
    series,
    valueFormatter: format.value,
    withLegend: series.length > 1,
    gridAxis: 'xy' as const,
    accessibilityLayer: false,
    tooltipAnimationDuration: reduced ? 0 : 200,
  };
  if (type === 'line') return <LineChart {...common} yAxisProps={leftAxisProps} lineProps={animation} />;
  if (type === 'area')
    return <AreaChart {...common} yAxisProps={leftAxisProps} areaProps={animation} withGradient={false} />;
  const horizontal = type === 'bar';
  return (
    <BarChart
      {...common}
      type={stacked ? 'stacked' : 'default'}
      orientation={horizontal ? 'vertical' : 'horizontal'}
      h={horizontal ? Math.max(300, rows.length * 28 + 60) : 300}
      {...(horizontal
        ? { xAxisProps: valueAxisProps, yAxisProps: { width: 140 } }
        : { yAxisProps: leftAxisProps })}
      barProps={animation}
    />
  );
}
