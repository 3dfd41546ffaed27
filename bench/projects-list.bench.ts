/**
 * projects-list: `GET /api/projects` (J1 list) through the whole HTTP layer, against the same two SQL
 * statements (page + count) run directly on the same engine.
 */
import { count } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { listPage, pageWindow } from '../server/db/list';
import { projects } from '../server/db/schema';
import {
  type ProjectListParams,
  projectListOrder,
  projectListWhere,
} from '../server/modules/projects/repository';
import { insertUser } from '../server/modules/users/repository';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  type BenchCase,
  createBenchCompanies,
  defineBenchmark,
  random,
  signIn,
  startApp,
} from './harness';

/** A colleague who works in English: the list sorts by the English name for her. */
const EMAIL_EN = 'bench@maillage.test';
/** Matches the French name of one theme in twenty: about 5 % of the projects. */
const SEARCH_WORD = 'tourisme';

const TYPES: [fr: string, en: string][] = [
  ['Forum', 'Forum'],
  ['Salon', 'Fair'],
  ['Sommet', 'Summit'],
  ['Colloque', 'Symposium'],
  ['Rencontres d’affaires', 'Business Meetings'],
  ['Journée', 'Day'],
  ['Mission commerciale', 'Trade Mission'],
  ['Congrès', 'Congress'],
  ['Marché', 'Market'],
  ['Carrefour', 'Hub'],
];
const THEMES: [fr: string, en: string][] = [
  ['de l’aérospatiale', 'Aerospace'],
  ['de l’agroalimentaire', 'Food Industry'],
  ['des technologies propres', 'Clean Technology'],
  ['de l’innovation en santé', 'Health Innovation'],
  ['de l’intelligence artificielle', 'Artificial Intelligence'],
  ['des manufacturiers', 'Manufacturers'],
  ['de l’emploi bilingue', 'Bilingual Jobs'],
  ['de la mobilité durable', 'Sustainable Mobility'],
  ['des arts de la scène', 'Performing Arts'],
  ['des exportateurs', 'Exporters'],
  ['des jeunes entreprises', 'Startups'],
  ['du commerce de détail', 'Retail'],
  ['de l’énergie', 'Energy'],
  ['des sciences de la vie', 'Life Sciences'],
  ['du tourisme', 'Tourism'],
  ['de la construction', 'Construction'],
  ['des mines', 'Mining'],
  ['de la forêt', 'Forestry'],
  ['du numérique', 'Digital'],
  ['de la mode', 'Fashion'],
];
const CITIES: [fr: string, en: string][] = [
  ['Montréal', 'Montreal'],
  ['Québec', 'Quebec City'],
  ['Laval', 'Laval'],
  ['Gatineau', 'Gatineau'],
  ['Sherbrooke', 'Sherbrooke'],
  ['Trois-Rivières', 'Trois-Rivières'],
  ['Saguenay', 'Saguenay'],
  ['Lévis', 'Lévis'],
  ['Ottawa', 'Ottawa'],
  ['Toronto', 'Toronto'],
  ['Moncton', 'Moncton'],
  ['Paris', 'Paris'],
];
const TIME_ZONES = [
  'America/Toronto',
  'America/Toronto',
  'America/Toronto',
  'America/Halifax',
  'America/Edmonton',
  'America/Vancouver',
  'Europe/Paris',
];

const ordinalEn = (n: number) => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${s}`;
};
const day = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** Bulk insert through SQL: one statement per 5,000 rows, columns as arrays unnested by the server. */
async function seedProjects(database: Database, companyId: string, n: number, seed: number) {
  const r = random(seed);
  const today = Date.UTC(2026, 5, 1);
  for (let done = 0; done < n; done += 5000) {
    const cols: unknown[][] = Array.from({ length: 10 }, () => []);
    for (let i = done; i < Math.min(n, done + 5000); i++) {
      const [typeFr, typeEn] = r.pick(TYPES);
      const [themeFr, themeEn] = r.pick(THEMES);
      const [cityFr, cityEn] = r.pick(CITIES);
      const start = new Date(Date.UTC(r.int(2019, 2028), r.int(0, 11), r.int(1, 28)));
      const end = new Date(start.getTime() + r.int(0, 3) * DAY_MS);
      const year = start.getUTCFullYear();
      const edition = r.chance(0.3) ? r.int(2, 40) : 0;
      const nameFr = `${edition ? `${edition}e ` : ''}${typeFr} ${themeFr} — ${cityFr} ${year}`;
      const nameEn = `${edition ? `${ordinalEn(edition)} ` : ''}${themeEn} ${typeEn} — ${cityEn} ${year}`;
      // Past events are mostly closed; a few upcoming ones are paused.
      const isActive = end.getTime() < today ? r.chance(0.6) : r.chance(0.95);
      const createdAt = new Date(start.getTime() - r.int(30, 400) * DAY_MS - r.int(0, DAY_MS - 1));
      const updatedAt = new Date(createdAt.getTime() + r.int(0, 60) * DAY_MS);
      const row = [
        nameFr,
        nameEn,
        day(start),
        day(end),
        r.pick(TIME_ZONES),
        r.chance(0.7) ? 'fr' : 'en',
        isActive,
        r.chance(0.3) ? `https://tableaux.maillage.test/projets/${seed}-${i}` : null,
        createdAt.toISOString(),
        updatedAt.toISOString(),
      ];
      row.forEach((v, c) => {
        cols[c].push(v);
      });
    }
    await database.sql.query(
      `insert into projects (company_id, name_fr, name_en, starts_on, ends_on, time_zone, default_language,
         is_active, external_dashboard_url, created_at, updated_at)
       select $1::uuid, t.* from unnest($2::text[], $3::text[], $4::date[], $5::date[], $6::text[], $7::text[],
         $8::boolean[], $9::text[], $10::timestamptz[], $11::timestamptz[]) as t`,
      [companyId, ...cols],
    );
  }
}

