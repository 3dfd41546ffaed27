import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildActivity, buildProject, insertParticipants } from '../../../tests/support/test-app';
import {
  activityHosts,
  meetingGenerations,
  participantAnswers,
  questionChoices,
  questions,
} from '../../db/schema';
import { type MeetingRow, placeMeetings } from './fixtures';

const { t, camille, jordan } = withTestApp();

const companyId = () => camille.user.company.id as string;

async function setUp(overrides: Record<string, unknown> = {}) {
  const project = await buildProject(camille);
  const ids = await insertParticipants(t.deps.db, project.id, [
    { first: 'Ana', last: 'Aubé', organisation: 'Atelier A' },
    { first: 'Bao', last: 'Brûlé', organisation: 'Bâtiments B' },
    { first: 'Chloé', last: 'Côté', organisation: 'Câbles C' },
    { first: 'Dev', last: 'Dubé', organisation: 'Données D' },
  ]);
  const session = await camille.post(`/api/projects/${project.id}/b2b-sessions`, {
    name: 'Rencontres',
    startsAtLocal: '2027-06-01T13:00',
    slotMinutes: 15,
    breakMinutes: 5,
    slotCount: 3,
    tablesPerSlot: 2,
    defaultCap: 2,
    ...overrides,
  });
  const url = `/api/projects/${project.id}/b2b-sessions/${session.body.id}`;
  return { project, ids, url, session: session.body };
}

async function place(project: { id: string }, session: { id: string; startsAt: string }, rows: MeetingRow[]) {
  return placeMeetings(t.deps.db, companyId(), project.id, session, rows);
}

