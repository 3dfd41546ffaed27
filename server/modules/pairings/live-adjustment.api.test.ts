import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import type { ApiClient } from '../../../tests/support/test-app';
import { ok, settled, withHeldGeneration } from './fixtures';
import { seatedPairing } from './seat-fixtures';

const { t, camille, jordan } = withTestApp();
const { held, useRealSolver } = withHeldGeneration(t);

type Seats = {
  rounds: { round: number; tables: { table: { id: string }; people: { participantId: string }[] }[] }[];
  absences: { participantId: string; fromRound: number }[];
};
type Generation = { status: string; fromRound: number | null };

/** Each round as `table: people` lines, to compare rounds before and after. */
const layoutOf = (seats: Seats) =>
  seats.rounds.map((r) =>
    r.tables.map((tb) => `${tb.table.id}:${tb.people.map((p) => p.participantId).join(',')}`),
  );

/** 8 people at 2 tables of 4, three rounds already generated. */
const threeRounds = (client: ApiClient) =>
  seatedPairing(client, t.database.db, {
    tables: 2,
    seats: 4,
    people: 8,
    layout: [
      [0, 0, 0, 0, 1, 1, 1, 1],
      [0, 1, 0, 1, 0, 1, 0, 1],
      [0, 0, 1, 1, 0, 0, 1, 1],
    ],
  });

describe('absences (live adjustment)', () => {
  it('are marked from a round on, listed with the seats, and cleared', async () => {
    const set = await threeRounds(camille);
    const [p1, p2] = set.participants;
    expect(ok(await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 1 }))).toEqual({
      participantId: p1,
      fromRound: 1,
    });
    // Marked again: the round changes, still one absence.
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 2 }));
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: p2, fromRound: 1 }));
    expect(ok<Seats>(await camille.get(`${set.url}/seats`)).absences).toEqual([
      { participantId: p2, fromRound: 1 },
      { participantId: p1, fromRound: 2 },
    ]);
    expect(ok(await camille.delete(`${set.url}/seats/absences/${p2}`))).toEqual({ ok: true });
    expect((await camille.delete(`${set.url}/seats/absences/${p2}`)).status).toBe(404);

    const beyond = await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 3 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.fields).toEqual([
      expect.objectContaining({
        field: 'fromRound',
        message: 'L’absence commence à une ronde de ce jumelage (il en compte 3).',
      }),
    ]);
  });

  it('answer 404 for another company’s pairing or participant', async () => {
    const mine = await threeRounds(camille);
    const theirs = await threeRounds(jordan);
    const p1 = mine.participants[0];
    expect(
      (await jordan.post(`${mine.url}/seats/absences`, { participantId: p1, fromRound: 1 })).status,
    ).toBe(404);
    expect(
      (await jordan.post(`${theirs.url}/seats/absences`, { participantId: p1, fromRound: 1 })).status,
    ).toBe(404);
    ok(await camille.post(`${mine.url}/seats/absences`, { participantId: p1, fromRound: 1 }));
    expect((await jordan.delete(`${mine.url}/seats/absences/${p1}`)).status).toBe(404);
    expect((await jordan.post(`${mine.url}/generation/resume`, { fromRound: 1 })).status).toBe(404);
  });
});

describe('« Reprendre les rondes restantes » (live adjustment)', () => {
  it('refuses a first round, a round past the last, and a round whose previous one was never generated', async () => {
    const set = await threeRounds(camille);
    const zero = await camille.post(`${set.url}/generation/resume`, { fromRound: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.fields.map((f: { field: string }) => f.field)).toEqual(['fromRound']);
    expect((await camille.post(`${set.url}/generation/resume`, { fromRound: 3 })).status).toBe(400);
    const fresh = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 4,
      people: 4,
      layout: [],
      rounds: 3,
    });
    const never = await camille.post(`${fresh.url}/generation/resume`, { fromRound: 1 });
    expect(never.status).toBe(400);
  });

  it('keeps every seat of the earlier rounds, fixes them for the solver, and seats the absent nowhere', async () => {
    const set = await threeRounds(camille);
    const [p1] = set.participants;
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 2 }));
    const before = layoutOf(ok<Seats>(await camille.get(`${set.url}/seats`)));

    const started = ok<Generation>(await camille.post(`${set.url}/generation/resume`, { fromRound: 1 }));
    expect(started).toMatchObject({ status: 'queued', fromRound: 1 });
    await held.started();
    const instance = held.calls[0];
    // The solver is told: round 0 as it was, and person 1 away from round 2.
    expect(instance.fixed).toHaveLength(8);
    expect(instance.fixed.every((s) => s.round === 0)).toBe(true);
    expect(
      instance.fixed
        .filter((s) => s.table === set.tables[0])
        .map((s) => s.person)
        .sort(),
    ).toEqual(set.participants.slice(0, 4).sort());
    expect(instance.absent).toEqual([{ person: p1, fromRound: 2 }]);
    held.release();
    expect(await settled<Generation>(camille, set.url)).toMatchObject({ status: 'done', fromRound: 1 });

    const after = ok<Seats>(await camille.get(`${set.url}/seats`));
    expect(layoutOf(after)[0]).toEqual(before[0]);
    // The rounds from 1 were re-seated by the solver; person 1 is seated nowhere from round 2.
    const seatedIn = (round: number) =>
      after.rounds[round].tables.flatMap((tb) => tb.people.map((p) => p.participantId));
    expect(seatedIn(1)).toContain(p1);
    expect(seatedIn(2)).not.toContain(p1);
    expect(seatedIn(2)).toHaveLength(7);
  });

  it('with the real solver: the earlier rounds untouched, the absent seated nowhere', async () => {
    useRealSolver();
    const set = await threeRounds(camille);
    const [p1] = set.participants;
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 1 }));
    const before = layoutOf(ok<Seats>(await camille.get(`${set.url}/seats`)));
    ok(await camille.post(`${set.url}/generation/resume`, { fromRound: 1 }));
    expect((await settled<Generation>(camille, set.url)).status).toBe('done');
    const after = ok<Seats>(await camille.get(`${set.url}/seats`));
    expect(layoutOf(after)[0]).toEqual(before[0]);
    for (const round of after.rounds.slice(1)) {
      const seated = round.tables.flatMap((tb) => tb.people.map((p) => p.participantId));
      expect(seated).not.toContain(p1);
      expect(seated.sort()).toEqual(set.participants.slice(1).sort());
      for (const table of round.tables) expect(table.people.length).toBeLessThanOrEqual(4);
    }
  });
});
