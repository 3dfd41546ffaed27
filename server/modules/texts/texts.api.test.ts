import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous } from '../../../tests/support/test-app';

let projectId: string;
let otherProjectId: string;

const { t, camille: organiser, jordan } = withTestApp();
beforeAll(async () => {
  projectId = (await organiser.get('/api/projects?sort=name')).body.items[0].id;
  otherProjectId = (await organiser.get('/api/projects?sort=name')).body.items[1].id;
});

const welcome = (id = projectId) => `/api/texts/project.welcome/${id}`;

describe('reading and saving a text (E1, E2)', () => {
  it('reads a text never written as both languages empty, with the rules of its kind', async () => {
    const response = await organiser.get(welcome(otherProjectId));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      kind: 'project.welcome',
      format: 'rich',
      editorType: 4,
      maxLength: 500_000,
      tagGroups: [1, 2, 3, 4],
      readOnly: false,
      ownerId: otherProjectId,
      text: { fr: '', en: '' },
      missing: ['fr', 'en'],
    });
  });

  it('saves one language inline and keeps the other (E1)', async () => {
    const both = await organiser.put(welcome(), { fr: '<p>Bienvenue</p>', en: '<p>Welcome</p>' });
    expect(both.status).toBe(200);
    expect(both.body.text).toEqual({ fr: '<p>Bienvenue</p>', en: '<p>Welcome</p>' });
    expect(both.body.missing).toEqual([]);

    const one = await organiser.patch(welcome(), {
      language: 'en',
      text: '<p>Hello <strong>all</strong></p>',
    });
    expect(one.status).toBe(200);
    expect(one.body.text).toEqual({ fr: '<p>Bienvenue</p>', en: '<p>Hello <strong>all</strong></p>' });
    expect((await organiser.get(welcome())).body.text.en).toBe('<p>Hello <strong>all</strong></p>');
  });

  it('keeps merge tags, video embeds, images, links and alignment', async () => {
    const html =
      '<p style="text-align:center">Bonjour <span data-merge-tag="firstName" class="merge-tag">Prénom</span></p>' +
      '<div class="video-embed"><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube" frameborder="0" allowfullscreen="true"></iframe></div>' +
      '<p><img src="/files/0b6c5a8e-6f0e-4d4c-9a57-2f1f4b0f9e11" alt="Logo" class="img-responsive-rounded" /></p>' +
      '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer">lien</a> ' +
      '<a href="https://vimeo.com/1" class="video-button" target="_blank" rel="noopener noreferrer">Vimeo</a></p>';
    const response = await organiser.patch(welcome(), { language: 'fr', text: html });
    expect(response.status).toBe(200);
    expect(response.body.text.fr).toBe(html);
  });

  it('reports the languages still empty, a rich text without visible text counting as empty', async () => {
    const response = await organiser.put(`/api/texts/project.registrationConfirmation/${projectId}`, {
      fr: '<p>Merci de votre inscription</p>',
      en: '<p>  </p><p>&nbsp;</p>',
    });
    expect(response.status).toBe(200);
    expect(response.body.missing).toEqual(['en']);
    expect(response.body.text.en).toBe('');
    // An image alone is not an empty text.
    const image = await organiser.patch(`/api/texts/project.registrationConfirmation/${projectId}`, {
      language: 'en',
      text: '<p><img src="/files/0b6c5a8e-6f0e-4d4c-9a57-2f1f4b0f9e11" /></p>',
    });
    expect(image.body.missing).toEqual([]);
    await organiser.patch(`/api/texts/project.registrationConfirmation/${projectId}`, {
      language: 'en',
      text: '',
    });
  });
});

describe('plain texts', () => {
  it('strips tags from a plain text', async () => {
    const response = await organiser.put(`/api/texts/project.tagline/${projectId}`, {
      fr: '<b>Le salon</b> <script>alert(1)</script>des <i>idées</i>',
      en: 'The <a href="javascript:alert(1)">fair</a>',
    });
    expect(response.status).toBe(200);
    expect(response.body.text).toEqual({ fr: 'Le salon alert(1)des idées', en: 'The fair' });
    expect(response.body.format).toBe('plain');
  });

  it('refuses a plain text over its limit, counted without its tags', async () => {
    const okay = await organiser.patch(`/api/texts/project.tagline/${projectId}`, {
      language: 'fr',
      text: `<b>${'a'.repeat(200)}</b>`,
    });
    expect(okay.status).toBe(200);
    const response = await organiser.patch(`/api/texts/project.tagline/${projectId}`, {
      language: 'fr',
      text: 'a'.repeat(201),
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'text', code: 'validation.tooLong', message: expect.stringContaining('200') },
    ]);
  });
});

