import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

const calendar = (client: ApiClient, projectId: string, from: string, to = from) =>
  client.get(`/api/projects/${projectId}/activity-calendar?from=${from}&to=${to}`);
const schedule = (client: ApiClient, projectId: string, activityId: string, body: unknown) =>
  client.put(`/api/projects/${projectId}/activities/${activityId}/schedule`, body);
const idsOf = (body: { items: { id: string }[] }) => body.items.map((a) => a.id);

describe('the activity calendar', () => {
  it('gives the activities overlapping the days of the project’s zone, whatever the server’s', async () => {
    const project = await buildProject(camille, { timeZone: 'America/Toronto' });
    // 23:30 in Toronto is already the next day in UTC: it belongs to June 1st of the project.
    const late = await buildActivity(camille, project.id, {
      startsAt: '2027-06-01T23:30',
      durationMinutes: 20,
    });
    const overnight = await buildActivity(camille, project.id, {
      startsAt: '2027-06-01T22:00',
      durationMinutes: 180,
    });
    const nextDay = await buildActivity(camille, project.id, { startsAt: '2027-06-02T09:00' });
    const undated = await buildActivity(camille, project.id, {
      noDate: true,
      title: { fr: 'Kiosque', en: 'Kiosk' },
    });

    const june1 = await calendar(camille, project.id, '2027-06-01');
    expect(june1.status).toBe(200);
    expect(june1.body.timeZone).toBe('America/Toronto');
    expect(idsOf(june1.body)).toEqual([overnight.id, late.id]);
    expect(june1.body.items[1]).toMatchObject({
      startsAt: '2027-06-02T03:30:00.000Z',
      startsAtLocal: '2027-06-01T23:30',
      endsAtLocal: '2027-06-01T23:50',
      durationMinutes: 20,
      title: late.title,
    });
    // The activity running past midnight is on both days; the next day's own is not on June 1st.
    expect(idsOf((await calendar(camille, project.id, '2027-06-02')).body)).toEqual([
      overnight.id,
      nextDay.id,
    ]);
    expect(idsOf((await calendar(camille, project.id, '2027-05-31', '2027-06-06')).body)).toEqual([
      overnight.id,
      late.id,
      nextDay.id,
    ]);
    // Without date: beside the calendar, whatever the range.
    expect(june1.body.undated).toEqual([
      { id: undated.id, title: { fr: 'Kiosque', en: 'Kiosk' }, type: 'session' },
    ]);
    expect(june1.body.undatedTotal).toBe(1);
  });

  it('refuses a range backwards or longer than 62 days, under the field `to`, translated', async () => {
    const project = await buildProject(camille);
    const backwards = await calendar(camille, project.id, '2027-06-02', '2027-06-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual([
      { field: 'to', code: 'validation.calendar.range', message: expect.stringContaining('62') },
    ]);
    expect((await calendar(camille, project.id, '2027-06-01', '2027-08-02')).status).toBe(400);
    expect((await calendar(camille, project.id, '2027-06-01', '2027-08-01')).status).toBe(200);
    const malformed = await camille.get(`/api/projects/${project.id}/activity-calendar?from=demain&to=hier`);
    expect(malformed.status).toBe(400);
    expect(new Set(malformed.body.fields.map((f: { field: string }) => f.field))).toEqual(
      new Set(['from', 'to']),
    );
  });

  it('without days, gives the 13 days around today in the project’s zone', async () => {
    const project = await buildProject(camille, { timeZone: 'Asia/Tokyo' });
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tokyo' });
    const today = await buildActivity(camille, project.id, { startsAt: `${day(0)}T12:00` });
    const nextWeek = await buildActivity(camille, project.id, { startsAt: `${day(6)}T12:00` });
    await buildActivity(camille, project.id, { startsAt: `${day(8)}T12:00` });
    const response = await camille.get(`/api/projects/${project.id}/activity-calendar`);
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual([today.id, nextWeek.id]);
  });

  it('answers 401 without a session and 404 to another company', async () => {
    const project = await buildProject(camille);
    expect((await calendar(await anonymous(t.app), project.id, '2027-06-01')).status).toBe(401);
    const foreign = await calendar(jordan, project.id, '2027-06-01');
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('notFound');
  });
});

