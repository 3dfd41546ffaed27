import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { readIcsEvents } from '../../../tests/support/ics-reader';
import {
  type ApiClient,
  type ApiResponse,
  anonymous,
  buildActivity,
  buildProject,
} from '../../../tests/support/test-app';
import { activityHosts, activityMembers, projects, roles } from '../../db/schema';
import { FEED_READS_PER_MINUTE } from './routes';

let visitor: ApiClient;

const { t, camille, jordan } = withTestApp();
beforeAll(async () => {
  visitor = await anonymous(t.app);
});

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  start: string;
  end: string;
  /** DTSTART as written (unfolded). */
  startLine: string;
}

/**
 * Reads a feed: its text as a calendar application does (ical.js: unescaping), each event's instants with the strict
 * reader, which reads a TZID wall time as RFC 5545 §3.3.5 says (ical.js does not on a time lived twice).
 */
function parseFeed(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const instants = new Map(readIcsEvents(text).map((e) => [e.uid, e]));
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const read = instants.get(event.uid);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? null,
      start: String(read?.start.iso),
      end: String(read?.end.iso),
      startLine: String(read?.start.line),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}

const feedUrl = (projectId: string, participantId?: string) =>
  `/api/projects/${projectId}${participantId ? `/participants/${participantId}` : ''}/calendar-feed`;

async function makeFeed(client: ApiClient, projectId: string, participantId?: string): Promise<string> {
  const response = await client.post(feedUrl(projectId, participantId));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.path).toMatch(/^\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
  return response.body.path;
}

const readPublic = (path: string): Promise<ApiResponse> => visitor.get(path);

