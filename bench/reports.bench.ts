/**
 * reports: T3's chart over the scale of a big event — 300,000 inscriptions (participants created) over a year,
 * bucketed by day in the project's time zone — through the API (GET, page 1 of 2: 200 days) against the raw SQL of
 * the same query (the repository's bucketQuery as text, run directly).
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { CHART_PAGE_SIZE } from '../contracts/charts';
import {
  type BucketRow,
  bucketQuery,
  inscriptionFacts,
  readBuckets,
} from '../server/modules/reports/charts-repository';
import { seedScale } from '../server/seed/scale';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  type BenchCase,
  createBenchCompanies,
  defineBenchmark,
  getThrough,
  signIn,
  startApp,
} from './harness';

/** The instant the year of inscriptions ends (fixed, so every run buckets the same days). */
const YEAR_END = '2026-11-29T17:00:00Z';

export default defineBenchmark({
  name: 'reports',
  description: 'T3 chart over 300,000 inscriptions by day for a year (GET) vs the raw SQL of the same query',
  async setup({ database, options }) {
    const size = options.quick
      ? { inscriptions: 60_000, other: 1_000 }
      : { inscriptions: 300_000, other: 3_000 };
    const { db } = database;
    const { main, other } = await createBenchCompanies(db);

    const seedStarted = performance.now();
    // The project, its roles and a first 2,000 participants (their own dates, within the last 180 days).
    const seeded = await seedScale(db, { companyId: main.id, participants: 2_000, seed: 1 });
    await seedScale(db, { companyId: other.id, participants: size.other, seed: 2 });
    const projectId = seeded.projectId;
    const added = size.inscriptions - seeded.participants;
    // The rest in two statements: persons, then their participation, one every ~105 s over 365 days.
    await database.sql.query(
      `insert into persons (company_id, email, first_name, last_name)
       select $1::uuid, 'graphique-' || i || '@banc.test', 'Prénom', 'Nom ' || i from generate_series(1, $2::int) i`,
      [main.id, added],
    );
    await database.sql.query(
      `insert into participants (company_id, project_id, person_id, role_id, created_at, updated_at)
       select $1::uuid, $2::uuid, p.id, $3::uuid, x.t, x.t
       from (select id, row_number() over (order by id) as n from persons
             where company_id = $1::uuid and email like 'graphique-%@banc.test') p,
       lateral (select $4::timestamptz - (p.n % 365) * interval '1 day' - (p.n * 7919 % 86400) * interval '1 second' as t) x`,
      [main.id, projectId, seeded.roleIds[0], YEAR_END],
    );
    await database.sql.exec('vacuum analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const app = await startApp(database);
    const cookies = await signIn(app, BENCH_EMAIL, BENCH_PASSWORD);
    const [{ timeZone }] = (
      await database.sql.query<{ timeZone: string }>(
        'select time_zone as "timeZone" from projects where id = $1',
        [projectId],
      )
    ).rows;

    const url = `/api/projects/${projectId}/charts/inscriptions?period=D&page=1`;
    const statement = new PgDialect().sqlToQuery(
      bucketQuery(inscriptionFacts(projectId), 'D', timeZone, { offset: 0, limit: CHART_PAGE_SIZE }),
    );
    const subject = getThrough(app, url, cookies);
    const baseline = async () =>
      readBuckets(
        (await database.sql.query<BucketRow & { total: number }>(statement.sql, statement.params)).rows,
      );
    const chartCase: BenchCase = {
      name: 'chart-day',
      description: `${size.inscriptions.toLocaleString('en')} inscriptions by day over a year, page 1 (200 days): GET ${url.replace(projectId, ':id')}`,
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
          throw new Error(`chart-day: endpoint (${body.total} days) and baseline (${direct.total}) disagree`);
        }
      },
      explain: [{ label: 'chart', sql: statement.sql, params: statement.params }],
    };
    const facts: Record<string, string | number> = {
      'inscriptions (participants) of the measured project': size.inscriptions,
      'participants of the other company': size.other,
      'seed (scale seed, then INSERT … SELECT generate_series, vacuum analyze)': `${seedSeconds.toFixed(1)} s`,
      'warm-up / measured rounds': `${options.warmup} / ${options.iterations}`,
    };
    return { facts, cases: [chartCase], close: () => app.close() };
  },
});
