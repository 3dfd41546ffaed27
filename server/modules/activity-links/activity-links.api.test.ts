import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

const fieldsOf = (body: { fields?: { field: string; message: string }[] }) =>
  Object.fromEntries((body.fields ?? []).map((f) => [f.field, f.message]));

async function activityOf(client: ApiClient) {
  const project = await buildProject(client);
  const activity = await buildActivity(client, project.id);
  return { project, activity, base: `/api/projects/${project.id}/activities/${activity.id}` };
}

const aLink = {
  title: { fr: 'Programme détaillé', en: 'Detailed programme' },
  url: { fr: 'https://exemple.ca/programme', en: 'https://example.com/programme' },
};

describe('location (V4 link tab)', () => {
  it('is saved alone and trimmed (the same rule as the configuration’s); empty clears it; the activity and its search read it', async () => {
    const { project, activity, base } = await activityOf(camille);
    const saved = await camille.put(`${base}/location`, { location: '  Salle Marie-Victorin, 2e étage ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ location: 'Salle Marie-Victorin, 2e étage' });

    const read = await camille.get(base);
    expect(read.body.location).toBe('Salle Marie-Victorin, 2e étage');
    expect(read.body.title).toEqual(activity.title);
    const found = await camille.get(`/api/projects/${project.id}/activities?q=victorin`);
    expect(found.body.items.map((a: { id: string }) => a.id)).toEqual([activity.id]);

    const cleared = await camille.put(`${base}/location`, { location: '' });
    expect(cleared.body).toEqual({ location: null });
    expect((await camille.get(base)).body.location).toBeNull();
  });

  it('refuses more than 300 characters under the field, in the reader’s language', async () => {
    const { base } = await activityOf(camille);
    const tooLong = await camille.put(`${base}/location`, { location: 'x'.repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(fieldsOf(tooLong.body)).toEqual({ location: expect.stringContaining('300') });
  });

  it('is another company’s: 404; without a session: 401', async () => {
    const { base } = await activityOf(camille);
    expect((await jordan.put(`${base}/location`, { location: 'Ailleurs' })).status).toBe(404);
    const visitor = await anonymous(t.app);
    expect((await visitor.put(`${base}/location`, { location: 'Ailleurs' })).status).toBe(401);
    expect((await camille.get(base)).body.location).toBeNull();
  });
});

describe('other links (V4 link tab)', () => {
  it('are added last, listed in order, edited and deleted', async () => {
    const { base } = await activityOf(camille);
    expect((await camille.get(`${base}/links`)).body).toEqual({ items: [] });

    const first = await camille.post(`${base}/links`, {
      title: { fr: ' <i>Programme</i> détaillé ', en: 'Detailed programme' },
      url: { fr: ' https://exemple.ca/programme ', en: 'https://example.com/programme' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: expect.any(String), position: 0, ...aLink });
    const second = await camille.post(`${base}/links`, {
      title: { fr: 'Diaporama', en: 'Slides' },
      url: { fr: 'http://exemple.ca/diapos.pdf', en: 'http://example.com/slides.pdf' },
    });
    expect(second.body.position).toBe(1);

    const edited = await camille.put(`${base}/links/${first.body.id}`, {
      title: { fr: 'Plan du site', en: 'Site map' },
      url: { fr: 'https://exemple.ca/plan', en: 'https://example.com/map' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: first.body.id, position: 0, title: { fr: 'Plan du site' } });

    const list = (await camille.get(`${base}/links`)).body.items;
    expect(list.map((l: { title: { en: string } }) => l.title.en)).toEqual(['Site map', 'Slides']);

    expect((await camille.delete(`${base}/links/${first.body.id}`)).body).toEqual({ ok: true });
    const after = (await camille.get(`${base}/links`)).body.items;
    expect(after.map((l: { id: string }) => l.id)).toEqual([second.body.id]);
    expect((await camille.delete(`${base}/links/${first.body.id}`)).status).toBe(404);
  });

  it('refuse addresses that are not http or https, and empty titles, naming each field', async () => {
    const { base } = await activityOf(camille);
    const refused = await camille.post(`${base}/links`, {
      title: { fr: 'x', en: '' },
      url: { fr: 'javascript:alert(1)', en: 'ftp://example.com/file' },
    });
    expect(refused.status).toBe(400);
    const fields = fieldsOf(refused.body);
    expect(Object.keys(fields).sort()).toEqual(['title.en', 'title.fr', 'url.en', 'url.fr']);
    expect(fields['url.fr']).toContain('https://');
    for (const url of ['mailto:a@example.com', 'https://', 'exemple.ca/page', 'data:text/html,hi']) {
      const one = await camille.post(`${base}/links`, { ...aLink, url: { fr: url, en: aLink.url.en } });
      expect(one.status, url).toBe(400);
      expect(Object.keys(fieldsOf(one.body)), url).toEqual(['url.fr']);
    }
    expect((await camille.get(`${base}/links`)).body.items).toEqual([]);
  });

  it('speak the English reader’s language in field errors', async () => {
    const { base } = await activityOf(jordan);
    const refused = await jordan.post(`${base}/links`, { ...aLink, url: { fr: 'nope', en: aLink.url.en } });
    expect(fieldsOf(refused.body)['url.fr']).toMatch(/^Enter a full web address/);
  });

  it('belong to the activity: another company’s activity or link is 404, another activity’s link too', async () => {
    const { project, base } = await activityOf(camille);
    const link = (await camille.post(`${base}/links`, aLink)).body;
    expect((await jordan.get(`${base}/links`)).status).toBe(404);
    expect((await jordan.post(`${base}/links`, aLink)).status).toBe(404);
    expect((await jordan.put(`${base}/links/${link.id}`, aLink)).status).toBe(404);
    expect((await jordan.delete(`${base}/links/${link.id}`)).status).toBe(404);

    const other = await buildActivity(camille, project.id);
    const otherBase = `/api/projects/${project.id}/activities/${other.id}`;
    expect((await camille.put(`${otherBase}/links/${link.id}`, aLink)).status).toBe(404);
    expect((await camille.delete(`${otherBase}/links/${link.id}`)).status).toBe(404);
    const otherProject = await buildProject(camille);
    expect((await camille.get(`/api/projects/${otherProject.id}/activities/${other.id}/links`)).status).toBe(
      404,
    );
    expect((await camille.get(`${base}/links`)).body.items).toHaveLength(1);
  });

  it('go with their activity when it is deleted', async () => {
    const { base } = await activityOf(camille);
    await camille.post(`${base}/links`, aLink);
    expect((await camille.delete(base)).status).toBe(200);
    expect((await camille.get(`${base}/links`)).status).toBe(404);
  });
});
