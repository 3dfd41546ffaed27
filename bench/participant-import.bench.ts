/**
 * participant-import: the whole U3 import of an organiser's .xlsx file through the HTTP API (upload, dry run, save,
 * polling as the web page does) against a raw bulk insert of the same rows on the same engine (persons,
 * participants, group memberships: three `insert … select from unnest(…)` in one transaction).
 * Every round imports into a company of its own, prepared outside the timed part.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/db/client';
import { companies } from '../server/db/schema';
import { insertUser } from '../server/modules/users/repository';
import { DEMO_ROLES } from '../server/seed/roles';
import { GROUP_CATEGORIES, makePerson, type Person, scaleRandom, seedScale } from '../server/seed/scale';
import {
  BENCH_PASSWORD,
  type BenchCase,
  createBenchCompanies,
  defineBenchmark,
  signIn,
  startApp,
} from './harness';

/** How often the bench asks for the import's progress (the web app: every 200 ms, IMPORT_POLL_MS). */
const POLL_MS = 20;

interface Row {
  person: Person;
  /** Index in DEMO_ROLES. */
  role: number;
  /** Indexes in the groups of GROUP_CATEGORIES, flattened in order. */
  groups: number[];
}

const GROUP_NAMES = GROUP_CATEGORIES.flatMap((c) => c.groups.map(([fr]) => fr));

/** The rows of an organiser's file: realistic bilingual people, their role and one or two groups. */
export function makeRows(n: number, seed: number): Row[] {
  const r = scaleRandom(seed);
  const used = new Set<string>();
  const offsets = GROUP_CATEGORIES.map((_, i) =>
    GROUP_CATEGORIES.slice(0, i).reduce((s, c) => s + c.groups.length, 0),
  );
  return Array.from({ length: n }, () => {
    // The file has no work-phone column.
    const person = { ...makePerson(r, used), phonePro: null };
    const roll = r.next();
    const groups: number[] = [];
    GROUP_CATEGORIES.forEach((category, i) => {
      // Most people have an industry, about half a region (as seed:scale).
      if (r.chance(i === 0 ? 0.8 : 0.5)) groups.push(offsets[i] + r.int(0, category.groups.length - 1));
    });
    return { person, role: roll < 0.3 ? 0 : roll < 0.5 ? 1 : 2, groups };
  });
}

/** A phone as people type it: « 514 555-0123 », « +33 6 12 34 56 78 ». */
function typed(phone: string | null) {
  if (!phone) return '';
  if (phone.startsWith('+1')) return `${phone.slice(2, 5)} ${phone.slice(5, 8)}-${phone.slice(8)}`;
  const rest = phone.slice(3);
  return `+33 ${rest[0]} ${rest.slice(1).replace(/(\d\d)(?=\d)/g, '$1 ')}`;
}