describe('maximum length (E3)', () => {
  it('counts the visible characters, not the markup, against the kind’s limit', async () => {
    const url = `/api/texts/project.emailSignature/${projectId}`;
    const atLimit = `<p><strong>${'x'.repeat(500)}</strong></p><p><em>${'y'.repeat(500)}</em></p>`;
    expect((await organiser.patch(url, { language: 'fr', text: atLimit })).status).toBe(200);

    const over = await organiser.put(url, { fr: '<p>ok</p>', en: `<p>${'&amp;'.repeat(1001)}</p>` });
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual([
      { field: 'en', code: 'validation.tooLong', message: expect.stringContaining('1000') },
    ]);
    // Nothing was saved: both languages are saved together or not at all.
    expect((await organiser.get(url)).body.text.fr).toBe(atLimit);
  });

  it('takes 500000 as the limit of a kind declared with 0', async () => {
    const long = `<p>${'a'.repeat(500_000)}</p>`;
    expect((await organiser.patch(welcome(otherProjectId), { language: 'en', text: long })).status).toBe(200);
    const over = await organiser.patch(welcome(otherProjectId), {
      language: 'en',
      text: `<p>${'a'.repeat(500_001)}</p>`,
    });
    expect(over.status).toBe(400);
    expect(over.body.fields[0]).toMatchObject({ field: 'text', code: 'validation.tooLong' });
    expect(over.body.fields[0].message).toMatch(/500.?000/);
  });

  it('saves both languages at their full length in one request (E2), beyond the default 1 MB body', async () => {
    const full = `<p>${'é'.repeat(250_000)}</p><p>${'b'.repeat(250_000)}</p>`;
    const response = await organiser.put(welcome(otherProjectId), { fr: full, en: full });
    expect(response.status).toBe(200);
    expect(response.body.missing).toEqual([]);
  });
});

describe('who may read and write', () => {
  it('answers 401 without a session', async () => {
    const visitor = await anonymous(t.app);
    expect((await visitor.get(welcome())).status).toBe(401);
    expect((await visitor.put(welcome(), { fr: 'a', en: 'b' })).status).toBe(401);
  });

  it('does not find another company’s texts (404), nor an unknown kind', async () => {
    for (const response of [
      await jordan.get(welcome()),
      await jordan.patch(welcome(), { language: 'en', text: '<p>Hacked</p>' }),
      await jordan.put(welcome(), { fr: '<p>Piraté</p>', en: '<p>Hacked</p>' }),
      await jordan.get(`/api/projects/${projectId}/texts`),
      await jordan.get(`/api/projects/${projectId}/texts/missing`),
      await organiser.get(`/api/texts/project.unknown/${projectId}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('notFound');
    }
    expect((await organiser.get(welcome())).body.text.en).not.toContain('Hacked');
  });

  it('refuses a language other than fr or en', async () => {
    const response = await organiser.patch(welcome(), { language: 'de', text: '<p>Hallo</p>' });
    expect(response.status).toBe(400);
    expect(response.body.fields.map((f: { field: string }) => f.field)).toEqual(['language']);
  });
});

describe('project texts and missing translations', () => {
  it('lists the project’s settings texts with their rules', async () => {
    const response = await organiser.get(`/api/projects/${projectId}/texts`);
    expect(response.status).toBe(200);
    const kinds = response.body.items.map((i: { kind: string }) => i.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['project.welcome', 'project.registrationConfirmation', 'project.tagline']),
    );
    const tagline = response.body.items.find((i: { kind: string }) => i.kind === 'project.tagline');
    expect(tagline).toMatchObject({ format: 'plain', maxLength: 200, tagGroups: [] });
  });

  it('reports the texts written in one language only', async () => {
    const id = otherProjectId;
    await organiser.put(`/api/texts/project.tagline/${id}`, { fr: 'Le grand salon', en: '' });
    await organiser.put(`/api/texts/project.registrationConfirmation/${id}`, { fr: '', en: '<p>Thanks</p>' });
    await organiser.put(`/api/texts/project.emailSignature/${id}`, {
      fr: '<p>Équipe</p>',
      en: '<p>Team</p>',
    });
    await organiser.put(`/api/texts/project.welcome/${id}`, { fr: '', en: '' });
    const response = await organiser.get(`/api/projects/${id}/texts/missing`);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual(
      expect.arrayContaining([
        { kind: 'project.tagline', ownerId: id, missing: ['en'] },
        { kind: 'project.registrationConfirmation', ownerId: id, missing: ['fr'] },
      ]),
    );
    expect(response.body.items).toHaveLength(2);
  });
});

describe('video embeds (E6)', () => {
  const youtube = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s', youtube],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', youtube],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', youtube],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', youtube],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', youtube],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871?h=x', 'https://player.vimeo.com/video/76979871'],
  ])('turns %s into an embedded player', async (url, src) => {
    const response = await organiser.post('/api/editor/embeds', { url });
    expect(response.status).toBe(200);
    expect(response.body.html).toContain(`<iframe src="${src}"`);
    expect(response.body.html).toMatch(/^<div class="video-embed">/);
  });

  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    'https://www.youtube.com/watch?v=<script>',
    'not a link',
  ])('refuses %s with a translated field error', async (url) => {
    const response = await organiser.post('/api/editor/embeds', { url });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      { field: 'url', code: 'editor.validation.videoLink', message: expect.stringMatching(/YouTube/) },
    ]);
  });

  it('translates the refusal in the caller’s language', async () => {
    const response = await jordan.post('/api/editor/embeds', { url: 'https://example.com/' });
    expect(response.body.fields[0].message).toMatch(/YouTube or Vimeo/);
  });

  it('answers 401 without a session', async () => {
    const visitor = await anonymous(t.app);
    expect((await visitor.post('/api/editor/embeds', { url: 'https://youtu.be/dQw4w9WgXcQ' })).status).toBe(
      401,
    );
  });
});
