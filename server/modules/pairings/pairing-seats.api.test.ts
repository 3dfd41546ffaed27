import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import type { ApiClient } from '../../../tests/support/test-app';
import { api, insertQuestion, ok, pairingBody, pairingsUrl, pairingUrl, setUpProject } from './fixtures';
import { insertSeats, largePairing, seatedPairing, tablesOf } from './seat-fixtures';

const { t, camille, jordan } = withTestApp();

type Table = {
  table: { id: string; number: number; seats: number; vip: boolean };
  people: { participantId: string; lastName: string; company: string | null }[];
};
type Seats = { rounds: { round: number; tables: Table[] }[]; absences: unknown[] };
type Person = {
  fullName: string;
  email: string;
  company: string | null;
  role: string;
  tableId: string | null;
  chosenTables: string[];
  conflicts: { participantId: string; code: number }[];
};

const names = (table: Table) => table.people.map((p) => p.lastName);

describe('seats screen (M4)', () => {
  it('lists every table of each round, empty ones too, with seats used and seats', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 3,
      layout: [
        [0, 0, 1],
        [1, 2, 2],
      ],
    });
    const seats = ok<Seats>(await camille.get(`${set.url}/seats`));
    expect(
      seats.rounds.map((r) => r.tables.map((tb) => `${tb.table.number}/${tb.table.seats}:${names(tb)}`)),
    ).toEqual([
      ['1/2:Essai01,Essai02', '2/2:Essai03', '3/2:'],
      ['1/2:', '2/2:Essai01', '3/2:Essai02,Essai03'],
    ]);
    expect(seats.absences).toEqual([]);
  });

  it('moves a participant to another table of the round, and answers both tables', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: [
        [0, 0, 1, 1],
        [0, 1, 0, 1],
      ],
    });
    const moved = ok<{ round: number; tables: Table[] }>(
      await camille.post(`${set.url}/seats/move`, {
        round: 0,
        participantId: set.participants[1],
        tableId: set.tables[2],
      }),
    );
    expect(moved.round).toBe(0);
    expect(moved.tables.map((tb) => `${tb.table.number}:${names(tb)}`)).toEqual(['1:Essai01', '3:Essai02']);
    const seats = ok<Seats>(await camille.get(`${set.url}/seats`));
    expect(seats.rounds[0].tables.map(names)).toEqual([['Essai01'], ['Essai03', 'Essai04'], ['Essai02']]);
    // The other round is untouched.
    expect(seats.rounds[1].tables.map(names)).toEqual([['Essai01', 'Essai03'], ['Essai02', 'Essai04'], []]);

    // A full table: 409 in the reader's language, and nothing moves.
    const full = await camille.post(`${set.url}/seats/move`, {
      round: 0,
      participantId: set.participants[0],
      tableId: set.tables[1],
    });
    expect(full.status).toBe(409);
    expect(full.body.title).toBe('La table 2 est complète (2 places) dans cette ronde.');
    expect(ok<Seats>(await camille.get(`${set.url}/seats`)).rounds[0].tables.map(names)[0]).toEqual([
      'Essai01',
    ]);
  });

  it('refuses a round without seats, a table of another category, and someone not seated', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 3,
      people: 3,
      layout: [
        [0, 0, 1],
        [null, 0, 1],
      ],
    });
    const noRound = await camille.post(`${set.url}/seats/move`, {
      round: 5,
      participantId: set.participants[0],
      tableId: set.tables[1],
    });
    expect(noRound.status).toBe(400);
    expect(noRound.body.fields).toEqual([
      expect.objectContaining({ field: 'round', message: 'Choisissez une ronde générée de ce jumelage.' }),
    ]);
    const other = ok<{ id: string }>(
      await camille.post(`${api(set.projectId)}/activity-categories`, {
        name: { fr: 'Dîner', en: 'Dinner' },
      }),
    );
    ok(
      await camille.put(`${api(set.projectId)}/activity-categories/${other.id}/table-counts`, {
        standard: 1,
        vip: 0,
      }),
    );
    const [foreignTable] = await tablesOf(t.database.db, other.id);
    const wrongCategory = await camille.post(`${set.url}/seats/move`, {
      round: 0,
      participantId: set.participants[0],
      tableId: foreignTable.id,
    });
    expect(wrongCategory.status).toBe(400);
    expect(wrongCategory.body.fields.map((f: { field: string }) => f.field)).toEqual(['tableId']);
    // Not seated in round 1.
    const notSeated = await camille.post(`${set.url}/seats/move`, {
      round: 1,
      participantId: set.participants[0],
      tableId: set.tables[1],
    });
    expect(notSeated.status).toBe(404);
    const bad = await camille.post(`${set.url}/seats/move`, {
      round: -1,
      participantId: 'x',
      tableId: set.tables[0],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['participantId', 'round']);
  });

  it('answers 404 for another company’s pairing, seat, table or person', async () => {
    const mine = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      layout: [[0, 1]],
    });
    const theirs = await seatedPairing(jordan, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      layout: [[0, 1]],
    });
    const move = (client: ApiClient, url: string, participantId: string, tableId: string) =>
      client.post(`${url}/seats/move`, { round: 0, participantId, tableId });
    expect((await move(jordan, mine.url, mine.participants[0], mine.tables[1])).status).toBe(404);
    expect((await move(jordan, theirs.url, mine.participants[0], theirs.tables[1])).status).toBe(404);
    expect((await move(jordan, theirs.url, theirs.participants[0], mine.tables[1])).status).toBe(404);
    expect((await jordan.get(`${mine.url}/seats`)).status).toBe(404);
    expect((await jordan.get(`${mine.url}/seats/person/${mine.participants[0]}?round=0`)).status).toBe(404);
    expect((await jordan.get(`${theirs.url}/seats/person/${mine.participants[0]}?round=0`)).status).toBe(404);
    expect((await jordan.get(`${mine.url}/preflight`)).status).toBe(404);
    // Their own seats still move.
    expect(
      ok<{ tables: Table[] }>(await move(jordan, theirs.url, theirs.participants[0], theirs.tables[1]))
        .tables,
    ).toHaveLength(2);
  });
});

