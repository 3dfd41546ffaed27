import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, buildProject } from '../../../tests/support/test-app';
import { findFirstDemoProject } from '../../seed/groups';

const { t, camille, jordan } = withTestApp();

const listUrl = (projectId: string) => `/api/projects/${projectId}/mail-templates`;
const oneUrl = (projectId: string, templateId: string) => `${listUrl(projectId)}/${templateId}`;

const FIRST_NAME_TAG = '<span data-merge-tag="firstName" class="merge-tag">Prénom</span>';

const template = (name: string) => ({
  name,
  subject: { fr: `Objet ${name.slice(0, 50)}`, en: `Subject ${name.slice(0, 50)}` },
  body: { fr: `<p>Bonjour ${FIRST_NAME_TAG},</p>`, en: `<p>Hello ${FIRST_NAME_TAG},</p>` },
});

async function addTemplate(projectId: string, name: string, client = camille) {
  const response = await client.post(listUrl(projectId), template(name));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

describe('message templates (C3)', () => {
  it('the demo project has two bilingual templates, one with merge tags', async () => {
    const demo = await findFirstDemoProject(t.deps.db);
    const list = await camille.get(listUrl(demo.id));
    expect(list.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Merci de votre participation',
      'Rappel de la veille',
    ]);
    const reminder = await camille.get(oneUrl(demo.id, list.body.items[1].id));
    expect(reminder.body.subject).toEqual({
      fr: 'C’est demain : votre programme',
      en: 'It’s tomorrow: your programme',
    });
    expect(reminder.body.body.fr).toContain(FIRST_NAME_TAG);
    expect(reminder.body.body.en).toContain(
      '<span data-merge-tag="firstName" class="merge-tag">First name</span>',
    );
  });

  it('creates, lists by name, reads, edits and deletes a template', async () => {
    const project = await buildProject(camille);
    expect((await camille.get(listUrl(project.id))).body).toEqual({
      items: [],
      page: 1,
      pageSize: 25,
      total: 0,
    });

    const created = await addTemplate(project.id, 'Rappel de la veille');
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Rappel de la veille',
      subject: { fr: 'Objet Rappel de la veille', en: 'Subject Rappel de la veille' },
      body: { fr: `<p>Bonjour ${FIRST_NAME_TAG},</p>`, en: `<p>Hello ${FIRST_NAME_TAG},</p>` },
      createdAt: expect.any(String),
    });
    await addTemplate(project.id, 'Merci de votre participation');
    await addTemplate(project.id, 'élan du matin');

    // People's order: the accent does not put « élan » after « Rappel ».
    const list = await camille.get(listUrl(project.id));
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.items.map((i: { name: string }) => i.name)).toEqual([
      'élan du matin',
      'Merci de votre participation',
      'Rappel de la veille',
    ]);
    expect(list.body.items[2]).not.toHaveProperty('body');
    const found = await camille.get(`${listUrl(project.id)}?q=rappel`);
    expect(found.body.items.map((i: { name: string }) => i.name)).toEqual(['Rappel de la veille']);
    const bySubject = await camille.get(`${listUrl(project.id)}?q=${encodeURIComponent('Subject Merci')}`);
    expect(bySubject.body.total).toBe(1);
    const newestFirst = await camille.get(`${listUrl(project.id)}?sort=createdAt&dir=desc`);
    expect(newestFirst.body.items[0].name).toBe('élan du matin');

    const read = await camille.get(oneUrl(project.id, created.id));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);

    const edited = await camille.put(oneUrl(project.id, created.id), {
      name: '  Rappel du jour J  ',
      subject: { fr: '<b>Demain</b> : {{project}}', en: 'Tomorrow' },
      body: { fr: '<p>À demain!</p>', en: '<p>See you tomorrow!</p>' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.id,
      name: 'Rappel du jour J',
      subject: { fr: 'Demain : {{project}}', en: 'Tomorrow' },
      body: { fr: '<p>À demain!</p>', en: '<p>See you tomorrow!</p>' },
    });
    expect((await camille.get(oneUrl(project.id, created.id))).body.name).toBe('Rappel du jour J');

    const deleted = await camille.delete(oneUrl(project.id, created.id));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await camille.get(oneUrl(project.id, created.id))).status).toBe(404);
    expect((await camille.delete(oneUrl(project.id, created.id))).status).toBe(404);
    expect((await camille.get(listUrl(project.id))).body.total).toBe(2);
  });

  it('sanitises the bodies like every rich text, keeping merge-tag chips', async () => {
    const project = await buildProject(camille);
    const response = await camille.post(listUrl(project.id), {
      ...template('Sanitised'),
      body: {
        fr: `<p onclick="steal()">Salut ${FIRST_NAME_TAG}<script>alert(1)</script></p><img src="https://tracker.example/p.gif">`,
        en: '<p><a href="javascript:alert(1)">link</a></p>',
      },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.body.fr).toBe(`<p>Salut ${FIRST_NAME_TAG}</p>`);
    expect(response.body.body.en).not.toContain('javascript');
  });

  describe.each([
    ['fr', 'Le nom du gabarit doit compter de 4 à 199 caractères.'],
    ['en', 'The template name must be 4 to 199 characters long.'],
  ] as const)('the name in %s', (language, message) => {
    // Camille works in French, Jordan (the second company) in English: each gets the message in their language.
    const client = () => (language === 'fr' ? camille : jordan);

    it.each([
      ['3 characters', 'abc'],
      ['3 characters once trimmed', '  abc  '],
      ['200 characters', 'n'.repeat(200)],
      ['nothing', ''],
    ])('refuses a name of %s, naming the field', async (_what, name) => {
      const project = await buildProject(client());
      for (const send of [
        () => client().post(listUrl(project.id), template(name)),
        async () => {
          const existing = await addTemplate(project.id, 'Un nom valide', client());
          return client().put(oneUrl(project.id, existing.id), template(name));
        },
      ]) {
        const response = await send();
        expect(response.status).toBe(400);
        expect(response.body.fields).toEqual([
          { field: 'name', code: 'validation.mailTemplates.name', message },
        ]);
      }
    });

    it('accepts 4 and 199 characters', async () => {
      const project = await buildProject(client());
      expect((await addTemplate(project.id, 'abcd', client())).name).toBe('abcd');
      expect((await addTemplate(project.id, 'n'.repeat(199), client())).name).toHaveLength(199);
    });
  });

  it('refuses a subject over 200 characters, naming it', async () => {
    const project = await buildProject(camille);
    const response = await camille.post(listUrl(project.id), {
      ...template('Trop long'),
      subject: { fr: 's'.repeat(201), en: 'ok' },
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'subject.fr', code: 'validation.tooLong', message: expect.stringContaining('200') },
    ]);
  });

  it('never reaches another company’s or another project’s template (404), nor without a session (401)', async () => {
    const project = await buildProject(camille);
    const other = await buildProject(camille);
    const mine = await addTemplate(project.id, 'Réservé à ce projet');

    // Another project of the same company: the template is not found through it.
    expect((await camille.get(oneUrl(other.id, mine.id))).status).toBe(404);
    expect((await camille.put(oneUrl(other.id, mine.id), template('Détourné'))).status).toBe(404);
    expect((await camille.delete(oneUrl(other.id, mine.id))).status).toBe(404);
    expect((await camille.get(listUrl(other.id))).body.total).toBe(0);

    // Another company: neither the project nor the template exists for Jordan.
    expect((await jordan.get(listUrl(project.id))).status).toBe(404);
    expect((await jordan.post(listUrl(project.id), template('Intrusion'))).status).toBe(404);
    expect((await jordan.get(oneUrl(project.id, mine.id))).status).toBe(404);
    expect((await jordan.put(oneUrl(project.id, mine.id), template('Intrusion'))).status).toBe(404);
    expect((await jordan.delete(oneUrl(project.id, mine.id))).status).toBe(404);

    const stillThere = await camille.get(oneUrl(project.id, mine.id));
    expect(stillThere.body.name).toBe('Réservé à ce projet');

    const visitor = await anonymous(t.app);
    expect((await visitor.get(listUrl(project.id))).status).toBe(401);
  });

  it('answers 400 (not 500) to a malformed id', async () => {
    const project = await buildProject(camille);
    for (const response of [
      await camille.get(listUrl('not-a-uuid')),
      await camille.get(oneUrl(project.id, 'not-a-uuid')),
      await camille.put(oneUrl(project.id, '123'), template('Valide ici')),
      await camille.delete(oneUrl(project.id, 'x')),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation');
    }
  });
});
