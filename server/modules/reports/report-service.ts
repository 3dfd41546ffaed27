import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { ListParams } from '../../../contracts/http';
import type { ReportExportParams } from '../../../contracts/reports';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { type ExportDownload, exportParticipants } from '../participants/export';
import * as participants from '../participants/repository';
import { presentItem } from '../participants/service';
import type { AuthContext } from '../session/auth-context';
import * as repo from './report-repository';

dayjs.extend(utc);
dayjs.extend(timezone);

type Query = ReportExportParams;

const named = (r: { id: string; nameFr: string; nameEn: string }) => ({
  id: r.id,
  name: { fr: r.nameFr, en: r.nameEn },
});

/** Midnight of a YYYY-MM-DD day on the project's clocks (UTC when the zone is unknown). */
export function startOfDay(day: string, timeZone: string): Date {
  try {
    return dayjs.tz(day, timeZone).toDate();
  } catch {
    return dayjs.utc(day).toDate();
  }
}

async function requireProject(deps: Deps, auth: AuthContext, projectId: string) {
  const project = await participants.findProject(deps.db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

/** The query's filters with the creation and activity days read in the project's zone (the last day included whole). */
function filtersOf(query: Query, timeZone: string): repo.ReportWhere {
  const { createdFrom, createdTo, activityFrom, activityTo, q: _q, sort: _s, dir: _d, ...rest } = query;
  const from = (day: string | undefined) => (day ? startOfDay(day, timeZone) : undefined);
  const before = (day: string | undefined) =>
    day ? startOfDay(dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD'), timeZone) : undefined;
  return {
    ...rest,
    createdFrom: from(createdFrom),
    createdBefore: before(createdTo),
    activityFrom: from(activityFrom),
    activityBefore: before(activityTo),
  };
}

function paramsOf(query: Query, timeZone: string, auth: AuthContext) {
  return {
    q: query.q,
    sort: query.sort,
    dir: query.dir,
    language: auth.locale,
    filters: filtersOf(query, timeZone),
  };
}

/** T1: one page of the participants matching every filter. */
export async function listReport(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: Query & Pick<ListParams, 'page' | 'pageSize'>,
) {
  const project = await requireProject(deps, auth, projectId);
  const page = await repo.listReport(deps.db, auth.companyId, projectId, {
    ...paramsOf(query, project.timeZone, auth),
    page: query.page,
    pageSize: query.pageSize,
  });
  const groups = await participants.listGroupsOf(
    deps.db,
    page.items.map((p) => p.id),
  );
  return { ...page, items: page.items.map((row) => presentItem(row, groups)) };
}

/** T1: the Excel workbook of exactly what is filtered, with the participants export's columns, streamed. */
export async function exportReport(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: Query,
): Promise<ExportDownload> {
  const project = await requireProject(deps, auth, projectId);
  const params = paramsOf(query, project.timeZone, auth);
  const t = translator(auth.locale);
  return exportParticipants(deps, auth, projectId, { q: query.q, sort: query.sort, dir: query.dir }, 'xlsx', {
    batches: (language) => repo.reportBatches(deps.db, auth.companyId, projectId, { ...params, language }),
    prefix: t('report.filePrefix'),
    sheetName: t('report.title'),
  });
}

/** T1: what the filter form offers. */
export async function getReportOptions(deps: Deps, auth: AuthContext, projectId: string) {
  await requireProject(deps, auth, projectId);
  const [roles, groups, activities, categories, questions, fields, hasSales, hasPersona] = await Promise.all([
    participants.listRoles(deps.db, projectId),
    participants.listGroups(deps.db, projectId),
    repo.listActivities(deps.db, projectId),
    repo.listActivityCategories(deps.db, projectId),
    repo.listQuestionsWithChoices(deps.db, projectId),
    participants.listOwnProfileFields(deps.db, projectId),
    repo.projectHasSales(deps.db, projectId),
    repo.projectHasPersonaRole(deps.db, projectId),
  ]);
  return {
    roles: roles.map(named),
    groups: groups.map(named),
    activities: activities.map(named),
    categories: categories.map(named),
    questions: questions.map((q) => ({ ...named(q), choices: q.choices.map(named) })),
    fields: fields.map((f) => named({ id: f.id, nameFr: f.titleFr, nameEn: f.titleEn })),
    hasSales,
    hasPersona,
  };
}
