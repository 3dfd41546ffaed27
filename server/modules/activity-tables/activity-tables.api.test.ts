import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, buildProject } from '../../../tests/support/test-app';
import {
  api,
  buildCategory,
  countsUrl,
  list,
  ok,
  outline,
  peopleUrl,
  setUp,
  type Table,
  tablesUrl,
  tableUrl,
} from './fixtures';

const { t, camille, jordan } = withTestApp();

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
