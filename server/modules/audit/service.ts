import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { z } from 'zod';
import type { AuditAction, AuditEntity, AuditFilters, auditEvent } from '../../../contracts/audit';
import type { ListParams } from '../../../contracts/http';
import type { Deps } from '../../deps';
import { translator } from '../../i18n';
import { CONTENT_TYPES, csvSafe, type ExportDownload, wallClock } from '../participants/export';
import { startOfDay } from '../reports/report-service';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

dayjs.extend(utc);

/** Where the days of the filters are read: the project's zone when one is chosen, else Québec's (the company's). */
const COMPANY_ZONE = 'America/Toronto';

type Query = ListParams & AuditFilters;

async function whereOf(deps: Deps, auth: AuthContext, query: AuditFilters): Promise<repo.AuditWhere> {
  const { from, to, ...rest } = query;
  const zone = query.project
    ? ((await repo.findProjectZone(deps.db, auth.companyId, query.project)) ?? COMPANY_ZONE)
    : COMPANY_ZONE;
  return {
    ...rest,
    from: from ? startOfDay(from, zone) : undefined,
    before: to ? startOfDay(dayjs.utc(to).add(1, 'day').format('YYYY-MM-DD'), zone) : undefined,
  };
}

function present(
  row: Awaited<ReturnType<typeof repo.listEvents>>['items'][number],
  auth: AuthContext,
): z.output<typeof auditEvent> {
  const { projectNameEn, ...rest } = row;
  return {
    ...rest,
    projectName: auth.locale === 'en' ? projectNameEn : row.projectName,
    entity: row.entity as AuditEntity,
    action: row.action as AuditAction,
  };
}

export async function listEvents(deps: Deps, auth: AuthContext, query: Query) {
  const page = await repo.listEvents(deps.db, auth.companyId, query, await whereOf(deps, auth, query));
  return { ...page, items: page.items.map((r) => present(r, auth)) };
}

export function listActors(deps: Deps, auth: AuthContext) {
  return repo.listActors(deps.db, auth.companyId);
}

/** The filtered events as CSV in the caller's language (`;` in French), times in the filter's zone. */
export async function exportEvents(
  deps: Deps,
  auth: AuthContext,
  query: Omit<Query, 'page' | 'pageSize'>,
): Promise<ExportDownload> {
  const where = await whereOf(deps, auth, query);
  const zone =
    (query.project && (await repo.findProjectZone(deps.db, auth.companyId, query.project))) || COMPANY_ZONE;
  const t = translator(auth.locale);
  const out = new PassThrough();
  const csv = stringify({ bom: true, delimiter: auth.locale === 'fr' ? ';' : ',' });
  csv.pipe(out);
  const columns = ['at', 'actor', 'project', 'entity', 'label', 'action', 'fields', 'count'] as const;
  void (async () => {
    const write = async (record: string[]) => {
      if (!csv.write(record)) await new Promise((resolve) => csv.once('drain', resolve));
    };
    await write(columns.map((c) => t(`audit.columns.${c}`)));
    for await (const rows of repo.eventBatches(deps.db, auth.companyId, query, where)) {
      for (const r of rows) {
        const e = present(r, auth);
        await write(
          [
            wallClock(r.at, zone),
            e.actorName,
            e.projectName ?? '',
            t(`audit.entities.${e.entity}`),
            e.entityLabel,
            t(`audit.actions.${e.action}`),
            e.fields.join(', '),
            String(e.count),
          ].map(csvSafe),
        );
      }
    }
    csv.end();
  })().catch((error) => out.destroy(error));
  return {
    filename: `audit-${dayjs(deps.now()).format('YYYY-MM-DD')}.csv`,
    contentType: CONTENT_TYPES.csv,
    stream: out,
  };
}

/** Retention: the events older than AUDIT_RETENTION_DAYS are deleted (nightly job). */
export async function purgeExpiredEvents(deps: Deps) {
  const before = dayjs(deps.now()).subtract(deps.config.auditRetentionDays, 'day').toDate();
  return repo.purgeBefore(deps.db, before);
}