async function addParticipant(projectId: string, firstName: string, lastName: string) {
  const [project] = await t.database.db.select().from(projects).where(eq(projects.id, projectId));
  const [role] = await t.database.db
    .insert(roles)
    .values({ companyId: project.companyId, projectId, nameFr: 'Visiteur', nameEn: 'Visitor', position: 0 })
    .returning();
  const response = await camille.post(`/api/projects/${projectId}/participants`, {
    roleId: role.id,
    firstName,
    lastName,
    email: `participant.${randomUUID()}@example.test`,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { id: response.body.id as string, companyId: project.companyId };
}

describe('the project’s iCalendar feed', () => {
  it('holds every dated activity at its instants, written in UTC, the project’s zone named, across daylight saving', async () => {
    const project = await buildProject(camille, {
      timeZone: 'America/Toronto',
      defaultLanguage: 'en',
      nameFr: 'Salon des affaires',
      nameEn: 'Business fair',
    });
    // Starts at 01:30 EST and ends at 04:30 EDT: clocks move forward at 02:00 that night (2 hours long).
    const acrossSpring = await buildActivity(camille, project.id, {
      title: { fr: 'Nuit blanche', en: 'All-nighter' },
      startsAt: '2027-03-14T01:30',
      durationMinutes: 120,
    });
    // The second 01:30 of the night clocks fall back.
    const repeated = await buildActivity(camille, project.id, {
      title: { fr: 'Heure double', en: 'Double hour' },
      startsAt: '2027-11-07T01:30',
      startsAtOffset: 'later',
      durationMinutes: 45,
    });
    const escaped = await buildActivity(camille, project.id, {
      title: { fr: 'Café', en: 'Coffee, tea; « 王小明 » \\ 🎉 Ünïcødé' },
      location: 'Salle A; étage 2, aile « nord » 🍁',
      startsAt: '2027-06-01T09:00',
    });
    await buildActivity(camille, project.id, { noDate: true, title: { fr: 'Sans date', en: 'Undated' } });

    const path = await makeFeed(camille, project.id);
    const response = await readPublic(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = String(response.body);
    // Instants in UTC: no TZID to interpret, the project's zone named for display.
    expect(text).toContain('X-WR-TIMEZONE:America/Toronto');
    expect(text).not.toMatch(/TZID|VTIMEZONE/);
    // Escaped as RFC 5545 says (a comma and a semicolon are written \, and \;).
    expect(text).toContain('SUMMARY:Coffee\\, tea\\; « 王小明 » \\\\ 🎉 Ünïcødé');

    const feed = parseFeed(text);
    // Named and titled in the project's default language (English here); no event for the undated activity.
    expect(feed.name).toBe('Business fair');
    expect(feed.events).toHaveLength(3);
    for (const activity of [acrossSpring, repeated, escaped]) {
      const event = feed.events.find((e) => e.uid === `${activity.id}@maillage`);
      expect(event, activity.title.en).toMatchObject({
        summary: activity.title.en,
        start: activity.startsAt,
        end: activity.endsAt,
      });
    }
    expect(acrossSpring.endsAt).toBe('2027-03-14T08:30:00.000Z');
    expect(repeated.startsAt).toBe('2027-11-07T06:30:00.000Z');
    // Written as that instant: the wall time 01:30 with TZID would mean the first 01:30, 05:30 UTC.
    expect(feed.events.find((e) => e.uid === `${repeated.id}@maillage`)?.startLine).toBe(
      'DTSTART:20271107T063000Z',
    );
    expect(feed.events.find((e) => e.uid === `${escaped.id}@maillage`)?.location).toBe(escaped.location);

    // The download from the back office is the same calendar, as an attachment.
    const download = await camille.get(`/api/projects/${project.id}/calendar.ics`);
    expect(download.status).toBe(200);
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="/);
    expect(
      parseFeed(String(download.body))
        .events.map((e) => e.uid)
        .sort(),
    ).toEqual(feed.events.map((e) => e.uid).sort());
  });

  it('keeps its address until regenerated; then the old address answers 404 and the new one the feed', async () => {
    const project = await buildProject(camille);
    expect((await camille.get(feedUrl(project.id))).body).toEqual({ path: null, createdAt: null });
    const first = await makeFeed(camille, project.id);
    expect((await camille.get(feedUrl(project.id))).body.path).toBe(first);
    expect((await readPublic(first)).status).toBe(200);

    const second = await makeFeed(camille, project.id);
    expect(second).not.toBe(first);
    expect((await camille.get(feedUrl(project.id))).body.path).toBe(second);
    const old = await readPublic(first);
    expect(old.status).toBe(404);
    expect(old.body.code).toBe('notFound');
    expect((await readPublic(second)).status).toBe(200);
  });

  it('answers 404 to an unknown token or a name that is not one, without a session', async () => {
    expect((await readPublic('/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics')).status).toBe(404);
    expect((await readPublic('/calendar/not-a-token')).status).toBe(404);
    expect((await readPublic('/calendar/..%2Fapi.ics')).status).toBe(404);
  });

  it('is not shown, made or downloaded by another company (404), nor without a session (401)', async () => {
    const project = await buildProject(camille);
    const path = await makeFeed(camille, project.id);
    expect((await jordan.get(feedUrl(project.id))).status).toBe(404);
    expect((await jordan.post(feedUrl(project.id))).status).toBe(404);
    expect((await jordan.get(`/api/projects/${project.id}/calendar.ics`)).status).toBe(404);
    expect((await visitor.get(feedUrl(project.id))).status).toBe(401);
    expect((await visitor.get(`/api/projects/${project.id}/calendar.ics`)).status).toBe(401);
    // Camille's address still works: Jordan's attempt regenerated nothing.
    expect((await camille.get(feedUrl(project.id))).body.path).toBe(path);
  });
});

describe('a participant’s iCalendar feed', () => {
  it('holds the dated activities the participant is inscribed in or hosts, and no other', async () => {
    const project = await buildProject(camille, { nameFr: 'Journée B2B', defaultLanguage: 'fr' });
    const ana = await addParticipant(project.id, 'Ana', 'Roy');
    const other = await addParticipant(project.id, 'Léo', 'Gagnon');
    const inscribed = await buildActivity(camille, project.id, { startsAt: '2027-06-01T09:00' });
    const hosted = await buildActivity(camille, project.id, { startsAt: '2027-06-01T11:00' });
    const notHers = await buildActivity(camille, project.id, { startsAt: '2027-06-01T13:00' });
    const undatedInscribed = await buildActivity(camille, project.id, { noDate: true });
    const owner = { companyId: ana.companyId, projectId: project.id };
    await t.database.db.insert(activityMembers).values([
      { ...owner, activityId: inscribed.id, participantId: ana.id },
      { ...owner, activityId: undatedInscribed.id, participantId: ana.id },
      { ...owner, activityId: notHers.id, participantId: other.id },
    ]);
    await t.database.db.insert(activityHosts).values({
      ...owner,
      activityId: hosted.id,
      participantId: ana.id,
      email: 'ana@example.test',
      firstName: 'Ana',
      lastName: 'Roy',
    });

    const path = await makeFeed(camille, project.id, ana.id);
    const feed = parseFeed(String((await readPublic(path)).body));
    expect(feed.name).toBe('Journée B2B — Ana Roy');
    expect(feed.events.map((e) => e.uid)).toEqual([`${inscribed.id}@maillage`, `${hosted.id}@maillage`]);
    expect(feed.events[0]).toMatchObject({ summary: inscribed.title.fr, start: inscribed.startsAt });

    // The project's feed and the other participant's are other addresses.
    expect(await makeFeed(camille, project.id)).not.toBe(path);
    const hers = parseFeed(
      String((await camille.get(`/api/projects/${project.id}/participants/${ana.id}/calendar.ics`)).body),
    );
    expect(hers.events).toHaveLength(2);

    // Regenerated: the old address stops answering.
    const next = await makeFeed(camille, project.id, ana.id);
    expect((await readPublic(path)).status).toBe(404);
    expect((await readPublic(next)).status).toBe(200);
  });

  it('answers 404 for a participant of another project or company', async () => {
    const project = await buildProject(camille);
    const ana = await addParticipant(project.id, 'Ana', 'Roy');
    const otherProject = await buildProject(camille);
    expect((await camille.get(feedUrl(otherProject.id, ana.id))).status).toBe(404);
    expect((await camille.post(feedUrl(otherProject.id, ana.id))).status).toBe(404);
    expect((await jordan.get(feedUrl(project.id, ana.id))).status).toBe(404);
    expect((await jordan.post(feedUrl(project.id, ana.id))).status).toBe(404);
    expect((await jordan.get(`/api/projects/${project.id}/participants/${ana.id}/calendar.ics`)).status).toBe(
      404,
    );
    const own = await buildProject(jordan);
    expect((await jordan.post(feedUrl(own.id, ana.id))).status).toBe(404);
    expect((await camille.get(feedUrl(project.id, ana.id))).body.path).toBeNull();
  });
});

// Last: it spends the minute's allowance of this client address.
it('limits the reads of the public addresses per client address and minute (429)', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= FEED_READS_PER_MINUTE; i++) {
    statuses.push((await readPublic('/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB.ics')).status);
  }
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.filter((s) => s === 404).length).toBeLessThan(FEED_READS_PER_MINUTE);
});
