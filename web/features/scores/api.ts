import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { QueryOf } from '../../../contracts/http';
import {
  exportScoresCsv,
  exportScoresXlsx,
  getPairBreakdown,
  listScoreAverages,
  listScorePairs,
  listStoredAverages,
  type ScoreExportQuery,
} from '../../../contracts/scores';
import { buildUrl, call } from '../../lib/api';

/** M5 / X1: the scores screen's queries. */

type ListQuery = QueryOf<typeof listScorePairs>;

export const scoreKeys = {
  all: (projectId: string) => ['scores', projectId] as const,
  pairs: (projectId: string, query: ListQuery) => ['scores', projectId, 'pairs', query] as const,
  averages: (projectId: string, query: ListQuery) => ['scores', projectId, 'averages', query] as const,
  stored: (projectId: string, query: ListQuery) => ['scores', projectId, 'stored', query] as const,
  breakdown: (projectId: string, a: string, b: string) => ['scores', projectId, 'breakdown', a, b] as const,
};

export const scorePairsQuery = (projectId: string, query: ListQuery) =>
  queryOptions({
    queryKey: scoreKeys.pairs(projectId, query),
    queryFn: ({ signal }) => call(listScorePairs, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const scoreAveragesQuery = (projectId: string, query: ListQuery) =>
  queryOptions({
    queryKey: scoreKeys.averages(projectId, query),
    queryFn: ({ signal }) => call(listScoreAverages, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const storedAveragesQuery = (projectId: string, query: ListQuery) =>
  queryOptions({
    queryKey: scoreKeys.stored(projectId, query),
    queryFn: ({ signal }) => call(listStoredAverages, { params: { projectId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const pairBreakdownQuery = (projectId: string, a: string, b: string) =>
  queryOptions({
    queryKey: scoreKeys.breakdown(projectId, a, b),
    queryFn: ({ signal }) => call(getPairBreakdown, { params: { projectId }, query: { a, b }, signal }),
  });

/** The export of what the screen shows, every page (a plain download: the session cookie goes along). */
export function scoresExportUrl(projectId: string, format: 'xlsx' | 'csv', query: ScoreExportQuery) {
  const endpoint = format === 'xlsx' ? exportScoresXlsx : exportScoresCsv;
  return buildUrl(endpoint.path, { projectId }, query);
}
