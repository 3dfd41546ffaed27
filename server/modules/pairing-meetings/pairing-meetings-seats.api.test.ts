import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { api, ok, settled, withHeldGeneration } from '../pairings/fixtures';
import { seatedPairing } from '../pairings/seat-fixtures';
import { body, LAYOUT, meetingsOf, memberNames } from './meeting-fixtures';

const { t, camille } = withTestApp();
const { held } = withHeldGeneration(t);

/**
 * The meetings follow the seats: a move by hand, an absence and « Reprendre les rondes restantes » change the
 * members of the meetings concerned, as the person's agenda, their iCalendar feed and the meetings' lists show.
 */

type Set = Awaited<ReturnType<typeof seatedPairing>>;

/** 3 tables of 3 seats, LAYOUT's seats (Essai01–04), meetings generated: R1 T1–T2, R2 T1–T2, R3 T2–T3. */
async function withMeetings() {
  const set = await seatedPairing(camille, t.database.db, { tables: 3, seats: 3, people: 4, layout: LAYOUT });
  ok(await camille.post(`${set.url}/meetings`, body()));
  return set;
}

/** The meeting titled « Ronde r – Table n », or undefined. */
async function meeting(set: Set, title: string) {
  return (await meetingsOf(camille, set.projectId, set.categoryId)).find((m) => m.title.fr === title);
}

/** Each meeting as « title: members' last names », in start then title order. */
async function roster(set: Set) {
  const lines: string[] = [];
  for (const m of await meetingsOf(camille, set.projectId, set.categoryId))
    lines.push(`${m.title.fr}: ${(await memberNames(camille, set.projectId, m.id)).join(' ')}`);
  return lines;
}

/** The person's agenda (the participant panel) as titles, by start. */
async function agenda(set: Set, participantId: string) {
  const list = ok<{ items: { title: { fr: string } }[] }>(
    await camille.get(`${api(set.projectId)}/participants/${participantId}/agenda`),
  );
  return list.items.map((i) => i.title.fr);
}

/** The events' UIDs of an iCalendar file (read by UID, whatever the form of the times). */
async function feedUids(url: string) {
  const feed = new ICAL.Component(ICAL.parse(String((await camille.get(url)).body)));
  return feed.getAllSubcomponents('vevent').map((e) => String(e.getFirstPropertyValue('uid')));
}

const personFeed = (set: Set, participantId: string) =>
  feedUids(`${api(set.projectId)}/participants/${participantId}/calendar.ics`);

const move = async (set: Set, round: number, participantId: string, table: number) =>
  ok(await camille.post(`${set.url}/seats/move`, { round, participantId, tableId: set.tables[table] }));

