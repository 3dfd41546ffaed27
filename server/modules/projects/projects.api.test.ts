import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, buildProject, signIn } from '../../../tests/support/test-app';
import { DEMO_SUPER_ADMIN } from '../../seed/demo';

type Project = { id: string; nameFr: string; nameEn: string; isActive: boolean };

const { t, camille: organiser, jordan } = withTestApp();

const names = (items: Project[], lang: 'fr' | 'en') =>
  items.map((p) => (lang === 'fr' ? p.nameFr : p.nameEn));
const sorted = (list: string[], lang: 'fr' | 'en') => [...list].sort(new Intl.Collator(lang).compare);

async function allProjects(client: ApiClient, query = ''): Promise<{ items: Project[]; total: number }> {
  const response = await client.get(`/api/projects?pageSize=100${query}`);
  expect(response.status).toBe(200);
  return response.body;
}

describe('project list (P5)', () => {
  it('pages: page, pageSize and total, pages that do not overlap', async () => {
    const { total } = await allProjects(organiser);
    expect(total).toBeGreaterThan(25);

    const first = await organiser.get('/api/projects');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 25, total });
    expect(first.body.items).toHaveLength(25);

    const second = await organiser.get('/api/projects?page=2&pageSize=25');
    expect(second.body).toMatchObject({ page: 2, pageSize: 25, total });
    expect(second.body.items).toHaveLength(total - 25);
    const ids = new Set([...first.body.items, ...second.body.items].map((p: Project) => p.id));
    expect(ids.size).toBe(total);

    const beyond = await organiser.get('/api/projects?page=9');
    expect(beyond.body).toMatchObject({ items: [], page: 9, total });
  });

  it('refuses a page size other than 25, 50, 75 or 100', async () => {
    for (const size of ['30', '0', 'ten']) {
      const response = await organiser.get(`/api/projects?pageSize=${size}`);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation');
      expect(response.body.fields.map((f: { field: string }) => f.field)).toEqual(['pageSize']);
    }
    const response = await organiser.get('/api/projects?pageSize=30');
    expect(response.body.fields[0]).toMatchObject({
      code: 'validation.pageSize',
      message: expect.stringContaining('25'),
    });
    expect((await organiser.get('/api/projects?pageSize=75')).body.pageSize).toBe(75);
  });

  it('sorts by name in the user’s language, ascending and descending', async () => {
    const asc = await allProjects(organiser, '&sort=name&dir=asc');
    expect(names(asc.items, 'fr')).toEqual(sorted(names(asc.items, 'fr'), 'fr'));
    const desc = await allProjects(organiser, '&sort=name&dir=desc');
    expect(names(desc.items, 'fr')).toEqual(sorted(names(asc.items, 'fr'), 'fr').reverse());

    // The same projects for a user who works in English are sorted by their English names.
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    await superAdmin.patch('/api/me', { locale: 'en' });
    const english = await allProjects(superAdmin, '&sort=name&dir=asc');
    expect(names(english.items, 'en')).toEqual(sorted(names(english.items, 'en'), 'en'));
    expect(names(english.items, 'fr')).not.toEqual(names(asc.items, 'fr'));
    const englishDesc = await allProjects(superAdmin, '&sort=name&dir=desc');
    expect(names(englishDesc.items, 'en')).toEqual(sorted(names(english.items, 'en'), 'en').reverse());
  });

  it('searches both names, ignoring case', async () => {
    const byFrench = await allProjects(organiser, '&q=AGROALIMENTAIRE');
    expect(names(byFrench.items, 'fr').sort()).toEqual([
      'Salon de l’agroalimentaire du Québec 2026',
      'Salon de l’agroalimentaire du Québec 2027',
    ]);
    expect(byFrench.total).toBe(2);

    // "aerospace" is only in the English name of the Forum de l’aérospatiale.
    const byEnglish = await allProjects(organiser, '&q=aerospace');
    expect(names(byEnglish.items, 'fr').sort()).toEqual([
      'Forum de l’aérospatiale 2026',
      'Forum de l’aérospatiale 2027',
    ]);

    // Every word must appear, in either name.
    const twoWords = await allProjects(organiser, '&q=forum%202027');
    expect(names(twoWords.items, 'fr')).toEqual(['Forum de l’aérospatiale 2027']);

    expect((await allProjects(organiser, '&q=introuvable')).total).toBe(0);
  });

  it('ignores accents in the search and in the names', async () => {
    // "Québec" written without its accent, and "aerospatiale" for "aérospatiale".
    const quebec = await allProjects(organiser, '&q=quebec%20salon');
    expect(quebec.total).toBe(2);
    const aero = await allProjects(organiser, '&q=AEROSPATIALE');
    expect(names(aero.items, 'fr').sort()).toEqual([
      'Forum de l’aérospatiale 2026',
      'Forum de l’aérospatiale 2027',
    ]);
    // And the other way round: an accent typed where the name has none.
    expect((await allProjects(organiser, '&q=f%C3%B4rum')).total).toBe(2);
  });

  it('sorts names in people’s order: case and accents do not push a name to the end', async () => {
    const made = [];
    for (const [fr, en] of [
      ['Zèbre 2030', 'Zebra 2030'],
      ['atelier 2030', 'workshop 2030'],
      ['Écho 2030', 'Echo 2030'],
      ['échafaud 2030', 'scaffold 2030'],
    ]) {
      made.push(await buildProject(jordan, { nameFr: fr, nameEn: en }));
    }
    const list = await jordan.get('/api/projects?pageSize=100&sort=name&dir=asc&q=2030');
    expect(list.body.items.map((p: Project) => p.nameEn)).toEqual([
      'Echo 2030',
      'scaffold 2030',
      'workshop 2030',
      'Zebra 2030',
    ]);
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    await superAdmin.patch('/api/me', { locale: 'fr' });
    await superAdmin.post('/api/session/company', {
      companyId: (await jordan.get('/api/session')).body.user.company.id,
    });
    const french = await superAdmin.get('/api/projects?pageSize=100&sort=name&dir=asc&q=2030');
    expect(french.body.items.map((p: Project) => p.nameFr)).toEqual([
      'atelier 2030',
      'échafaud 2030',
      'Écho 2030',
      'Zèbre 2030',
    ]);
    expect(made).toHaveLength(4);
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await allProjects(organiser, '&q=%25')).total).toBe(0);
    expect((await allProjects(organiser, '&q=_')).total).toBe(0);

    const promo = await buildProject(jordan, { nameFr: 'Soldes 50% Nord', nameEn: 'Sale 50% North' });
    const found = await allProjects(jordan, '&q=50%25');
    expect(found.items.map((p) => p.id)).toEqual([promo.id]);
  });

  it('filters by status', async () => {
    const all = await allProjects(organiser, '&status=all');
    const active = await allProjects(organiser, '&status=active');
    const inactive = await allProjects(organiser, '&status=inactive');
    expect(active.items.length).toBeGreaterThan(0);
    expect(inactive.items.length).toBeGreaterThan(0);
    expect(active.items.every((p) => p.isActive)).toBe(true);
    expect(inactive.items.every((p) => !p.isActive)).toBe(true);
    expect(active.total + inactive.total).toBe(all.total);

    const wrong = await organiser.get('/api/projects?status=archived');
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.map((f: { field: string }) => f.field)).toEqual(['status']);
  });

  it('lists only the projects of the caller’s company', async () => {
    const mine = await allProjects(organiser);
    expect(mine.items.some((p) => p.nameFr.startsWith('Congrès boréal'))).toBe(false);
    const theirs = await allProjects(jordan);
    expect(theirs.items.some((p) => p.nameFr.startsWith('Journée B2B'))).toBe(false);
    expect(theirs.items.some((p) => p.nameFr.startsWith('Congrès boréal'))).toBe(true);
  });
});

