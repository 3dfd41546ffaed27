import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildProject } from '../../../tests/support/test-app';
import { participants, persons, projects, roles } from '../../db/schema';

type Group = { id: string; categoryId: string; name: { fr: string; en: string }; memberCount: number };
type Category = { id: string; name: { fr: string; en: string }; groups: Group[] };

const { t, camille: organiser, jordan: boreal } = withTestApp();

const base = (projectId: string) => `/api/projects/${projectId}`;
const name = (fr: string, en = `${fr} (en)`) => ({ fr, en });

async function addCategory(projectId: string, fr: string): Promise<Category> {
  const response = await organiser.post(`${base(projectId)}/group-categories`, { name: name(fr) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function addGroup(projectId: string, categoryId: string, fr: string): Promise<Group> {
  const response = await organiser.post(`${base(projectId)}/groups`, { categoryId, name: name(fr) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const tree = async (projectId: string, client = organiser) =>
  (await client.get(`${base(projectId)}/groups`)).body as { categories: Category[] };
const outline = async (projectId: string) =>
  (await tree(projectId)).categories.map((c) => [c.name.fr, c.groups.map((g) => g.name.fr)]);

/** Participants of a project, inserted directly (the participants module is built beside this one). */
async function addParticipants(projectId: string, people: { first: string; last: string; email: string }[]) {
  const db = t.deps.db;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const [role] = await db
    .insert(roles)
    .values({ companyId: project.companyId, projectId, nameFr: 'Acheteur', nameEn: 'Buyer' })
    .returning();
  const ids: string[] = [];
  for (const p of people) {
    const [person] = await db
      .insert(persons)
      .values({ companyId: project.companyId, email: p.email, firstName: p.first, lastName: p.last })
      .returning();
    const [participant] = await db
      .insert(participants)
      .values({ companyId: project.companyId, projectId, personId: person.id, roleId: role.id })
      .returning();
    ids.push(participant.id);
  }
  return ids;
}

/** A multipart POST of one file, signed in, as the browser sends it. */
async function uploadFile(client: ApiClient, url: string, content: string | Uint8Array, filename: string) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), filename);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: form,
    cookies: { ...client.cookies },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  return { status: response.statusCode, body: response.json() };
}

describe('group categories and groups (U4)', () => {
  it('lists the seeded categories of the first demo project, in both languages, with their members', async () => {
    const list = await organiser.get('/api/projects?q=Journée B2B Montréal 2026');
    const project = list.body.items.find((p: { nameFr: string }) => p.nameFr === 'Journée B2B Montréal 2026');
    const { categories } = await tree(project.id);
    expect(categories.map((c) => c.name)).toEqual([
      { fr: 'Secteurs d’activité', en: 'Industries' },
      { fr: 'Régions', en: 'Regions' },
    ]);
    expect(categories[1].groups.map((g) => g.name.en)).toEqual(['Montréal', 'Québec City', 'Ontario']);
    // The demo participants are sorted into the groups: each group of a category counts its members.
    const members = categories.flatMap((c) => c.groups.map((g) => g.memberCount));
    expect(members.every((n) => n >= 0)).toBe(true);
    expect(members.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('creates, renames and orders categories and groups; a new one goes last', async () => {
    const project = await buildProject(organiser);
    expect(await tree(project.id)).toEqual({ categories: [] });
    const sectors = await addCategory(project.id, 'Secteurs');
    const regions = await addCategory(project.id, 'Régions');
    expect(sectors).toMatchObject({ name: { fr: 'Secteurs', en: 'Secteurs (en)' }, groups: [] });
    await addGroup(project.id, sectors.id, 'Santé');
    const food = await addGroup(project.id, sectors.id, 'Agroalimentaire');
    expect(food).toMatchObject({ categoryId: sectors.id, memberCount: 0 });
    expect(await outline(project.id)).toEqual([
      ['Secteurs', ['Santé', 'Agroalimentaire']],
      ['Régions', []],
    ]);

    const renamed = await organiser.put(`${base(project.id)}/group-categories/${regions.id}`, {
      name: { fr: '<b>Régions</b> du Québec', en: 'Québec regions' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toEqual({ fr: 'Régions du Québec', en: 'Québec regions' });

    // Moved to another category by its edit form, the group goes to that category's end.
    const moved = await organiser.put(`${base(project.id)}/groups/${food.id}`, {
      categoryId: regions.id,
      name: name('Alimentation'),
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ categoryId: regions.id, name: { fr: 'Alimentation' } });
    expect(await outline(project.id)).toEqual([
      ['Secteurs', ['Santé']],
      ['Régions du Québec', ['Alimentation']],
    ]);
  });

  it('refuses names shorter than 2 characters, longer than 100, or missing a language, in the caller’s language', async () => {
    const project = await buildProject(organiser);
    const short = await organiser.post(`${base(project.id)}/group-categories`, {
      name: { fr: 'A', en: ' ' },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['name.en', 'name.fr']);
    const long = await organiser.post(`${base(project.id)}/group-categories`, {
      name: { fr: 'x'.repeat(101), en: 'Fine' },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields[0]).toMatchObject({ field: 'name.fr', code: 'validation.tooLong' });
    // Tags do not count: "<i>A</i>" is one character.
    const tags = await organiser.post(`${base(project.id)}/group-categories`, {
      name: { fr: '<i>A</i>', en: 'Fine' },
    });
    expect(tags.status).toBe(400);
    const category = await addCategory(project.id, 'Secteurs');
    const group = await organiser.post(`${base(project.id)}/groups`, {
      categoryId: category.id,
      name: { fr: 'Ok' },
    });
    expect(group.status).toBe(400);
    expect(group.body.fields[0].field).toBe('name.en');
  });

  it('refuses a group in a category of another project, under its field', async () => {
    const project = await buildProject(organiser);
    const other = await buildProject(organiser);
    const foreign = await addCategory(other.id, 'Ailleurs');
    const response = await organiser.post(`${base(project.id)}/groups`, {
      categoryId: foreign.id,
      name: name('Groupe'),
    });
    expect(response.status).toBe(400);
    expect(response.body.fields[0]).toMatchObject({
      field: 'categoryId',
      code: 'validation.groups.unknownCategory',
    });
  });

  it('keeps a category that still has groups, saying how many, in French and in English', async () => {
    const project = await buildProject(organiser);
    const category = await addCategory(project.id, 'Secteurs');
    const health = await addGroup(project.id, category.id, 'Santé');
    await addGroup(project.id, category.id, 'Énergie');
    const url = `${base(project.id)}/group-categories/${category.id}`;
    const fr = await organiser.request({ method: 'DELETE', url, headers: { 'accept-language': 'fr' } });
    expect(fr.status).toBe(409);
    expect(fr.body.code).toBe('groups.categoryNotEmpty');
    expect(fr.body.title).toBe(
      'Cette catégorie contient encore 2 groupes : supprimez-les ou déplacez-les d’abord.',
    );
    expect((await boreal.request({ method: 'DELETE', url })).status).toBe(404);

    await organiser.patch('/api/me', { locale: 'en' });
    try {
      await organiser.delete(`${base(project.id)}/groups/${health.id}`);
      const one = await organiser.delete(url);
      expect(one.status).toBe(409);
      expect(one.body.title).toBe('This category still holds 1 group: delete or move it first.');
    } finally {
      await organiser.patch('/api/me', { locale: 'fr' });
    }
    const [rest] = (await tree(project.id)).categories[0].groups;
    expect((await organiser.delete(`${base(project.id)}/groups/${rest.id}`)).status).toBe(200);
    expect((await organiser.delete(url)).status).toBe(200);
    expect(await tree(project.id)).toEqual({ categories: [] });
    expect((await organiser.delete(url)).status).toBe(404);
  });

  it('saves a new order of categories and groups; refuses ids of another project or a group outside categories', async () => {
    const project = await buildProject(organiser);
    const a = await addCategory(project.id, 'Aa');
    const b = await addCategory(project.id, 'Bb');
    const a1 = await addGroup(project.id, a.id, 'Aa1');
    const a2 = await addGroup(project.id, a.id, 'Aa2');
    const b1 = await addGroup(project.id, b.id, 'Bb1');
    const url = `${base(project.id)}/group-order`;

    const saved = await organiser.put(url, {
      items: [],
      categories: [
        { id: b.id, items: [a2.id, b1.id] },
        { id: a.id, items: [a1.id] },
      ],
    });
    expect(saved.status).toBe(200);
    expect(await outline(project.id)).toEqual([
      ['Bb', ['Aa2', 'Bb1']],
      ['Aa', ['Aa1']],
    ]);

    const other = await buildProject(organiser);
    const foreign = await addCategory(other.id, 'Zz');
    const foreignGroup = await addGroup(other.id, foreign.id, 'Zz1');
    for (const body of [
      {
        items: [],
        categories: [
          { id: foreign.id, items: [a1.id, a2.id, b1.id] },
          { id: a.id, items: [] },
        ],
      },
      {
        items: [],
        categories: [
          { id: a.id, items: [a1.id, a2.id, foreignGroup.id] },
          { id: b.id, items: [] },
        ],
      },
      {
        items: [],
        categories: [
          { id: a.id, items: [a1.id, a2.id] },
          { id: b.id, items: [] },
        ],
      },
      {
        items: [],
        categories: [
          { id: a.id, items: [a1.id, a1.id, a2.id, b1.id] },
          { id: b.id, items: [] },
        ],
      },
    ]) {
      const refused = await organiser.put(url, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('groups.orderMismatch');
    }
    const outside = await organiser.put(url, {
      items: [a1.id],
      categories: [
        { id: a.id, items: [a2.id] },
        { id: b.id, items: [b1.id] },
      ],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.code).toBe('groups.groupOutsideCategory');
    expect(await outline(project.id)).toEqual([
      ['Bb', ['Aa2', 'Bb1']],
      ['Aa', ['Aa1']],
    ]);
  });

  it('hides another company’s project, categories and groups (404), and asks for a session (401)', async () => {
    const project = await buildProject(organiser);
    const category = await addCategory(project.id, 'Secteurs');
    const group = await addGroup(project.id, category.id, 'Santé');
    expect((await boreal.get(`${base(project.id)}/groups`)).status).toBe(404);
    expect(
      (
        await boreal.put(`${base(project.id)}/groups/${group.id}`, {
          categoryId: category.id,
          name: name('X1'),
        })
      ).status,
    ).toBe(404);
    expect((await boreal.delete(`${base(project.id)}/groups/${group.id}`)).status).toBe(404);
    expect((await boreal.get(`${base(project.id)}/groups/${group.id}/members`)).status).toBe(404);
    // A group of this company named under a project of its own is not found either.
    const own = await buildProject(boreal);
    expect((await boreal.delete(`${base(own.id)}/groups/${group.id}`)).status).toBe(404);
    expect((await boreal.delete(`${base(own.id)}/group-categories/${category.id}`)).status).toBe(404);
    const nobody = await anonymous(t.app);
    expect((await nobody.get(`${base(project.id)}/groups`)).status).toBe(401);
    expect((await nobody.post(`${base(project.id)}/group-categories`, { name: name('Xx') })).status).toBe(
      401,
    );
    expect((await tree(project.id)).categories[0].groups).toHaveLength(1);
  });
});

describe('group members (U4)', () => {
  it('lists, adds, finds and removes members; counts them; deleting the group keeps the participants', async () => {
    const project = await buildProject(organiser);
    const category = await addCategory(project.id, 'Secteurs');
    const group = await addGroup(project.id, category.id, 'Santé');
    const [alice, bruno, chloe] = await addParticipants(project.id, [
      { first: 'Alice', last: 'Tremblay', email: `alice-${randomUUID()}@example.test` },
      { first: 'Bruno', last: 'Gagnon', email: `bruno-${randomUUID()}@example.test` },
      { first: 'Chloé', last: 'Roy', email: `chloe-${randomUUID()}@example.test` },
    ]);
    const members = `${base(project.id)}/groups/${group.id}/members`;

    const candidates = await organiser.get(`${base(project.id)}/groups/${group.id}/candidates?q=chloe`);
    expect(candidates.status).toBe(200);
    expect(candidates.body.map((c: { firstName: string }) => c.firstName)).toEqual(['Chloé']);

    const added = await organiser.post(members, { participantIds: [alice, bruno] });
    expect(added.body).toEqual({ added: 2, already: 0 });
    const again = await organiser.post(members, { participantIds: [bruno, chloe] });
    expect(again.body).toEqual({ added: 1, already: 1 });

    const page = await organiser.get(`${members}?pageSize=25`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    // By last name: Gagnon, Roy, Tremblay.
    expect(page.body.items.map((m: { lastName: string }) => m.lastName)).toEqual([
      'Gagnon',
      'Roy',
      'Tremblay',
    ]);
    expect(page.body.items[0]).toMatchObject({ firstName: 'Bruno', role: { fr: 'Acheteur', en: 'Buyer' } });
    const searched = await organiser.get(`${members}?q=tremb`);
    expect(searched.body.items.map((m: { participantId: string }) => m.participantId)).toEqual([alice]);
    expect((await organiser.get(`${base(project.id)}/groups/${group.id}/candidates`)).body).toEqual([]);
    expect((await tree(project.id)).categories[0].groups[0].memberCount).toBe(3);

    expect((await organiser.delete(`${members}/${bruno}`)).status).toBe(200);
    expect((await organiser.delete(`${members}/${bruno}`)).status).toBe(404);
    expect((await organiser.get(members)).body.total).toBe(2);

    // A participant of another project cannot join.
    const other = await buildProject(organiser);
    const [stranger] = await addParticipants(other.id, [
      { first: 'Denis', last: 'Côté', email: `denis-${randomUUID()}@example.test` },
    ]);
    const refused = await organiser.post(members, { participantIds: [stranger] });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0]).toMatchObject({
      field: 'participantIds',
      code: 'validation.groups.unknownParticipant',
    });
    expect((await boreal.post(members, { participantIds: [alice] })).status).toBe(404);

    expect((await organiser.delete(`${base(project.id)}/groups/${group.id}`)).status).toBe(200);
    const left = await t.deps.db.select().from(participants).where(eq(participants.projectId, project.id));
    expect(left).toHaveLength(3);
  });

  it('imports members from a file of e-mails: found, already there, not found; refuses a file that is not text', async () => {
    const project = await buildProject(organiser);
    const category = await addCategory(project.id, 'Secteurs');
    const group = await addGroup(project.id, category.id, 'Santé');
    const tag = randomUUID().slice(0, 8);
    const email = (who: string) => `${who}-${tag}@example.test`;
    const [alice] = await addParticipants(project.id, [
      { first: 'Alice', last: 'Tremblay', email: email('alice') },
      { first: 'Bruno', last: 'Gagnon', email: email('Bruno') },
      { first: 'Chloé', last: 'Roy', email: email('chloe') },
    ]);
    await organiser.post(`${base(project.id)}/groups/${group.id}/members`, { participantIds: [alice] });
    const url = `${base(project.id)}/groups/${group.id}/members/import`;

    // A column named « Courriel » among others, separated by semicolons, with a byte-order mark.
    const csv = `\uFEFFNom;Courriel\nAlice;${email('alice').toUpperCase()}\nBruno;${email('bruno')}\nX;inconnu@example.test\n`;
    const first = await uploadFile(organiser, url, csv, 'liste.csv');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ added: 1, already: 1, notFound: ['inconnu@example.test'] });

    // One e-mail a line.
    const txt = `${email('chloe')}\n\n${email('bruno')}\nabsent@example.test\n`;
    const second = await uploadFile(organiser, url, txt, 'liste.txt');
    expect(second.body).toEqual({ added: 1, already: 1, notFound: ['absent@example.test'] });
    expect((await organiser.get(`${base(project.id)}/groups/${group.id}/members`)).body.total).toBe(3);

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xfe]);
    const binary = await uploadFile(organiser, url, png, 'image.png');
    expect(binary.status).toBe(400);
    expect(binary.body.fields[0]).toMatchObject({ field: 'file', code: 'validation.groups.notText' });
    const empty = await uploadFile(organiser, url, 'Nom\nAlice\n', 'vide.csv');
    expect(empty.status).toBe(400);
    expect(empty.body.fields[0].code).toBe('validation.groups.noEmail');
    expect((await uploadFile(boreal, url, txt, 'liste.txt')).status).toBe(404);
    const missing = await organiser.post(url, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({ field: 'file', code: 'validation.empty' });
  });
});