describe('meetings after a seat moves', () => {
  it('move the person by hand: the old table’s meeting loses them, the new one gains them, both ways', async () => {
    const set = await withMeetings();
    const [p1, p2, , p4] = set.participants;
    const r1t1 = await meeting(set, 'Ronde 1 – Table 1');
    const r1t2 = await meeting(set, 'Ronde 1 – Table 2');
    if (!r1t1 || !r1t2) throw new Error('meetings not generated');
    const membersUrl = (id: string) => `${api(set.projectId)}/activities/${id}/members`;
    // Essai01 confirmed their first meeting; Essai04 was added by hand to table 1's.
    ok(await camille.put(`${membersUrl(r1t1.id)}/${p1}/status`, { status: 'confirmed' }));
    ok(await camille.post(membersUrl(r1t1.id), { mode: 'ids', participantIds: [p4] }));

    // Essai01 and Essai03 swap tables in round 1.
    await move(set, 0, p1, 1);
    await move(set, 0, set.participants[2], 0);
    expect((await roster(set)).slice(0, 2)).toEqual([
      'Ronde 1 – Table 1: Essai02 Essai03 Essai04',
      'Ronde 1 – Table 2: Essai01 Essai04',
    ]);
    // Essai01 keeps their status in the new meeting.
    const members = ok<{ items: { lastName: string; status: string }[] }>(
      await camille.get(`${membersUrl(r1t2.id)}?pageSize=100`),
    );
    expect(members.items.find((m) => m.lastName === 'Essai01')?.status).toBe('confirmed');
    expect(await agenda(set, p1)).toEqual(['Ronde 1 – Table 2', 'Ronde 2 – Table 1', 'Ronde 3 – Table 2']);
    const uids = await personFeed(set, p1);
    expect(uids).toContain(`${r1t2.id}@maillage`);
    expect(uids).not.toContain(`${r1t1.id}@maillage`);

    // To table 3, empty in round 1 when the meetings were made: its meeting is made, as the generation would.
    await move(set, 0, p1, 2);
    const r1t3 = await meeting(set, 'Ronde 1 – Table 3');
    expect(r1t3).toMatchObject({ startsAtLocal: r1t1.startsAtLocal, location: 'Table 3', type: 'meeting' });
    if (!r1t3) throw new Error('no meeting made');
    expect(await memberNames(camille, set.projectId, r1t3.id)).toEqual(['Essai01']);
    expect(await feedUids(`${api(set.projectId)}/calendar.ics`)).toContain(`${r1t3.id}@maillage`);
    expect(await personFeed(set, p1)).toContain(`${r1t3.id}@maillage`);
    expect(await personFeed(set, p1)).not.toContain(`${r1t2.id}@maillage`);

    // Essai04, seated at table 2, moves to table 3: table 1's meeting keeps them (added by hand).
    await move(set, 0, p4, 2);
    expect((await roster(set)).slice(0, 3)).toEqual([
      'Ronde 1 – Table 1: Essai02 Essai03 Essai04',
      'Ronde 1 – Table 2: ',
      'Ronde 1 – Table 3: Essai01 Essai04',
    ]);
    // Another round's meetings are untouched; the form still counts one member added by hand, and not out of date.
    expect(await agenda(set, p2)).toEqual(['Ronde 1 – Table 1', 'Ronde 2 – Table 2', 'Ronde 3 – Table 2']);
    const state = ok<{
      existing: { meetings: number; members: number; addedByHand: number };
      outOfDate: boolean;
    }>(await camille.get(`${set.url}/meetings`));
    expect(state).toMatchObject({ existing: { meetings: 7, members: 13, addedByHand: 1 }, outOfDate: false });
  });

  it('moves the seat and the meetings together or not at all', async () => {
    const set = await withMeetings();
    const before = await roster(set);
    // Making table 3's meeting fails (a trigger of this test's database): the seat stays where it was.
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function pm_move_fail() returns trigger language plpgsql as $$
      begin raise exception 'meeting fails'; end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger pm_move_fail before insert on pairing_meetings for each row execute function pm_move_fail()',
      ),
    );
    try {
      const failed = await camille.post(`${set.url}/seats/move`, {
        round: 0,
        participantId: set.participants[0],
        tableId: set.tables[2],
      });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('drop trigger pm_move_fail on pairing_meetings'));
      await db.execute(sql.raw('drop function pm_move_fail()'));
    }
    const seat = ok<{ tableId: string }>(
      await camille.get(`${set.url}/seats/person/${set.participants[0]}?round=0`),
    );
    expect(seat.tableId).toBe(set.tables[0]);
    expect(await roster(set)).toEqual(before);
  });

  it('an absence takes the person out of the meetings from its round; present again puts them back', async () => {
    const set = await withMeetings();
    const [p1] = set.participants;
    const all = ['Ronde 1 – Table 1', 'Ronde 2 – Table 1', 'Ronde 3 – Table 2'];
    const uids = async () => {
      const mine = await personFeed(set, p1);
      const ids = [];
      for (const title of all) ids.push(mine.includes(`${(await meeting(set, title))?.id}@maillage`));
      return ids;
    };
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 1 }));
    expect(await agenda(set, p1)).toEqual(['Ronde 1 – Table 1']);
    expect(await uids()).toEqual([true, false, false]);
    expect(await roster(set)).toEqual([
      'Ronde 1 – Table 1: Essai01 Essai02',
      'Ronde 1 – Table 2: Essai03 Essai04',
      'Ronde 2 – Table 1: Essai03',
      'Ronde 2 – Table 2: Essai02 Essai04',
      'Ronde 3 – Table 2: Essai02',
      'Ronde 3 – Table 3: Essai03 Essai04',
    ]);
    // Absent from round 3 only: back in round 2's meeting.
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 2 }));
    expect(await agenda(set, p1)).toEqual(all.slice(0, 2));
    expect(await uids()).toEqual([true, true, false]);
    ok(await camille.delete(`${set.url}/seats/absences/${p1}`));
    expect(await agenda(set, p1)).toEqual(all);
    expect(await uids()).toEqual([true, true, true]);
  });

  it('« Reprendre les rondes restantes »: the meetings of the rounds re-seated follow the new seats', async () => {
    const set = await withMeetings();
    const [p1] = set.participants;
    const before = await roster(set);
    ok(await camille.post(`${set.url}/seats/absences`, { participantId: p1, fromRound: 1 }));
    ok(await camille.post(`${set.url}/generation/resume`, { fromRound: 1 }));
    await held.started();
    held.release();
    expect((await settled(camille, set.url)).status).toBe('done');

    // What each meeting should hold: the seats as the seats screen reads them.
    const seats = ok<{
      rounds: { round: number; tables: { table: { number: number }; people: { lastName: string }[] }[] }[];
    }>(await camille.get(`${set.url}/seats`));
    const expected = new Map<string, string>();
    for (const round of seats.rounds)
      for (const { table, people } of round.tables)
        expected.set(
          `Ronde ${round.round + 1} – Table ${table.number}`,
          people
            .map((p) => p.lastName)
            .sort()
            .join(' '),
        );
    const after = await roster(set);
    for (const line of after) {
      const [title, names] = line.split(': ');
      expect(`${title}: ${names}`).toBe(`${title}: ${expected.get(title) ?? ''}`);
    }
    // Round 1 was held: its meetings are as they were. Every table with people has its meeting, Essai01 none later.
    expect(after.filter((l) => l.startsWith('Ronde 1 '))).toEqual(before.slice(0, 2));
    const titled = new Set(after.map((l) => l.split(': ')[0]));
    for (const [title, names] of expected) if (names) expect(titled).toContain(title);
    expect(await agenda(set, p1)).toEqual(['Ronde 1 – Table 1']);
    const state = ok<{ outOfDate: boolean }>(await camille.get(`${set.url}/meetings`));
    expect(state.outOfDate).toBe(false);
  });

  it('a resume after a whole generation leaves meetings already out of date as they were: out of date', async () => {
    const set = await withMeetings();
    const outOfDate = async () =>
      ok<{ outOfDate: boolean }>(await camille.get(`${set.url}/meetings`)).outOfDate;
    ok(await camille.post(`${set.url}/generation`));
    await held.started();
    held.release();
    expect((await settled(camille, set.url)).status).toBe('done');
    expect(await outOfDate()).toBe(true);
    held.reset();
    ok(await camille.post(`${set.url}/generation/resume`, { fromRound: 1 }));
    await held.started();
    held.release();
    expect((await settled(camille, set.url)).status).toBe('done');
    expect(await outOfDate()).toBe(true);
  });
});
