import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { importSteps, importsOf } from '../../../tests/support/spreadsheet-import';
import { buildCompany, buildProject, signIn } from '../../../tests/support/test-app';
import { participantImports, projects, roles } from '../../db/schema';
import { type Jobs, startJobs } from '../../jobs/queue';
import { DEMO_SUPER_ADMIN } from '../../seed/demo';
import { IMPORT_PURGE_JOB, spreadsheetImportJobs } from './jobs';
import { claimImportsToPurge } from './repository';
import { purgeExpiredImports } from './retention';
import { noteActivity, readState, writeState } from './state';

const { upload, dryRun, saveImport } = importSteps(() => t.app);
const base = importsOf;
const DAY = 86_400_000;
/** The purge as it runs this many days from now. */
const purgeIn = (days: number) => purgeExpiredImports(t.deps, new Date(Date.now() + days * DAY));
/** The import's row. */
const rowOf = async (id: string) =>
  (await t.database.db.select().from(participantImports).where(eq(participantImports.id, id)))[0];
/** Its last step, this many days ago. */
const lastStepAgo = (id: string, days: number) =>
  t.database.db
    .update(participantImports)
    .set({ lastActivityAt: new Date(Date.now() - days * DAY) })
    .where(eq(participantImports.id, id));
/** What the storage keeps of an import, by the end of each key (`.json`, `-rows.json`, `.csv`…). */
const kept = async (id: string) =>
  (await t.deps.storage.list(`imports/${id}`)).map((key) => key.slice(`imports/${id}`.length)).sort();

/** What the storage keeps of an import once the run's last deletions are done (they follow its final state). */
async function keptOnceSettled(id: string, expected: string[]) {
  let keys = await kept(id);
  for (let waited = 0; JSON.stringify(keys) !== JSON.stringify(expected) && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    keys = await kept(id);
  }
  return keys;
}

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

const { t, camille: organiser, jordan } = withTestApp();