describe('a pairing of 2,000 people (M4 at 250 tables × 8 seats × 5 rounds)', () => {
  it('lists every round and table, refuses a move to a full table, and describes a person', async () => {
    const big = await largePairing(camille, t.database.db);
    const seats = ok<Seats>(await camille.get(`${big.url}/seats`));
    expect(seats.rounds).toHaveLength(5);
    for (const round of seats.rounds) {
      expect(round.tables).toHaveLength(250);
      expect(round.tables.every((tb) => tb.people.length === 8)).toBe(true);
    }
    expect(seats.rounds[0].tables[0].people[0]).toMatchObject({
      lastName: 'Grand0001',
      company: 'Entreprise 1',
    });
    // The seats screen loads one round: the same 250 tables as in the whole list.
    const third = ok<Seats>(await camille.get(`${big.url}/seats?round=2`));
    expect(third.rounds).toEqual([seats.rounds[2]]);
    // Every table is full: a move is refused, and nothing changes.
    const full = await camille.post(`${big.url}/seats/move`, {
      round: 4,
      participantId: big.people[0],
      tableId: big.tables[249],
    });
    expect(full.status).toBe(409);
    // Person 1 met person 2 (same table in round 0), not again in round 1: no conflict there.
    const info = ok<Person>(await camille.get(`${big.url}/seats/person/${big.people[0]}?round=1`));
    expect(info.fullName).toBe('Personne1 Grand0001');
    expect(info.conflicts).toEqual([]);
  });
});

