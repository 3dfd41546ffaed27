import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { readIcsEvents } from '../../../tests/support/ics-reader';
import {
  type ApiClient,
  anonymous,
  buildActivity,
  buildProject,
  insertParticipants,
} from '../../../tests/support/test-app';
import { activityMembers, meetings } from '../../db/schema';

const { t, camille } = withTestApp();
let visitor: ApiClient;
beforeAll(async () => {
  visitor = await anonymous(t.app);
});

/**
 * Activities entered as an organiser does (a wall time of the project's zone, the earlier or later one when it is
 * lived twice), on both sides of both daylight-saving changes of 2027 in Toronto (forward at 02:00 on 14 March,
 * back at 02:00 on 7 November), and the instants they are saved at.
 */
const ENTERED = [
  { startsAt: '2027-03-14T01:59', durationMinutes: 1, start: '2027-03-14T06:59:00.000Z' },
  { startsAt: '2027-03-14T03:00', durationMinutes: 30, start: '2027-03-14T07:00:00.000Z' },
  // 01:30 EST to 04:30 EDT: two hours.
  { startsAt: '2027-03-14T01:30', durationMinutes: 120, start: '2027-03-14T06:30:00.000Z' },
  { startsAt: '2027-11-07T00:59', durationMinutes: 1, start: '2027-11-07T04:59:00.000Z' },
  {
    startsAt: '2027-11-07T01:30',
    startsAtOffset: 'earlier',
    durationMinutes: 45,
    start: '2027-11-07T05:30:00.000Z',
  },
  {
    startsAt: '2027-11-07T01:30',
    startsAtOffset: 'later',
    durationMinutes: 45,
    start: '2027-11-07T06:30:00.000Z',
  },
  { startsAt: '2027-11-07T02:00', durationMinutes: 30, start: '2027-11-07T07:00:00.000Z' },
  // 00:30 EDT to the second 01:30 (EST): two hours.
  { startsAt: '2027-11-07T00:30', durationMinutes: 120, start: '2027-11-07T04:30:00.000Z' },
];

/** Each event's instants, read by the strict reader (RFC 5545 §3.3.5), not only by the library that wrote them. */
const instants = (text: string) =>
  readIcsEvents(text).map((e) => ({ uid: e.uid, start: e.start.iso, end: e.end.iso }));

describe('the iCalendar feeds across daylight saving', () => {
  it('write each activity and meeting at the instant it was saved, read as RFC 5545 says, in every feed', async () => {
    const project = await buildProject(camille, { timeZone: 'America/Toronto' });
    const [ana, bao] = await insertParticipants(t.deps.db, project.id, [
      { first: 'Ana', last: 'Aubé' },
      { first: 'Bao', last: 'Brûlé' },
    ]);
    const saved: Awaited<ReturnType<typeof buildActivity>>[] = [];
    for (const entered of ENTERED) {
      const { start, ...body } = entered;
      const activity = await buildActivity(camille, project.id, body);
      expect(activity.startsAt, entered.startsAt).toBe(start);
      saved.push(activity);
    }
    const owner = { companyId: camille.user.company.id as string, projectId: project.id };
    await t.deps.db
      .insert(activityMembers)
      .values(saved.map((activity) => ({ ...owner, activityId: activity.id, participantId: ana })));

    // B2B meetings of Ana and Bao at the same instants (written as a generation would).
    const session = await camille.post(`/api/projects/${project.id}/b2b-sessions`, {
      name: 'Rencontres de nuit',
      startsAtLocal: '2027-11-07T00:30',
      slotMinutes: 30,
      slotCount: ENTERED.length,
      tablesPerSlot: 1,
      defaultCap: ENTERED.length,
    });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const placed = await t.deps.db
      .insert(meetings)
      .values(
        saved.map((activity, i) => ({
          ...owner,
          sessionId: session.body.id as string,
          participantA: ana,
          participantB: bao,
          slot: i,
          tableNumber: 1,
          startsAt: new Date(activity.startsAt),
          endsAt: new Date(activity.endsAt),
        })),
      )
      .returning({ id: meetings.id });

    const expected = [
      ...saved.map((a) => ({ uid: `${a.id}@maillage`, start: a.startsAt, end: a.endsAt })),
      ...placed.map((m, i) => ({
        uid: `${m.id}@maillage-meeting`,
        start: saved[i].startsAt,
        end: saved[i].endsAt,
      })),
    ];
    const byUid = (a: { uid: string }, b: { uid: string }) => a.uid.localeCompare(b.uid);
    // The spans: 01:30 EST → 04:30 EDT is 08:30 UTC; 00:30 EDT → the second 01:30 is 06:30 UTC.
    expect(saved.map((a) => a.endsAt)).toContain('2027-03-14T08:30:00.000Z');
    expect(saved.map((a) => a.endsAt)).toContain('2027-11-07T06:30:00.000Z');

    const api = `/api/projects/${project.id}`;
    for (const participant of [null, ana]) {
      const base = participant ? `${api}/participants/${participant}` : api;
      const address = (await camille.post(`${base}/calendar-feed`)).body.path as string;
      // The public address (no session) and the organiser's download.
      for (const response of [await visitor.get(address), await camille.get(`${base}/calendar.ics`)]) {
        expect(response.status).toBe(200);
        const text = String(response.body);
        // The project's feed and Ana's hold every activity and meeting, each at its saved instants.
        expect(instants(text).sort(byUid), participant ? 'Ana’s feed' : 'the project’s feed').toEqual(
          [...expected].sort(byUid),
        );
        expect(text).not.toMatch(/TZID/);
      }
    }
    // Bao's feed: the meetings only, at the same instants.
    const baoFeed = String((await camille.get(`${api}/participants/${bao}/calendar.ics`)).body);
    expect(instants(baoFeed).sort(byUid)).toEqual(
      expected.filter((e) => e.uid.endsWith('-meeting')).sort(byUid),
    );
  });
});
