import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ChartPeriod, type ChartWidget, exportChartCsv, getChart } from '../../../../contracts/charts';
import { buildUrl, call } from '../../../lib/api';

/** T3: a widget's figures, one page; kept on screen while the next period or page loads. */
export const chartQuery = (projectId: string, widget: ChartWidget, period: ChartPeriod, page: number) =>
  queryOptions({
    queryKey: ['charts', projectId, widget, period, page] as const,
    queryFn: ({ signal }) =>
      call(getChart, { params: { projectId, widget }, query: { period, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** The CSV of a widget, every row (a plain download: the session cookie goes along). */
export const chartCsvUrl = (projectId: string, widget: ChartWidget, period: ChartPeriod) =>
  buildUrl(exportChartCsv.path, { projectId, widget }, { period });