async function settled(url: string) {
  for (let i = 0; i < 200; i++) {
    const { generation } = (await camille.get(`${url}/generations/latest`)).body;
    if (generation && !['queued', 'running'].includes(generation.status)) return generation;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the generation did not finish');
}

describe('B2B schedule', () => {
  it('marks conflicts with the reject codes: 4 an activity of either person, 5 a blocked pair, 3 already met', async () => {
    const { project, ids, url, session } = await setUp();
    // An earlier session where Ana met Chloé.
    const earlier = await camille.post(`/api/projects/${project.id}/b2b-sessions`, {
      name: 'Veille',
      startsAtLocal: '2027-05-31T13:00',
      slotMinutes: 15,
      slotCount: 2,
      tablesPerSlot: 2,
      defaultCap: 2,
    });
    await place(project, earlier.body, [{ a: ids[0], b: ids[2], slot: 0, table: 1 }]);
    await camille.put(url, {
      name: 'Rencontres',
      startsAtLocal: '2027-06-01T13:00',
      slotMinutes: 15,
      breakMinutes: 5,
      slotCount: 3,
      tablesPerSlot: 2,
      defaultCap: 2,
      metSessionId: earlier.body.id,
    });
    const talk = await buildActivity(camille, project.id, {
      title: { fr: 'Conférence', en: 'Talk' },
      startsAt: '2027-06-01T13:00',
      durationMinutes: 10,
    });
    await t.deps.db.insert(activityHosts).values({
      companyId: companyId(),
      projectId: project.id,
      activityId: talk.id,
      participantId: ids[1],
      email: 'bao@example.test',
      firstName: 'Bao',
      lastName: 'Brûlé',
    });
    await camille.post(`${url}/blocked-pairs`, { participantA: ids[3], participantB: ids[1] });
    await place(project, session, [
      { a: ids[0], b: ids[1], slot: 0, table: 1 },
      { a: ids[0], b: ids[2], slot: 1, table: 1 },
      { a: ids[1], b: ids[3], slot: 2, table: 2 },
    ]);
    const schedule = (await camille.get(`${url}/schedule`)).body;
    expect(schedule.slots.map((s: { startsAtLocal: string }) => s.startsAtLocal)).toEqual([
      '2027-06-01T13:00',
      '2027-06-01T13:20',
      '2027-06-01T13:40',
    ]);
    expect(
      schedule.meetings.map((m: { conflicts: { code: number }[] }) => m.conflicts.map((c) => c.code)),
    ).toEqual([[4], [3], [5]]);
    expect(schedule.meetings[0].conflicts[0].message).toBe(
      'Bao Brûlé a une activité à ce moment : Conférence.',
    );
  });

  it('a meeting is moved (a taken table refused), removed, and exported one meeting a row', async () => {
    const { project, ids, url, session } = await setUp();
    const [first] = await place(project, session, [
      { a: ids[0], b: ids[1], slot: 0, table: 1 },
      { a: ids[2], b: ids[3], slot: 1, table: 2 },
    ]);
    const taken = await camille.put(`${url}/meetings/${first}`, { slot: 1, table: 2 });
    expect(taken.body.fields).toEqual([
      {
        field: 'table',
        code: 'validation.b2b.tableTaken',
        message: 'Cette table est déjà prise à ce créneau.',
      },
    ]);
    const beyond = await camille.put(`${url}/meetings/${first}`, { slot: 3, table: 1 });
    expect(beyond.body.fields[0].field).toBe('slot');
    const moved = await camille.put(`${url}/meetings/${first}`, { slot: 1, table: 1 });
    expect(moved.body).toMatchObject({ slot: 1, table: 1, origin: 'manual', conflicts: [] });

    const response = await t.app.inject({
      method: 'GET',
      url: `${url}/schedule/export`,
      cookies: { ...camille.cookies },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as never);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1, 5)).toEqual(['Créneau', 'Début', 'Fin', 'Table']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[4], r[7], r[11]])).toEqual([
      [2, '2027-06-01 13:20', 1, 'Aubé', 'Brûlé'],
      [2, '2027-06-01 13:20', 2, 'Côté', 'Dubé'],
    ]);

    // Placed by hand: a taken table is refused; a free one is placed, marked manual.
    const onTaken = await camille.post(`${url}/meetings`, {
      participantA: ids[0],
      participantB: ids[3],
      slot: 1,
      table: 2,
    });
    expect(onTaken.body.fields[0]).toMatchObject({ field: 'table', code: 'validation.b2b.tableTaken' });
    const placed = await camille.post(`${url}/meetings`, {
      participantA: ids[0],
      participantB: ids[3],
      slot: 2,
      table: 1,
    });
    expect(placed.body).toMatchObject({
      slot: 2,
      table: 1,
      origin: 'manual',
      a: { firstName: 'Ana' },
      b: { firstName: 'Dev' },
    });
    expect(
      (
        await jordan.post(`${url}/meetings`, {
          participantA: ids[0],
          participantB: ids[3],
          slot: 2,
          table: 2,
        })
      ).status,
    ).toBe(404);
    await camille.delete(`${url}/meetings/${placed.body.id}`);

    expect((await camille.delete(`${url}/meetings/${first}`)).body).toEqual({ ok: true });
    expect((await camille.get(`${url}/schedule`)).body.meetings).toHaveLength(1);
    expect((await camille.delete(`${url}/meetings/${first}`)).status).toBe(404);
  });

  it('explains, for each person with fewer meetings than requested, the reason in words', async () => {
    const { project, ids, url, session } = await setUp({ defaultCap: 1 });
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[1], weight: 5 });
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[2], weight: 2 });
    await camille.post(`${url}/requests`, { requesterId: ids[3], requestedId: ids[1], weight: 2 });
    await place(project, session, [{ a: ids[0], b: ids[1], slot: 0, table: 1 }]);
    const { items } = (await camille.get(`${url}/explanations`)).body;
    const byName = Object.fromEntries(
      items.map((s: { person: { firstName: string }; unplaced: { message: string }[] }) => [
        s.person.firstName,
        s.unplaced.map((u) => u.message),
      ]),
    );
    expect(byName.Ana).toEqual(['Chloé Côté : Ana Aubé a atteint son maximum de 1 rencontres.']);
    expect(byName.Dev).toEqual(['Bao Brûlé : Bao Brûlé a atteint son maximum de 1 rencontres.']);
  });

  it('a participant’s meetings appear in their agenda list', async () => {
    const { project, ids, session } = await setUp();
    await place(project, session, [{ a: ids[0], b: ids[1], slot: 1, table: 2 }]);
    const agenda = await camille.get(`/api/projects/${project.id}/participants/${ids[1]}/meetings`);
    expect(agenda.body.items).toEqual([
      expect.objectContaining({
        sessionName: 'Rencontres',
        startsAtLocal: '2027-06-01T13:20',
        endsAtLocal: '2027-06-01T13:35',
        table: 2,
        other: expect.objectContaining({ firstName: 'Ana', lastName: 'Aubé' }),
      }),
    ]);
    expect((await jordan.get(`/api/projects/${project.id}/participants/${ids[1]}/meetings`)).status).toBe(
      404,
    );
  });

  it('meetings are events of the calendar view and of the project’s and each participant’s iCalendar feeds', async () => {
    const { project, ids, session } = await setUp();
    const [meeting] = await place(project, session, [{ a: ids[0], b: ids[1], slot: 1, table: 2 }]);
    const calendar = await camille.get(
      `/api/projects/${project.id}/activity-calendar?from=2027-06-01&to=2027-06-01`,
    );
    expect(calendar.body.meetings).toEqual([
      expect.objectContaining({
        id: meeting,
        startsAtLocal: '2027-06-01T13:20',
        table: 2,
        people: ['Ana Aubé', 'Bao Brûlé'],
      }),
    ]);
    const read = async (path: string) => {
      const text = String((await camille.get(path)).body);
      const parsed = new ICAL.Component(ICAL.parse(text));
      for (const zone of parsed.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
      return parsed.getAllSubcomponents('vevent').map((c) => {
        const event = new ICAL.Event(c);
        return { uid: event.uid, summary: event.summary, start: event.startDate.toJSDate().toISOString() };
      });
    };
    const start = new Date(new Date(session.startsAt).getTime() + 20 * 60_000).toISOString();
    expect(await read(`/api/projects/${project.id}/calendar.ics`)).toEqual([
      {
        uid: `${meeting}@maillage-meeting`,
        summary: 'Rencontre B2B : Ana Aubé et Bao Brûlé (table 2)',
        start,
      },
    ]);
    expect(await read(`/api/projects/${project.id}/participants/${ids[1]}/calendar.ics`)).toEqual([
      { uid: `${meeting}@maillage-meeting`, summary: 'Rencontre B2B avec Ana Aubé (table 2)', start },
    ]);
    expect(await read(`/api/projects/${project.id}/participants/${ids[2]}/calendar.ics`)).toEqual([]);
  });
});

