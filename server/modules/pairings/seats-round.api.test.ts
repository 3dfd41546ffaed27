import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { ok } from './fixtures';
import { seatedPairing } from './seat-fixtures';

const { t, camille, jordan } = withTestApp();

type Table = { table: { number: number }; people: { lastName: string }[] };
type Seats = {
  rounds: { round: number; tables: Table[] }[];
  roundNumbers: number[];
  absences: { participantId: string; fromRound: number }[];
};

const layoutOf = (seats: Seats) =>
  seats.rounds.map((r) => `${r.round}|${r.tables.map((tb) => tb.people.map((p) => p.lastName)).join(';')}`);

describe('GET …/seats?round= (the seats screen loads one round)', () => {
  it('answers only the round asked, as the whole list shows it, with every generated round number', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 2,
      people: 3,
      layout: [
        [0, 0, 1],
        [1, 0, 1],
        [0, 1, 1],
      ],
    });
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: set.participants[2], fromRound: 1 }));
    const all = ok<Seats>(await camille.get(`${set.url}/seats`));
    expect(all.rounds.map((r) => r.round)).toEqual([0, 1, 2]);
    expect(all.roundNumbers).toEqual([0, 1, 2]);

    const second = ok<Seats>(await camille.get(`${set.url}/seats?round=1`));
    expect(layoutOf(second)).toEqual([layoutOf(all)[1]]);
    expect(second.rounds[0].tables.map((tb) => tb.table.number)).toEqual([1, 2]);
    expect(second.roundNumbers).toEqual([0, 1, 2]);
    // The absences are the pairing's, whichever round is shown.
    expect(second.absences).toEqual([{ participantId: set.participants[2], fromRound: 1 }]);
  });

  it('answers no round for a round of the pairing not generated yet', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      rounds: 3,
      layout: [[0, 1]],
    });
    const third = ok<Seats>(await camille.get(`${set.url}/seats?round=2`));
    expect(third.rounds).toEqual([]);
    expect(third.roundNumbers).toEqual([0]);
  });

  it('refuses a round out of range with a 400 naming the field', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      layout: [
        [0, 1],
        [1, 0],
      ],
    });
    for (const round of ['2', '-1', '1.5', 'abc', '100']) {
      const refused = await camille.get(`${set.url}/seats?round=${round}`);
      expect(refused.status, round).toBe(400);
      expect(refused.body.fields, round).toEqual([
        expect.objectContaining({ field: 'round', message: 'Choisissez une ronde générée de ce jumelage.' }),
      ]);
    }
  });

  it("answers 404 for another company's pairing, whatever the round", async () => {
    const mine = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      layout: [[0, 1]],
    });
    expect((await jordan.get(`${mine.url}/seats?round=0`)).status).toBe(404);
  });
});
