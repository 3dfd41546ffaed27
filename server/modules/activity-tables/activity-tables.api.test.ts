import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  anonymous,
  buildProject,
  createTestApp,
  signIn,
  type TestApp,
} from '../../../tests/support/test-app';
import { DEMO_ORGANISER, SECOND_COMPANY_USER } from '../../seed/demo';

let t: TestApp;
/** Camille, of the demo company (French). */
let camille: ApiClient;
/** Jordan, of the second company (English). */
let jordan: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t.app, DEMO_ORGANISER);
  jordan = await signIn(t.app, SECOND_COMPANY_USER);
});
afterAll(async () => {
  await t?.close();
});

type Table = {
  id: string;
  number: number;
  name: string | null;
  vip: boolean;
  seats: number;
  assignedCount: number;
};

const api = (projectId: string) => `/api/projects/${projectId}`;
const tablesUrl = (projectId: string, categoryId: string) =>
  `${api(projectId)}/activity-categories/${categoryId}/tables`;
const countsUrl = (projectId: string, categoryId: string) =>
  `${api(projectId)}/activity-categories/${categoryId}/table-counts`;
const tableUrl = (projectId: string, tableId: string) => `${api(projectId)}/activity-tables/${tableId}`;
const peopleUrl = (projectId: string, categoryId: string, query = '') =>
  `${api(projectId)}/activity-categories/${categoryId}/table-participants${query}`;

function ok<T = Record<string, never>>(response: { status: number; body: unknown }): T {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as T;
}

async function buildCategory(client: ApiClient, projectId: string, fr = 'Rencontres', en = 'Meetings') {
  return ok<{ id: string }>(await client.post(`${api(projectId)}/activity-categories`, { name: { fr, en } }));
}

/** A project with a category and a role, and participants added through the API. */
async function setUp(client: ApiClient, names: string[] = []) {
  const project = await buildProject(client);
  const category = await buildCategory(client, project.id);
  const role = ok<{ id: string }>(
    await client.post(`${api(project.id)}/roles`, { name: { fr: 'Exposant', en: 'Exhibitor' } }),
  );
  const participants: string[] = [];
  for (const name of names) {
    const [firstName, lastName] = name.split(' ');
    const created = ok<{ id: string }>(
      await client.post(`${api(project.id)}/participants`, {
        roleId: role.id,
        firstName,
        lastName,
        email: `p-${randomUUID().slice(0, 8)}@example.test`,
      }),
    );
    participants.push(created.id);
  }
  return { projectId: project.id as string, categoryId: category.id, participants };
}

const list = async (client: ApiClient, projectId: string, categoryId: string) =>
  ok<{ items: Table[]; counts: { standard: number; vip: number }; category: { name: { fr: string } } }>(
    await client.get(tablesUrl(projectId, categoryId)),
  );
const outline = (items: Table[]) => items.map((i) => `${i.number}${i.vip ? 'V' : ''}`);

