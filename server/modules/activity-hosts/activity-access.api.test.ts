import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';
import { activityMembers, projects } from '../../db/schema';

const { t, camille, jordan } = withTestApp();

/** A project with a role, a group and an activity. */
async function setup(client: ApiClient = camille) {
  const project = await buildProject(client);
  const p = `/api/projects/${project.id}`;
  const role = (await client.post(`${p}/roles`, { name: { fr: 'Acheteur', en: 'Buyer' } })).body;
  const category = (await client.post(`${p}/group-categories`, { name: { fr: 'Secteurs', en: 'Sectors' } }))
    .body;
  const group = (
    await client.post(`${p}/groups`, { categoryId: category.id, name: { fr: 'Énergie', en: 'Energy' } })
  ).body;
  const activity = await buildActivity(client, project.id, { maxMembers: 10 });
  return { project, p, role, group, activity };
}

describe.each([
  [
    'an activity',
    (s: Awaited<ReturnType<typeof setup>>) => Promise.resolve(`${s.p}/activities/${s.activity.id}`),
  ],
  [
    'a section',
    async (s: Awaited<ReturnType<typeof setup>>) =>
      `${s.p}/activity-sections/${(await camille.post(`${s.p}/activity-sections`, { name: { fr: 'Menu', en: 'Menu' } })).body.id}`,
  ],
  [
    'a category',
    async (s: Awaited<ReturnType<typeof setup>>) =>
      `${s.p}/activity-categories/${(await camille.post(`${s.p}/activity-categories`, { name: { fr: 'Cat', en: 'Cat' } })).body.id}`,
  ],
])('groups and roles of %s', (_, ownerUrl) => {
  it('is visible to all until a group or role is added, restricted after, visible to all again once removed', async () => {
    const s = await setup();
    const url = `${await ownerUrl(s)}/access`;
    expect((await camille.get(url)).body).toEqual({ restricted: false, items: [] });

    const withGroup = await camille.post(url, { kind: 'group', targetId: s.group.id });
    expect(withGroup.status).toBe(200);
    expect(withGroup.body).toEqual({
      restricted: true,
      items: [
        {
          id: expect.any(String),
          kind: 'group',
          targetId: s.group.id,
          name: { fr: 'Énergie', en: 'Energy' },
        },
      ],
    });
    const both = (await camille.post(url, { kind: 'role', targetId: s.role.id })).body;
    expect(both.items.map((i: { kind: string }) => i.kind)).toEqual(['group', 'role']);
    // Adding the same group twice changes nothing.
    expect((await camille.post(url, { kind: 'group', targetId: s.group.id })).body.items).toHaveLength(2);

    const [groupEntry, roleEntry] = both.items;
    expect((await camille.delete(`${url}/${groupEntry.id}`)).body.items).toHaveLength(1);
    expect((await camille.delete(`${url}/${roleEntry.id}`)).body).toEqual({ restricted: false, items: [] });
    expect((await camille.delete(`${url}/${roleEntry.id}`)).status).toBe(404);
  });

  it('refuses a group or role of another project, naming the field, and answers 404 to another company', async () => {
    const s = await setup();
    const url = `${await ownerUrl(s)}/access`;
    const elsewhere = await setup();
    const refused = await camille.post(url, { kind: 'group', targetId: elsewhere.group.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      {
        field: 'targetId',
        code: 'validation.activityHosts.unknown.group',
        message: 'Ce groupe n’appartient pas à ce projet.',
      },
    ]);
    const bad = await camille.post(url, { kind: 'team', targetId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toEqual(['kind', 'targetId']);

    const entry = (await camille.post(url, { kind: 'role', targetId: s.role.id })).body.items[0];
    expect((await (await anonymous(t.app)).get(url)).status).toBe(401);
    expect((await jordan.get(url)).status).toBe(404);
    expect((await jordan.post(url, { kind: 'role', targetId: s.role.id })).status).toBe(404);
    expect((await jordan.delete(`${url}/${entry.id}`)).status).toBe(404);
    // Jordan's own group on Camille's activity, and Camille's group on Jordan's: both refused.
    const own = await setup(jordan);
    expect(
      (
        await jordan.post(`${own.p}/activities/${own.activity.id}/access`, {
          kind: 'group',
          targetId: s.group.id,
        })
      ).status,
    ).toBe(400);
    expect((await jordan.delete(`${own.p}/activities/${own.activity.id}/access/${entry.id}`)).status).toBe(
      404,
    );
    expect((await camille.get(url)).body.restricted).toBe(true);
  });
});

it('a section id is not found under the categories path, nor the other way round', async () => {
  const s = await setup();
  const section = (await camille.post(`${s.p}/activity-sections`, { name: { fr: 'Menu', en: 'Menu' } })).body;
  expect((await camille.get(`${s.p}/activity-categories/${section.id}/access`)).status).toBe(404);
  expect((await camille.get(`${s.p}/activity-sections/${section.id}/access`)).status).toBe(200);
});

describe('the subscribe tab', () => {
  it('counts inscriptions per status, seats used and left, hosts, and exports the members as CSV', async () => {
    const s = await setup();
    const url = `${s.p}/activities/${s.activity.id}`;
    expect((await camille.get(`${url}/report`)).body).toEqual({
      counts: { registered: 0, confirmed: 0, attended: 0, absent: 0 },
      total: 0,
      maxMembers: 10,
      seatsLeft: 10,
      hostCount: 0,
    });
    const people = [
      ['Zoé', 'Arsenault', 'registered'],
      ['Élie', 'Bédard', 'confirmed'],
      ['Anne', 'Côté', 'confirmed'],
    ];
    for (const [firstName, lastName, status] of people) {
      const participant = (
        await camille.post(`${s.p}/participants`, {
          roleId: s.role.id,
          firstName,
          lastName,
          email: `${firstName.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@example.test`,
        })
      ).body;
      await t.deps.db.insert(activityMembers).values({
        companyId: (await t.deps.db.select().from(projects).where(eq(projects.id, s.project.id)))[0]
          .companyId,
        projectId: s.project.id,
        activityId: s.activity.id,
        participantId: participant.id,
        status,
      });
    }
    await camille.post(`${url}/hosts`, { email: 'h@example.test', firstName: 'Hé', lastName: 'Lo' });
    expect((await camille.get(`${url}/report`)).body).toEqual({
      counts: { registered: 1, confirmed: 2, attended: 0, absent: 0 },
      total: 3,
      maxMembers: 10,
      seatsLeft: 7,
      hostCount: 1,
    });

    const csv = await camille.get(`${url}/members.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = String(csv.body)
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines).toEqual([
      'Nom,Prénom,Courriel,Organisation,Statut',
      'Arsenault,Zoé,zoe@example.test,,Inscrit',
      'Bédard,Élie,elie@example.test,,Confirmé',
      'Côté,Anne,anne@example.test,,Confirmé',
    ]);
    expect((await jordan.get(`${url}/report`)).status).toBe(404);
    expect((await jordan.get(`${url}/members.csv`)).status).toBe(404);
  });

  it('sets and clears the parent; itself, one below it or another project’s activity are refused', async () => {
    const s = await setup();
    const parent = await buildActivity(camille, s.project.id);
    const child = s.activity;
    const put = (id: string, parentId: string | null) =>
      camille.put(`${s.p}/activities/${id}/parent`, { parentId });
    expect((await put(child.id, parent.id)).body).toEqual({ ok: true });
    expect((await camille.get(`${s.p}/activities/${child.id}`)).body.parentId).toBe(parent.id);

    const cycle = await put(parent.id, child.id);
    expect(cycle.status).toBe(400);
    expect(cycle.body.fields[0]).toMatchObject({
      field: 'parentId',
      code: 'validation.activities.parentCycle',
    });
    expect((await put(child.id, child.id)).body.fields[0].code).toBe('validation.activities.parentCycle');
    const elsewhere = await setup();
    expect((await put(child.id, elsewhere.activity.id)).body.fields[0].code).toBe(
      'validation.activities.unknownParent',
    );
    expect((await put(child.id, 'x')).status).toBe(400);
    expect((await jordan.put(`${s.p}/activities/${child.id}/parent`, { parentId: null })).status).toBe(404);

    expect((await put(child.id, null)).body).toEqual({ ok: true });
    expect((await camille.get(`${s.p}/activities/${child.id}`)).body.parentId).toBeNull();
  });
});

describe('the activities’ defaults (V2)', () => {
  it('keep the default menu’s name in both languages; null turns it off', async () => {
    const s = await setup();
    const url = `${s.p}/activity-settings`;
    expect((await camille.get(url)).body).toEqual({ defaultMenu: null });
    const saved = await camille.put(url, { defaultMenu: { fr: 'Programme', en: '<i>Programme</i>' } });
    expect(saved.body).toEqual({ defaultMenu: { fr: 'Programme', en: 'Programme' } });
    expect((await camille.get(url)).body).toEqual({ defaultMenu: { fr: 'Programme', en: 'Programme' } });
    const short = await camille.put(url, { defaultMenu: { fr: 'P', en: '' } });
    expect(short.status).toBe(400);
    expect(short.body.fields.map((f: { field: string }) => f.field)).toEqual([
      'defaultMenu.fr',
      'defaultMenu.en',
    ]);
    expect((await camille.put(url, { defaultMenu: null })).body).toEqual({ defaultMenu: null });
    expect((await jordan.get(url)).status).toBe(404);
    expect((await jordan.put(url, { defaultMenu: null })).status).toBe(404);
  });
});
