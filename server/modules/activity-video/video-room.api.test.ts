import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withFakeWhereby, withJobQueue, withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';
import { activities } from '../../db/schema';
import { noJobs } from '../../jobs/queue';
import { activityVideoJobs, runVideoRoomJob, VIDEO_ROOM_ATTEMPTS } from './room-job';

let projectId: string;

const { whereby, env } = withFakeWhereby();
const { t, camille, jordan } = withTestApp({ env });
// The real queue on this file's database: PGlite through the adapter, PostgreSQL through its own pool.
const queue = withJobQueue(t, activityVideoJobs);
beforeAll(async () => {
  projectId = (await buildProject(camille)).id;
});
beforeEach(() => {
  whereby.reset();
  t.deps.config.whereby = { apiKey: whereby.apiKey, apiUrl: whereby.url };
});

const roomUrl = (activityId: string, pid = projectId) =>
  `/api/projects/${pid}/activities/${activityId}/video-room`;
const creations = () => whereby.requests.filter((r) => r.method === 'POST');

/** Reads the room until it is no longer pending (the job's work), as the link tab polls it. */
async function settled(client: ApiClient, activityId: string) {
  for (let waited = 0; waited < 25_000; waited += 200) {
    const room = (await client.get(roomUrl(activityId))).body;
    if (room.status !== 'pending') return room;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the video room stayed pending');
}

describe('video room (V6) through Whereby', () => {
  it('goes pending at once, then ready with both addresses of the meeting made for the activity’s end', async () => {
    const activity = await buildActivity(camille, projectId, {
      startsAt: '2027-06-01T09:00',
      durationMinutes: 90,
    });
    expect((await camille.get(roomUrl(activity.id))).body).toEqual({
      status: 'none',
      roomUrl: null,
      hostRoomUrl: null,
      error: null,
      configured: true,
      locked: null,
    });

    const release = whereby.holdNext();
    const started = await camille.post(roomUrl(activity.id), { replace: false });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ status: 'pending', roomUrl: null, hostRoomUrl: null });
    expect((await camille.get(roomUrl(activity.id))).body.status).toBe('pending');
    // A second click meanwhile creates nothing more.
    const again = await camille.post(roomUrl(activity.id), { replace: false });
    expect(again.status).toBe(409);
    expect(again.body.title).toBe('La salle vidéo de cette activité est déjà en cours de création.');
    release();

    const room = await settled(camille, activity.id);
    expect(whereby.meetings.size).toBe(1);
    const [meeting] = [...whereby.meetings.values()];
    expect(room).toEqual({
      status: 'ready',
      roomUrl: meeting.roomUrl,
      hostRoomUrl: meeting.hostRoomUrl,
      error: null,
      configured: true,
      locked: null,
    });
    // 09:00 in Toronto (UTC−4 in June) plus 90 minutes.
    expect(creations()).toEqual([
      {
        method: 'POST',
        path: '/v1/meetings',
        authorization: `Bearer ${whereby.apiKey}`,
        body: { endDate: '2027-06-01T14:30:00.000Z', fields: ['hostRoomUrl'] },
      },
    ]);

    // A job delivered again once the room is ready does nothing.
    await runVideoRoomJob(t.deps, { activityId: activity.id, attempt: 1 });
    expect(creations()).toHaveLength(1);
  });

  it('is replaced only when asked: the old meeting is deleted at Whereby, a new one made', async () => {
    const activity = await buildActivity(camille, projectId);
    await camille.post(roomUrl(activity.id), { replace: false });
    const first = await settled(camille, activity.id);
    const [old] = [...whereby.meetings.keys()];

    const refused = await camille.post(roomUrl(activity.id), { replace: false });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('activityVideo.exists');

    expect((await camille.post(roomUrl(activity.id), { replace: true })).body.status).toBe('pending');
    const second = await settled(camille, activity.id);
    expect(second.status).toBe('ready');
    expect(second.roomUrl).not.toBe(first.roomUrl);
    expect(second.hostRoomUrl).not.toBe(first.hostRoomUrl);
    expect(whereby.meetings.has(old)).toBe(false);
    expect(whereby.meetings.size).toBe(1);
    expect(whereby.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/meetings',
      `DELETE /v1/meetings/${old}`,
      'POST /v1/meetings',
    ]);
  });

  it('fails with a translated reason when Whereby refuses the key (401, 403)', async () => {
    const activity = await buildActivity(camille, projectId);
    t.deps.config.whereby = { apiKey: 'not-the-key', apiUrl: whereby.url };
    await camille.post(roomUrl(activity.id), { replace: false });
    const refused = await settled(camille, activity.id);
    expect(refused).toMatchObject({ status: 'failed', roomUrl: null, hostRoomUrl: null });
    expect(refused.error).toMatch(/^Whereby a refusé la clé d’API/);

    t.deps.config.whereby = { apiKey: whereby.apiKey, apiUrl: whereby.url };
    whereby.refuseNext({ status: 403, body: { error: 'Forbidden' } });
    await camille.post(roomUrl(activity.id), { replace: false });
    expect((await settled(camille, activity.id)).error).toMatch(/^Whereby a refusé la clé d’API/);

    // A failed room can be tried again, and then succeeds.
    await camille.post(roomUrl(activity.id), { replace: false });
    expect((await settled(camille, activity.id)).status).toBe('ready');
  });

  it('fails with Whereby’s own message on a 400, in the reader’s language', async () => {
    const project = await buildProject(jordan);
    const activity = await buildActivity(jordan, project.id);
    whereby.refuseNext({ status: 400, body: { error: '"roomMode" must be one of [normal, group]' } });
    expect((await jordan.post(roomUrl(activity.id, project.id), { replace: false })).body.status).toBe(
      'pending',
    );
    let room = (await jordan.get(roomUrl(activity.id, project.id))).body;
    for (let waited = 0; room.status === 'pending' && waited < 25_000; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      room = (await jordan.get(roomUrl(activity.id, project.id))).body;
    }
    expect(room).toMatchObject({
      status: 'failed',
      error: 'Whereby refused the request: "roomMode" must be one of [normal, group]',
    });
  });

  it('waits for Retry-After on a 429 and tries again; fails when Whereby keeps refusing', async () => {
    const activity = await buildActivity(camille, projectId);
    whereby.refuseNext({ status: 429, retryAfter: '1', method: 'POST' });
    await camille.post(roomUrl(activity.id), { replace: false });
    expect((await settled(camille, activity.id)).status).toBe('ready');
    expect(creations()).toHaveLength(2);

    const busy = await buildActivity(camille, projectId);
    whereby.reset();
    whereby.refuseNext({ status: 429, retryAfter: '1', method: 'POST' }, VIDEO_ROOM_ATTEMPTS);
    await camille.post(roomUrl(busy.id), { replace: false });
    const failed = await settled(camille, busy.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^Whereby a reçu trop de demandes/);
    expect(creations()).toHaveLength(VIDEO_ROOM_ATTEMPTS);
    expect(whereby.meetings.size).toBe(0);
  });

  it('is locked for an activity without date or already ended: shown, and refused by the server', async () => {
    const undated = await buildActivity(camille, projectId, { noDate: true, startsAt: null });
    expect((await camille.get(roomUrl(undated.id))).body).toMatchObject({ status: 'none', locked: 'noDate' });
    const refused = await camille.post(roomUrl(undated.id), { replace: false });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'activityVideo.invalidDate',
      title: 'La salle vidéo ne peut être générée que pour une activité datée qui n’est pas encore terminée.',
    });

    const past = await buildActivity(camille, projectId, { startsAt: '2021-03-01T10:00' });
    expect((await camille.get(roomUrl(past.id))).body.locked).toBe('ended');
    expect((await camille.post(roomUrl(past.id), { replace: false })).status).toBe(409);
    expect(whereby.requests).toEqual([]);
  });

  it('says so without a Whereby key, in the reader’s language', async () => {
    t.deps.config.whereby = null;
    const activity = await buildActivity(camille, projectId);
    expect((await camille.get(roomUrl(activity.id))).body).toMatchObject({
      status: 'none',
      configured: false,
    });
    const refused = await camille.post(roomUrl(activity.id), { replace: false });
    expect(refused.status).toBe(409);
    expect(refused.body.title).toMatch(/^Les salles vidéo ne sont pas configurées sur ce serveur/);

    const project = await buildProject(jordan);
    const theirs = await buildActivity(jordan, project.id);
    const english = await jordan.post(roomUrl(theirs.id, project.id), { replace: false });
    expect(english.body.title).toMatch(/^Video rooms are not configured on this server/);
  });

  it('is another company’s: 404; without a session: 401; a malformed body: 400', async () => {
    const activity = await buildActivity(camille, projectId);
    expect((await jordan.get(roomUrl(activity.id))).status).toBe(404);
    expect((await jordan.post(roomUrl(activity.id), { replace: false })).status).toBe(404);
    const visitor = await anonymous(t.app);
    expect((await visitor.get(roomUrl(activity.id))).status).toBe(401);
    const malformed = await camille.post(roomUrl(activity.id), { replace: 'yes' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields.map((f: { field: string }) => f.field)).toEqual(['replace']);
    expect(whereby.requests).toEqual([]);
    expect((await camille.get(roomUrl(activity.id))).body.status).toBe('none');
  });

  it('survives a restart: a room queued by a process that stopped is made by the next one, once', async () => {
    const activity = await buildActivity(camille, projectId);
    await queue.stop();
    // A process that queues but does not work (it stops before the job runs).
    await queue.start(false);
    expect((await camille.post(roomUrl(activity.id), { replace: false })).body.status).toBe('pending');
    await queue.stop();
    t.deps.jobs = noJobs;
    expect((await camille.get(roomUrl(activity.id))).body.status).toBe('pending');
    expect(whereby.requests).toEqual([]);

    await queue.start(true);
    const room = await settled(camille, activity.id);
    expect(room.status).toBe('ready');
    expect(creations()).toHaveLength(1);
  });

  it('a room left pending by a lost job shows as interrupted after 45 minutes and can be generated again', async () => {
    const activity = await buildActivity(camille, projectId);
    await t.database.db
      .update(activities)
      .set({ videoRoomStatus: 'pending', updatedAt: sql`now() - interval '46 minutes'` })
      .where(eq(activities.id, activity.id));
    const shown = (await camille.get(roomUrl(activity.id))).body;
    expect(shown.status).toBe('failed');
    expect(shown.error).toBe('La création de la salle a été interrompue. Réessayez.');

    expect((await camille.post(roomUrl(activity.id), { replace: false })).status).toBe(200);
    expect((await settled(camille, activity.id)).status).toBe('ready');
    expect(creations()).toHaveLength(1);
  });
});
