import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  exportReportXlsx,
  getReportOptions,
  listReport,
  type ReportQuery,
} from '../../../../contracts/reports';
import { buildUrl, call } from '../../../lib/api';

/** The API query of a URL state: lists comma-separated, as the contract reads them. */
export function wire(query: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
  );
}

/** T1: what the filter form offers. */
export const reportOptionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['report', projectId, 'options'] as const,
    queryFn: ({ signal }) => call(getReportOptions, { params: { projectId }, signal }),
  });

/** T1: one page of the report; the previous page stays on screen while the next loads. */
export const reportListQuery = (projectId: string, query: ReportQuery) =>
  queryOptions({
    queryKey: ['report', projectId, 'list', query] as const,
    queryFn: ({ signal }) =>
      call(listReport, { params: { projectId }, query: wire(query) as ReportQuery, signal }),
    placeholderData: keepPreviousData,
  });

/** The workbook of exactly what is filtered (a plain download: the session cookie goes along). */
export const reportExportUrl = (projectId: string, query: Record<string, unknown>) =>
  buildUrl(exportReportXlsx.path, { projectId }, wire(query));
