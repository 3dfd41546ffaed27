import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildActivity } from '../../../tests/support/test-app';
import { participants, persons } from '../../db/schema';
import { api, ok } from '../pairings/fixtures';
import { seatedPairing } from '../pairings/seat-fixtures';
import { body, LAYOUT } from './meeting-fixtures';

const { t, camille, jordan } = withTestApp();

describe('where the meetings show, and the seats’ calendar conflicts', () => {
  it('shows the meetings in the calendar view, a seated person’s agenda and their iCalendar feed', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: LAYOUT,
    });
    ok(await camille.post(`${set.url}/meetings`, body()));
    const calendar = ok<{ items: { title: { fr: string }; startsAtLocal: string }[] }>(
      await camille.get(`${api(set.projectId)}/activity-calendar?from=2027-06-01&to=2027-06-01`),
    );
    expect(calendar.items.map((i) => `${i.startsAtLocal.slice(11)} ${i.title.fr}`)).toEqual(
      expect.arrayContaining(['09:00 Ronde 1 – Table 1', '09:50 Ronde 3 – Table 3']),
    );
    // Essai04's agenda (the participant panel) lists their three meetings, by start.
    const agenda = ok<{ items: { title: { fr: string }; startsAtLocal: string; location: string }[] }>(
      await camille.get(`${api(set.projectId)}/participants/${set.participants[3]}/agenda`),
    );
    expect(agenda.items.map((i) => `${i.startsAtLocal.slice(11)} ${i.title.fr} @ ${i.location}`)).toEqual([
      '09:00 Ronde 1 – Table 2 @ Table 2',
      '09:25 Ronde 2 – Table 2 @ Table 2',
      '09:50 Ronde 3 – Table 3 @ Table 3',
    ]);
    expect(
      (await jordan.get(`${api(set.projectId)}/participants/${set.participants[3]}/agenda`)).status,
    ).toBe(404);
    const ics = String(
      (await camille.get(`${api(set.projectId)}/participants/${set.participants[3]}/calendar.ics`)).body,
    );
    const feed = new ICAL.Component(ICAL.parse(ics));
    for (const zone of feed.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const events = feed.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    // Essai04 sits at table 2, 2 and 3: their three meetings, at their instants (09:00 in Toronto = 13:00 UTC).
    expect(events.map((e) => [e.summary, e.startDate.toJSDate().toISOString(), e.location])).toEqual([
      ['Ronde 1 – Table 2', '2027-06-01T13:00:00.000Z', 'Table 2'],
      ['Ronde 2 – Table 2', '2027-06-01T13:25:00.000Z', 'Table 2'],
      ['Ronde 3 – Table 3', '2027-06-01T13:50:00.000Z', 'Table 3'],
    ]);
  });

  it('marks code 4 on the seats screen once the round has a time and someone has another activity then', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: LAYOUT,
    });
    const workshop = await buildActivity(camille, set.projectId, {
      startsAt: '2027-06-01T09:30',
      durationMinutes: 60,
    });
    ok(
      await camille.post(`${api(set.projectId)}/activities/${workshop.id}/members`, {
        mode: 'ids',
        participantIds: [set.participants[1]],
      }),
    );
    const person = async (round: number) =>
      ok<{ conflicts: { participantId: string; code: number }[] }>(
        await camille.get(`${set.url}/seats/person/${set.participants[0]}?round=${round}`),
      ).conflicts.filter((c) => c.code === 4);
    // Rounds have no time yet: never code 4.
    expect(await person(1)).toEqual([]);
    ok(await camille.post(`${set.url}/meetings`, body()));
    // The workshop (09:30–10:30) takes Essai02. Round 1 (09:00–09:20) ends before it; in round 2 (09:25–09:45)
    // Essai01 sits with Essai03, who is free; in round 3 (09:50–10:10) with Essai02 again, busy then.
    expect(await person(0)).toEqual([]);
    expect(await person(1)).toEqual([]);
    expect(await person(2)).toEqual([{ participantId: set.participants[1], code: 4 }]);
    // The person clicked is marked too when they are the busy one.
    const busy = ok<{ conflicts: { participantId: string; code: number }[] }>(
      await camille.get(`${set.url}/seats/person/${set.participants[1]}?round=2`),
    ).conflicts.filter((c) => c.code === 4);
    expect(busy).toEqual([{ participantId: set.participants[1], code: 4 }]);
  });
});

describe('Excel of a pairing (M6)', () => {
  it('gives one sheet per round, by table then name, multi-byte names read back unchanged', async () => {
    const set = await seatedPairing(camille, t.database.db, {
      tables: 3,
      seats: 2,
      people: 4,
      layout: LAYOUT,
    });
    const names = [
      ['Zoé', 'Lévesque-Côté', 'Café Ça & Cie'],
      ['小龍', '李', '北京有限公司'],
      ['Émile', 'Ng 🎉', null],
      ['Ana', 'Ødegård', 'Fjørd AS'],
    ] as const;
    const byParticipant = await t.database.db
      .select({ id: participants.id, personId: participants.personId })
      .from(participants)
      .where(inArray(participants.id, set.participants));
    for (const [i, id] of set.participants.entries()) {
      const personId = byParticipant.find((p) => p.id === id)?.personId as string;
      const [first, last, company] = names[i];
      await t.database.db
        .update(persons)
        .set({ firstName: first, lastName: last, organisation: company })
        .where(eq(persons.id, personId));
    }
    ok(await camille.post(`${set.url}/meetings`, body()));
    const response = await t.app.inject({
      method: 'GET',
      url: `${set.url}/export.xlsx`,
      cookies: { ...camille.cookies },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Ronde 1', 'Ronde 2', 'Ronde 3']);
    const values = (i: number) =>
      (book.worksheets[i].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    const first = values(0);
    expect(first[0]).toEqual(['Ronde de 2027-06-01 09:00 à 09:20']);
    expect(first[1]).toEqual([
      'Table',
      'Nom de la table',
      'Table VIP',
      'Nom',
      'Prénom',
      'Entreprise',
      'Courriel',
      'VIP',
    ]);
    expect(first.slice(2).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      [1, 'Lévesque-Côté', 'Zoé', 'Café Ça & Cie'],
      [1, '李', '小龍', '北京有限公司'],
      [2, 'Ng 🎉', 'Émile', ''],
      [2, 'Ødegård', 'Ana', 'Fjørd AS'],
    ]);
    expect(
      values(2)
        .slice(2)
        .map((r) => `${r[0]} ${r[3]}`),
    ).toEqual(['2 Lévesque-Côté', '2 李', '3 Ng 🎉', '3 Ødegård']);
  });
});