describe('B2B suggestions from the questionnaire', () => {
  it('request each person’s best partners by score, weight by rank, never a blocked pair', async () => {
    const { project, ids, url } = await setUp();
    const [question] = await t.deps.db
      .insert(questions)
      .values({
        companyId: companyId(),
        projectId: project.id,
        titleFr: 'Secteur',
        titleEn: 'Sector',
        weight: 2,
      })
      .returning();
    const [energy, food] = await t.deps.db
      .insert(questionChoices)
      .values(
        ['Énergie', 'Alimentation'].map((label) => ({
          companyId: companyId(),
          projectId: project.id,
          questionId: question.id,
          labelFr: label,
          labelEn: label,
        })),
      )
      .returning();
    const answer = (participantId: string, choiceId: string) => ({
      companyId: companyId(),
      projectId: project.id,
      participantId,
      questionId: question.id,
      choiceId,
    });
    await t.deps.db
      .insert(participantAnswers)
      .values([
        answer(ids[0], energy.id),
        answer(ids[1], energy.id),
        answer(ids[2], energy.id),
        answer(ids[3], food.id),
      ]);
    await camille.post(`${url}/blocked-pairs`, { participantA: ids[0], participantB: ids[2] });
    const suggested = await camille.post(`${url}/requests/suggest`, { perPerson: 2 });
    expect(suggested.body).toEqual({ added: 2, people: 3 });
    const list = (await camille.get(`${url}/requests`)).body.items;
    expect(
      list
        .map((r: { requester: { firstName: string }; requested: { firstName: string }; source: string }) =>
          [[r.requester.firstName, r.requested.firstName].sort().join('+'), r.source].join(' '),
        )
        .sort(),
    ).toEqual(['Ana+Bao questionnaire', 'Bao+Chloé questionnaire']);
    // Again: nothing new.
    expect((await camille.post(`${url}/requests/suggest`, { perPerson: 2 })).body.added).toBe(0);
  });
});