describe('a seated person (M4)', () => {
  it('says who they are, the tables they chose, and each conflict at their table by reject code', async () => {
    // Round 0: 1, 2, 3 together; round 1: 1 with 2 (already met), 4 (blocked) and 5 (a VIP at a standard table).
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 5,
      people: 6,
      layout: [
        [0, 0, 0, 1, 1, 2],
        [1, 1, 2, 1, 1, 0],
      ],
    });
    const [p1, p2, p3, p4, p5, p6] = set.participants;
    const group = async (name: string, vip: boolean, ids: string[]) => {
      const created = ok<{ id: string }>(await camille.post(`${set.url}/groups`, { name, vip }));
      ok(await camille.post(`${set.url}/groups/${created.id}/members`, { mode: 'ids', participantIds: ids }));
      return created.id;
    };
    const a = await group('Acheteurs', false, [p1, p2, p3]);
    const b = await group('Concurrents', false, [p4]);
    await group('Invités', true, [p5, p6]);
    ok(await camille.post(`${set.url}/rules`, { groupAId: a, groupBId: b, kind: 'never' }));
    // J7: person 1 was given table 1 of the category.
    ok(
      await camille.post(`${api(set.projectId)}/activity-tables/${set.tables[0]}/assignments`, {
        participantIds: [p1],
      }),
    );

    const info = ok<Person>(await camille.get(`${set.url}/seats/person/${p1}?round=1`));
    expect(info).toMatchObject({
      fullName: 'Personne1 Essai01',
      role: 'Visiteur',
      company: null,
      tableId: set.tables[1],
      chosenTables: [set.tables[0]],
    });
    expect(info.email).toMatch(/@example\.test$/);
    expect(info.conflicts).toEqual(
      expect.arrayContaining([
        { participantId: p1, code: 2 },
        { participantId: p2, code: 3 },
        { participantId: p4, code: 5 },
        { participantId: p5, code: 2 },
      ]),
    );
    expect(info.conflicts).toHaveLength(4);
    expect(info.conflicts.some((c) => c.participantId === p3 || c.participantId === p6)).toBe(false);

    // Round 0: at their chosen table, nobody met before.
    const first = ok<Person>(await camille.get(`${set.url}/seats/person/${p1}?round=0`));
    expect(first.conflicts).toEqual([]);
    const bad = await camille.get(`${set.url}/seats/person/${p1}?round=x`);
    expect(bad.status).toBe(400);
  });

  it('counts the pairs of a pairing « Déjà tenu » as already met', async () => {
    const earlier = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 3,
      people: 4,
      layout: [[0, 0, 1, 1]],
      held: true,
    });
    // A second pairing of the same project and category, where 1 and 2 sit together again.
    const again = ok<{ id: string }>(
      await camille.post(`${api(earlier.projectId)}/pairings`, {
        name: 'Après-midi',
        categoryId: earlier.categoryId,
        rounds: 1,
        algorithm: 1,
      }),
    );
    await insertSeats(t.database.db, earlier.projectId, again.id, earlier.tables, earlier.participants, [
      [0, 0, 0, 1],
    ]);
    const info = ok<Person>(
      await camille.get(
        `${api(earlier.projectId)}/pairings/${again.id}/seats/person/${earlier.participants[0]}?round=0`,
      ),
    );
    expect(info.conflicts).toEqual([{ participantId: earlier.participants[1], code: 3 }]);
  });
});

type Preflight = {
  people: number;
  tableSize: number;
  roundsBound: number;
  predictedMeetingsPerPerson: number;
  findings: Record<string, unknown>[];
};

