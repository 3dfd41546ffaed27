import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field);

describe.each([
  ['sections (menus)', 'activity-sections', 'sectionId', 'section'],
  ['categories', 'activity-categories', 'categoryId', 'category'],
] as const)('activity %s (V2)', (_, path, field, key) => {
  const url = (projectId: string) => `/api/projects/${projectId}/${path}`;

  it('are created last, in both languages (tags stripped), listed with their activity counts and renamed', async () => {
    const project = await buildProject(camille);
    expect((await camille.get(url(project.id))).body).toEqual({ items: [] });

    const first = await camille.post(url(project.id), { name: { fr: ' <b>Conférences</b> ', en: 'Talks' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String),
      name: { fr: 'Conférences', en: 'Talks' },
      position: 0,
      activityCount: 0,
    });
    const second = await camille.post(url(project.id), { name: { fr: 'Ateliers', en: 'Workshops' } });
    expect(second.body.position).toBe(1);
    await buildActivity(camille, project.id, { [field]: second.body.id });

    const renamed = await camille.put(`${url(project.id)}/${first.body.id}`, {
      name: { fr: 'Plénières', en: 'Plenaries' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toEqual({ fr: 'Plénières', en: 'Plenaries' });

    const list = (await camille.get(url(project.id))).body;
    expect(list.items.map((c: { name: { fr: string } }) => c.name.fr)).toEqual(['Plénières', 'Ateliers']);
    expect(list.items.map((c: { activityCount: number }) => c.activityCount)).toEqual([0, 1]);
  });

  it('need both names of 2 characters at least, each under its own field, translated', async () => {
    const project = await buildProject(camille);
    const response = await camille.post(url(project.id), { name: { fr: 'A', en: '' } });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'name.fr', code: 'validation.required', message: expect.any(String) },
      { field: 'name.en', code: 'validation.required', message: expect.any(String) },
    ]);
    const missing = await camille.post(url(project.id), {});
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.body)).toEqual(['name']);
  });

  it('once deleted, their activities stay without them', async () => {
    const project = await buildProject(camille);
    const created = (await camille.post(url(project.id), { name: { fr: 'Soirée', en: 'Evening' } })).body;
    const activity = await buildActivity(camille, project.id, { [field]: created.id });
    expect(activity[key]).toEqual({ id: created.id, name: { fr: 'Soirée', en: 'Evening' } });

    expect((await camille.delete(`${url(project.id)}/${created.id}`)).body).toEqual({ ok: true });
    const after = await camille.get(`/api/projects/${project.id}/activities/${activity.id}`);
    expect(after.status).toBe(200);
    expect(after.body[key]).toBeNull();
    expect((await camille.delete(`${url(project.id)}/${created.id}`)).status).toBe(404);
  });

  it('answer 401 without a session and 404 to another company, whose ids stay untouched', async () => {
    const project = await buildProject(camille);
    const created = (await camille.post(url(project.id), { name: { fr: 'Salon', en: 'Fair' } })).body;
    const visitor = await anonymous(t.app);
    expect((await visitor.get(url(project.id))).status).toBe(401);
    expect((await visitor.post(url(project.id), { name: { fr: 'Salon', en: 'Fair' } })).status).toBe(401);

    expect((await jordan.get(url(project.id))).status).toBe(404);
    expect((await jordan.post(url(project.id), { name: { fr: 'Salon', en: 'Fair' } })).status).toBe(404);
    const rename = await jordan.put(`${url(project.id)}/${created.id}`, {
      name: { fr: 'Pris', en: 'Taken' },
    });
    expect(rename.status).toBe(404);
    expect((await jordan.delete(`${url(project.id)}/${created.id}`)).status).toBe(404);
    // Jordan's own project does not open Camille's category either.
    const own = await buildProject(jordan);
    expect(
      (await jordan.put(`${url(own.id)}/${created.id}`, { name: { fr: 'Pris', en: 'Taken' } })).status,
    ).toBe(404);
    expect((await camille.get(url(project.id))).body.items[0].name).toEqual({ fr: 'Salon', en: 'Fair' });
  });
});

it('a section is not a category: an activity refuses one for the other, naming the field', async () => {
  const project = await buildProject(camille);
  const section = (
    await camille.post(`/api/projects/${project.id}/activity-sections`, { name: { fr: 'Menu', en: 'Menu' } })
  ).body;
  const response = await camille.post(`/api/projects/${project.id}/activities`, {
    title: { fr: 'Atelier', en: 'Workshop' },
    noDate: true,
    categoryId: section.id,
  });
  expect(response.status).toBe(400);
  expect(response.body.fields).toEqual([
    {
      field: 'categoryId',
      code: 'validation.activities.unknownCategory',
      message: 'Cette catégorie n’appartient pas à ce projet.',
    },
  ]);
});