describe('tables of a category (J7)', () => {
  it('are added, listed by number, edited and deleted; numbers are unique in the category', async () => {
    const { projectId, categoryId } = await setUp(camille);
    expect(await list(camille, projectId, categoryId)).toEqual({
      category: { id: categoryId, name: { fr: 'Rencontres', en: 'Meetings' } },
      items: [],
      counts: { standard: 0, vip: 0 },
    });
    const second = ok<Table>(
      await camille.post(tablesUrl(projectId, categoryId), {
        number: 2,
        name: ' <b>Kiosque</b> A ',
        location: 'Salle B',
        vip: true,
        seats: 4,
      }),
    );
    expect(second).toEqual({
      id: expect.any(String),
      number: 2,
      name: 'Kiosque A',
      location: 'Salle B',
      vip: true,
      seats: 4,
      assignedCount: 0,
    });
    const first = ok<Table>(await camille.post(tablesUrl(projectId, categoryId), { number: 1 }));
    expect(first).toMatchObject({ number: 1, name: null, location: null, vip: false, seats: 8 });
    const listed = await list(camille, projectId, categoryId);
    expect(outline(listed.items)).toEqual(['1', '2V']);
    expect(listed.counts).toEqual({ standard: 1, vip: 1 });

    const taken = await camille.post(tablesUrl(projectId, categoryId), { number: 2 });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual([
      {
        field: 'number',
        code: 'validation.activityTables.numberTaken',
        message: 'La table 2 existe déjà dans cette catégorie.',
      },
    ]);
    // The same number in another category is fine.
    const other = await buildCategory(camille, projectId, 'Kiosques', 'Kiosks');
    ok(await camille.post(tablesUrl(projectId, other.id), { number: 2 }));

    const edited = ok<Table>(
      await camille.put(tableUrl(projectId, first.id), { number: 5, name: 'Érable', vip: false, seats: 10 }),
    );
    expect(edited).toMatchObject({ number: 5, name: 'Érable', seats: 10 });
    const clash = await camille.put(tableUrl(projectId, first.id), { number: 2 });
    expect(clash.status).toBe(400);
    expect(clash.body.fields.map((f: { field: string }) => f.field)).toEqual(['number']);
    // Keeping its own number is not a clash.
    ok(await camille.put(tableUrl(projectId, first.id), { number: 5 }));

    expect(ok(await camille.delete(tableUrl(projectId, second.id)))).toEqual({ ok: true, unassigned: 0 });
    expect(outline((await list(camille, projectId, categoryId)).items)).toEqual(['5']);
    expect((await camille.delete(tableUrl(projectId, second.id))).status).toBe(404);
  });

  it('refuse bad input with translated field errors naming the field', async () => {
    const { projectId, categoryId } = await setUp(jordan);
    const bad = await jordan.post(tablesUrl(projectId, categoryId), {
      number: 0,
      seats: 101,
      vip: 'yes',
      name: 'x'.repeat(101),
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(
      (bad.body.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(fields).toMatchObject({
      number: 'The number is a whole number from 1 to 10,000.',
      seats: 'The number of seats is a whole number from 1 to 100.',
      name: expect.any(String),
      vip: expect.any(String),
    });
    const missing = await jordan.post(tablesUrl(projectId, categoryId), {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.map((f: { field: string }) => f.field)).toEqual(['number']);
    const counts = await jordan.put(countsUrl(projectId, categoryId), { standard: -1, vip: 1.5 });
    expect(counts.status).toBe(400);
    expect(counts.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['standard', 'vip']);
    const badPage = await jordan.get(peopleUrl(projectId, categoryId, '?show=nobody&pageSize=7'));
    expect(badPage.status).toBe(400);
    expect(badPage.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['pageSize', 'show']);
  });

  it('a section has no tables (404)', async () => {
    const project = await buildProject(camille);
    const section = ok<{ id: string }>(
      await camille.post(`${api(project.id)}/activity-sections`, { name: { fr: 'Menu', en: 'Menu' } }),
    );
    expect((await camille.get(tablesUrl(project.id, section.id))).status).toBe(404);
    expect((await camille.post(tablesUrl(project.id, section.id), { number: 1 })).status).toBe(404);
  });
});

describe('standard and VIP counts (J7)', () => {
  it('create tables numbered after the last and remove the highest-numbered empty ones, per kind', async () => {
    const { projectId, categoryId } = await setUp(camille);
    const twenty = ok<{ items: Table[]; counts: object }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 20, vip: 4 }),
    );
    expect(twenty.counts).toEqual({ standard: 20, vip: 4 });
    expect(outline(twenty.items)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `${i + 1}`),
      '21V',
      '22V',
      '23V',
      '24V',
    ]);
    expect(twenty.items.every((i) => i.seats === 8)).toBe(true);

    // Down: the highest-numbered standard tables go (19, 20), VIP ones stay; up again: numbered after 24.
    const fewer = ok<{ items: Table[] }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 18, vip: 4 }),
    );
    expect(outline(fewer.items).slice(16)).toEqual(['17', '18', '21V', '22V', '23V', '24V']);
    const more = ok<{ items: Table[] }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 19, vip: 5 }),
    );
    expect(outline(more.items).slice(17)).toEqual(['18', '21V', '22V', '23V', '24V', '25', '26V']);
    const none = ok<{ items: Table[] }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 0, vip: 0 }),
    );
    expect(none.items).toEqual([]);
  });

  it('are refused whole when removing would drop tables with participants, the field saying the minimum', async () => {
    const { projectId, categoryId, participants } = await setUp(camille, ['Léa Roy', 'Marc Côté']);
    const { items } = ok<{ items: Table[] }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 3, vip: 2 }),
    );
    const [, , third, vip1] = items;
    ok(
      await camille.post(`${tableUrl(projectId, third.id)}/assignments`, {
        participantIds: [participants[0]],
      }),
    );
    ok(
      await camille.post(`${tableUrl(projectId, vip1.id)}/assignments`, {
        participantIds: [participants[1]],
      }),
    );

    // Two standard tables can go (1 and 2 are empty, table 3 has Léa); no fewer than 1 VIP table.
    const refused = await camille.put(countsUrl(projectId, categoryId), { standard: 1, vip: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      {
        field: 'vip',
        code: 'validation.activityTables.assignedTables',
        message:
          'Les autres tables de ce type ont des participants : ce nombre ne peut pas descendre sous 1. Retirez d’abord leurs participants.',
      },
    ]);
    expect(outline((await list(camille, projectId, categoryId)).items)).toEqual(['1', '2', '3', '4V', '5V']);
    const standardRefused = await camille.put(countsUrl(projectId, categoryId), { standard: 0, vip: 1 });
    expect(standardRefused.body.fields.map((f: { field: string }) => f.field)).toEqual(['standard']);

    // Empty tables go even when they are not the last: the assigned table 3 stays, numbers 1 and 2 go.
    const kept = ok<{ items: Table[] }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 1, vip: 1 }),
    );
    expect(outline(kept.items)).toEqual(['3', '4V']);
    expect(kept.items.map((i) => i.assignedCount)).toEqual([1, 1]);
  });
});

