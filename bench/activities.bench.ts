/**
 * activities: on the scale project (100,000 participants, 2,000 activities, 300,000 inscriptions, as
 * `npm run seed:scale` writes them), (a) the V1 activity list through the API against the same SQL run directly,
 * and (b) V7's move of 10,000 participants out → in through the API against a raw bulk INSERT of the same rows.
 */
import { and, eq, fillPlaceholders, sql } from 'drizzle-orm';
import { listPage } from '../server/db/list';
import { activities, activityMembers, participants } from '../server/db/schema';
import { type ActivityListParams, listActivities } from '../server/modules/activities/list-repository';
import { seedScale } from '../server/seed/scale';
import { seedScaleActivities } from '../server/seed/scale-activities';
import {
  BENCH_EMAIL,
  BENCH_PASSWORD,
  type BenchCase,
  createBenchCompanies,
  defineBenchmark,
  signIn,
  startApp,
} from './harness';

export default defineBenchmark({
  name: 'activities',
  description:
    'V1 activity list (GET, default sort) vs the same SQL; V7 moving 10,000 participants in (POST) vs a raw bulk INSERT',
  async setup({ database, options }) {
    const size = options.quick
      ? { participants: 20_000, activities: 400, inscriptions: 60_000, other: 1_000, move: 2_000 }
      : { participants: 100_000, activities: 2_000, inscriptions: 300_000, other: 3_000, move: 10_000 };
    const { db } = database;
    const { main, other } = await createBenchCompanies(db);

    const seedStarted = performance.now();
    const seeded = await seedScale(db, { companyId: main.id, participants: size.participants, seed: 1 });
    const programme = await seedScaleActivities(db, {
      companyId: main.id,
      projectId: seeded.projectId,
      activities: size.activities,
      inscriptions: size.inscriptions,
    });
    const otherSeed = await seedScale(db, { companyId: other.id, participants: size.other, seed: 2 });
    await seedScaleActivities(db, {
      companyId: other.id,
      projectId: otherSeed.projectId,
      activities: 200,
      inscriptions: size.other * 2,
    });
    // Two activities of their own for the move: the subject's and the baseline's, emptied before every round.
    const [target, rawTarget] = await db
      .insert(activities)
      .values(
        ['API', 'SQL'].map((who) => ({
          companyId: main.id,
          projectId: seeded.projectId,
          type: 'session',
          titleFr: `Grande plénière (${who})`,
          titleEn: `Main plenary (${who})`,
          startsAt: new Date('2027-10-21T18:00:00Z'),
        })),
      )
      .returning({ id: activities.id });
    await database.sql.exec('vacuum analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const projectId = seeded.projectId;

    const app = await startApp(database);
    const cookies = await signIn(app, BENCH_EMAIL, BENCH_PASSWORD);

    // ---------- (a) the list ----------
    const now = new Date();
    const listCase = (name: string, description: string, q?: string): BenchCase => {
      const params: ActivityListParams = {
        q,
        dir: 'asc',
        page: 1,
        pageSize: 25,
        past: false,
        language: 'fr',
        now,
      };
      const url = `/api/projects/${projectId}/activities${q ? `?q=${encodeURIComponent(q)}` : ''}`;
      // The repository's own statements (page and count), captured as SQL text in `check`.
      let statements: { sql: string; params: unknown[] }[] = [];
      const subject = async () => {
        const res = await app.inject({ method: 'GET', url, cookies });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        return res;
      };
      const baseline = async () => {
        const [page, total] = statements;
        return listPage(
          params,
          async () => (await database.sql.query<Record<string, unknown>>(page.sql, page.params)).rows,
          async () => Number(Object.values((await database.sql.query(total.sql, total.params)).rows[0])[0]),
        );
      };
      return {
        name,
        description: `${description}: GET ${url.replace(projectId, ':id')}`,
        subject,
        baseline,
        async check() {
          statements = await listStatements(database, main.id, projectId, params);
          const direct = await baseline();
          const ids = direct.items.map((row) => Object.values(row)[0] as string);
          const body = (await subject()).json() as { items: { id: string }[]; total: number };
          const same =
            body.total === direct.total &&
            body.items.length === ids.length &&
            body.items.every((item, i) => item.id === ids[i]);
          if (!same || !ids.length) {
            throw new Error(`${name}: endpoint (${body.total}) and baseline (${direct.total}) disagree`);
          }
        },
        get explain() {
          return statements.map((s, i) => ({ label: i ? 'count' : 'page', ...s }));
        },
      };
    };

    // ---------- (b) moving participants in ----------
    const moved = (
      await db
        .select({ id: participants.id })
        .from(participants)
        .where(eq(participants.projectId, projectId))
        .orderBy(participants.createdAt, participants.id)
        .limit(size.move)
    ).map((r) => r.id);
    const moveUrl = `/api/projects/${projectId}/activities/${target.id}/members`;
    const csrf = await app.inject({ method: 'GET', url: '/api/session', cookies });
    const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken;
    const payload = JSON.stringify({ mode: 'ids', participantIds: moved });
    const rawInsert = `insert into activity_members (company_id, project_id, activity_id, participant_id)
      select $1::uuid, $2::uuid, $3::uuid, unnest($4::uuid[])`;
    const emptyTargets = () =>
      db
        .delete(activityMembers)
        .where(
          and(
            eq(activityMembers.projectId, projectId),
            sql`${activityMembers.activityId} in (${target.id}, ${rawTarget.id})`,
          ),
        );
    const moveSubject = async () => {
      const res = await app.inject({
        method: 'POST',
        url: moveUrl,
        cookies,
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
        payload,
      });
      if (res.statusCode !== 200) throw new Error(`${moveUrl} answered ${res.statusCode}: ${res.body}`);
      return res;
    };
    const moveBaseline = () => database.sql.query(rawInsert, [main.id, projectId, rawTarget.id, moved]);
    const moveCase: BenchCase = {
      name: 'move-10k',
      description: `POST ${moveUrl.replace(projectId, ':id').replace(target.id, ':activity')} with ${size.move.toLocaleString('en')} ids vs a raw INSERT … unnest of the same rows`,
      rounds: options.quick ? { warmup: 1, iterations: 5 } : { warmup: 3, iterations: 20 },
      async prepare() {
        await emptyTargets();
      },
      subject: moveSubject,
      baseline: moveBaseline,
      async check() {
        await emptyTargets();
        const body = (await moveSubject()).json() as { added: number };
        await moveBaseline();
        const [{ n }] = (
          await database.sql.query<{ n: number }>(
            'select count(*)::int as n from activity_members where activity_id = $1',
            [rawTarget.id],
          )
        ).rows;
        if (body.added !== size.move || n !== size.move) {
          throw new Error(`move: the API added ${body.added}, the raw insert ${n}, of ${size.move}`);
        }
      },
      // No --explain here: EXPLAIN ANALYZE would run the insert once more, into rows the check left.
    };

    const cases = [
      listCase('list', 'default sort (start), page 1 of 25'),
      listCase('list-search', 'q=innovation, default sort, page 1 of 25', 'innovation'),
      moveCase,
    ];
    const facts: Record<string, string | number> = {
      'participants of the measured project': size.participants,
      'activities / inscriptions (measured project)': `${programme.activities} / ${programme.inscriptions}`,
      'participants of the other company': size.other,
      'participants moved per round': size.move,
      'seed (participants, then INSERT … SELECT generate_series, vacuum analyze)': `${seedSeconds.toFixed(1)} s`,
      'programme seed alone': `${programme.seconds.toFixed(1)} s`,
      'warm-up / measured rounds per list case': `${options.warmup} / ${options.iterations}`,
    };
    return { facts, cases, close: () => app.close() };
  },
});

/**
 * The two statements the list endpoint sends (page, then count), as SQL text: the repository's own
 * `listActivities` run once on a proxy of the db whose select builders are turned into SQL (`toSQL()`) when
 * awaited, instead of being run. The baseline then runs that very text.
 */
async function listStatements(
  database: Parameters<Parameters<typeof defineBenchmark>[0]['setup']>[0]['database'],
  companyId: string,
  projectId: string,
  params: ActivityListParams,
) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const { db } = database;
  // A proxy of the db whose query builders are turned into SQL text instead of being run.
  const recording = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => recordable(value.apply(target, args), statements);
    },
  });
  await listActivities(recording, companyId, projectId, params);
  // The page first, then the count (whatever order they were awaited in).
  return statements.sort((a, b) => Number(a.sql.includes('count(')) - Number(b.sql.includes('count(')));
}

/**
 * A select builder whose prepared statement records its SQL, with this call's values in place of its placeholders
 * (and answers nothing), instead of running it.
 */
function recordable<T extends object>(builder: T, statements: { sql: string; params: unknown[] }[]): T {
  return new Proxy(builder, {
    get(target, key, receiver) {
      if (key === 'prepare') {
        const query = (target as unknown as { toSQL(): { sql: string; params: unknown[] } }).toSQL();
        return () => ({
          execute: async (values: Record<string, unknown>) => {
            statements.push({ sql: query.sql, params: fillPlaceholders(query.params, values) });
            return query.sql.includes('count(') ? [{ n: 0, timeZone: null }] : [];
          },
        });
      }
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const next = value.apply(target, args);
        return next && typeof next === 'object' ? recordable(next, statements) : next;
      };
    },
  });
}