describe('create and edit (J1)', () => {
  const valid = {
    nameFr: 'Salon boréal du bois',
    nameEn: 'Boreal Wood Fair',
    startsOn: '2027-10-05',
    endsOn: '2027-10-06',
    timeZone: 'America/Edmonton',
    defaultLanguage: 'en',
    externalDashboardUrl: 'https://tableau.example.test/bois',
  };

  it('creates a project in the caller’s company', async () => {
    const response = await jordan.post('/api/projects', valid);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ ...valid, isActive: true, id: expect.any(String) });

    const fetched = await jordan.get(`/api/projects/${response.body.id}`);
    expect(fetched.body).toMatchObject(valid);
    expect((await allProjects(jordan, '&q=bois')).items.map((p) => p.id)).toEqual([response.body.id]);
    expect((await allProjects(organiser, '&q=bois')).total).toBe(0);
  });

  it('trims the names, keeps the canonical time zone name, and accepts one-day projects', async () => {
    const response = await jordan.post('/api/projects', {
      ...valid,
      nameFr: '  Atelier  ',
      endsOn: valid.startsOn,
      timeZone: 'utc',
      externalDashboardUrl: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      nameFr: 'Atelier',
      endsOn: valid.startsOn,
      timeZone: 'UTC',
      externalDashboardUrl: null,
    });
  });

  it('refuses a date PostgreSQL cannot hold or no event has (year 0000, 3000) under its field, never a 500', async () => {
    const response = await jordan.post('/api/projects', {
      nameFr: 'Hors du temps',
      nameEn: 'Out of time',
      startsOn: '0000-01-01',
      endsOn: '3000-01-01',
      timeZone: 'UTC',
      defaultLanguage: 'fr',
    });
    expect(response.status).toBe(400);
    expect(response.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'endsOn',
      'startsOn',
    ]);
  });

  it('refuses an end before the start (field endsOn)', async () => {
    const response = await jordan.post('/api/projects', { ...valid, endsOn: '2027-10-04' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'endsOn', code: 'validation.endBeforeStart', message: expect.any(String) },
    ]);
  });

  it('refuses a name of one character (field nameFr, validation.required)', async () => {
    const response = await jordan.post('/api/projects', { ...valid, nameFr: ' A ' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      {
        field: 'nameFr',
        code: 'validation.required',
        message: 'This field is required (at least 2 characters).',
      },
    ]);
  });

  it('refuses an unknown time zone, a bad date and a bad address, each under its field', async () => {
    const zone = await jordan.post('/api/projects', { ...valid, timeZone: 'Mars/Olympus_Mons' });
    expect(zone.status).toBe(400);
    expect(zone.body.fields).toMatchObject([{ field: 'timeZone', code: 'validation.timeZone' }]);

    const several = await jordan.post('/api/projects', {
      ...valid,
      startsOn: '2027-02-30',
      externalDashboardUrl: 'ftp://example.test',
    });
    expect(several.status).toBe(400);
    expect(several.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'externalDashboardUrl',
      'startsOn',
    ]);
  });

  it('saves an edit', async () => {
    const project = await buildProject(jordan);
    const response = await jordan.put(`/api/projects/${project.id}`, {
      ...valid,
      nameFr: 'Nom changé',
      nameEn: 'Changed name',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: project.id, nameFr: 'Nom changé', nameEn: 'Changed name' });
    expect((await jordan.get(`/api/projects/${project.id}`)).body.nameEn).toBe('Changed name');

    const invalid = await jordan.put(`/api/projects/${project.id}`, { ...valid, endsOn: '2020-01-01' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields[0].field).toBe('endsOn');
    expect((await jordan.get(`/api/projects/${project.id}`)).body.nameEn).toBe('Changed name');
  });

  it('answers 404 for a project that does not exist', async () => {
    const id = crypto.randomUUID();
    expect((await jordan.get(`/api/projects/${id}`)).status).toBe(404);
    expect((await jordan.put(`/api/projects/${id}`, valid)).status).toBe(404);
    expect((await jordan.post(`/api/projects/${id}/activation`, { isActive: false })).status).toBe(404);
  });

  it('deactivates and reactivates a project', async () => {
    const project = await buildProject(jordan);
    const off = await jordan.post(`/api/projects/${project.id}/activation`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await allProjects(jordan, '&status=inactive')).items.map((p) => p.id)).toContain(project.id);
    expect((await allProjects(jordan, '&status=active')).items.map((p) => p.id)).not.toContain(project.id);

    const on = await jordan.post(`/api/projects/${project.id}/activation`, { isActive: true });
    expect(on.body.isActive).toBe(true);
    expect((await allProjects(jordan, '&status=active')).items.map((p) => p.id)).toContain(project.id);
  });

  it('remembers the selected project for the user; reading a project does not select it', async () => {
    const { items } = await allProjects(organiser);
    for (const project of [items[3], items[0]]) {
      const selected = await organiser.put('/api/me/project', { projectId: project.id });
      expect(selected.status).toBe(200);
      expect(selected.body.lastProjectId).toBe(project.id);
      expect((await organiser.get('/api/session')).body.user.lastProjectId).toBe(project.id);
    }
    expect((await organiser.get(`/api/projects/${items[5].id}`)).status).toBe(200);
    expect((await organiser.get('/api/session')).body.user.lastProjectId).toBe(items[0].id);
  });
});

