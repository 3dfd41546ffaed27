import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import {
  anonymous,
  buildActivity,
  buildCompany,
  buildProject,
  signIn,
} from '../../../tests/support/test-app';
import { activities } from '../../db/schema';
import { DEMO_SUPER_ADMIN } from '../../seed/demo';

const { t, camille, jordan } = withTestApp();

const url = (projectId: string) => `/api/projects/${projectId}/activities`;
const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field);
const title = (fr: string, en = `${fr} (en)`) => ({ fr, en });

describe('adding and editing an activity (V3, V4)', () => {
  it('a local time of the project’s zone is stored as its instant and read back in that zone', async () => {
    const project = await buildProject(camille, { timeZone: 'America/Toronto' });
    const response = await camille.post(url(project.id), {
      title: title('Conférence d’ouverture', 'Opening talk'),
      type: 'session',
      startsAt: '2027-06-01T09:30',
      durationMinutes: 90,
      maxMembers: 120,
      hybridType: 'hybrid',
      location: ' Salle 2 ',
      backgroundColor: '#AABBCC',
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(String),
      title: { fr: 'Conférence d’ouverture', en: 'Opening talk' },
      type: 'session',
      category: null,
      section: null,
      noDate: false,
      startsAt: '2027-06-01T13:30:00.000Z',
      startsAtLocal: '2027-06-01T09:30',
      startsAtOffset: null,
      startsAtUtcOffset: '-04:00',
      durationMinutes: 90,
      endsAt: '2027-06-01T15:00:00.000Z',
      endsAtLocal: '2027-06-01T11:00',
      maxMembers: 120,
      hybridType: 'hybrid',
      location: 'Salle 2',
      parentId: null,
      backgroundColor: '#aabbcc',
      timeZone: 'America/Toronto',
      description: { fr: '', en: '' },
      childCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
    });
    const read = await camille.get(`${url(project.id)}/${response.body.id}`);
    expect(read.body).toEqual(response.body);
  });

  it('the same local time in Paris is another instant', async () => {
    const project = await buildProject(camille, { timeZone: 'Europe/Paris' });
    const activity = await buildActivity(camille, project.id, { startsAt: '2027-06-01T09:30' });
    expect(activity.startsAt).toBe('2027-06-01T07:30:00.000Z');
    expect(activity.startsAtUtcOffset).toBe('+02:00');
  });

  it('the title is required in both languages (2 characters at least), each under its field, in the caller’s language', async () => {
    const project = await buildProject(camille);
    const response = await camille.post(url(project.id), {
      title: { fr: ' x ', en: '<p></p>' },
      noDate: true,
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'title.fr', code: 'validation.required', message: expect.any(String) },
      { field: 'title.en', code: 'validation.required', message: expect.any(String) },
    ]);
    const empty = await camille.post(url(project.id), {});
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty.body)).toEqual(['title']);
  });

  it('refuses what is malformed, naming each field', async () => {
    const project = await buildProject(camille);
    const response = await camille.post(url(project.id), {
      title: title('Atelier'),
      type: 'party',
      startsAt: '2027-02-30T09:00',
      durationMinutes: -5,
      maxMembers: 0,
      hybridType: 'both',
      backgroundColor: 'red',
      parentId: 'nope',
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response.body).sort()).toEqual(
      [
        'backgroundColor',
        'durationMinutes',
        'hybridType',
        'maxMembers',
        'parentId',
        'startsAt',
        'type',
      ].sort(),
    );
    const codes = Object.fromEntries(
      response.body.fields.map((f: { field: string; code: string }) => [f.field, f.code]),
    );
    expect(codes.startsAt).toBe('validation.activities.localDateTime');
    expect(codes.type).toBe('validation.activities.type');
  });

  it('"no date" needs no start; without it the start is required', async () => {
    const project = await buildProject(camille);
    const undated = await camille.post(url(project.id), {
      title: title('Kiosque'),
      type: 'kiosk',
      noDate: true,
    });
    expect(undated.status).toBe(200);
    expect(undated.body).toMatchObject({ noDate: true, startsAt: null, endsAt: null, durationMinutes: 60 });

    const missing = await camille.post(url(project.id), { title: title('Atelier') });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([
      {
        field: 'startsAt',
        code: 'validation.activities.startRequired',
        message: 'Entrez le début, ou cochez « Sans date ».',
      },
    ]);

    // A date hidden by "no date" is kept, not erased.
    const kept = await camille.put(`${url(project.id)}/${undated.body.id}`, {
      title: title('Kiosque'),
      type: 'kiosk',
      noDate: true,
      startsAt: '2027-06-02T10:00',
    });
    expect(kept.body).toMatchObject({ noDate: true, startsAt: null, startsAtLocal: '2027-06-02T10:00' });
  });

  it('edits every field, and keeps the description sanitised in both languages', async () => {
    const project = await buildProject(camille);
    const activity = await buildActivity(camille, project.id);
    const response = await camille.put(`${url(project.id)}/${activity.id}`, {
      title: title('Table ronde', 'Round table'),
      type: 'forum',
      startsAt: '2027-06-02T14:00',
      durationMinutes: 45,
      maxMembers: null,
      hybridType: 'virtual',
      location: '',
      description: {
        fr: '<p>Bonjour <script>alert(1)</script><strong>tous</strong></p>',
        en: '<p onclick="x()">Hello</p>',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      title: { fr: 'Table ronde', en: 'Round table' },
      type: 'forum',
      startsAtLocal: '2027-06-02T14:00',
      durationMinutes: 45,
      maxMembers: null,
      hybridType: 'virtual',
      location: null,
      description: { fr: '<p>Bonjour <strong>tous</strong></p>', en: '<p>Hello</p>' },
    });
    // The text store serves the same description to the editors.
    const text = await camille.get(`/api/texts/activity.description/${activity.id}`);
    expect(text.status).toBe(200);
    expect(text.body.text).toEqual(response.body.description);
    // Left out, the description is kept.
    const again = await camille.put(`${url(project.id)}/${activity.id}`, {
      title: title('Table ronde'),
      noDate: true,
    });
    expect(again.body.description.en).toBe('<p>Hello</p>');
  });

  it('a description over 500,000 visible characters is refused under its language, however heavy the request', async () => {
    const project = await buildProject(camille);
    const long = `<p>${'a'.repeat(500_001)}</p>`;
    const response = await camille.post(url(project.id), {
      title: title('Atelier'),
      noDate: true,
      description: { fr: long, en: long },
    });
    expect(response.status).toBe(400);
    expect(response.body.fields.map((f: { field: string; code: string }) => [f.field, f.code])).toEqual([
      ['description.fr', 'validation.tooLong'],
      ['description.en', 'validation.tooLong'],
    ]);
  });

  it('a parent is an activity of the same project, never the activity itself or one below it', async () => {
    const project = await buildProject(camille);
    const other = await buildProject(camille);
    const parent = await buildActivity(camille, project.id);
    const child = await buildActivity(camille, project.id, { parentId: parent.id });
    expect(child.parentId).toBe(parent.id);
    expect((await camille.get(`${url(project.id)}/${parent.id}`)).body.childCount).toBe(1);

    const elsewhere = await buildActivity(camille, other.id);
    const crossing = await camille.post(url(project.id), {
      title: title('Atelier'),
      noDate: true,
      parentId: elsewhere.id,
    });
    expect(crossing.status).toBe(400);
    expect(crossing.body.fields[0]).toMatchObject({
      field: 'parentId',
      code: 'validation.activities.unknownParent',
    });

    const body = { title: title('Plénière'), noDate: true };
    const itself = await camille.put(`${url(project.id)}/${parent.id}`, { ...body, parentId: parent.id });
    expect(itself.body.fields[0]).toMatchObject({
      field: 'parentId',
      code: 'validation.activities.parentCycle',
    });
    const loop = await camille.put(`${url(project.id)}/${parent.id}`, { ...body, parentId: child.id });
    expect(loop.status).toBe(400);
    expect(loop.body.fields[0]).toMatchObject({
      field: 'parentId',
      code: 'validation.activities.parentCycle',
    });
  });

  it('deleting a parent is refused while it has children; a child, then the parent, go', async () => {
    const project = await buildProject(camille);
    const parent = await buildActivity(camille, project.id, { description: { fr: '<p>Texte</p>', en: '' } });
    const child = await buildActivity(camille, project.id, { parentId: parent.id });

    const refused = await camille.delete(`${url(project.id)}/${parent.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'activities.hasChildren',
      title: 'Cette activité contient 1 activité : supprimez-la ou détachez-la d’abord.',
    });

    expect((await camille.delete(`${url(project.id)}/${child.id}`)).body).toEqual({ ok: true });
    expect((await camille.delete(`${url(project.id)}/${parent.id}`)).body).toEqual({ ok: true });
    expect((await camille.get(`${url(project.id)}/${parent.id}`)).status).toBe(404);
    expect((await camille.get(`/api/texts/activity.description/${parent.id}`)).status).toBe(404);
  });

  it('a parent deleted while a child is added: one of the two is refused, never a broken link nor a 500', async () => {
    const project = await buildProject(camille);
    const outcomes = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const parent = await buildActivity(camille, project.id);
      const [removed, added] = await Promise.all([
        camille.delete(`${url(project.id)}/${parent.id}`),
        camille.post(url(project.id), { title: title('Enfant'), noDate: true, parentId: parent.id }),
      ]);
      outcomes.add(`${removed.status} ${added.status}`);
      if (removed.status === 200) {
        expect(added.status, JSON.stringify(added.body)).toBe(400);
        expect(added.body.fields[0].code).toBe('validation.activities.unknownParent');
      } else {
        expect(removed.status, JSON.stringify(removed.body)).toBe(409);
        expect(added.status, JSON.stringify(added.body)).toBe(200);
      }
    }
    expect([...outcomes].every((o) => o === '200 400' || o === '409 200')).toBe(true);
  });

  it('answers 401 without a session and 404 to another company on every route', async () => {
    const project = await buildProject(camille);
    const activity = await buildActivity(camille, project.id);
    const one = `${url(project.id)}/${activity.id}`;
    const body = { title: title('Repris'), noDate: true };

    const visitor = await anonymous(t.app);
    expect((await visitor.get(url(project.id))).status).toBe(401);
    expect((await visitor.get(one)).status).toBe(401);
    expect((await visitor.post(url(project.id), body)).status).toBe(401);
    expect((await visitor.put(one, body)).status).toBe(401);
    expect((await visitor.delete(one)).status).toBe(401);

    expect((await jordan.get(url(project.id))).status).toBe(404);
    expect((await jordan.get(one)).status).toBe(404);
    expect((await jordan.post(url(project.id), body)).status).toBe(404);
    expect((await jordan.put(one, body)).status).toBe(404);
    expect((await jordan.delete(one)).status).toBe(404);
    expect((await jordan.get(`/api/texts/activity.description/${activity.id}`)).status).toBe(404);
    // Through a project of Jordan's own, Camille's activity is still not found.
    const own = await buildProject(jordan);
    expect((await jordan.get(`${url(own.id)}/${activity.id}`)).status).toBe(404);
    expect((await jordan.post(url(own.id), { ...body, parentId: activity.id })).status).toBe(400);

    expect((await camille.get(one)).body.title).toEqual(activity.title);
  });
});

describe('daylight saving through the API', () => {
  it('a time skipped when clocks move forward is refused under its field, in the caller’s language', async () => {
    const project = await buildProject(camille, { timeZone: 'America/Toronto' });
    const response = await camille.post(url(project.id), {
      title: title('Atelier'),
      startsAt: '2026-03-08T02:30',
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      {
        field: 'startsAt',
        code: 'validation.activities.nonexistentTime',
        message:
          '02:30 n’existe pas le 2026-03-08 dans le fuseau America/Toronto : l’heure avance d’une heure cette nuit-là. Choisissez une autre heure.',
      },
    ]);

    const own = await buildProject(jordan, { timeZone: 'Europe/Paris' });
    const english = await jordan.post(url(own.id), {
      title: title('Workshop'),
      startsAt: '2026-03-29T02:30',
    });
    expect(english.status).toBe(400);
    expect(english.body.fields[0].message).toBe(
      '02:30 does not exist on 2026-03-29 in the Europe/Paris time zone: clocks move forward an hour that night. Choose another time.',
    );
  });

  it('a time lived twice when clocks move back is refused with both instants, then saved as chosen', async () => {
    const project = await buildProject(camille, { timeZone: 'America/Toronto' });
    const body = { title: title('Atelier de nuit'), startsAt: '2026-11-01T01:30', durationMinutes: 30 };
    const refused = await camille.post(url(project.id), body);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      {
        field: 'startsAt',
        code: 'validation.activities.ambiguousTime',
        message: expect.stringContaining(
          '01:30 UTC-04:00 (2026-11-01T05:30:00.000Z) ou 01:30 UTC-05:00 (2026-11-01T06:30:00.000Z)',
        ),
      },
    ]);

    const earlier = await camille.post(url(project.id), { ...body, startsAtOffset: 'earlier' });
    expect(earlier.body).toMatchObject({
      startsAt: '2026-11-01T05:30:00.000Z',
      startsAtLocal: '2026-11-01T01:30',
      startsAtOffset: 'earlier',
      startsAtUtcOffset: '-04:00',
      // 30 minutes later, the clock reads 01:00 again.
      endsAtLocal: '2026-11-01T01:00',
    });
    const later = await camille.post(url(project.id), { ...body, startsAtOffset: 'later' });
    expect(later.body).toMatchObject({
      startsAt: '2026-11-01T06:30:00.000Z',
      startsAtOffset: 'later',
      startsAtUtcOffset: '-05:00',
    });

    // An edit must choose again: the stored instant is not taken as a choice for the time sent…
    const edit = await camille.put(`${url(project.id)}/${later.body.id}`, body);
    expect(edit.status).toBe(400);
    expect(edit.body.fields[0].code).toBe('validation.activities.ambiguousTime');
    // … but what the activity reads sent back as it is keeps the instant.
    const { startsAtLocal: startsAt, startsAtOffset } = later.body;
    const kept = await camille.put(`${url(project.id)}/${later.body.id}`, {
      ...body,
      startsAt,
      startsAtOffset,
    });
    expect(kept.body).toMatchObject({ startsAt: '2026-11-01T06:30:00.000Z', startsAtOffset: 'later' });

    const wrongChoice = await camille.post(url(project.id), { ...body, startsAtOffset: 'first' });
    expect(wrongChoice.body.fields[0]).toMatchObject({
      field: 'startsAtOffset',
      code: 'validation.activities.offsetChoice',
    });
  });

  it('in a zone without daylight saving, the same nights are ordinary', async () => {
    const project = await buildProject(camille, { timeZone: 'Asia/Tokyo' });
    const activity = await buildActivity(camille, project.id, { startsAt: '2026-11-01T01:30' });
    expect(activity.startsAt).toBe('2026-10-31T16:30:00.000Z');
    const spring = await buildActivity(camille, project.id, { startsAt: '2026-03-08T02:30' });
    expect(spring.startsAtLocal).toBe('2026-03-08T02:30');
  });
});

describe('the activity list (V1)', () => {
  type Item = { id: string; title: { fr: string }; startsAtLocal: string | null };
  const titles = (body: { items: Item[] }) => body.items.map((i) => i.title.fr);
  const list = async (projectId: string, query = '') => {
    const response = await camille.get(`${url(projectId)}${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('pages in the standard shape, dated activities in time order first', async () => {
    const project = await buildProject(camille);
    for (let i = 0; i < 27; i++) {
      const hour = String(8 + (i % 10)).padStart(2, '0');
      await buildActivity(camille, project.id, {
        title: title(`Activité ${String(i).padStart(2, '0')}`),
        startsAt: `2027-06-0${1 + Math.floor(i / 10)}T${hour}:00`,
      });
    }
    await buildActivity(camille, project.id, { title: title('Sans date'), noDate: true });
    const first = await list(project.id);
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 28 });
    expect(first.items).toHaveLength(25);
    expect(titles(first).slice(0, 3)).toEqual(['Activité 00', 'Activité 01', 'Activité 02']);
    const second = await list(project.id, '?page=2');
    expect(titles(second)).toEqual(['Activité 25', 'Activité 26', 'Sans date']);

    const byTitle = await list(project.id, '?sort=title&dir=desc&pageSize=50');
    expect(titles(byTitle)[0]).toBe('Sans date');
    expect(titles(byTitle)[1]).toBe('Activité 26');
    expect((await camille.get(`${url(project.id)}?pageSize=7`)).body.fields[0].field).toBe('pageSize');
  });

  it('searches both titles and the location, ignoring accents and case', async () => {
    const project = await buildProject(camille);
    await buildActivity(camille, project.id, { title: title('Café des régions', 'Regions coffee') });
    await buildActivity(camille, project.id, { title: title('Atelier', 'Workshop'), location: 'Salle Élan' });
    await buildActivity(camille, project.id, { title: title('Plénière', 'Plenary') });
    expect(titles(await list(project.id, '?q=CAFE'))).toEqual(['Café des régions']);
    expect(titles(await list(project.id, '?q=coffee'))).toEqual(['Café des régions']);
    expect(titles(await list(project.id, '?q=elan'))).toEqual(['Atelier']);
    expect((await list(project.id, '?q=50%25')).total).toBe(0);
    // Every word must match; the same statement serves other words and another project (prepared once per shape).
    expect(titles(await list(project.id, '?q=regions%20CAFÉ'))).toEqual(['Café des régions']);
    expect((await list(project.id, '?q=cafe%20atelier')).total).toBe(0);
    const other = await buildProject(camille);
    await buildActivity(camille, other.id, { title: title('Atelier des régions', 'Regions workshop') });
    expect(titles(await list(other.id, '?q=regions%20atelier'))).toEqual(['Atelier des régions']);
    expect(titles(await list(project.id, '?q=elan%20atelier'))).toEqual(['Atelier']);
  });

  it('filters by type, category, section and hybrid type', async () => {
    const project = await buildProject(camille);
    const category = (
      await camille.post(`/api/projects/${project.id}/activity-categories`, {
        name: title('Affaires', 'Business'),
      })
    ).body;
    const section = (
      await camille.post(`/api/projects/${project.id}/activity-sections`, { name: title('Programme') })
    ).body;
    await buildActivity(camille, project.id, { title: title('Kiosque'), type: 'kiosk', noDate: true });
    await buildActivity(camille, project.id, {
      title: title('Rencontre'),
      type: 'meeting',
      categoryId: category.id,
    });
    await buildActivity(camille, project.id, {
      title: title('Webinaire'),
      hybridType: 'virtual',
      sectionId: section.id,
    });

    expect(titles(await list(project.id, '?type=kiosk'))).toEqual(['Kiosque']);
    expect(titles(await list(project.id, `?categoryId=${category.id}`))).toEqual(['Rencontre']);
    expect(titles(await list(project.id, `?sectionId=${section.id}`))).toEqual(['Webinaire']);
    expect(titles(await list(project.id, '?hybridType=virtual'))).toEqual(['Webinaire']);
    const bad = await camille.get(`${url(project.id)}?type=party&hybridType=x&categoryId=1&past=maybe`);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body).sort()).toEqual(['categoryId', 'hybridType', 'past', 'type']);
  });

  it('hides the activities that have ended unless past activities are shown', async () => {
    const project = await buildProject(camille);
    await buildActivity(camille, project.id, { title: title('Passée'), startsAt: '2020-01-10T09:00' });
    await buildActivity(camille, project.id, { title: title('À venir'), startsAt: '2099-01-10T09:00' });
    await buildActivity(camille, project.id, { title: title('Sans date'), noDate: true });
    expect(titles(await list(project.id))).toEqual(['À venir', 'Sans date']);
    expect(titles(await list(project.id, '?past=true'))).toEqual(['Passée', 'À venir', 'Sans date']);
  });
});

it('a company deleted goes with its projects’ activities, parents and children, sections and categories', async () => {
  const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
  const home = superAdmin.user.company.id;
  const company = await buildCompany(superAdmin, { name: 'Salon éphémère' });
  await superAdmin.post('/api/session/company', { companyId: company.id });
  const project = await buildProject(superAdmin);
  const section = (
    await superAdmin.post(`/api/projects/${project.id}/activity-sections`, { name: title('Menu') })
  ).body;
  const parent = await buildActivity(superAdmin, project.id, { sectionId: section.id });
  await buildActivity(superAdmin, project.id, {
    parentId: parent.id,
    description: { fr: '<p>Texte</p>', en: '' },
  });
  await superAdmin.post('/api/session/company', { companyId: home });

  const deleted = await superAdmin.delete(`/api/companies/${company.id}`, { confirmName: 'Salon éphémère' });
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  expect(await t.deps.db.select().from(activities).where(eq(activities.projectId, project.id))).toEqual([]);
});