describe('assignments (J7)', () => {
  it('assign, list per table, move between tables, unassign; the unassigned list is searched and paged', async () => {
    const { projectId, categoryId, participants } = await setUp(camille, [
      'Léa Roy',
      'Marc Côté',
      'Zoé Émond',
    ]);
    const [lea, marc, zoe] = participants;
    const { items } = ok<{ items: Table[] }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 2, vip: 0 }),
    );
    const [one, two] = items;
    const assignments = (tableId: string) => `${tableUrl(projectId, tableId)}/assignments`;

    expect(ok(await camille.post(assignments(one.id), { participantIds: [lea, marc, lea] }))).toEqual({
      assigned: 2,
      moved: 0,
    });
    const atOne = ok<{ items: { lastName: string; table: { number: number } }[] }>(
      await camille.get(assignments(one.id)),
    );
    expect(atOne.items.map((p) => [p.lastName, p.table.number])).toEqual([
      ['Côté', 1],
      ['Roy', 1],
    ]);
    expect((await list(camille, projectId, categoryId)).items.map((i) => i.assignedCount)).toEqual([2, 0]);

    // Marc moves to table 2; Léa, already at table 1, stays where she is.
    expect(ok(await camille.post(assignments(two.id), { participantIds: [marc] }))).toEqual({
      assigned: 0,
      moved: 1,
    });
    expect(ok(await camille.post(assignments(one.id), { participantIds: [lea] }))).toEqual({
      assigned: 0,
      moved: 0,
    });
    expect((await list(camille, projectId, categoryId)).items.map((i) => i.assignedCount)).toEqual([1, 1]);

    // The unassigned list: only Zoé; searched ignoring accents; "all" shows everyone with their table.
    const unassigned = ok<{ items: { participantId: string; table: null }[]; total: number }>(
      await camille.get(peopleUrl(projectId, categoryId)),
    );
    expect(unassigned.total).toBe(1);
    expect(unassigned.items[0]).toMatchObject({ participantId: zoe, firstName: 'Zoé', table: null });
    expect(ok<{ total: number }>(await camille.get(peopleUrl(projectId, categoryId, '?q=emond'))).total).toBe(
      1,
    );
    expect(ok<{ total: number }>(await camille.get(peopleUrl(projectId, categoryId, '?q=roy'))).total).toBe(
      0,
    );
    const all = ok<{ items: { lastName: string; table: { number: number } | null }[]; total: number }>(
      await camille.get(peopleUrl(projectId, categoryId, '?show=all&sort=name&dir=desc')),
    );
    expect(all.items.map((p) => [p.lastName, p.table?.number ?? null])).toEqual([
      ['Roy', 1],
      ['Émond', null],
      ['Côté', 2],
    ]);
    const paged = ok<{ items: unknown[]; total: number; page: number }>(
      await camille.get(peopleUrl(projectId, categoryId, '?show=all&page=2&pageSize=25')),
    );
    expect(paged).toMatchObject({ items: [], total: 3, page: 2 });

    // Unassign: Marc has no table any more; a second time is 404.
    expect(ok(await camille.delete(`${assignments(two.id)}/${marc}`))).toEqual({ ok: true });
    expect((await camille.delete(`${assignments(two.id)}/${marc}`)).status).toBe(404);
    expect(ok<{ total: number }>(await camille.get(peopleUrl(projectId, categoryId))).total).toBe(2);

    // Deleting a table says how many lose it; they are then unassigned.
    expect(ok(await camille.delete(tableUrl(projectId, one.id)))).toEqual({ ok: true, unassigned: 1 });
    expect(ok<{ total: number }>(await camille.get(peopleUrl(projectId, categoryId))).total).toBe(3);
  });

  it('never seat more than the seats, nor lower seats under the assigned, nor seat a stranger', async () => {
    const { projectId, categoryId, participants } = await setUp(camille, [
      'Léa Roy',
      'Marc Côté',
      'Zoé Émond',
    ]);
    const table = ok<Table>(await camille.post(tablesUrl(projectId, categoryId), { number: 1, seats: 2 }));
    const url = `${tableUrl(projectId, table.id)}/assignments`;
    const full = await camille.post(url, { participantIds: participants });
    expect(full.status).toBe(400);
    expect(full.body.fields).toEqual([
      {
        field: 'participantIds',
        code: 'validation.activityTables.tableFull',
        message: 'Cette table n’a pas assez de places : 2 libre(s) sur 2.',
      },
    ]);
    ok(await camille.post(url, { participantIds: participants.slice(0, 2) }));
    const fewer = await camille.put(tableUrl(projectId, table.id), { number: 1, seats: 1 });
    expect(fewer.status).toBe(400);
    expect(fewer.body.fields).toEqual([
      {
        field: 'seats',
        code: 'validation.activityTables.seatsBelowAssigned',
        message: '2 participants sont assignés à cette table : gardez au moins 2 places.',
      },
    ]);

    // A participant of another project, or an id that is nobody, is refused whole.
    const other = await setUp(camille, ['Ann Lee']);
    const wide = ok<Table>(await camille.post(tablesUrl(projectId, categoryId), { number: 2, seats: 10 }));
    const stranger = await camille.post(`${tableUrl(projectId, wide.id)}/assignments`, {
      participantIds: [participants[2], other.participants[0]],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.fields.map((f: { field: string }) => f.field)).toEqual(['participantIds']);
    expect(
      ok<{ items: unknown[] }>(await camille.get(`${tableUrl(projectId, wide.id)}/assignments`)).items,
    ).toEqual([]);
    const empty = await camille.post(`${tableUrl(projectId, wide.id)}/assignments`, { participantIds: [] });
    expect(empty.status).toBe(400);
  });
});