describe('another company’s projects', () => {
  it('are not found: GET, PUT and activation answer 404 and change nothing', async () => {
    const { items } = await allProjects(organiser);
    const target = items[0];
    const before = (await organiser.get(`/api/projects/${target.id}`)).body;
    const lastProjectId = (await jordan.get('/api/session')).body.user.lastProjectId;

    const read = await jordan.get(`/api/projects/${target.id}`);
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ code: 'notFound', title: 'Item not found.' });

    const edit = await jordan.put(`/api/projects/${target.id}`, {
      nameFr: 'Piraté',
      nameEn: 'Hijacked',
      startsOn: '2027-01-01',
      endsOn: '2027-01-02',
      timeZone: 'UTC',
      defaultLanguage: 'fr',
    });
    expect(edit.status).toBe(404);
    const activation = await jordan.post(`/api/projects/${target.id}/activation`, {
      isActive: !target.isActive,
    });
    expect(activation.status).toBe(404);
    const select = await jordan.put('/api/me/project', { projectId: target.id });
    expect(select.status).toBe(404);

    expect((await organiser.get(`/api/projects/${target.id}`)).body).toEqual(before);
    expect((await jordan.get('/api/session')).body.user.lastProjectId).toBe(lastProjectId);
  });
});

describe('activation of several projects at once', () => {
  it('changes the caller’s projects and counts them', async () => {
    const first = await buildProject(jordan);
    const second = await buildProject(jordan);
    const response = await jordan.post('/api/projects/activation', {
      projectIds: [first.id, second.id],
      isActive: false,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 2 });
    const inactive = (await allProjects(jordan, '&status=inactive')).items.map((p) => p.id);
    expect(inactive).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('leaves another company’s projects alone, and does not count them', async () => {
    const { items } = await allProjects(organiser, '&status=active');
    const theirs = items.slice(0, 3).map((p) => p.id);
    const mine = await buildProject(jordan);
    const response = await jordan.post('/api/projects/activation', {
      projectIds: [...theirs, mine.id],
      isActive: false,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 1 });
    const stillActive = (await allProjects(organiser, '&status=active')).items.map((p) => p.id);
    expect(stillActive).toEqual(expect.arrayContaining(theirs));
  });
});