export default defineBenchmark({
  name: 'projects-list',
  description:
    'GET /api/projects (session, validation, query, serialization) vs the same page + count SQL run directly',
  async setup({ database, options }) {
    const size = options.quick ? { main: 4_000, other: 400 } : { main: 20_000, other: 2_000 };
    const { db } = database;
    const { main, other, passwordHash } = await createBenchCompanies(db);
    await insertUser(db, {
      companyId: main.id,
      email: EMAIL_EN,
      firstName: 'Morgan',
      lastName: 'Reid',
      passwordHash,
      locale: 'en',
    });
    const seedStarted = performance.now();
    await seedProjects(database, main.id, size.main, 1);
    await seedProjects(database, other.id, size.other, 2);
    // As autovacuum would on a server (PGlite has none): statistics and visibility map are up to date.
    await database.sql.exec('vacuum analyze projects');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const app = await startApp(database);
    const cookiesFor = {
      fr: await signIn(app, BENCH_EMAIL, BENCH_PASSWORD),
      en: await signIn(app, EMAIL_EN, BENCH_PASSWORD),
    };

    const makeCase = (name: string, description: string, params: ProjectListParams): BenchCase => {
      const query = new URLSearchParams();
      for (const key of ['q', 'status', 'sort', 'dir', 'page', 'pageSize'] as const) {
        if (params[key] !== undefined) query.set(key, String(params[key]));
      }
      const url = `/api/projects?${query}`;
      // The endpoint's own query builders, turned into SQL text once.
      const where = projectListWhere(main.id, params);
      const order = projectListOrder(params);
      const { limit, offset } = pageWindow(params);
      const pageSql = db
        .select()
        .from(projects)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
        .toSQL();
      const countSql = db.select({ n: count() }).from(projects).where(where).toSQL();

      const subject = async () => {
        const res = await app.inject({ method: 'GET', url, cookies: cookiesFor[params.language] });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        return res;
      };
      // Same statements, same concurrency as the endpoint (listPage runs page and count together).
      const baseline = () =>
        listPage(
          params,
          async () => (await database.sql.query<{ id: string }>(pageSql.sql, pageSql.params)).rows,
          // drizzle selects `count(*)` without an alias and maps by position.
          async () =>
            Number(Object.values((await database.sql.query(countSql.sql, countSql.params)).rows[0])[0]),
        );

      return {
        name,
        description: `${description}: GET ${url}`,
        subject,
        baseline,
        async check() {
          const body = (await subject()).json() as { items: { id: string }[]; total: number };
          const direct = await baseline();
          const same =
            body.total === direct.total &&
            body.items.length === direct.items.length &&
            body.items.every((item, i) => item.id === direct.items[i].id);
          if (!same || body.items.length === 0) {
            throw new Error(
              `${name}: the endpoint and the baseline SQL disagree (or the page is empty): ` +
                `endpoint total ${body.total}, ids ${body.items.map((i) => i.id).slice(0, 3)}…; ` +
                `baseline total ${direct.total}, ids ${direct.items.map((i) => i.id).slice(0, 3)}…`,
            );
          }
        },
        explain: [
          { label: 'page', sql: pageSql.sql, params: pageSql.params },
          { label: 'count', sql: countSql.sql, params: countSql.params },
        ],
      };
    };

    const base = { dir: 'desc', page: 3, pageSize: 25, language: 'fr', sort: 'name' } as const;
    const search: ProjectListParams = { ...base, q: SEARCH_WORD, status: 'active' };
    const cases = [
      makeCase('search', `q=${SEARCH_WORD}, active, sorted by name desc, page 3 of 25`, search),
      makeCase('sorted', 'no filter, sorted by name desc, page 3 of 25', { ...base, status: 'all' }),
      makeCase('sorted-en', 'the same for a user working in English (sorts by name_en)', {
        ...base,
        status: 'all',
        language: 'en',
      }),
    ];

    const countWhere = async (params: Pick<ProjectListParams, 'q' | 'status'>) =>
      (await db.select({ n: count() }).from(projects).where(projectListWhere(main.id, params)))[0].n;
    const matching = await countWhere({ q: SEARCH_WORD, status: 'all' });
    const matchingActive = await countWhere({ q: SEARCH_WORD, status: 'active' });
    const active = await countWhere({ status: 'active' });
    const pct = (n: number) => `${((100 * n) / size.main).toFixed(1)} %`;

    return {
      facts: {
        'projects of the measured company': size.main,
        'projects of the other company': size.other,
        'active (measured company)': `${active} (${pct(active)})`,
        [`matching q=${SEARCH_WORD}`]: `${matching} (${pct(matching)}), of which active: ${matchingActive}`,
        'seed (bulk SQL + vacuum analyze)': `${seedSeconds.toFixed(1)} s`,
        'warm-up / measured rounds per case': `${options.warmup} / ${options.iterations}`,
      },
      cases,
      close: () => app.close(),
    };
  },
});
