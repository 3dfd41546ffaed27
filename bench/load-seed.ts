/**
 * The load bench's data (issue 22, RS6): the reports bench's project at 2,000 participants (multi-byte names,
 * roles, groups, two questions answered, 200 activities, 6,000 activity inscriptions, sales), 60 more projects of
 * the company for the projects list, another company's rows the queries must leave out, the organisers who sign in
 * (organiser role, every project), a meeting category of 260 tables × 10 seats for the pairing, and the .xlsx the
 * one import of the run saves (500 new people).
 */
import type { Database } from '../server/db/client';
import { activityCategories, activityTables, users } from '../server/db/schema';
import { seedScale } from '../server/seed/scale';
import { BENCH_PASSWORD, createBenchCompanies } from './harness';
import { makeFile, makeRows } from './participant-import.bench';
import { type ReportSeed, seedReports } from './reports-seed';

export const LOAD_SIZE = {
  participants: 2_000,
  activities: 200,
  inscriptions: 6_000,
  projects: 60,
  otherCompanyParticipants: 300,
  tables: 260,
  seats: 10,
  importRows: 500,
} as const;

/** Sessions per organiser: under the sign-in limit of the default settings (LOGIN_MAX_ATTEMPTS=10 per address and e-mail). */
export const SESSIONS_PER_ORGANISER = 4;

export const organiserEmail = (i: number) => `organisatrice-${i}@banc.test`;
export const PLANNER_EMAIL = 'planification@banc.test';
export { BENCH_PASSWORD as LOAD_PASSWORD };

export interface LoadSeed extends ReportSeed {
  companyId: string;
  categoryId: string;
  organisers: number;
  /**
   * The participants the edition panel can save as they are, in a fixed order: session s edits its own slice of them.
   * Left out: one-character names (« 王 », seeded in SQL), which the form's rule (2 characters at least) refuses.
   */
  participantIds: string[];
  importFile: Buffer;
  seconds: number;
}

export async function seedLoad(database: Database, sessions: number): Promise<LoadSeed> {
  const started = performance.now();
  const { db, sql } = database;
  const { main, other, passwordHash } = await createBenchCompanies(db);
  const report = await seedReports(database, main.id, LOAD_SIZE);
  await seedScale(db, { companyId: other.id, participants: LOAD_SIZE.otherCompanyParticipants, seed: 2 });
  await sql.query(
    `insert into projects (company_id, name_fr, name_en, starts_on, ends_on, time_zone)
     select $1::uuid, 'Salon n° ' || i || ' — Québec', 'Fair #' || i || ' — Quebec',
            date '2026-01-10' + i * 5, date '2026-01-11' + i * 5, 'America/Toronto'
     from generate_series(1, $2::int) i`,
    [main.id, LOAD_SIZE.projects],
  );
  const organisers = Math.ceil(sessions / SESSIONS_PER_ORGANISER);
  await db.insert(users).values(
    [...Array.from({ length: organisers }, (_, i) => organiserEmail(i)), PLANNER_EMAIL].map((email, i) => ({
      companyId: main.id,
      email,
      firstName: 'Organisatrice',
      lastName: `Nº ${i}`,
      passwordHash,
      locale: i % 3 === 0 ? 'en' : 'fr',
      role: 'organiser',
      allProjects: true,
    })),
  );
  const scope = { companyId: main.id, projectId: report.projectId };
  const [category] = await db
    .insert(activityCategories)
    .values({ ...scope, kind: 'category', nameFr: 'Réseautage', nameEn: 'Networking' })
    .returning();
  await db.insert(activityTables).values(
    Array.from({ length: LOAD_SIZE.tables }, (_, i) => ({
      ...scope,
      categoryId: category.id,
      number: i + 1,
      seats: LOAD_SIZE.seats,
    })),
  );
  const participantIds = (
    await sql.query<{ id: string }>(
      `select x.id from participants x join persons p on p.id = x.person_id
       where x.project_id = $1 and char_length(p.first_name) >= 2 and char_length(p.last_name) >= 2 order by x.id`,
      [report.projectId],
    )
  ).rows.map((r) => r.id);
  const importFile = await makeFile(makeRows(LOAD_SIZE.importRows, 7));
  await sql.exec('vacuum analyze');
  return {
    ...report,
    companyId: main.id,
    categoryId: category.id,
    organisers,
    participantIds,
    importFile,
    seconds: (performance.now() - started) / 1000,
  };
}