describe('tenancy', () => {
  it('answers 401 without a session and 404 for another company’s table, category and participant', async () => {
    const mine = await setUp(camille, ['Léa Roy']);
    const table = ok<Table>(await camille.post(tablesUrl(mine.projectId, mine.categoryId), { number: 1 }));
    ok(
      await camille.post(`${tableUrl(mine.projectId, table.id)}/assignments`, {
        participantIds: mine.participants,
      }),
    );

    const visitor = await anonymous(t.app);
    expect((await visitor.get(tablesUrl(mine.projectId, mine.categoryId))).status).toBe(401);

    // Jordan, with Camille's ids.
    const p = mine.projectId;
    const calls = [
      await jordan.get(tablesUrl(p, mine.categoryId)),
      await jordan.post(tablesUrl(p, mine.categoryId), { number: 9 }),
      await jordan.put(countsUrl(p, mine.categoryId), { standard: 0, vip: 0 }),
      await jordan.put(tableUrl(p, table.id), { number: 3 }),
      await jordan.delete(tableUrl(p, table.id)),
      await jordan.get(`${tableUrl(p, table.id)}/assignments`),
      await jordan.post(`${tableUrl(p, table.id)}/assignments`, { participantIds: mine.participants }),
      await jordan.delete(`${tableUrl(p, table.id)}/assignments/${mine.participants[0]}`),
      await jordan.get(peopleUrl(p, mine.categoryId)),
    ];
    expect(calls.map((c) => c.status)).toEqual(calls.map(() => 404));

    // Jordan's own project does not open Camille's category or table, nor seat Camille's participant.
    const own = await setUp(jordan, ['Sam Doe']);
    const ownTable = ok<Table>(await jordan.post(tablesUrl(own.projectId, own.categoryId), { number: 1 }));
    expect((await jordan.get(tablesUrl(own.projectId, mine.categoryId))).status).toBe(404);
    expect(
      (await jordan.put(countsUrl(own.projectId, mine.categoryId), { standard: 1, vip: 0 })).status,
    ).toBe(404);
    expect((await jordan.put(tableUrl(own.projectId, table.id), { number: 3 })).status).toBe(404);
    expect((await jordan.get(`${tableUrl(own.projectId, table.id)}/assignments`)).status).toBe(404);
    const foreign = await jordan.post(`${tableUrl(own.projectId, ownTable.id)}/assignments`, {
      participantIds: mine.participants,
    });
    expect(foreign.status).toBe(400);

    // Camille's data is untouched.
    const after = await list(camille, mine.projectId, mine.categoryId);
    expect(after.items).toEqual([{ ...table, assignedCount: 1 }]);
  });
});
