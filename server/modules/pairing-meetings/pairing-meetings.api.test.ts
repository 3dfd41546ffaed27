import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { pairingGenerations, participants } from '../../db/schema';
import { api, ok } from '../pairings/fixtures';
import { seatedPairing } from '../pairings/seat-fixtures';
import { body, fields, LAYOUT, meetingsOf, memberNames } from './meeting-fixtures';

const { t, camille, jordan } = withTestApp();

describe('meetings from a pairing (M6)', () => {
  it('creates one meeting per round and table with people: titles, times, table, category, members', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: LAYOUT,
    });
    const before = ok<{
      tablesPerRound: number[];
      existing: { meetings: number };
      settings: { startsAt: string };
    }>(await camille.get(`${set.url}/meetings`));
    expect(before.tablesPerRound).toEqual([2, 2, 2]);
    expect(before.existing.meetings).toBe(0);
    // No activity in the category yet: the project's first day at 09:00.
    expect(before.settings.startsAt).toBe('2027-06-01T09:00');

    const made = ok(await camille.post(`${set.url}/meetings`, body()));
    expect(made).toEqual({
      created: 6,
      members: 12,
      replaced: 0,
      videoRooms: 0,
      message: 'Tous les rdvs ont été créés avec succès!',
    });
    const meetings = await meetingsOf(camille, set.projectId, set.categoryId);
    expect(meetings.map((m) => [m.title.fr, m.title.en, m.startsAtLocal, m.endsAtLocal, m.location])).toEqual(
      [
        ['Ronde 1 – Table 1', 'Round 1 – Table 1', '2027-06-01T09:00', '2027-06-01T09:20', 'Table 1'],
        ['Ronde 1 – Table 2', 'Round 1 – Table 2', '2027-06-01T09:00', '2027-06-01T09:20', 'Table 2'],
        ['Ronde 2 – Table 1', 'Round 2 – Table 1', '2027-06-01T09:25', '2027-06-01T09:45', 'Table 1'],
        ['Ronde 2 – Table 2', 'Round 2 – Table 2', '2027-06-01T09:25', '2027-06-01T09:45', 'Table 2'],
        ['Ronde 3 – Table 2', 'Round 3 – Table 2', '2027-06-01T09:50', '2027-06-01T10:10', 'Table 2'],
        ['Ronde 3 – Table 3', 'Round 3 – Table 3', '2027-06-01T09:50', '2027-06-01T10:10', 'Table 3'],
      ],
    );
    expect(new Set(meetings.map((m) => `${m.type}/${m.hybridType}/${m.category?.id}`))).toEqual(
      new Set([`meeting/inPerson/${set.categoryId}`]),
    );
    expect(await memberNames(camille, set.projectId, meetings[0].id)).toEqual(['Essai01', 'Essai02']);
    expect(await memberNames(camille, set.projectId, meetings[2].id)).toEqual(['Essai01', 'Essai03']);
    expect(await memberNames(camille, set.projectId, meetings[5].id)).toEqual(['Essai03', 'Essai04']);

    // The next form starts from these settings.
    const after = ok<{
      settings: Record<string, unknown>;
      existing: Record<string, unknown>;
      outOfDate: boolean;
    }>(await camille.get(`${set.url}/meetings`));
    expect(after.settings).toMatchObject({
      startsAt: '2027-06-01T09:00',
      durationMinutes: 20,
      intervalMinutes: 5,
    });
    expect(after.existing).toMatchObject({ meetings: 6, members: 12, addedByHand: 0 });
    expect(after.outOfDate).toBe(false);
  });

  it('makes virtual and hybrid meetings, and answers in English to an English reader', async () => {
    const set = await seatedPairing(jordan, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      layout: [[0, 0]],
    });
    const made = ok(
      await jordan.post(
        `${set.url}/meetings`,
        body({ inPerson: true, virtual: true, prefix: { fr: 'Tour', en: 'Turn' } }),
      ),
    );
    expect(made).toMatchObject({
      created: 1,
      members: 2,
      message: 'All meetings were created successfully!',
    });
    // No Whereby key on this server: no room is queued (the link tab says it is not configured).
    expect(made.videoRooms).toBe(0);
    const [meeting] = await meetingsOf(jordan, set.projectId, set.categoryId);
    expect(meeting).toMatchObject({
      title: { fr: 'Tour 1 – Table 1', en: 'Turn 1 – Table 1' },
      hybridType: 'hybrid',
    });
    const virtual = ok(await jordan.post(`${set.url}/meetings`, body({ inPerson: false, virtual: true })));
    expect(virtual).toMatchObject({ created: 1, replaced: 1 });
    const [again] = await meetingsOf(jordan, set.projectId, set.categoryId);
    expect(again.hybridType).toBe('virtual');
  });

  it('replaces the earlier meetings, members added by hand with them, and says when the seats changed', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: LAYOUT,
    });
    ok(await camille.post(`${set.url}/meetings`, body()));
    const first = await meetingsOf(camille, set.projectId, set.categoryId);
    // Someone added by hand to a generated meeting.
    const extra = set.participants[2];
    ok(
      await camille.post(`${api(set.projectId)}/activities/${first[0].id}/members`, {
        mode: 'ids',
        participantIds: [extra],
      }),
    );
    const state = ok<{ existing: { meetings: number; members: number; addedByHand: number } }>(
      await camille.get(`${set.url}/meetings`),
    );
    expect(state.existing).toMatchObject({ meetings: 6, members: 13, addedByHand: 1 });

    // The seats are generated again: the meetings are out of date.
    await t.database.db.insert(pairingGenerations).values({
      companyId: (await t.database.db.select().from(participants).where(eq(participants.id, extra)))[0]
        .companyId,
      projectId: set.projectId,
      pairingId: set.pairingId,
      status: 'done',
      runId: randomUUID(),
      seed: 1,
      progress: 100,
      finishedAt: new Date(),
    });
    expect(ok<{ outOfDate: boolean }>(await camille.get(`${set.url}/meetings`)).outOfDate).toBe(true);

    const again = ok(
      await camille.post(`${set.url}/meetings`, body({ startsAt: '2027-06-01T14:00', intervalMinutes: 0 })),
    );
    expect(again).toMatchObject({ created: 6, members: 12, replaced: 6 });
    const now = await meetingsOf(camille, set.projectId, set.categoryId);
    expect(now).toHaveLength(6);
    expect(now.map((m) => m.startsAtLocal.slice(11))).toEqual([
      '14:00',
      '14:00',
      '14:20',
      '14:20',
      '14:40',
      '14:40',
    ]);
    expect((await camille.get(`${api(set.projectId)}/activities/${first[0].id}`)).status).toBe(404);
    expect(await memberNames(camille, set.projectId, now[0].id)).toEqual(['Essai01', 'Essai02']);
    const after = ok<{ outOfDate: boolean; existing: { addedByHand: number } }>(
      await camille.get(`${set.url}/meetings`),
    );
    expect(after).toMatchObject({ outOfDate: false, existing: { addedByHand: 0 } });
  });

  it('writes everything or nothing: a failure in the second half leaves the earlier meetings as they were', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: LAYOUT,
    });
    ok(await camille.post(`${set.url}/meetings`, body()));
    const before = await meetingsOf(camille, set.projectId, set.categoryId);
    // The last round's link fails once every activity is written (a trigger of this test's database).
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function pm_fail() returns trigger language plpgsql as $$
      begin if new.round = 2 then raise exception 'second half fails'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger pm_fail before insert on pairing_meetings for each row execute function pm_fail()',
      ),
    );
    try {
      const failed = await camille.post(`${set.url}/meetings`, body({ startsAt: '2027-06-02T10:00' }));
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger pm_fail on pairing_meetings'));
      await db.execute(sql.raw('drop function pm_fail()'));
    }
    const after = await meetingsOf(camille, set.projectId, set.categoryId);
    expect(after.map((m) => [m.id, m.startsAtLocal])).toEqual(before.map((m) => [m.id, m.startsAtLocal]));
    expect(
      ok<{ existing: { members: number } }>(await camille.get(`${set.url}/meetings`)).existing.members,
    ).toBe(12);
  });

  it('refuses bad input naming the field, a pairing without seats, and another company’s pairing', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      layout: [[0, 0]],
    });
    const zero = await camille.post(`${set.url}/meetings`, body({ durationMinutes: 0 }));
    expect(zero.status).toBe(400);
    expect(fields(zero)).toEqual(['durationMinutes']);
    const neither = await camille.post(`${set.url}/meetings`, body({ inPerson: false, virtual: false }));
    expect(neither.status).toBe(400);
    expect(neither.body.fields).toEqual([
      expect.objectContaining({
        field: 'inPerson',
        message: 'Choisissez en personne, virtuel, ou les deux.',
      }),
    ]);
    const { startsAt: _, ...withoutStart } = body();
    const missing = await camille.post(`${set.url}/meetings`, withoutStart);
    expect(missing.status).toBe(400);
    expect(fields(missing)).toEqual(['startsAt']);
    // 02:30 does not exist on 2027-03-14 in Toronto.
    const skipped = await camille.post(`${set.url}/meetings`, body({ startsAt: '2027-03-14T02:30' }));
    expect(fields(skipped)).toEqual(['startsAt']);

    const empty = await seatedPairing(camille, t.database.db, {
      tables: 2,
      seats: 2,
      people: 2,
      layout: [],
      rounds: 1,
    });
    const none = await camille.post(`${empty.url}/meetings`, body());
    expect(none.status).toBe(409);
    expect(none.body.title).toBe(
      'Ce jumelage n’a aucune ronde générée : générez ses places avant les rendez-vous.',
    );

    expect((await jordan.get(`${set.url}/meetings`)).status).toBe(404);
    expect((await jordan.post(`${set.url}/meetings`, body())).status).toBe(404);
    expect((await jordan.get(`${set.url}/export.xlsx`)).status).toBe(404);
    expect(await meetingsOf(camille, set.projectId, set.categoryId)).toEqual([]);
  });
});
