import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, signIn } from '../../../tests/support/test-app';
import { SECOND_COMPANY_USER } from '../../seed/demo';

type Entry = { id: string; categoryId: string | null; text: { fr: string; en: string } };
type Release = {
  id: string;
  version: string;
  releasedOn: string | null;
  isActive: boolean;
  items: Entry[];
  categories: { id: string; name: { fr: string; en: string }; items: Entry[] }[];
};

const { t, superAdmin, camille: organiser } = withTestApp({ users: ['superAdmin', 'camille'] });

let versionCounter = 40;
/** A release of its own per test, with a version no other test uses. */
async function buildRelease(overrides: Record<string, unknown> = {}): Promise<Release> {
  const response = await superAdmin.post('/api/releases', {
    version: `9.${versionCounter++}`,
    releasedOn: '2026-11-20',
    ...overrides,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function addCategory(release: Release, fr: string, en = fr) {
  const response = await superAdmin.post(`/api/releases/${release.id}/categories`, { name: { fr, en } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string };
}

async function addItem(release: Release, categoryId: string | null, fr: string, en = fr) {
  const response = await superAdmin.post(`/api/releases/${release.id}/items`, {
    categoryId,
    text: { fr: `<p>${fr}</p>`, en: `<p>${en}</p>` },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Entry;
}

const getRelease = async (id: string): Promise<Release> => (await superAdmin.get(`/api/releases/${id}`)).body;
const outline = (r: Release) => ({
  items: r.items.map((i) => i.text.fr),
  categories: r.categories.map((c) => [c.name.fr, c.items.map((i) => i.text.fr)]),
});

describe('releases (A5, super-admin)', () => {
  it('lists the seeded releases, newest version first, with their item counts', async () => {
    const response = await superAdmin.get('/api/releases');
    expect(response.status).toBe(200);
    const seeded = response.body.filter((r: Release) => r.version.startsWith('0.'));
    expect(seeded).toMatchObject([
      { version: '0.3', isActive: false, releasedOn: null, itemCount: 2 },
      { version: '0.2', isActive: true, releasedOn: '2026-11-20', itemCount: 7 },
      { version: '0.1', isActive: true, releasedOn: '2026-10-19', itemCount: 6 },
    ]);
  });

  it('orders versions as numbers: 1.10 after 1.9', async () => {
    await buildRelease({ version: '1.9' });
    await buildRelease({ version: '1.10' });
    await buildRelease({ version: '1.9.1' });
    const versions = (await superAdmin.get('/api/releases')).body.map((r: Release) => r.version);
    expect(versions.filter((v: string) => v.startsWith('1.'))).toEqual(['1.10', '1.9.1', '1.9']);
  });

  it('creates an inactive release, without a date if none is given', async () => {
    const response = await superAdmin.post('/api/releases', { version: ' 3.0.1 ' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      version: '3.0.1',
      releasedOn: null,
      isActive: false,
      items: [],
      categories: [],
    });
    expect((await superAdmin.get(`/api/releases/${response.body.id}`)).body.version).toBe('3.0.1');
  });

  it.each(['2..3', '.1', '1.', 'v1', '1.2b', '1,2'])(
    'refuses the version %j under its field',
    async (version) => {
      const response = await superAdmin.post('/api/releases', { version, releasedOn: '2026-11-20' });
      expect(response.status).toBe(400);
      expect(response.body.fields).toEqual([
        {
          field: 'version',
          code: 'validation.releases.version',
          message: 'Utilisez seulement des chiffres séparés par des points simples, par exemple 2.10.3.',
        },
      ]);
    },
  );

  it('refuses a version already taken, on create and on edit, in the caller’s language', async () => {
    const taken = await superAdmin.post('/api/releases', { version: '0.2' });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual([
      { field: 'version', code: 'validation.releases.versionTaken', message: 'Cette version existe déjà.' },
    ]);

    const release = await buildRelease();
    const edited = await superAdmin.put(`/api/releases/${release.id}`, { version: '0.1', releasedOn: null });
    expect(edited.status).toBe(400);
    expect(edited.body.fields[0]).toMatchObject({
      field: 'version',
      code: 'validation.releases.versionTaken',
    });

    await superAdmin.patch('/api/me', { locale: 'en' });
    // The same number written otherwise is the same version.
    const inEnglish = await superAdmin.post('/api/releases', { version: '0.2.0' });
    expect(inEnglish.body.fields[0].message).toBe('This version already exists.');
    await superAdmin.patch('/api/me', { locale: 'fr' });
  });

  it('edits the version and the date; its own version is not a conflict', async () => {
    const release = await buildRelease();
    const same = await superAdmin.put(`/api/releases/${release.id}`, {
      version: release.version,
      releasedOn: '2027-01-15',
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ version: release.version, releasedOn: '2027-01-15' });
    const renamed = await superAdmin.put(`/api/releases/${release.id}`, {
      version: '7.1.2',
      releasedOn: null,
    });
    expect(renamed.body).toMatchObject({ version: '7.1.2', releasedOn: null });
    expect((await getRelease(release.id)).version).toBe('7.1.2');
    const missing = await superAdmin.put(`/api/releases/${crypto.randomUUID()}`, { version: '7.9' });
    expect(missing.status).toBe(404);
  });

  it('switches the active flag at once', async () => {
    const release = await buildRelease();
    const on = await superAdmin.post(`/api/releases/${release.id}/activation`, { isActive: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: release.id, isActive: true, itemCount: 0 });
    expect((await getRelease(release.id)).isActive).toBe(true);
    const off = await superAdmin.post(`/api/releases/${release.id}/activation`, { isActive: false });
    expect(off.body.isActive).toBe(false);
    const missing = await superAdmin.post(`/api/releases/${crypto.randomUUID()}/activation`, {
      isActive: true,
    });
    expect(missing.status).toBe(404);
  });

  it('deletes a release with its entries and their texts', async () => {
    const release = await buildRelease();
    const category = await addCategory(release, 'Catégorie');
    await addItem(release, category.id, 'Un élément');
    const deleted = await superAdmin.delete(`/api/releases/${release.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await superAdmin.get(`/api/releases/${release.id}`)).status).toBe(404);
    const { rows } = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from texts where owner_id = $1`,
      [category.id],
    );
    expect(rows[0].n).toBe(0);
    expect((await superAdmin.delete(`/api/releases/${release.id}`)).status).toBe(404);
  });
});

describe('categories and items', () => {
  it('adds categories and items in order, items inside or outside a category', async () => {
    const release = await buildRelease();
    const news = await addCategory(release, 'Nouveautés', 'New');
    const fixes = await addCategory(release, 'Corrections', 'Fixes');
    await addItem(release, news.id, 'N1');
    await addItem(release, null, 'Libre 1');
    await addItem(release, fixes.id, 'C1');
    await addItem(release, news.id, 'N2');
    await addItem(release, null, 'Libre 2');
    expect(outline(await getRelease(release.id))).toEqual({
      items: ['<p>Libre 1</p>', '<p>Libre 2</p>'],
      categories: [
        ['Nouveautés', ['<p>N1</p>', '<p>N2</p>']],
        ['Corrections', ['<p>C1</p>']],
      ],
    });
    const summary = (await superAdmin.get('/api/releases')).body.find((r: Release) => r.id === release.id);
    expect(summary.itemCount).toBe(5);
  });

  it('strips tags from category names and cleans item texts', async () => {
    const release = await buildRelease();
    const category = await superAdmin.post(`/api/releases/${release.id}/categories`, {
      name: { fr: '<b>Sécurité</b>', en: '<script>x</script>Security' },
    });
    expect(category.body.name).toEqual({ fr: 'Sécurité', en: 'xSecurity' });
    const item = await superAdmin.post(`/api/releases/${release.id}/items`, {
      categoryId: category.body.id,
      text: {
        fr: '<p onclick="alert(1)">Texte <strong>gras</strong><script>alert(1)</script></p>',
        en: '<p>Text <a href="javascript:alert(1)">link</a></p>',
      },
    });
    expect(item.status).toBe(200);
    expect(item.body.text).toEqual({
      fr: '<p>Texte <strong>gras</strong></p>',
      en: '<p>Text <a>link</a></p>',
    });
    expect((await getRelease(release.id)).categories[0].items[0].text).toEqual(item.body.text);
  });

  it('needs a text in one language at least', async () => {
    const release = await buildRelease();
    const emptyCategory = await superAdmin.post(`/api/releases/${release.id}/categories`, {
      name: { fr: ' ', en: '' },
    });
    expect(emptyCategory.status).toBe(400);
    expect(emptyCategory.body.fields).toMatchObject([
      { field: 'name.fr', code: 'validation.releases.textRequired' },
    ]);
    const emptyItem = await superAdmin.post(`/api/releases/${release.id}/items`, {
      categoryId: null,
      text: { fr: '<p><script>alert(1)</script></p>', en: '' },
    });
    expect(emptyItem.status).toBe(400);
    expect(emptyItem.body.fields).toMatchObject([
      { field: 'text.fr', code: 'validation.releases.textRequired' },
    ]);
    const englishOnly = await superAdmin.post(`/api/releases/${release.id}/items`, {
      categoryId: null,
      text: { fr: '', en: '<p>Only in English</p>' },
    });
    expect(englishOnly.status).toBe(200);
  });

  it('edits a category name and an item text', async () => {
    const release = await buildRelease();
    const category = await addCategory(release, 'Avant');
    const item = await addItem(release, category.id, 'Ancien', 'Old');
    const renamed = await superAdmin.put(`/api/releases/${release.id}/categories/${category.id}`, {
      name: { fr: 'Après', en: 'After' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: category.id, name: { fr: 'Après', en: 'After' } });
    const edited = await superAdmin.put(`/api/releases/${release.id}/items/${item.id}`, {
      text: { fr: '<p>Nouveau</p>', en: '<p>New</p>' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({
      id: item.id,
      categoryId: category.id,
      text: { fr: '<p>Nouveau</p>', en: '<p>New</p>' },
    });
    expect(outline(await getRelease(release.id))).toEqual({
      items: [],
      categories: [['Après', ['<p>Nouveau</p>']]],
    });
    // An item is not a category, nor the reverse; another release's entry is not found.
    const asCategory = await superAdmin.put(`/api/releases/${release.id}/categories/${item.id}`, {
      name: { fr: 'X', en: 'X' },
    });
    expect(asCategory.status).toBe(404);
    const other = await buildRelease();
    const elsewhere = await superAdmin.put(`/api/releases/${other.id}/items/${item.id}`, {
      text: { fr: '<p>X</p>', en: '' },
    });
    expect(elsewhere.status).toBe(404);
    const intoOther = await superAdmin.post(`/api/releases/${other.id}/items`, {
      categoryId: category.id,
      text: { fr: '<p>X</p>', en: '' },
    });
    expect(intoOther.status).toBe(404);
  });

  it('deletes an item, and a category with its items', async () => {
    const release = await buildRelease();
    const a = await addCategory(release, 'A');
    const b = await addCategory(release, 'B');
    const a1 = await addItem(release, a.id, 'A1');
    await addItem(release, a.id, 'A2');
    await addItem(release, b.id, 'B1');
    expect((await superAdmin.delete(`/api/releases/${release.id}/entries/${a1.id}`)).status).toBe(200);
    expect(outline(await getRelease(release.id)).categories).toEqual([
      ['A', ['<p>A2</p>']],
      ['B', ['<p>B1</p>']],
    ]);
    expect((await superAdmin.delete(`/api/releases/${release.id}/entries/${a.id}`)).status).toBe(200);
    expect(outline(await getRelease(release.id))).toEqual({ items: [], categories: [['B', ['<p>B1</p>']]] });
    expect((await superAdmin.delete(`/api/releases/${release.id}/entries/${a.id}`)).status).toBe(404);
  });
});

describe('order (P11)', () => {
  async function releaseWithEntries() {
    const release = await buildRelease();
    const a = await addCategory(release, 'A');
    const b = await addCategory(release, 'B');
    const a1 = await addItem(release, a.id, 'A1');
    const a2 = await addItem(release, a.id, 'A2');
    const b1 = await addItem(release, b.id, 'B1');
    const free = await addItem(release, null, 'Libre');
    return { release, a, b, a1, a2, b1, free };
  }

  it('moves items within and across categories, and categories with their items, in one request', async () => {
    const { release, a, b, a1, a2, b1, free } = await releaseWithEntries();
    const response = await superAdmin.put(`/api/releases/${release.id}/order`, {
      items: [a2.id],
      categories: [
        { id: b.id, items: [free.id, b1.id] },
        { id: a.id, items: [a1.id] },
      ],
    });
    expect(response.status).toBe(200);
    const expected = {
      items: ['<p>A2</p>'],
      categories: [
        ['B', ['<p>Libre</p>', '<p>B1</p>']],
        ['A', ['<p>A1</p>']],
      ],
    };
    expect(outline(response.body)).toEqual(expected);
    expect(outline(await getRelease(release.id))).toEqual(expected);
    expect((await getRelease(release.id)).categories[0].items[0].categoryId).toBe(b.id);
  });

  it('refuses an order that names another release’s entries, forgets or repeats one, or mixes kinds (400)', async () => {
    const { release, a, b, a1, a2, b1, free } = await releaseWithEntries();
    const other = await releaseWithEntries();
    const before = outline(await getRelease(release.id));
    const wrong = [
      // an item of another release in place of one of ours
      {
        items: [other.free.id],
        categories: [
          { id: a.id, items: [a1.id, a2.id] },
          { id: b.id, items: [b1.id] },
        ],
      },
      // one forgotten
      {
        items: [],
        categories: [
          { id: a.id, items: [a1.id, a2.id] },
          { id: b.id, items: [b1.id] },
        ],
      },
      // one repeated
      {
        items: [free.id, free.id],
        categories: [
          { id: a.id, items: [a1.id] },
          { id: b.id, items: [b1.id] },
        ],
      },
      // an item used as a category
      {
        items: [b.id],
        categories: [
          { id: a.id, items: [a1.id, a2.id] },
          { id: free.id, items: [b1.id] },
        ],
      },
    ];
    for (const body of wrong) {
      const response = await superAdmin.put(`/api/releases/${release.id}/order`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({
        code: 'releases.orderMismatch',
        title: expect.stringMatching(/\S/),
      });
    }
    expect(outline(await getRelease(release.id))).toEqual(before);
    const missing = await superAdmin.put(`/api/releases/${crypto.randomUUID()}/order`, {
      items: [],
      categories: [],
    });
    expect(missing.status).toBe(404);
  });
});

describe('what’s new', () => {
  it('shows only active releases, newest first, in the caller’s language with the other as fallback', async () => {
    const release = await buildRelease({ version: '5.10', releasedOn: '2027-02-01' });
    const older = await buildRelease({ version: '5.9' });
    const hidden = await buildRelease({ version: '5.11' });
    const category = await addCategory(release, 'Nouveautés', 'New features');
    await addItem(release, category.id, 'Bonjour', 'Hello');
    await superAdmin.post(`/api/releases/${release.id}/items`, {
      categoryId: null,
      text: { fr: '', en: '<p>English only</p>' },
    });
    await addCategory(release, 'Vide', 'Empty');
    await addItem(older, null, 'Ancien', 'Old');
    await addItem(hidden, null, 'Caché', 'Hidden');
    for (const r of [release, older]) {
      await superAdmin.post(`/api/releases/${r.id}/activation`, { isActive: true });
    }

    const french = await organiser.get('/api/whats-new');
    expect(french.status).toBe(200);
    const versions = french.body.map((r: { version: string }) => r.version);
    expect(versions.filter((v: string) => v.startsWith('5.'))).toEqual(['5.10', '5.9']);
    expect(versions).toContain('0.2');
    expect(versions).not.toContain('0.3');
    expect(versions).not.toContain('5.11');
    expect(french.body.find((r: { version: string }) => r.version === '5.10')).toEqual({
      id: release.id,
      version: '5.10',
      releasedOn: '2027-02-01',
      items: [{ id: expect.any(String), html: '<p>English only</p>' }],
      categories: [
        { id: category.id, name: 'Nouveautés', items: [{ id: expect.any(String), html: '<p>Bonjour</p>' }] },
      ],
    });

    const outsider = await signIn(t.app, SECOND_COMPANY_USER);
    const english = (await outsider.get('/api/whats-new')).body.find(
      (r: { version: string }) => r.version === '5.10',
    );
    expect(english.categories).toEqual([
      { id: category.id, name: 'New features', items: [{ id: expect.any(String), html: '<p>Hello</p>' }] },
    ]);
    const asked = (await organiser.get('/api/whats-new?language=en')).body.find(
      (r: { version: string }) => r.version === '5.10',
    );
    expect(asked.categories[0].name).toBe('New features');

    await superAdmin.post(`/api/releases/${release.id}/activation`, { isActive: false });
    const after = (await organiser.get('/api/whats-new')).body.map((r: { version: string }) => r.version);
    expect(after).not.toContain('5.10');
  });
});

describe('access', () => {
  it('refuses every write, and the editing reads, to a user who is not a super-admin (403)', async () => {
    const release = await buildRelease();
    const category = await addCategory(release, 'A');
    const item = await addItem(release, category.id, 'A1');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/releases'],
      ['GET', `/api/releases/${release.id}`],
      ['POST', '/api/releases', { version: '8.8' }],
      ['PUT', `/api/releases/${release.id}`, { version: '8.8' }],
      ['POST', `/api/releases/${release.id}/activation`, { isActive: true }],
      ['POST', `/api/releases/${release.id}/categories`, { name: { fr: 'X', en: 'X' } }],
      ['PUT', `/api/releases/${release.id}/categories/${category.id}`, { name: { fr: 'X', en: 'X' } }],
      ['POST', `/api/releases/${release.id}/items`, { categoryId: null, text: { fr: 'X', en: 'X' } }],
      ['PUT', `/api/releases/${release.id}/items/${item.id}`, { text: { fr: 'X', en: 'X' } }],
      ['PUT', `/api/releases/${release.id}/order`, { items: [], categories: [] }],
      ['DELETE', `/api/releases/${release.id}/entries/${item.id}`],
      ['DELETE', `/api/releases/${release.id}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await organiser.request({ method: method as 'GET', url, body });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.code).toBe('forbidden');
    }
    expect(outline(await getRelease(release.id))).toEqual({ items: [], categories: [['A', ['<p>A1</p>']]] });
  });

  it('answers 401 without a session, what’s new included', async () => {
    const visitor = await anonymous(t.app);
    expect((await visitor.get('/api/whats-new')).status).toBe(401);
    expect((await visitor.get('/api/releases')).status).toBe(401);
    expect((await visitor.post('/api/releases', { version: '8.9' })).status).toBe(401);
  });
});
