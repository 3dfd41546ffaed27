import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TASKS } from '../../../contracts/dashboard';
import { PERSONAL_PAGE_READS_PER_MINUTE } from '../../../contracts/personal-pages';
import { withTestApp } from '../../../tests/support/api-fixture';
import {
  type ApiClient,
  anonymous,
  buildActivity,
  buildProject,
  insertParticipants,
} from '../../../tests/support/test-app';
import {
  activities,
  activityCategories,
  activityMembers,
  campaigns,
  meetingSessions,
  pairingGenerations,
  pairings,
  participants,
  payments,
  projects,
  questions,
  registrationPages,
} from '../../db/schema';
import { DEMO_DONE_TASKS } from '../../seed/dashboard';
import { findFirstDemoProject } from '../../seed/groups';

const { t, camille, jordan } = withTestApp();
let visitor: ApiClient;
beforeAll(async () => {
  visitor = await anonymous(t.app);
});

const fieldsOf = (body: { fields?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.message]));
const dash = (projectId: string) => `/api/projects/${projectId}/dashboard`;
const moduleTasks = (module: string) => DASHBOARD_TASKS.filter((task) => task.module === module);

async function scopeOf(projectId: string) {
  const [row] = await t.database.db
    .select({ companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return { companyId: row.companyId, projectId };
}

async function warnings(projectId: string, query = '') {
  const response = await camille.get(`${dash(projectId)}/warnings${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Object.fromEntries(
    (response.body.items as { element: string; count: number; page: string; link: unknown }[]).map((w) => [
      w.element,
      w,
    ]),
  );
}

describe('tasks and progress', () => {
  it('starts at 0 %, toggles a task with who and when, and counts it in its module and the progress', async () => {
    const project = await buildProject(camille);
    const first = await camille.get(dash(project.id));
    expect(first.status).toBe(200);
    expect(first.body.progress).toEqual({ done: 0, total: DASHBOARD_TASKS.length, percent: 0 });
    expect(first.body.tasks).toHaveLength(DASHBOARD_TASKS.length);

    const on = await camille.put(`${dash(project.id)}/tasks/defineRoles`, { done: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const task = on.body.tasks.find((x: { id: string }) => x.id === 'defineRoles');
    expect(task).toMatchObject({
      done: true,
      doneBy: 'Camille Gagnon',
      module: 'roles',
      step: 'preparation',
    });
    expect(Date.parse(task.doneAt)).not.toBeNaN();
    expect(on.body.progress.done).toBe(1);
    expect(on.body.progress.percent).toBe(Math.floor(100 / DASHBOARD_TASKS.length));
    const roles = on.body.modules.find((m: { module: string }) => m.module === 'roles');
    expect(roles).toMatchObject({
      done: 1,
      total: moduleTasks('roles').length,
      complete: true,
      percent: 100,
    });

    const step = await camille.get(`${dash(project.id)}?step=preparation`);
    expect(step.body.tasks.every((x: { step: string }) => x.step === 'preparation')).toBe(true);
    expect(step.body.progress.done).toBe(1);

    const off = await camille.put(`${dash(project.id)}/tasks/defineRoles`, { done: false });
    expect(off.body.progress.done).toBe(0);
    expect(off.body.tasks.find((x: { id: string }) => x.id === 'defineRoles')).toMatchObject({
      done: false,
      doneAt: null,
      doneBy: null,
    });
  });

  it('marks a whole module and un-marks it, and reaches 100 % with every module', async () => {
    const project = await buildProject(camille);
    const all = moduleTasks('participants');
    const on = await camille.put(`${dash(project.id)}/modules/participants`, { done: true });
    expect(on.status).toBe(200);
    const module = on.body.modules.find((m: { module: string }) => m.module === 'participants');
    expect(module).toMatchObject({ done: all.length, total: all.length, complete: true, percent: 100 });
    expect(on.body.progress.done).toBe(all.length);
    const off = await camille.put(`${dash(project.id)}/modules/participants`, { done: false });
    expect(off.body.progress.done).toBe(0);

    let last = off;
    for (const m of new Set(DASHBOARD_TASKS.map((x) => x.module))) {
      last = await camille.put(`${dash(project.id)}/modules/${m}`, { done: true });
    }
    expect(last.body.progress).toEqual({
      done: DASHBOARD_TASKS.length,
      total: DASHBOARD_TASKS.length,
      percent: 100,
    });
  });

  it('answers 404 to a task or module outside the catalogue, and refuses a bad step or body with field errors', async () => {
    const project = await buildProject(camille);
    const task = await camille.put(`${dash(project.id)}/tasks/nothing`, { done: true });
    expect(task.status).toBe(404);
    const module = await camille.put(`${dash(project.id)}/modules/nothing`, { done: true });
    expect(module.status).toBe(404);
    const body = await camille.put(`${dash(project.id)}/tasks/defineRoles`, { done: 'yes' });
    expect(body.status).toBe(400);
    expect(fieldsOf(body.body).done).toBeTruthy();
    expect((await camille.get(`${dash(project.id)}?step=later`)).status).toBe(400);
  });

  it('keeps each project to its company: another company’s project is 404 and its tasks untouched', async () => {
    const project = await buildProject(camille);
    await camille.put(`${dash(project.id)}/tasks/defineGroups`, { done: true });
    expect((await jordan.get(dash(project.id))).status).toBe(404);
    expect((await jordan.put(`${dash(project.id)}/tasks/defineGroups`, { done: false })).status).toBe(404);
    expect((await jordan.put(`${dash(project.id)}/modules/groups`, { done: false })).status).toBe(404);
    expect((await jordan.get(`${dash(project.id)}/warnings`)).status).toBe(404);
    expect((await jordan.post(`${dash(project.id)}/feed`)).status).toBe(404);
    expect((await camille.get(dash(project.id))).body.progress.done).toBe(1);
    // A project's completions are its own.
    const other = await buildProject(camille);
    expect((await camille.get(dash(other.id))).body.progress.done).toBe(0);
  });
});

describe('warnings computed from the data', () => {
  it('is empty on a new project', async () => {
    const project = await buildProject(camille);
    expect(await warnings(project.id)).toEqual({});
  });

  it('counts each warning, links where it is fixed, and answers per page and element', async () => {
    const project = await buildProject(camille);
    const db = t.database.db;
    const scope = await scopeOf(project.id);
    const [ana, ben, cleo] = await insertParticipants(db, project.id, [
      { first: 'Ana', last: 'Roy' },
      { first: 'Ben', last: 'Côté' },
      { first: 'Cléo', last: 'Paré' },
    ]);
    await db
      .update(participants)
      .set({ status: 'confirmed', inscriptionSentAt: new Date() })
      .where(eq(participants.id, cleo));

    // An activity over its maximum (the maximum lowered after two joined), one without a room, a session without date.
    const full = await buildActivity(camille, project.id, { location: 'Salle A' });
    await db.insert(activityMembers).values([
      { ...scope, activityId: full.id, participantId: ana },
      { ...scope, activityId: full.id, participantId: ben },
    ]);
    await db.update(activities).set({ maxMembers: 1 }).where(eq(activities.id, full.id));
    await buildActivity(camille, project.id, { location: '' });
    await buildActivity(camille, project.id, { location: 'Salle B', noDate: true });

    await db.insert(questions).values({ ...scope, titleFr: 'Secteur', titleEn: 'Sector' });
    const [category] = await db
      .insert(activityCategories)
      .values({ ...scope, kind: 'category', nameFr: 'Tables', nameEn: 'Tables' })
      .returning();
    const [never, old] = await db
      .insert(pairings)
      .values([
        { ...scope, name: 'Jamais', categoryId: category.id },
        { ...scope, name: 'Ancien', categoryId: category.id },
      ])
      .returning();
    await db.insert(pairingGenerations).values({
      ...scope,
      pairingId: old.id,
      status: 'done',
      runId: crypto.randomUUID(),
      seed: 1,
      finishedAt: new Date('2020-01-01T00:00:00Z'),
    });
    await db.insert(meetingSessions).values({
      ...scope,
      name: 'Rendez-vous',
      startsAt: new Date('2027-06-01T14:00:00Z'),
      slotMinutes: 15,
      slotCount: 4,
      defaultCap: 4,
    });
    await db.insert(campaigns).values({
      ...scope,
      audience: {
        activityId: null,
        notSubscribed: false,
        groupId: null,
        groupInverse: false,
        criteria: [],
        buyers: false,
        paymentId: null,
      },
      status: 'planned',
      plannedAt: new Date(Date.now() - 3_600_000),
    });
    await db.insert(payments).values({ ...scope, nameFr: 'Billet', nameEn: 'Ticket', onSale: true });

    const all = await warnings(project.id);
    expect(all.inscriptionNotSent).toMatchObject({
      count: 2,
      page: 'participants',
      link: { page: 'reports', search: { new: 'yes', active: 'yes' } },
    });
    expect(all.unconfirmed).toMatchObject({
      count: 2,
      link: { page: 'participants', search: { status: 'registered' } },
    });
    expect(all.overCapacity).toMatchObject({ count: 1, page: 'activities' });
    expect(all.noLocation).toMatchObject({ count: 1 });
    expect(all.withoutDate).toMatchObject({
      count: 1,
      link: { page: 'activities', search: { type: 'session' } },
    });
    expect(all.questionWithoutChoices).toMatchObject({ count: 1, page: 'questions' });
    expect(all.pairingNotGenerated).toMatchObject({ count: 1, page: 'pairings' });
    expect(all.pairingOutdated).toMatchObject({ count: 1, page: 'pairings' });
    expect(all.b2bNotGenerated).toMatchObject({ count: 1, link: { page: 'b2b' } });
    expect(all.plannedInPast).toMatchObject({
      count: 1,
      link: { page: 'mail', search: { tab: 'log', status: 'planned' } },
    });
    expect(all.onSaleWithoutPage).toMatchObject({
      count: 1,
      link: { page: 'registration', search: { tab: 'page' } },
    });

    expect(Object.keys(await warnings(project.id, '?page=participants')).sort()).toEqual([
      'inscriptionNotSent',
      'unconfirmed',
    ]);
    expect(Object.keys(await warnings(project.id, '?page=activities&element=overCapacity'))).toEqual([
      'overCapacity',
    ]);
    expect((await camille.get(`${dash(project.id)}/warnings?page=nowhere`)).status).toBe(400);

    // Fixing the data fixes the warning: a generation after the last change, an open registration page.
    await db
      .update(pairingGenerations)
      .set({ finishedAt: new Date(Date.now() + 60_000) })
      .where(eq(pairingGenerations.pairingId, old.id));
    await db.insert(registrationPages).values({ ...scope, token: crypto.randomUUID() });
    await db.delete(pairings).where(eq(pairings.id, never.id));
    const after = await warnings(project.id);
    expect(after.pairingOutdated).toBeUndefined();
    expect(after.pairingNotGenerated).toBeUndefined();
    expect(after.onSaleWithoutPage).toBeUndefined();
  });
});

describe('the figures feed of the external dashboard', () => {
  it('makes a secret address that reads only its project’s figures; a reset makes the old one 404 at once', async () => {
    const project = await buildProject(camille);
    const other = await buildProject(camille);
    await insertParticipants(t.database.db, project.id, [
      { first: 'Ana', last: 'Roy' },
      { first: 'Ben', last: 'Côté' },
    ]);
    await insertParticipants(t.database.db, other.id, [{ first: 'Zoé', last: 'Autre' }]);
    await camille.put(`${dash(project.id)}/tasks/defineRoles`, { done: true });

    expect((await camille.get(`${dash(project.id)}/feed`)).body).toEqual({ path: null, createdAt: null });
    const made = await camille.post(`${dash(project.id)}/feed`);
    expect(made.status).toBe(200);
    expect(made.body.path).toMatch(/^\/api\/public\/dashboard-feed\/[A-Za-z0-9_-]{43}$/);
    expect((await camille.get(`${dash(project.id)}/feed`)).body.path).toBe(made.body.path);

    const read = await visitor.get(made.body.path);
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.body.project.fr).toBe(project.nameFr);
    expect(read.body.participantsByRole).toEqual([{ role: { fr: 'Visiteur', en: 'Visitor' }, count: 2 }]);
    expect(read.body.sales).toEqual({ paidCents: 0, pendingCents: 0, paidCount: 0 });
    expect(read.body.progress.done).toBe(1);

    const reset = await camille.post(`${dash(project.id)}/feed`);
    expect(reset.body.path).not.toBe(made.body.path);
    expect((await visitor.get(made.body.path)).status).toBe(404);
    expect((await visitor.get(reset.body.path)).status).toBe(200);

    await camille.delete(`${dash(project.id)}/feed`);
    expect((await visitor.get(reset.body.path)).status).toBe(404);
    expect((await visitor.get('/api/public/dashboard-feed/not-a-token')).status).toBe(404);
  });
});

// Last: it spends the minute's allowance of this client address.
it('limits the reads of the feed per client address and minute (429)', async () => {
  let last = 0;
  for (let i = 0; i <= PERSONAL_PAGE_READS_PER_MINUTE; i++) {
    last = (await visitor.get(`/api/public/dashboard-feed/${'A'.repeat(43)}`)).status;
  }
  expect(last).toBe(429);
});

describe('the demo project', () => {
  it('shows real progress and at least three warnings its data really has', async () => {
    const demo = await findFirstDemoProject(t.database.db);
    const state = await camille.get(dash(demo?.id as string));
    expect(state.body.progress.done).toBe(DEMO_DONE_TASKS.length);
    expect(state.body.progress.percent).toBeGreaterThan(0);
    expect(state.body.progress.percent).toBeLessThan(100);
    expect(state.body.tasks.find((x: { id: string }) => x.id === 'defineRoles').doneBy).toBe(
      'Camille Gagnon',
    );
    const found = await warnings(demo?.id as string);
    expect(Object.keys(found).sort()).toEqual(['inscriptionNotSent', 'pairingOutdated', 'unconfirmed']);
  });
});
