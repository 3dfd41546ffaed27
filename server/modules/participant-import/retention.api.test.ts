import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importSteps, importsOf } from '../../../tests/support/participant-import';
import {
  type ApiClient,
  buildProject,
  createTestApp,
  signIn,
  type TestApp,
} from '../../../tests/support/test-app';
import { participantImports, projects, roles } from '../../db/schema';
import { type Jobs, startJobs } from '../../jobs/queue';
import { DEMO_ORGANISER, SECOND_COMPANY_USER } from '../../seed/demo';
import { IMPORT_PURGE_JOB, participantImportJobs } from './jobs';
import { purgeExpiredImports } from './retention';

let t: TestApp;
let organiser: ApiClient;
let jordan: ApiClient;
const { upload, dryRun, saveImport } = importSteps(() => t.app);
const base = importsOf;
const DAY = 86_400_000;
/** The purge as it runs this many days from now. */
const purgeIn = (days: number) => purgeExpiredImports(t.deps, new Date(Date.now() + days * DAY));
/** What the storage keeps of an import, by the end of each key (`.json`, `-rows.json`, `.csv`…). */
const kept = async (id: string) =>
  (await t.deps.storage.list(`imports/${id}`)).map((key) => key.slice(`imports/${id}`.length)).sort();

/** A project with the role « Acheteur » (the default role is none: a row without role is skipped). */
async function importProject() {
  const project = await buildProject(organiser);
  const [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
  await t.database.db
    .insert(roles)
    .values({ companyId, projectId: project.id, nameFr: 'Acheteur', nameEn: 'Buyer' });
  return project;
}

const csv = (tag: string) =>
  [
    'Courriel;Prénom;Nom;Rôle',
    `ana.${tag}@example.test;Ana;Lemieux;Acheteur`,
    `bob.${tag}@example.test;Bob;Roy;Inconnu`,
  ].join('\n');

beforeAll(async () => {
  t = await createTestApp();
  organiser = await signIn(t.app, DEMO_ORGANISER);
  jordan = await signIn(t.app, SECOND_COMPANY_USER);
});
afterAll(async () => {
  await t?.close();
});

describe('retention of imported personal data (IMPORT_RETENTION_DAYS)', () => {
  it('tells the page how long an import is kept', async () => {
    const project = await importProject();
    const settings = await organiser.get(`${base(project.id)}/settings`);
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ retentionDays: 7 });
    expect((await jordan.get(`${base(project.id)}/settings`)).status).toBe(404);
  });

  it('finds and purges the imports stored before their rows existed (an upgrade)', async () => {
    // The first purge of the process: an import stored by an earlier version, ten days ago, has no row.
    const project = await importProject();
    const [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    const id = randomUUID();
    const tenDaysAgo = new Date(Date.now() - 10 * DAY).toISOString();
    const state = { id, companyId, projectId: project.id, status: 'ready', updatedAt: tenDaysAgo };
    await t.deps.storage.put(`imports/${id}.json`, Buffer.from(JSON.stringify(state)), 'application/json');
    await t.deps.storage.put(`imports/${id}.csv`, Buffer.from('Courriel\nana@example.test'), 'text/csv');
    expect(await purgeIn(0)).toBe(1);
    expect(await kept(id)).toEqual([]);
    expect((await organiser.get(`${base(project.id)}/${id}`)).status).toBe(410);
  });

  it('keeps an import that was never saved until its retention is over, then removes it whole', async () => {
    const project = await importProject();
    const uploaded = await upload(organiser, project.id, csv('never'), 'participants.csv');
    const id = uploaded.body.id;
    const analysed = await dryRun(organiser, project.id, id);
    expect(analysed.body.summary).toEqual({ create: 1, update: 0, unchanged: 0, skip: 1 });
    const before = await kept(id);
    expect(before).toEqual(expect.arrayContaining(['.csv', '.json', '-rows.json']));
    expect(before.some((key) => key.startsWith('-checked-'))).toBe(true);

    // Six days after its last step: nothing is deleted.
    expect(await purgeIn(6)).toBe(0);
    expect(await kept(id)).toEqual(before);
    expect((await organiser.get(`${base(project.id)}/${id}`)).status).toBe(200);

    // Eight days after: the file, the kept batches, the rows and the state are gone; the page says it expired.
    expect(await purgeIn(8)).toBe(1);
    expect(await kept(id)).toEqual([]);
    const expired = await organiser.get(`${base(project.id)}/${id}`);
    expect(expired.status).toBe(410);
    expect(expired.body.code).toBe('participantImport.expired');
    expect(expired.body.title).toBe('Cet import a expiré ; téléversez le fichier de nouveau.');
    const step = await organiser.post(`${base(project.id)}/${id}/dry-run`);
    expect(step.status).toBe(410);
    expect((await organiser.get(`${base(project.id)}/${id}/errors.csv`)).status).toBe(410);
    // Another company's user still finds nothing.
    expect((await jordan.get(`${base(project.id)}/${id}`)).status).toBe(404);
    // Purged once: the next purge has nothing to do.
    expect(await purgeIn(8)).toBe(0);
  });

  it('drops the file and the kept batches of a saved import at once, and keeps its error report until its retention is over', async () => {
    const project = await importProject();
    const uploaded = await upload(organiser, project.id, csv('saved'), 'participants.csv');
    const id = uploaded.body.id;
    await dryRun(organiser, project.id, id);
    const saved = await saveImport(organiser, project.id, id);
    expect(saved.body.status).toBe('done');
    expect(saved.body.summary).toEqual({ create: 1, update: 0, unchanged: 0, skip: 1 });

    // The uploaded file and the dry run's batches are gone; the rows kept are the skipped ones alone.
    expect(await kept(id)).toEqual(['-rows.json', '.json']);
    expect(saved.body.total).toBe(1);
    expect(saved.body.rows).toEqual([
      expect.objectContaining({ line: 3, action: 'skip', email: 'bob.saved@example.test' }),
    ]);
    const report = await organiser.get(`${base(project.id)}/${id}/errors.csv`);
    expect(report.status).toBe(200);
    expect(String(report.body)).toContain('3,bob.saved@example.test,Rôle : le rôle « Inconnu »');
    expect(String(report.body)).not.toContain('ana.saved');

    expect(await purgeIn(6)).toBe(0);
    expect(await kept(id)).toEqual(['-rows.json', '.json']);
    expect(await purgeIn(8)).toBe(1);
    expect(await kept(id)).toEqual([]);
    expect((await organiser.get(`${base(project.id)}/${id}/errors.csv`)).status).toBe(410);
  });

  it('counts the retention from the last step, not from the upload', async () => {
    const project = await importProject();
    const uploaded = await upload(organiser, project.id, csv('later'), 'participants.csv');
    const id = uploaded.body.id;
    // Uploaded five days ago, analysed now.
    await t.database.db
      .update(participantImports)
      .set({ lastActivityAt: new Date(Date.now() - 5 * DAY) })
      .where(eq(participantImports.id, id));
    await dryRun(organiser, project.id, id);
    expect(await purgeIn(4)).toBe(0);
    expect(await kept(id)).toContain('.csv');
    expect(await purgeIn(8)).toBe(1);
  });

  it('purges an import once when two purges run together (two instances)', async () => {
    const project = await importProject();
    const uploaded = await upload(organiser, project.id, csv('twice'), 'participants.csv');
    const [first, second] = await Promise.all([purgeIn(8), purgeIn(8)]);
    expect(first + second).toBe(1);
    expect(await kept(uploaded.body.id)).toEqual([]);
  });
});

