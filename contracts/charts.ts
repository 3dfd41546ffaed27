import { z } from 'zod';
import { defineEndpoint, uuidParam } from './http';

/**
 * T3 the report charts (« Rapports › Graphiques »): a few widgets over the project's data, each bucketed by day, ISO
 * week (from Monday), month or year in the project's time zone, or by role. docs/reports/charts.md.
 */

/** What a widget counts. */
export const CHART_WIDGETS = ['inscriptions', 'activity-inscriptions', 'sales', 'roles'] as const;
export type ChartWidget = (typeof CHART_WIDGETS)[number];

/** The period filter's codes (spec 002 §9): day, week, month, year. */
export const CHART_PERIODS = ['D', 'W', 'M', 'Y'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Widgets over time (the others are by category and take no period). */
export const TIME_WIDGETS: readonly ChartWidget[] = ['inscriptions', 'activity-inscriptions', 'sales'];

/** At most this many rows (buckets or categories) a page (spec 002 §9). */
export const CHART_PAGE_SIZE = 200;

const text = z.object({ fr: z.string(), en: z.string() });

export const chartParams = z.object({
  projectId: uuidParam,
  widget: z.enum(CHART_WIDGETS, { error: 'validation.charts.widget' }),
});

export const chartQuery = z.object({
  period: z.enum(CHART_PERIODS, { error: 'validation.charts.period' }).default('D'),
  page: z.coerce
    .number({ error: 'validation.charts.page' })
    .int({ error: 'validation.charts.page' })
    .min(1, {
      error: 'validation.charts.page',
    })
    .max(1_000_000, { error: 'validation.charts.page' })
    .default(1),
});
export type ChartQuery = z.input<typeof chartQuery>;

export const chartCsvQuery = chartQuery.pick({ period: true });

export const chartData = z.object({
  widget: z.enum(CHART_WIDGETS),
  /** The period of a widget over time; null for a widget by category. */
  period: z.enum(CHART_PERIODS).nullable(),
  /** `count`: people or inscriptions; `money`: integer cents in `currency`. */
  unit: z.enum(['count', 'money']),
  currency: z.string().nullable(),
  /**
   * One per row of the page: a bucket's first day (YYYY-MM-DD, in the project's zone) for a widget over time, or a
   * category's id with its name.
   */
  labels: z.array(z.object({ key: z.string(), name: text.nullable() })),
  /** The figures, one value per label, by series (one series unless stacked). */
  series: z.array(z.object({ key: z.string(), name: text, values: z.array(z.number()) })),
  /** Per label, the sum of the series. */
  values: z.array(z.number()),
  page: z.number().int(),
  pageCount: z.number().int(),
  /** Rows over every page. */
  total: z.number().int(),
});
export type ChartData = z.input<typeof chartData>;

const tag = 'charts';

export const getChart = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/charts/:widget',
  access: 'user',
  tag,
  summary: "T3 a chart widget's figures, one page of at most 200 rows (buckets in the project's time zone)",
  params: chartParams,
  query: chartQuery,
  response: chartData,
});

export const exportChartCsv = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/charts/:widget.csv',
  access: 'user',
  tag,
  summary:
    "T3 a chart widget's figures, every row, as CSV (UTF-8 with a BOM, headers in the user's language)",
  params: chartParams,
  query: chartCsvQuery,
  response: z.string(),
});
