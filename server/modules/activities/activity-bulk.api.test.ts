import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

const bulkUrl = (projectId: string) => `/api/projects/${projectId}/activities/bulk`;
const get = async (projectId: string, id: string) =>
  (await camille.get(`/api/projects/${projectId}/activities/${id}`)).body;

/** A project (America/Toronto) with three activities starting on 2027-06-01 at 09:00, 10:00 and 11:00. */
async function programme() {
  const project = await buildProject(camille);
  const activities = [];
  for (const hour of ['09', '10', '11']) {
    activities.push(
      await buildActivity(camille, project.id, { startsAt: `2027-06-01T${hour}:00`, durationMinutes: 30 }),
    );
  }
  return { project, ids: activities.map((a) => a.id as string) };
}

describe('bulk actions on activities (V1)', () => {
  it('6 start date: every start moves to the local time given, durations kept; or no date', async () => {
    const { project, ids } = await programme();
    const response = await camille.post(bulkUrl(project.id), {
      action: 'startDate',
      ids: ids.slice(0, 2),
      startsAt: '2027-06-02T14:00',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ updated: 2 });
    expect(await get(project.id, ids[0])).toMatchObject({
      startsAt: '2027-06-02T18:00:00.000Z',
      endsAtLocal: '2027-06-02T14:30',
    });
    expect((await get(project.id, ids[2])).startsAtLocal).toBe('2027-06-01T11:00');

    await camille.post(bulkUrl(project.id), { action: 'startDate', ids: [ids[2]], noDate: true });
    expect(await get(project.id, ids[2])).toMatchObject({ noDate: true, startsAt: null });
    // A start given again brings the date back.
    await camille.post(bulkUrl(project.id), {
      action: 'startDate',
      ids: [ids[2]],
      startsAt: '2027-06-03T08:00',
    });
    expect(await get(project.id, ids[2])).toMatchObject({ noDate: false, startsAtLocal: '2027-06-03T08:00' });

    const missing = await camille.post(bulkUrl(project.id), { action: 'startDate', ids });
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({
      field: 'startsAt',
      code: 'validation.activities.startRequired',
    });
  });

  it('6 start date follows the daylight-saving rules', async () => {
    const { project, ids } = await programme();
    const skipped = await camille.post(bulkUrl(project.id), {
      action: 'startDate',
      ids,
      startsAt: '2026-03-08T02:30',
    });
    expect(skipped.status).toBe(400);
    expect(skipped.body.fields[0]).toMatchObject({
      field: 'startsAt',
      code: 'validation.activities.nonexistentTime',
    });
    const twice = await camille.post(bulkUrl(project.id), {
      action: 'startDate',
      ids,
      startsAt: '2026-11-01T01:30',
    });
    expect(twice.body.fields[0].code).toBe('validation.activities.ambiguousTime');
    const chosen = await camille.post(bulkUrl(project.id), {
      action: 'startDate',
      ids,
      startsAt: '2026-11-01T01:30',
      startsAtOffset: 'later',
    });
    expect(chosen.body).toEqual({ updated: 3 });
    expect((await get(project.id, ids[1])).startsAt).toBe('2026-11-01T06:30:00.000Z');
  });

  it('5 end date: each duration runs to the end given; refused whole when one would start after it', async () => {
    const { project, ids } = await programme();
    const response = await camille.post(bulkUrl(project.id), {
      action: 'endDate',
      ids,
      endsAt: '2027-06-01T12:00',
    });
    expect(response.body).toEqual({ updated: 3 });
    expect((await get(project.id, ids[0])).durationMinutes).toBe(180);
    expect((await get(project.id, ids[2])).durationMinutes).toBe(60);

    const before = await camille.post(bulkUrl(project.id), {
      action: 'endDate',
      ids,
      endsAt: '2027-06-01T10:30',
    });
    expect(before.status).toBe(400);
    expect(before.body.fields).toEqual([
      {
        field: 'endsAt',
        code: 'validation.activities.endBeforeStart',
        message: '1 activité cochée commence après cette fin.',
      },
    ]);
    // Nothing changed: all or none.
    expect((await get(project.id, ids[0])).durationMinutes).toBe(180);

    await camille.post(bulkUrl(project.id), { action: 'endDate', ids: [ids[0]], noDate: true });
    const undated = await camille.post(bulkUrl(project.id), {
      action: 'endDate',
      ids,
      endsAt: '2027-06-01T13:00',
    });
    expect(undated.body.fields[0]).toMatchObject({
      field: 'endsAt',
      code: 'validation.activities.endWithoutStart',
    });
    const missing = await camille.post(bulkUrl(project.id), { action: 'endDate', ids });
    expect(missing.body.fields[0]).toMatchObject({
      field: 'endsAt',
      code: 'validation.activities.endRequired',
    });
  });

  it('7 type, 9 maximum members and 16 hybrid type set one value on every activity', async () => {
    const { project, ids } = await programme();
    expect((await camille.post(bulkUrl(project.id), { action: 'type', ids, type: 'meeting' })).body).toEqual({
      updated: 3,
    });
    await camille.post(bulkUrl(project.id), { action: 'maxMembers', ids, maxMembers: 8 });
    await camille.post(bulkUrl(project.id), { action: 'hybridType', ids, hybridType: 'hybrid' });
    expect(await get(project.id, ids[1])).toMatchObject({
      type: 'meeting',
      maxMembers: 8,
      hybridType: 'hybrid',
    });
    await camille.post(bulkUrl(project.id), { action: 'maxMembers', ids, maxMembers: null });
    expect((await get(project.id, ids[1])).maxMembers).toBeNull();

    const bad = await camille.post(bulkUrl(project.id), { action: 'maxMembers', ids, maxMembers: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({
      field: 'maxMembers',
      code: 'validation.activities.maxMembers',
    });
    const badType = await camille.post(bulkUrl(project.id), { action: 'type', ids, type: 'party' });
    expect(badType.body.fields[0]).toMatchObject({ field: 'type', code: 'validation.activities.type' });
  });

  it('8 category and 15 section: one of this project, or none', async () => {
    const { project, ids } = await programme();
    const other = await buildProject(camille);
    const category = (
      await camille.post(`/api/projects/${project.id}/activity-categories`, {
        name: { fr: 'Affaires', en: 'Business' },
      })
    ).body;
    const section = (
      await camille.post(`/api/projects/${project.id}/activity-sections`, {
        name: { fr: 'Jour 1', en: 'Day 1' },
      })
    ).body;
    const foreign = (
      await camille.post(`/api/projects/${other.id}/activity-sections`, {
        name: { fr: 'Ailleurs', en: 'Elsewhere' },
      })
    ).body;

    await camille.post(bulkUrl(project.id), { action: 'category', ids, categoryId: category.id });
    await camille.post(bulkUrl(project.id), { action: 'section', ids, sectionId: section.id });
    expect(await get(project.id, ids[0])).toMatchObject({
      category: { id: category.id, name: { fr: 'Affaires', en: 'Business' } },
      section: { id: section.id },
    });
    const refused = await camille.post(bulkUrl(project.id), {
      action: 'section',
      ids,
      sectionId: foreign.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]).toMatchObject({
      field: 'sectionId',
      code: 'validation.activities.unknownSection',
    });
    const notACategory = await camille.post(bulkUrl(project.id), {
      action: 'category',
      ids,
      categoryId: section.id,
    });
    expect(notACategory.body.fields[0].field).toBe('categoryId');

    await camille.post(bulkUrl(project.id), { action: 'category', ids, categoryId: null });
    expect((await get(project.id, ids[0])).category).toBeNull();
  });

  it('14 migration: the activities go to another project of the company, with their description', async () => {
    const { project, ids } = await programme();
    const target = await buildProject(camille, { timeZone: 'Europe/Paris' });
    const section = (
      await camille.post(`/api/projects/${project.id}/activity-sections`, {
        name: { fr: 'Menu', en: 'Menu' },
      })
    ).body;
    const parent = await buildActivity(camille, project.id, {
      sectionId: section.id,
      description: { fr: '<p>Programme</p>', en: '' },
    });
    const child = await buildActivity(camille, project.id, { parentId: parent.id });
    const stays = await buildActivity(camille, project.id, { parentId: parent.id });

    const response = await camille.post(bulkUrl(project.id), {
      action: 'migration',
      ids: [parent.id, child.id, ids[0]],
      projectId: target.id,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ updated: 3 });

    expect((await camille.get(`/api/projects/${project.id}/activities/${parent.id}`)).status).toBe(404);
    const moved = await get(target.id, parent.id);
    expect(moved).toMatchObject({
      section: null,
      description: { fr: '<p>Programme</p>' },
      childCount: 1,
      timeZone: 'Europe/Paris',
      // The same instant, read in the new project's zone.
      startsAt: parent.startsAt,
      startsAtLocal: '2027-06-01T15:00',
    });
    expect((await get(target.id, child.id)).parentId).toBe(parent.id);
    // The child left behind no longer points across projects.
    expect((await get(project.id, stays.id)).parentId).toBeNull();
    // Its text is the new project's: the missing-translations reports say so.
    const missing = async (projectId: string) =>
      (await camille.get(`/api/projects/${projectId}/texts/missing`)).body.items.filter(
        (i: { ownerId: string }) => i.ownerId === parent.id,
      );
    expect(await missing(target.id)).toEqual([
      { kind: 'activity.description', ownerId: parent.id, missing: ['en'] },
    ]);
    expect(await missing(project.id)).toEqual([]);

    const same = await camille.post(bulkUrl(project.id), {
      action: 'migration',
      ids: [ids[1]],
      projectId: project.id,
    });
    expect(same.status).toBe(400);
    expect(same.body.fields[0]).toMatchObject({
      field: 'projectId',
      code: 'validation.activities.targetProject',
    });
    const jordansProject = await buildProject(jordan);
    const foreign = await camille.post(bulkUrl(project.id), {
      action: 'migration',
      ids: [ids[1]],
      projectId: jordansProject.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields[0].field).toBe('projectId');
  });

  it('refuses an empty selection, an unknown action and a malformed id, naming the field', async () => {
    const { project, ids } = await programme();
    const none = await camille.post(bulkUrl(project.id), { action: 'type', ids: [], type: 'forum' });
    expect(none.status).toBe(400);
    expect(none.body.fields[0]).toMatchObject({ field: 'ids', code: 'validation.activities.noneSelected' });
    const unknown = await camille.post(bulkUrl(project.id), { action: 'colour', ids });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0]).toMatchObject({
      field: 'action',
      code: 'validation.activities.bulkAction',
    });
    const malformed = await camille.post(bulkUrl(project.id), { action: 'type', ids: ['x'], type: 'forum' });
    expect(malformed.body.fields[0].field).toBe('ids.0');
  });

  it('answers 401 without a session, and 404 for any id that is not of the project, changing nothing', async () => {
    const { project, ids } = await programme();
    const elsewhere = await buildProject(camille);
    const outsider = await buildActivity(camille, elsewhere.id);
    const body = { action: 'type', ids, type: 'forum' };

    expect((await (await anonymous(t.app)).post(bulkUrl(project.id), body)).status).toBe(401);
    expect((await jordan.post(bulkUrl(project.id), body)).status).toBe(404);
    const jordansProject = await buildProject(jordan);
    expect((await jordan.post(bulkUrl(jordansProject.id), body)).status).toBe(404);
    const mixed = await camille.post(bulkUrl(project.id), { ...body, ids: [...ids, outsider.id] });
    expect(mixed.status).toBe(404);
    expect((await get(project.id, ids[0])).type).toBe('session');
    expect((await get(elsewhere.id, outsider.id)).type).toBe('session');
  });
});