describe('moving an activity in the calendar (drag or resize)', () => {
  it('changes only its start and duration, in the project’s zone, and gives a date to one without', async () => {
    const project = await buildProject(camille, { timeZone: 'Europe/Paris' });
    const activity = await buildActivity(camille, project.id, {
      startsAt: '2027-06-01T09:00',
      location: 'Salle B',
      maxMembers: 12,
    });
    const moved = await schedule(camille, project.id, activity.id, {
      startsAt: '2027-06-02T14:15',
      durationMinutes: 90,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      id: activity.id,
      startsAt: '2027-06-02T12:15:00.000Z',
      startsAtLocal: '2027-06-02T14:15',
      endsAtLocal: '2027-06-02T15:45',
      durationMinutes: 90,
      title: activity.title,
      location: 'Salle B',
      maxMembers: 12,
      timeZone: 'Europe/Paris',
    });
    const reread = (await camille.get(`/api/projects/${project.id}/activities/${activity.id}`)).body;
    expect(reread.startsAtLocal).toBe('2027-06-02T14:15');

    // Moved without a duration: it keeps its own.
    const kept = await schedule(camille, project.id, activity.id, { startsAt: '2027-06-02T16:00' });
    expect(kept.body).toMatchObject({ startsAtLocal: '2027-06-02T16:00', durationMinutes: 90 });

    const undated = await buildActivity(camille, project.id, { noDate: true });
    const dated = await schedule(camille, project.id, undated.id, {
      startsAt: '2027-06-03T10:00',
      durationMinutes: 30,
    });
    expect(dated.body).toMatchObject({ noDate: false, startsAtLocal: '2027-06-03T10:00' });
  });

  it('refuses a time daylight saving skips, with the server’s message, and asks which of a repeated one', async () => {
    const project = await buildProject(camille, { timeZone: 'America/Toronto' });
    const activity = await buildActivity(camille, project.id, { startsAt: '2027-03-13T10:00' });
    const skipped = await schedule(camille, project.id, activity.id, {
      startsAt: '2027-03-14T02:30',
      durationMinutes: 60,
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.fields).toEqual([
      {
        field: 'startsAt',
        code: 'validation.activities.nonexistentTime',
        message: expect.stringContaining('02:30 n’existe pas le 2027-03-14'),
      },
    ]);
    const repeated = await schedule(camille, project.id, activity.id, {
      startsAt: '2027-11-07T01:30',
      durationMinutes: 60,
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.fields[0].code).toBe('validation.activities.ambiguousTime');
    const later = await schedule(camille, project.id, activity.id, {
      startsAt: '2027-11-07T01:30',
      startsAtOffset: 'later',
      durationMinutes: 60,
    });
    expect(later.body).toMatchObject({ startsAt: '2027-11-07T06:30:00.000Z', startsAtOffset: 'later' });
    // Nothing changed by the refusals in between.
    const reread = (await camille.get(`/api/projects/${project.id}/activities/${activity.id}`)).body;
    expect(reread.startsAt).toBe('2027-11-07T06:30:00.000Z');
  });

  it('refuses a malformed start or duration naming the field, and answers 404 to another company', async () => {
    const project = await buildProject(camille);
    const activity = await buildActivity(camille, project.id);
    const bad = await schedule(camille, project.id, activity.id, {
      startsAt: '2027-02-30T10:00',
      durationMinutes: -5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['startsAt', 'durationMinutes']);

    const missing = await schedule(camille, project.id, activity.id, { durationMinutes: 30 });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([
      { field: 'startsAt', code: 'validation.activities.startRequired', message: expect.any(String) },
    ]);

    const body = { startsAt: '2027-06-05T10:00', durationMinutes: 60 };
    const foreign = await schedule(jordan, project.id, activity.id, body);
    expect(foreign.status).toBe(404);
    const own = await buildProject(jordan);
    expect((await schedule(jordan, own.id, activity.id, body)).status).toBe(404);
    // Another project of the same company does not reach it either.
    const other = await buildProject(camille);
    expect((await schedule(camille, other.id, activity.id, body)).status).toBe(404);
    const reread = (await camille.get(`/api/projects/${project.id}/activities/${activity.id}`)).body;
    expect(reread.startsAtLocal).toBe(activity.startsAtLocal);
  });
});
