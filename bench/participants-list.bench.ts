/**
 * participants-list: `GET /api/projects/:id/participants` (U1 list) at 100,000 participants in one project, through
 * the whole HTTP layer, against the same SQL (page + count, then the groups of the page) run directly on the same
 * engine.
 */
import { count, eq } from 'drizzle-orm';
import { pageWindow } from '../server/db/list';
import { participants, persons } from '../server/db/schema';
import {
  baseSelect,
  groupsOfQuery,
  listCount,
  listOrder,
  listWhere,
  type ParticipantListParams,
} from '../server/modules/participants/repository';
import { seedScale } from '../server/seed/scale';
import {
  assertSameList,
  BENCH_EMAIL,
  BENCH_PASSWORD,
  type BenchCase,
  createBenchCompanies,
  defineBenchmark,
  getThrough,
  rawListPage,
  signIn,
  startApp,
} from './harness';

export default defineBenchmark({
  name: 'participants-list',
  description:
    'GET /api/projects/:id/participants (session, project check, validation, 3 queries, serialization) vs the same SQL run directly',
  async setup({ database, options }) {
    const size = options.quick ? { main: 20_000, other: 1_000 } : { main: 100_000, other: 3_000 };
    const { db } = database;
    const { main, other } = await createBenchCompanies(db);

    const seedStarted = performance.now();
    const seeded = await seedScale(db, { companyId: main.id, participants: size.main, seed: 1 });
    await seedScale(db, { companyId: other.id, participants: size.other, seed: 2 });
    // As autovacuum would on a server (PGlite has none): statistics and visibility map are up to date.
    await database.sql.exec('vacuum analyze persons, participants, participant_groups');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const projectId = seeded.projectId;
    const [buyer, , visitor] = seeded.roleIds;

    const app = await startApp(database);
    const cookies = await signIn(app, BENCH_EMAIL, BENCH_PASSWORD);

    const makeCase = (name: string, description: string, params: ParticipantListParams): BenchCase => {
      const query = new URLSearchParams();
      for (const key of ['q', 'roleId', 'status', 'sort', 'dir', 'page', 'pageSize'] as const) {
        if (params[key] !== undefined) query.set(key, String(params[key]));
      }
      const url = `/api/projects/${projectId}/participants?${query}`;
      // The endpoint's own query builders, turned into SQL text once.
      const where = listWhere(main.id, projectId, params);
      const { limit, offset } = pageWindow(params);
      const pageSql = baseSelect(db)
        .where(where)
        .orderBy(...listOrder(params))
        .limit(limit)
        .offset(offset)
        .toSQL();
      const countSql = listCount(db, main.id, projectId, params).toSQL();
      // The groups of the page (listGroupsOf), for the ids of the page: the data does not change while measuring.
      const groupsSqlFor = (ids: string[]) => groupsOfQuery(db, ids).toSQL();
      let groupsSql = groupsSqlFor(['00000000-0000-0000-0000-000000000000']);

      const subject = getThrough(app, url, cookies);
      // Same statements, same concurrency as the endpoint (listPage runs page and count together, then the groups).
      const baseline = async () => {
        const page = await rawListPage(database, params, pageSql, countSql);
        await database.sql.query(groupsSql.sql, groupsSql.params);
        return page;
      };

      return {
        name,
        description: `${description}: GET ${url.replace(projectId, ':id')}`,
        subject,
        baseline,
        async check() {
          const direct = await baseline();
          const body = (await subject()).json() as { items: { id: string }[]; total: number };
          groupsSql = groupsSqlFor(assertSameList(name, body, direct));
        },
        get explain() {
          return [
            { label: 'page', sql: pageSql.sql, params: pageSql.params },
            { label: 'count', sql: countSql.sql, params: countSql.params },
            { label: 'groups of the page', sql: groupsSql.sql, params: groupsSql.params },
          ];
        },
      };
    };

    const base = { sort: 'lastName', dir: 'asc', page: 3, pageSize: 25, language: 'fr' } as const;
    const cases = [
      makeCase('search', 'q=tremblay, buyers, sorted by last name, page 3 of 25', {
        ...base,
        q: 'tremblay',
        roleId: buyer,
      }),
      makeCase('accent-free', 'q=cote (finds Côté), visitors, sorted by last name, page 3 of 25', {
        ...base,
        q: 'cote',
        roleId: visitor,
      }),
      makeCase('sorted', 'no filter, sorted by last name, page 3 of 25', { ...base }),
    ];

    const countWhere = async (params: Partial<ParticipantListParams>) =>
      (
        await db
          .select({ n: count() })
          .from(participants)
          .innerJoin(persons, eq(persons.id, participants.personId))
          .where(listWhere(main.id, projectId, { ...base, ...params }))
      )[0].n;
    const pct = (n: number) => `${((100 * n) / size.main).toFixed(2)} %`;
    const facts: Record<string, string | number> = {
      'participants of the measured project': size.main,
      'participants of the other company': size.other,
      'group memberships (measured project)': seeded.memberships,
    };
    for (const [q, roleId, label] of [
      ['tremblay', buyer, 'buyers'],
      ['cote', visitor, 'visitors'],
    ] as const) {
      const all = await countWhere({ q });
      const withRole = await countWhere({ q, roleId });
      facts[`matching q=${q}`] = `${all} (${pct(all)}), of which ${label}: ${withRole}`;
    }
    facts['seed (multi-row INSERTs + vacuum analyze)'] = `${seedSeconds.toFixed(1)} s`;
    facts['warm-up / measured rounds per case'] = `${options.warmup} / ${options.iterations}`;

    return { facts, cases, close: () => app.close() };
  },
});
