import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

const url = (projectId: string) => `/api/projects/${projectId}/landing-activities`;
const selectedOf = async (client: ApiClient, projectId: string) =>
  (await client.get(url(projectId))).body.items
    .filter((a: { onLanding: boolean }) => a.onLanding)
    .map((a: { id: string }) => a.id)
    .sort();

describe('the landing page’s selection (J6)', () => {
  it('lists every activity with its place, and a save makes the selection exactly the ids sent', async () => {
    const project = await buildProject(camille, { timeZone: 'Europe/Paris' });
    const morning = await buildActivity(camille, project.id, { startsAt: '2027-06-01T09:00', type: 'kiosk' });
    const noon = await buildActivity(camille, project.id, { startsAt: '2027-06-01T12:00' });
    const undated = await buildActivity(camille, project.id, { noDate: true });

    const list = await camille.get(url(project.id));
    expect(list.status).toBe(200);
    expect(list.body.timeZone).toBe('Europe/Paris');
    expect(list.body.items).toEqual([
      {
        id: morning.id,
        title: morning.title,
        type: 'kiosk',
        startsAt: '2027-06-01T07:00:00.000Z',
        startsAtLocal: '2027-06-01T09:00',
        onLanding: false,
      },
      expect.objectContaining({ id: noon.id, onLanding: false }),
      expect.objectContaining({ id: undated.id, startsAt: null, startsAtLocal: null, onLanding: false }),
    ]);

    const saved = await camille.put(url(project.id), { activityIds: [morning.id, undated.id, morning.id] });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ selected: 2 });
    expect(await selectedOf(camille, project.id)).toEqual([morning.id, undated.id].sort());

    // Sent again without one, and with another: the one left out leaves the page.
    await camille.put(url(project.id), { activityIds: [noon.id, undated.id] });
    expect(await selectedOf(camille, project.id)).toEqual([noon.id, undated.id].sort());
    expect((await camille.put(url(project.id), { activityIds: [] })).body).toEqual({ selected: 0 });
    expect(await selectedOf(camille, project.id)).toEqual([]);
  });

  it('refuses the whole save when an id is not an activity of this project (404), and malformed ids (400)', async () => {
    const project = await buildProject(camille);
    const mine = await buildActivity(camille, project.id);
    const elsewhere = await buildActivity(camille, (await buildProject(camille)).id);
    await camille.put(url(project.id), { activityIds: [mine.id] });

    for (const stranger of [elsewhere.id, randomUUID()]) {
      const refused = await camille.put(url(project.id), { activityIds: [stranger] });
      expect(refused.status).toBe(404);
    }
    expect(await selectedOf(camille, project.id)).toEqual([mine.id]);

    const malformed = await camille.put(url(project.id), { activityIds: ['x'] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields[0].field).toBe('activityIds.0');
    expect((await camille.put(url(project.id), {})).body.fields[0].field).toBe('activityIds');
  });

  it('answers 401 without a session and 404 to another company, changing nothing', async () => {
    const project = await buildProject(camille);
    const activity = await buildActivity(camille, project.id);
    const visitor = await anonymous(t.app);
    expect((await visitor.get(url(project.id))).status).toBe(401);
    expect((await jordan.get(url(project.id))).status).toBe(404);
    expect((await jordan.put(url(project.id), { activityIds: [activity.id] })).status).toBe(404);
    const own = await buildProject(jordan);
    expect((await jordan.put(url(own.id), { activityIds: [activity.id] })).status).toBe(404);
    expect(await selectedOf(camille, project.id)).toEqual([]);
  });
});
