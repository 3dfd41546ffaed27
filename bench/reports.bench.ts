/**
 * reports (issue 21, « Scale and speed »): one project of 100,000 participants (multi-byte names, roles, groups,
 * answers, sales) and 300,000 activity inscriptions over a year, seeded in SQL (bench/reports-seed.ts). Cases:
 * (a) the T1 report with five filters through the API (GET, signed in) vs the same SQL (page, count, groups of
 * the page); (b) PF3, the Excel export of every filtered row read as a stream vs a raw exceljs streaming write of
 * the same rows (bench/reports-export.ts); (c) T3's charts by day over a year vs the raw SQL of the same query:
 * the 300,000 activity inscriptions, and the 100,000 participants' own inscriptions.
 */
import { count, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { CHART_PAGE_SIZE } from '../contracts/charts';
import { participants, persons } from '../server/db/schema';
import { groupsOfQuery, type ParticipantListParams } from '../server/modules/participants/repository';
import {
  activityInscriptionFacts,
  type BucketRow,
  bucketQuery,
  type FactSource,
  inscriptionFacts,
  readBuckets,
} from '../server/modules/reports/charts-repository';
import {
  type ReportWhere,
  reportPageCounted,
  reportWhere,
} from '../server/modules/reports/report-repository';
import { startOfDay } from '../server/modules/reports/report-service';
import { seedScale } from '../server/seed/scale';
import {
  assertSameList,
  BENCH_EMAIL,
  BENCH_PASSWORD,
  type BenchCase,
  createBenchCompanies,
  defineBenchmark,
  getThrough,
  signIn,
  startApp,
  wantsCase,
} from './harness';
import { exportCase } from './reports-export';
import { seedReports, YEAR_END } from './reports-seed';

/** The last day of the year of inscriptions, YYYY-MM-DD. */
const YEAR_DAY = YEAR_END.slice(0, 10);

export default defineBenchmark({
  name: 'reports',
  description:
    'T1 report with five filters (GET) vs its SQL; PF3 Excel export of every filtered row vs raw exceljs streaming; T3 charts by day for a year vs their SQL',
  async setup({ database, options, log }) {
    const size = options.quick
      ? { participants: 20_000, activities: 400, inscriptions: 60_000, other: 1_000 }
      : { participants: 100_000, activities: 2_000, inscriptions: 300_000, other: 3_000 };
    const { db } = database;
    const { main, other } = await createBenchCompanies(db);

    const seedStarted = performance.now();
    const seed = await seedReports(database, main.id, size);
    await seedScale(db, { companyId: other.id, participants: size.other, seed: 2 });
    await database.sql.exec('vacuum analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { projectId } = seed;

    const app = await startApp(database);
    const cookies = await signIn(app, BENCH_EMAIL, BENCH_PASSWORD);
    const [{ timeZone }] = (
      await database.sql.query<{ timeZone: string }>(
        'select time_zone as "timeZone" from projects where id = $1',
        [projectId],
      )
    ).rows;
    const day = (from: string, days = 0) =>
      new Date(new Date(`${from}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
    const filtersOf = (query: Record<string, string | string[]>): ReportWhere => ({
      roleIds: query.roleIds as string[] | undefined,
      groupIds: query.groupIds as string[] | undefined,
      activityIds: query.activityIds as string[] | undefined,
      choiceIds: query.choiceIds as string[] | undefined,
      createdFrom: query.createdFrom ? startOfDay(query.createdFrom as string, timeZone) : undefined,
      createdBefore: query.createdTo ? startOfDay(day(query.createdTo as string, 1), timeZone) : undefined,
    });
    const search = (query: Record<string, string | string[]>) =>
      new URLSearchParams(
        Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
      ).toString();
    const countOf = async (where: ReturnType<typeof reportWhere>) =>
      (
        await db
          .select({ n: count() })
          .from(participants)
          .innerJoin(persons, eq(persons.id, participants.personId))
          .where(where)
      )[0].n;

    // ---------- (a) the report, five filters ----------
    const list: ParticipantListParams = {
      sort: 'lastName',
      dir: 'asc',
      page: 2,
      pageSize: 25,
      language: 'fr',
    };
    const fiveQuery = {
      roleIds: seed.roleIds.slice(0, 2),
      groupIds: seed.groupIds.slice(0, Math.ceil(seed.groupIds.length / 2)),
      activityIds: seed.activityIds.filter((_, i) => i % 4 === 0),
      choiceIds: seed.choiceIds.slice(0, 2),
      createdFrom: day(YEAR_DAY, -240),
      createdTo: day(YEAR_DAY, -30),
    };
    const five = filtersOf(fiveQuery);
    const fiveWhere = reportWhere(main.id, projectId, { ...list, filters: five });
    const fiveCount = await countOf(fiveWhere);
    const reportCase = (): BenchCase => {
      const url = `/api/projects/${projectId}/report?${search({ ...fiveQuery, sort: 'lastName', dir: 'asc', page: '2', pageSize: '25' })}`;
      // The endpoint's own statement: page and total at once (report-repository.ts, reportPageCounted).
      const pageSql = reportPageCounted(db, main.id, projectId, { ...list, filters: five }).toSQL();
      let groupsSql = groupsOfQuery(db, ['00000000-0000-0000-0000-000000000000']).toSQL();
      const baseline = async () => {
        const rows = (await database.sql.query<Record<string, unknown>>(pageSql.sql, pageSql.params)).rows;
        await database.sql.query(groupsSql.sql, groupsSql.params);
        // The total is the statement's last column (drizzle names no column: read by position).
        return { items: rows, total: rows.length ? Number(Object.values(rows[0]).at(-1)) : 0 };
      };
      const subject = getThrough(app, url, cookies);
      return {
        name: 'report-five-filters',
        description: `T1 report, roles + groups + activities + answers + creation dates (${fiveCount.toLocaleString('en')} of ${size.participants.toLocaleString('en')} match), page 2 of 25 by last name: GET /api/projects/:id/report?…`,
        subject,
        baseline,
        async check() {
          const direct = await baseline();
          const body = (await subject()).json() as { items: { id: string }[]; total: number };
          groupsSql = groupsOfQuery(db, assertSameList('report-five-filters', body, direct)).toSQL();
        },
        get explain() {
          return [{ label: 'page and total', sql: pageSql.sql, params: pageSql.params }];
        },
      };
    };

    // ---------- (b) PF3: the export of every row of a filter ----------
    const exportQuery = { createdFrom: day(YEAR_DAY, -400), createdTo: YEAR_DAY, roleIds: seed.roleIds };
    const exportFilters = filtersOf(exportQuery);
    const exportRows = await countOf(reportWhere(main.id, projectId, { ...list, filters: exportFilters }));

    // ---------- (c) charts by day over a year ----------
    const chartCase = (name: string, widget: string, facts: FactSource, rows: number): BenchCase => {
      const url = `/api/projects/${projectId}/charts/${widget}?period=D&page=1`;
      const statement = new PgDialect().sqlToQuery(
        bucketQuery(facts, 'D', timeZone, { offset: 0, limit: CHART_PAGE_SIZE }),
      );
      const subject = getThrough(app, url, cookies);
      const baseline = async () =>
        readBuckets(
          (await database.sql.query<BucketRow & { total: number }>(statement.sql, statement.params)).rows,
        );
      return {
        name,
        description: `${rows.toLocaleString('en')} ${widget} by day over a year, page 1 (200 days): GET ${url.replace(projectId, ':id')}`,
        subject,
        baseline,
        async check() {
          const direct = await baseline();
          const body = (await subject()).json() as {
            labels: { key: string }[];
            values: number[];
            total: number;
          };
          const days = [...new Set(direct.rows.map((r) => r.bucket))];
          const sums = days.map((d) =>
            direct.rows.filter((r) => r.bucket === d).reduce((s, r) => s + r.value, 0),
          );
          const same =
            body.total === direct.total &&
            body.labels.map((l) => l.key).join() === days.join() &&
            body.values.join() === sums.join();
          if (!same || body.total < 365) {
            throw new Error(`${name}: endpoint (${body.total} days) and baseline (${direct.total}) disagree`);
          }
        },
        explain: [{ label: 'chart', sql: statement.sql, params: statement.params }],
      };
    };

    const cases: BenchCase[] = [];
    if (wantsCase(options, 'report-five-filters')) cases.push(reportCase());
    if (wantsCase(options, 'export-xlsx')) {
      cases.push(
        exportCase({
          app,
          cookies,
          database,
          companyId: main.id,
          projectId,
          query: search(exportQuery),
          filters: exportFilters,
          expectedRows: exportRows,
          quick: options.quick,
          log,
        }),
      );
    }
    if (wantsCase(options, 'chart-activity-inscriptions')) {
      cases.push(
        chartCase(
          'chart-activity-inscriptions',
          'activity-inscriptions',
          activityInscriptionFacts(projectId),
          size.inscriptions,
        ),
      );
    }
    if (wantsCase(options, 'chart-inscriptions')) {
      cases.push(
        chartCase('chart-inscriptions', 'inscriptions', inscriptionFacts(projectId), size.participants),
      );
    }
    const facts: Record<string, string | number> = {
      'participants of the measured project': size.participants,
      'activities / activity inscriptions (over a year)': `${size.activities} / ${size.inscriptions}`,
      'participants of the other company': size.other,
      'report, five filters: matching participants': fiveCount,
      'export: filtered rows': exportRows,
      'seed (INSERT … SELECT generate_series, vacuum analyze)': `${seedSeconds.toFixed(1)} s`,
      'warm-up / measured rounds': `${options.warmup} / ${options.iterations}`,
    };
    return { facts, cases, close: () => app.close() };
  },
});
