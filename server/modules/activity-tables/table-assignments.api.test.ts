import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { countsUrl, list, ok, peopleUrl, setUp, type Table, tablesUrl, tableUrl } from './fixtures';

const { camille } = withTestApp({ users: ['camille'] });

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

describe('changes at the same moment', () => {
  it('two assignments to the last seat: one is seated, the other refused; never a 500', async () => {
    const { projectId, categoryId, participants } = await setUp(camille, ['Léa Roy', 'Marc Côté']);
    const table = ok<Table>(await camille.post(tablesUrl(projectId, categoryId), { number: 1, seats: 1 }));
    const url = `${tableUrl(projectId, table.id)}/assignments`;
    const answers = await Promise.all(participants.map((id) => camille.post(url, { participantIds: [id] })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await list(camille, projectId, categoryId)).items[0].assignedCount).toBe(1);
  });

  it('removing the tables while a participant is seated: one of the two wins, the other is refused', async () => {
    const { projectId, categoryId, participants } = await setUp(camille, ['Léa Roy']);
    const { items } = ok<{ items: Table[] }>(
      await camille.put(countsUrl(projectId, categoryId), { standard: 1, vip: 0 }),
    );
    const [counts, seat] = await Promise.all([
      camille.put(countsUrl(projectId, categoryId), { standard: 0, vip: 0 }),
      camille.post(`${tableUrl(projectId, items[0].id)}/assignments`, { participantIds: participants }),
    ]);
    expect([
      [200, 404],
      [400, 200],
    ]).toContainEqual([counts.status, seat.status]);
    const after = await list(camille, projectId, categoryId);
    expect(after.items.map((i) => i.assignedCount)).toEqual(counts.status === 200 ? [] : [1]);
  });
});