describe('B2B generation', () => {
  it('one at a time per session (409); a running one whose heartbeat stopped is queued again', async () => {
    const { project, ids, url, session } = await setUp();
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[1], weight: 3 });
    const [stale] = await t.deps.db
      .insert(meetingGenerations)
      .values({
        companyId: companyId(),
        projectId: project.id,
        sessionId: session.id,
        status: 'running',
        attempts: 1,
        heartbeatAt: new Date(Date.now() - 10_000),
      })
      .returning();
    const busy = await camille.post(`${url}/generations`);
    expect(busy.status).toBe(409);
    expect(busy.body.title).toBe('Une génération de cette session est déjà en cours.');

    await t.deps.db
      .update(meetingGenerations)
      .set({ heartbeatAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(meetingGenerations.id, stale.id));
    const finished = await settled(url);
    expect(finished.id).toBe(stale.id);
    expect(finished.attempts).toBe(2);
    expect(finished.status).toBe('done');
  });

  it('a queued generation whose job was lost shows as interrupted at 45 minutes, and another can start', async () => {
    const { project, ids, url, session } = await setUp();
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[1], weight: 3 });
    const queuedFor = async (minutes: number) => {
      await t.deps.db.delete(meetingGenerations).where(eq(meetingGenerations.sessionId, session.id));
      await t.deps.db.insert(meetingGenerations).values({
        companyId: companyId(),
        projectId: project.id,
        sessionId: session.id,
        status: 'queued',
        createdAt: new Date(Date.now() - minutes * 60_000),
      });
      return (await camille.get(`${url}/generations/latest`)).body.generation;
    };
    expect(await queuedFor(44)).toMatchObject({ status: 'queued', error: null });
    expect(await queuedFor(45)).toMatchObject({
      status: 'failed',
      error:
        'La génération a été interrompue (le serveur s’est arrêté pendant son calcul) ; rien n’a été enregistré. Relancez-la.',
    });
    expect((await camille.post(`${url}/generations`)).status).toBe(200);
    expect(await settled(url)).toMatchObject({ status: 'done', placed: 1 });
  });

  it('a queued generation is cancelled at once', async () => {
    const { project, url, session } = await setUp();
    const [queued] = await t.deps.db
      .insert(meetingGenerations)
      .values({ companyId: companyId(), projectId: project.id, sessionId: session.id, status: 'queued' })
      .returning();
    const cancelled = await camille.post(`${url}/generations/${queued.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelRequested: true });
    expect((await jordan.post(`${url}/generations/${queued.id}/cancel`)).status).toBe(404);
  });

  it('places the requests and replaces the previous meetings in one go', async () => {
    const { project, ids, url, session } = await setUp();
    await place(project, session, [{ a: ids[2], b: ids[3], slot: 0, table: 1 }]);
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[1], weight: 3 });
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[2], weight: 2 });
    const started = await camille.post(`${url}/generations`);
    expect(started.status).toBe(200);
    const done = await settled(url);
    expect(done).toMatchObject({ status: 'done', progress: 100, placed: 2, bestWeight: 5 });
    const schedule = (await camille.get(`${url}/schedule`)).body;
    expect(schedule.meetings).toHaveLength(2);
    expect(schedule.meetings.every((m: { conflicts: unknown[] }) => m.conflicts.length === 0)).toBe(true);
  });
});