/** The .xlsx an organiser would send: French headers, the names of roles and groups as the project shows them. */
export async function makeFile(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Participants');
  sheet.addRow([
    'Prénom',
    'Nom',
    'Courriel',
    'Organisation',
    'Titre',
    'Téléphone',
    'Rôle',
    'Groupes',
    'Langue',
  ]);
  for (const { person: p, role, groups } of rows) {
    sheet.addRow([
      p.firstName,
      p.lastName,
      p.email,
      p.organisation ?? '',
      p.jobTitle ?? '',
      typed(p.phone),
      DEMO_ROLES[role][0],
      groups.map((g) => GROUP_NAMES[g]).join('; '),
      p.language === 'fr' ? 'français' : 'anglais',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A company of its own with a project (the three demo roles, two categories of groups) and, if asked, a user. */
export async function freshCompany(
  database: Database,
  passwordHash: string,
  n: number,
  withUser: boolean,
): Promise<{ companyId: string; projectId: string; roleIds: string[]; groupIds: string[]; email: string }> {
  const { db } = database;
  const [company] = await db
    .insert(companies)
    .values({ name: `Banc d’import ${n}`, contactEmail: `import${n}@maillage.test` })
    .returning();
  const email = `banc.import.${n}@maillage.test`;
  if (withUser) {
    await insertUser(db, {
      companyId: company.id,
      email,
      firstName: 'Camille',
      lastName: 'Gagnon',
      passwordHash,
      locale: 'fr',
    });
  }
  const seeded = await seedScale(db, { companyId: company.id, participants: 0, seed: 1 });
  return {
    companyId: company.id,
    projectId: seeded.projectId,
    roleIds: seeded.roleIds,
    groupIds: seeded.groupIds,
    email,
  };
}

/** A signed-in organiser as the web app holds one: cookies and the CSRF token for the calls that write. */
export async function organiser(app: FastifyInstance, email: string) {
  const cookies = await signIn(app, email, BENCH_PASSWORD);
  const session = await app.inject({ method: 'GET', url: '/api/session', cookies });
  for (const c of session.cookies) cookies[c.name] = c.value;
  return { cookies, csrf: session.json().csrfToken as string };
}

type Organiser = Awaited<ReturnType<typeof organiser>>;

/** The import as the web app does it: upload, dry run, poll until ready, save, poll until done. */
export async function importThroughApi(
  app: FastifyInstance,
  who: Organiser,
  projectId: string,
  file: Buffer,
) {
  const base = `/api/projects/${projectId}/participant-imports`;
  const headers = { 'x-csrf-token': who.csrf };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'participants.xlsx');
  const uploaded = await app.inject({
    method: 'POST',
    url: base,
    payload: form,
    cookies: who.cookies,
    headers,
  });
  if (uploaded.statusCode !== 200)
    throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  const id = uploaded.json().id as string;
  const poll = async () => {
    for (;;) {
      const res = await app.inject({ method: 'GET', url: `${base}/${id}`, cookies: who.cookies });
      if (res.statusCode !== 200) throw new Error(`GET import answered ${res.statusCode}: ${res.body}`);
      const body = res.json();
      if (body.status !== 'analysing' && body.status !== 'saving') return body;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
  const started = await app.inject({
    method: 'POST',
    url: `${base}/${id}/dry-run`,
    cookies: who.cookies,
    headers,
  });
  if (started.statusCode !== 200) throw new Error(`dry run answered ${started.statusCode}: ${started.body}`);
  const ready = await poll();
  if (ready.status !== 'ready') throw new Error(`dry run ended ${ready.status}: ${ready.error}`);
  const saving = await app.inject({
    method: 'POST',
    url: `${base}/${id}/save`,
    cookies: who.cookies,
    headers,
    payload: { sendInscription: false },
  });
  if (saving.statusCode !== 200) throw new Error(`save answered ${saving.statusCode}: ${saving.body}`);
  const done = await poll();
  if (done.status !== 'done') throw new Error(`save ended ${done.status}: ${done.error}`);
  return { dryRun: ready.summary, saved: done.summary };
}

/** Phones as the import stores them (E.164), the rest as in the file. */
export async function bulkInsert(
  database: Database,
  target: { companyId: string; projectId: string; roleIds: string[]; groupIds: string[] },
  rows: Row[],
) {
  const col = <K extends keyof Person>(k: K) => sql.param(rows.map((r) => r.person[k]));
  await database.db.transaction(async (tx) => {
    const inserted = (
      (await tx.execute(sql`
        insert into persons (company_id, email, first_name, last_name, organisation, job_title, phone, phone_pro,
          language)
        select ${target.companyId}::uuid, t.* from unnest(${col('email')}::text[], ${col('firstName')}::text[],
          ${col('lastName')}::text[], ${col('organisation')}::text[], ${col('jobTitle')}::text[],
          ${col('phone')}::text[], ${col('phonePro')}::text[], ${col('language')}::text[]) as t
        returning id, email`)) as { rows: unknown[] }
    ).rows as { id: string; email: string }[];
    const personIds = inserted.map((p) => p.id);
    const registered = (
      (await tx.execute(sql`
        insert into participants (company_id, project_id, person_id, role_id)
        select ${target.companyId}::uuid, ${target.projectId}::uuid, t.* from unnest(
          ${sql.param(personIds)}::uuid[], ${sql.param(rows.map((r) => target.roleIds[r.role]))}::uuid[]) as t
        returning id`)) as { rows: unknown[] }
    ).rows as { id: string }[];
    const memberOf: string[] = [];
    const groupOf: string[] = [];
    rows.forEach((r, i) => {
      for (const g of r.groups) {
        memberOf.push(registered[i].id);
        groupOf.push(target.groupIds[g]);
      }
    });
    await tx.execute(sql`
      insert into participant_groups (participant_id, group_id)
      select * from unnest(${sql.param(memberOf)}::uuid[], ${sql.param(groupOf)}::uuid[])`);
  });
}

/** What a project holds, to check that the import and the bulk insert wrote the same thing. */
async function contents(database: Database, projectId: string) {
  const rows = (
    await database.sql.query<Record<string, string>>(
      `select lower(p.email) as email, p.first_name, p.last_name, p.organisation, p.job_title, p.phone,
         p.phone_pro, p.language, r.name_fr as role,
         (select string_agg(g.name_fr, ';' order by g.name_fr) from participant_groups pg
            join groups g on g.id = pg.group_id where pg.participant_id = x.id) as groups
       from participants x join persons p on p.id = x.person_id join roles r on r.id = x.role_id
       where x.project_id = $1 order by lower(p.email)`,
      [projectId],
    )
  ).rows;
  return rows;
}

/** Samples the process's memory every 50 ms while `work` runs. */
async function withMemory<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed, external: before.external };
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, before, peak };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

export default defineBenchmark({
  name: 'participant-import',
  description:
    'U3 import of an .xlsx through the HTTP API (upload, dry run, save, polling every 20 ms) vs a raw bulk insert of the same rows',
  async setup({ database, options, log }) {
    const size = options.quick ? { rows: 1_000, big: 5_000 } : { rows: 10_000, big: 100_000 };
    const rounds = options.quick ? { warmup: 1, iterations: 2 } : { warmup: 1, iterations: 5 };
    const { passwordHash } = await createBenchCompanies(database.db);
    const app = await startApp(database);
    let companiesMade = 0;

    const makeCase = async (name: string, n: number, caseRounds: typeof rounds, seed: number) => {
      const rows = makeRows(n, seed);
      const fileStarted = performance.now();
      const file = await makeFile(rows);
      log(
        `  ${name}: file of ${n.toLocaleString('en')} rows, ${(file.length / 2 ** 20).toFixed(1)} MB, ` +
          `built in ${((performance.now() - fileStarted) / 1000).toFixed(1)} s`,
      );
      let subjectTarget: Awaited<ReturnType<typeof freshCompany>>;
      let baselineTarget: Awaited<ReturnType<typeof freshCompany>>;
      let who: Organiser;
      const prepare = async () => {
        subjectTarget = await freshCompany(database, passwordHash, ++companiesMade, true);
        who = await organiser(app, subjectTarget.email);
        baselineTarget = await freshCompany(database, passwordHash, ++companiesMade, false);
      };
      const subject = () => importThroughApi(app, who, subjectTarget.projectId, file);
      const baseline = () => bulkInsert(database, baselineTarget, rows);
      const c: BenchCase = {
        name,
        description: `${n.toLocaleString('en')} rows, ${caseRounds.warmup} warm-up + ${caseRounds.iterations} rounds, a new company each round`,
        prepare,
        subject,
        baseline,
        rounds: caseRounds,
      };
      return { c, rows, file, prepare, subject, baseline, targets: () => [subjectTarget, baselineTarget] };
    };

    const main = await makeCase('10k', size.rows, rounds, 1);
    main.c.check = async () => {
      await main.prepare();
      const { dryRun, saved } = await main.subject();
      await main.baseline();
      const [s, b] = main.targets();
      const [imported, inserted] = await Promise.all([
        contents(database, s.projectId),
        contents(database, b.projectId),
      ]);
      const differ = imported.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(inserted[i]));
      if (imported.length !== size.rows || inserted.length !== size.rows || differ !== -1) {
        throw new Error(
          `the import and the bulk insert disagree: ${imported.length} vs ${inserted.length} rows; ` +
            `first difference: ${JSON.stringify(imported[differ])} vs ${JSON.stringify(inserted[differ])}`,
        );
      }
      if (dryRun.create !== size.rows || saved.create !== size.rows) {
        throw new Error(`not every row was created: ${JSON.stringify({ dryRun, saved })}`);
      }
    };

    // The large file: one import (no warm-up) with the memory sampled, then its baseline once.
    const big = await makeCase('100k', size.big, { warmup: 0, iterations: 1 }, 2);
    const facts: Record<string, string | number> = {
      'rows of the file (10k case)': size.rows,
      'file (10k case)': `${(main.file.length / 2 ** 20).toFixed(2)} MB .xlsx, 9 columns`,
      'group memberships (10k case)': main.rows.reduce((s, r) => s + r.groups.length, 0),
      'rows of the file (100k case)': size.big,
      'file (100k case)': `${(big.file.length / 2 ** 20).toFixed(2)} MB .xlsx`,
      'polling interval': `${POLL_MS} ms`,
    };
    const bigSubject = big.c.subject;
    big.c.subject = async () => {
      const m = await withMemory(bigSubject);
      const figures = {
        seconds: Number(m.seconds.toFixed(1)),
        rssBeforeMB: Math.round(m.before.rss / 2 ** 20),
        rssPeakMB: Math.round(m.peak.rss / 2 ** 20),
        rssGrowthMB: Math.round((m.peak.rss - m.before.rss) / 2 ** 20),
        heapUsedBeforeMB: Math.round(m.before.heapUsed / 2 ** 20),
        heapUsedPeakMB: Math.round(m.peak.heapUsed / 2 ** 20),
        externalPeakMB: Math.round(m.peak.external / 2 ** 20),
      };
      facts['100k import (measured)'] = JSON.stringify(figures);
      log(
        `  100k import: ${m.seconds.toFixed(1)} s; RSS ${mb(m.before.rss)} → peak ${mb(m.peak.rss)} ` +
          `(+${mb(m.peak.rss - m.before.rss)}); heapUsed ${mb(m.before.heapUsed)} → peak ${mb(m.peak.heapUsed)}; ` +
          `external peak ${mb(m.peak.external)}`,
      );
      return m.result;
    };

    return {
      facts,
      cases: [main.c, big.c],
      close: () => app.close(),
    };
  },
});
