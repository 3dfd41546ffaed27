/**
 * sales-list: `GET /api/projects/:id/sales` (S1 list) at 100,000 sales in one project, through the whole HTTP
 * layer, against the same SQL (page + count) run directly on the same engine: each tab, a search, the sorts.
 */
import { count } from 'drizzle-orm';
import type { ListParams } from '../contracts/http';
import type { SALE_TABS } from '../contracts/sales';
import { pageWindow } from '../server/db/list';
import { paymentRequests, projects } from '../server/db/schema';
import {
  saleListCount,
  saleListOrder,
  saleListSelect,
  saleListWhere,
} from '../server/modules/sales/repository';
import { seedScaleSales } from '../server/seed/scale-sales';
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

type Tab = (typeof SALE_TABS)[number];

export default defineBenchmark({
  name: 'sales-list',
  description:
    'GET /api/projects/:id/sales (session, project check, validation, page + count, serialization) vs the same SQL run directly',
  async setup({ database, options }) {
    const size = options.quick ? { main: 20_000, other: 1_000 } : { main: 100_000, other: 3_000 };
    const { db } = database;
    const { main, other } = await createBenchCompanies(db);
    const project = (companyId: string, nameFr: string, nameEn: string) => ({
      companyId,
      nameFr,
      nameEn,
      startsOn: '2027-10-19',
      endsOn: '2027-10-21',
      timeZone: 'America/Toronto',
    });
    const [measured, another] = await db
      .insert(projects)
      .values([
        project(main.id, 'Salon B2B à grande échelle', 'Large-scale B2B fair'),
        project(other.id, 'Congrès Boréal', 'Boreal Congress'),
      ])
      .returning({ id: projects.id });
    const projectId = measured.id;

    const seedStarted = performance.now();
    const seeded = await seedScaleSales(db, { companyId: main.id, projectId, sales: size.main, seed: 1 });
    const otherSeed = await seedScaleSales(db, {
      companyId: other.id,
      projectId: another.id,
      sales: size.other,
      seed: 2,
    });
    // As autovacuum would on a server (PGlite has none): statistics and visibility map are up to date.
    await database.sql.exec('vacuum analyze payment_requests, payment_request_items');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const app = await startApp(database);
    const cookies = await signIn(app, BENCH_EMAIL, BENCH_PASSWORD);

    const makeCase = (name: string, description: string, tab: Tab, params: ListParams): BenchCase => {
      const query = new URLSearchParams({ tab });
      for (const key of ['q', 'sort', 'dir', 'page', 'pageSize'] as const) {
        if (params[key] !== undefined) query.set(key, String(params[key]));
      }
      const url = `/api/projects/${projectId}/sales?${query}`;
      // The endpoint's own query builders, turned into SQL text once.
      const where = saleListWhere(main.id, projectId, tab, params.q);
      const { limit, offset } = pageWindow(params);
      const pageSql = saleListSelect(db)
        .where(where)
        .orderBy(...saleListOrder(params))
        .limit(limit)
        .offset(offset)
        .toSQL();
      const countSql = saleListCount(db, main.id, projectId, where).toSQL();

      const subject = getThrough(app, url, cookies);
      // Same statements, same concurrency as the endpoint (listPage runs page and count together).
      const baseline = () => rawListPage(database, params, pageSql, countSql);

      return {
        name,
        description: `${description}: GET ${url.replace(projectId, ':id')}`,
        subject,
        baseline,
        async check() {
          const body = (await subject()).json() as {
            items: { id: string; items: unknown[] }[];
            total: number;
          };
          assertSameList(name, body, await baseline());
          if (body.items.some((sale) => sale.items.length === 0))
            throw new Error(`${name}: a sale without items`);
        },
        explain: [
          { label: 'page', sql: pageSql.sql, params: pageSql.params },
          { label: 'count', sql: countSql.sql, params: countSql.params },
        ],
      };
    };

    const base = { dir: 'asc', page: 3, pageSize: 25 } as const;
    const cases = [
      makeCase('sales', 'paid, newest first (default), page 3 of 25', 'sales', { ...base }),
      makeCase('pending', 'pending, newest first, page 3 of 25', 'pending', { ...base }),
      makeCase('courtesy', 'courtesy, newest first, page 3 of 25', 'courtesy', { ...base }),
      makeCase('archive', 'archived (any status), newest first, page 3 of 25', 'archive', { ...base }),
      makeCase('search', 'paid, q=tremblay, newest first, page 3 of 25', 'sales', { ...base, q: 'tremblay' }),
      makeCase('search-buyer', 'paid, q=cote (finds Côté), by buyer, page 3 of 25', 'sales', {
        ...base,
        q: 'cote',
        sort: 'buyer',
      }),
      makeCase('by-date', 'paid, by date ascending, page 3 of 25', 'sales', { ...base, sort: 'createdAt' }),
      makeCase('by-buyer', 'paid, by buyer, page 3 of 25', 'sales', { ...base, sort: 'buyer' }),
      makeCase('by-total', 'paid, by total descending, page 3 of 25', 'sales', {
        ...base,
        sort: 'total',
        dir: 'desc',
      }),
    ];

    const countOf = async (tab: Tab, q?: string) =>
      (
        await db
          .select({ n: count() })
          .from(paymentRequests)
          .where(saleListWhere(main.id, projectId, tab, q))
      )[0].n;
    const pct = (n: number) => `${((100 * n) / size.main).toFixed(1)} %`;
    const facts: Record<string, string | number> = {
      'sales of the measured project': seeded.sales,
      'their items': seeded.items,
      'sales of the other company': otherSeed.sales,
    };
    for (const tab of ['sales', 'pending', 'courtesy', 'archive'] as const) {
      const n = await countOf(tab);
      facts[`tab ${tab}`] = `${n} (${pct(n)})`;
    }
    facts['paid matching q=tremblay'] = await countOf('sales', 'tremblay');
    facts['paid matching q=cote'] = await countOf('sales', 'cote');
    facts['seed (INSERT … SELECT FROM unnest + vacuum analyze)'] = `${seedSeconds.toFixed(1)} s`;
    facts['warm-up / measured rounds per case'] = `${options.warmup} / ${options.iterations}`;

    return { facts, cases, close: () => app.close() };
  },
});
