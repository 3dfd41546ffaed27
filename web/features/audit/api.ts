import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type AuditExportQuery,
  exportAuditEventsCsv,
  listAuditActors,
  listAuditEvents,
} from '../../../contracts/audit';
import type { QueryOf } from '../../../contracts/http';
import { buildUrl, call } from '../../lib/api';

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: QueryOf<typeof listAuditEvents>) => ['audit', 'list', query] as const,
  actors: ['audit', 'actors'] as const,
};

export const auditListQuery = (query: QueryOf<typeof listAuditEvents>) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => call(listAuditEvents, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const auditActorsQuery = queryOptions({
  queryKey: auditKeys.actors,
  queryFn: ({ signal }) => call(listAuditActors, { signal }),
});

/** The address of the CSV of the log as it is filtered (a plain download: the session cookie goes along). */
export const auditExportUrl = (query: AuditExportQuery) => buildUrl(exportAuditEventsCsv.path, {}, query);