describe('the participants.import-purge job', () => {
  let jobs: Jobs | undefined;
  afterAll(async () => {
    await jobs?.stop();
  });

  it('is scheduled every hour and purges, through the real job queue, the imports whose retention is over', async () => {
    jobs = await startJobs(
      t.database,
      participantImportJobs(() => t.deps),
      t.app.log,
      { databaseUrl: t.databaseUrl },
    );
    const schedules = await jobs.boss?.getSchedules();
    expect(schedules?.map((s) => s.name)).toContain(IMPORT_PURGE_JOB);

    const project = await importProject();
    const old = await upload(organiser, project.id, csv('old'), 'old.csv');
    const recent = await upload(organiser, project.id, csv('recent'), 'recent.csv');
    await t.database.db
      .update(participantImports)
      .set({ lastActivityAt: sql`now() - interval '8 days'` })
      .where(eq(participantImports.id, old.body.id));

    await jobs.send(IMPORT_PURGE_JOB, {});
    let remaining = await kept(old.body.id);
    for (let waited = 0; remaining.length && waited < 15_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      remaining = await kept(old.body.id);
    }
    expect(remaining).toEqual([]);
    expect(await kept(recent.body.id)).toEqual(['.csv', '.json']);
    expect((await organiser.get(`${base(project.id)}/${old.body.id}`)).status).toBe(410);
  });
});