describe('retention of imported personal data (IMPORT_RETENTION_DAYS)', () => {
  it('tells the page how long an import is kept', async () => {
    const project = await importProject();
    const settings = await organiser.get(`${base(project.id)}/settings`);
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ retentionDays: 7 });
    expect((await jordan.get(`${base(project.id)}/settings`)).status).toBe(404);
  });

  it('purges the known imports when the storage cannot be listed (an S3 key without s3:ListBucket)', async () => {
    // The first purge of the process, whose adoption lists the imports' folder: refused.
    const project = await importProject();
    const { id } = (await upload(organiser, project.id, csv('unlisted'), 'participants.csv')).body;
    await lastStepAgo(id, 8);
    const storage = t.deps.storage;
    const list = storage.list.bind(storage);
    const spy = vi.spyOn(storage, 'list').mockImplementation(async (prefix: string) => {
      if (prefix === 'imports/') throw new Error('AccessDenied');
      return list(prefix);
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await purgeIn(0)).toBe(1);
    } finally {
      spy.mockRestore();
      logged.mockRestore();
    }
    expect(await kept(id)).toEqual([]);
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
    // A state that does not say whose it is is left as it is.
    const unknown = randomUUID();
    const nobody = { id: unknown, status: 'ready', updatedAt: tenDaysAgo };
    await t.deps.storage.put(
      `imports/${unknown}.json`,
      Buffer.from(JSON.stringify(nobody)),
      'application/json',
    );
    expect(await purgeIn(0)).toBe(1);
    expect(await kept(unknown)).toEqual(['.json']);
    expect(await rowOf(unknown)).toBeUndefined();
    await t.deps.storage.delete(`imports/${unknown}.json`);
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
    expect(await keptOnceSettled(id, ['-rows.json', '.json'])).toEqual(['-rows.json', '.json']);
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

describe('the purge and the imports at work', () => {
  it('takes again an import claimed by a purge that stopped before deleting, once its lease is over', async () => {
    const project = await importProject();
    const { id } = (await upload(organiser, project.id, csv('lease'), 'participants.csv')).body;
    const in8 = new Date(Date.now() + 8 * DAY);
    // A purge claims it and stops (its process ends) before deleting anything.
    expect(await claimImportsToPurge(t.database.db, new Date(in8.getTime() - 7 * DAY), in8, 100)).toContain(
      id,
    );
    expect((await rowOf(id)).purgedAt).toBeNull();
    // Its lease holds for an hour: another purge leaves it; then it is taken again, and purged.
    expect(await purgeExpiredImports(t.deps, new Date(in8.getTime() + 30 * 60_000))).toBe(0);
    expect(await kept(id)).toEqual(['.csv', '.json']);
    expect(await purgeExpiredImports(t.deps, new Date(in8.getTime() + 2 * 3_600_000))).toBe(1);
    expect(await kept(id)).toEqual([]);
    expect((await rowOf(id)).purgedAt).not.toBeNull();
    expect((await organiser.get(`${base(project.id)}/${id}`)).status).toBe(410);
  });

  it('does not mark purged an import that took a step while its files were deleted, and a later purge takes what it left', async () => {
    const project = await importProject();
    const { id } = (await upload(organiser, project.id, csv('step'), 'participants.csv')).body;
    const state = await readState(t.deps, id);
    if (!state) throw new Error('no state');
    await lastStepAgo(id, 8);
    // A step that read the import just before its retention ended notes itself and writes its state while the
    // purge deletes the file (before the state, deleted last).
    const storage = t.deps.storage;
    const remove = storage.delete.bind(storage);
    let stepped = false;
    const spy = vi.spyOn(storage, 'delete').mockImplementation(async (key: string) => {
      if (!stepped) {
        stepped = true;
        await noteActivity(t.deps, state);
        await writeState(t.deps, state);
      }
      return remove(key);
    });
    try {
      expect(await purgeIn(0)).toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(stepped).toBe(true);
    const row = await rowOf(id);
    expect(row.purgedAt).toBeNull();
    expect(row.claimedAt).toBeNull();
    // Its files are gone: the page says it expired, and the row, still due after the retention, is purged then.
    expect(await kept(id)).toEqual([]);
    expect((await organiser.get(`${base(project.id)}/${id}`)).status).toBe(410);
    expect(await purgeIn(8)).toBe(1);
    expect((await rowOf(id)).purgedAt).not.toBeNull();
  });

  it('refuses a step noted on a purged import, so that nothing of it is written again', async () => {
    const project = await importProject();
    const { id } = (await upload(organiser, project.id, csv('late'), 'participants.csv')).body;
    const state = await readState(t.deps, id);
    expect(await purgeIn(8)).toBe(1);
    // A run that ends after the purge notes its step first: refused.
    await expect(noteActivity(t.deps, state as NonNullable<typeof state>)).rejects.toMatchObject({
      code: 'participantImport.expired',
    });
    expect(await kept(id)).toEqual([]);
  });

  it('leaves an import whose run is at work (its heartbeat is recent), and purges it once the run stopped', async () => {
    const project = await importProject();
    const { id } = (await upload(organiser, project.id, csv('busy'), 'participants.csv')).body;
    const state = await readState(t.deps, id);
    if (!state) throw new Error('no state');
    // A run longer than the retention whose row was not noted: its state is written every 5 s.
    await writeState(t.deps, { ...state, status: 'analysing', runId: randomUUID() });
    await lastStepAgo(id, 8);
    expect(await purgeIn(0)).toBe(0);
    expect(await kept(id)).toEqual(['.csv', '.json']);
    expect((await rowOf(id)).claimedAt).toBeNull();
    // Three minutes without a heartbeat: the run stopped, the import is purged.
    expect(await purgeExpiredImports(t.deps, new Date(Date.now() + 3 * 60_000))).toBe(1);
    expect(await kept(id)).toEqual([]);
  });

  it('notes a running dry run on its row at most once a minute', async () => {
    const project = await importProject();
    const lines = Array.from({ length: 3_500 }, (_, i) => `p${i}.heartbeat@example.test;P;N${i};Acheteur`);
    const file = ['Courriel;Prénom;Nom;Rôle', ...lines].join('\n');
    const { id } = (await upload(organiser, project.id, file, 'participants.csv')).body;
    const realNow = Date.now.bind(Date);
    let offset = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
    const storage = t.deps.storage;
    const put = storage.put.bind(storage);
    let duringRun: Date | undefined;
    const spy = vi.spyOn(storage, 'put').mockImplementation(async (key, bytes, type) => {
      if (key.endsWith('-0.json')) {
        // Its last step, the run's start, as if it was a day ago.
        await lastStepAgo(id, 1);
      } else if (key.endsWith('-1.json')) {
        // A minute later, the next batch's progress notes the activity.
        offset += 61_000;
      } else if (key.endsWith('-2.json') && !duringRun) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        duringRun = (await rowOf(id)).lastActivityAt;
      }
      return put(key, bytes, type);
    });
    try {
      const done = await dryRun(organiser, project.id, id);
      expect(done.body.status).toBe('ready');
    } finally {
      spy.mockRestore();
      clock.mockRestore();
    }
    expect(duringRun?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await purgeIn(8)).toBe(1);
  });

  it('decides the expiry from the row alone, and answers 404 to another company even once expired', async () => {
    const project = await importProject();
    const { id } = (await upload(organiser, project.id, csv('row'), 'participants.csv')).body;
    const state = await readState(t.deps, id);
    if (!state) throw new Error('no state');
    // A state last written long ago (an older version's) whose row took a step now: kept.
    await t.deps.storage.put(
      `imports/${id}.json`,
      Buffer.from(JSON.stringify({ ...state, updatedAt: new Date(Date.now() - 10 * DAY).toISOString() })),
      'application/json',
    );
    expect((await organiser.get(`${base(project.id)}/${id}`)).status).toBe(200);
    // A row past the retention, not purged yet: expired, whatever the state says.
    await lastStepAgo(id, 8);
    expect((await organiser.get(`${base(project.id)}/${id}`)).status).toBe(410);
    expect((await organiser.put(`${base(project.id)}/${id}/mapping`, { mapping: ['email'] })).status).toBe(
      410,
    );
    expect((await jordan.get(`${base(project.id)}/${id}`)).status).toBe(404);
    expect(await purgeIn(0)).toBe(1);
  });

  it('makes the imports of a deleted company due at once, then deletes their files and their rows', async () => {
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const [{ companyId: home }] = await t.database.db
      .select({ companyId: projects.companyId })
      .from(projects)
      .where(eq(projects.id, (await importProject()).id));
    const company = await buildCompany(superAdmin, { name: `Salon importé ${randomUUID().slice(0, 8)}` });
    await superAdmin.post('/api/session/company', { companyId: company.id });
    const project = await buildProject(superAdmin);
    await t.database.db
      .insert(roles)
      .values({ companyId: company.id, projectId: project.id, nameFr: 'Acheteur', nameEn: 'Buyer' });
    const open = (await upload(superAdmin, project.id, csv('deleted'), 'participants.csv')).body.id;
    await dryRun(superAdmin, project.id, open);
    const old = (await upload(superAdmin, project.id, csv('old-deleted'), 'participants.csv')).body.id;
    await lastStepAgo(old, 8);
    expect(await purgeIn(0)).toBe(1);
    await superAdmin.post('/api/session/company', { companyId: home });

    const deleted = await superAdmin.delete(`/api/companies/${company.id}`, { confirmName: company.name });
    expect(deleted.status).toBe(200);
    // The purged import's row went with the company; the other one is due now.
    expect(await rowOf(old)).toBeUndefined();
    expect(await kept(open)).not.toEqual([]);
    expect(await purgeIn(0)).toBe(1);
    expect(await kept(open)).toEqual([]);
    expect(await rowOf(open)).toBeUndefined();
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
      spreadsheetImportJobs(() => t.deps),
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