describe('pre-flight (X10)', () => {
  it('names the rounds beyond the bound with the repeats they force, and VIPs without VIP seats', async () => {
    const set = await setUpProject(camille, t.database.db, { tables: 2, seats: 3, people: 6 });
    const pairing = ok<{ id: string }>(
      await camille.post(pairingsUrl(set.projectId), pairingBody(set.categoryId, { rounds: 4 })),
    );
    const url = pairingUrl(set.projectId, pairing.id);
    const vip = ok<{ id: string }>(await camille.post(`${url}/groups`, { name: 'Invités', vip: true }));
    const all = ok<{ id: string }>(await camille.post(`${url}/groups`, { name: 'Tous', vip: false }));
    ok(
      await camille.post(`${url}/groups/${vip.id}/members`, {
        mode: 'ids',
        participantIds: [set.participants[0]],
      }),
    );
    ok(
      await camille.post(`${url}/groups/${all.id}/members`, {
        mode: 'ids',
        participantIds: set.participants.slice(1),
      }),
    );
    expect(ok<Preflight>(await camille.get(`${url}/preflight`))).toEqual({
      people: 6,
      tableSize: 3,
      roundsBound: 2,
      predictedMeetingsPerPerson: 5,
      findings: [
        { code: 'roundsBeyondBound', rounds: 4, bound: 2, repeatsAtLeast: 9 },
        { code: 'vipSeatsShort', vips: 1, vipSeats: 0 },
      ],
    });
  });

  it('names seats short and a chosen table wanted by more people than it seats, by its number', async () => {
    const set = await setUpProject(camille, t.database.db, { tables: 2, seats: 2, people: 6 });
    const answers = Object.fromEntries(set.participants.map((id) => [id, [0]]));
    const { questionId, choiceIds } = await insertQuestion(
      t.database.db,
      set.projectId,
      ['TI', 'Santé'],
      answers,
    );
    const pairing = ok<{ id: string }>(
      await camille.post(
        pairingsUrl(set.projectId),
        pairingBody(set.categoryId, { rounds: 1, algorithm: 7, questionId, choiceIds }),
      ),
    );
    const preflight = ok<Preflight>(await camille.get(`${pairingUrl(set.projectId, pairing.id)}/preflight`));
    expect(preflight.findings).toEqual([
      { code: 'seatsShort', people: 6, seats: 4 },
      { code: 'chosenTableOverbooked', table: 1, choosers: 6, places: 2 },
    ]);
  });

  it('finds nothing to say when the settings can work', async () => {
    const set = await setUpProject(camille, t.database.db, { tables: 2, seats: 3, people: 6 });
    const pairing = ok<{ id: string }>(
      await camille.post(pairingsUrl(set.projectId), pairingBody(set.categoryId, { rounds: 2 })),
    );
    expect(
      ok<Preflight>(await camille.get(`${pairingUrl(set.projectId, pairing.id)}/preflight`)),
    ).toMatchObject({
      people: 6,
      roundsBound: 2,
      predictedMeetingsPerPerson: 4,
      findings: [],
    });
  });

  it('names « rencontre » pairs the rounds cannot all bring together', async () => {
    // 8 people on 4 tables (2 a table), 2 rounds: each person meets 2 others; a is asked to meet b, c and d.
    const set = await setUpProject(camille, t.database.db, { tables: 4, seats: 2, people: 8 });
    const pairing = ok<{ id: string }>(
      await camille.post(pairingsUrl(set.projectId), pairingBody(set.categoryId, { rounds: 2 })),
    );
    const url = pairingUrl(set.projectId, pairing.id);
    const [a, b, c, d, ...others] = set.participants;
    const group = async (name: string, ids: string[]) => {
      const made = ok<{ id: string }>(await camille.post(`${url}/groups`, { name }));
      ok(await camille.post(`${url}/groups/${made.id}/members`, { mode: 'ids', participantIds: ids }));
      return made.id;
    };
    const one = await group('Acheteur', [a]);
    const three = await group('Exposants', [b, c, d]);
    await group('Autres', others);
    ok(await camille.post(`${url}/rules`, { groupAId: one, groupBId: three, kind: 'meets' }));
    // Ends: a min(3, 2) + 1 + 1 + 1 = 5 → at most ⌊5 / 2⌋ = 2 of the 3 pairs.
    expect(ok<Preflight>(await camille.get(`${url}/preflight`)).findings).toEqual([
      { code: 'togetherBeyondReach', pairs: 3, atMost: 2 },
    ]);
  });
});
