import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HELP_SCREENS } from '../../../contracts/help';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, signIn } from '../../../tests/support/test-app';
import { helpTexts, texts } from '../../db/schema';
import { DEMO_SUPER_ADMIN } from '../../seed/demo';
import { DEMO_HELP } from '../../seed/help';

const {
  t,
  superAdmin,
  camille: organiser,
  jordan: outsider,
} = withTestApp({ users: ['superAdmin', 'camille', 'jordan'] });

const edition = (screen: string) => ({
  screen,
  title: { fr: 'Aide de l’écran', en: 'Screen help' },
  description: { fr: 'Première ligne\nDeuxième ligne', en: 'First line\nSecond line' },
  isActive: true,
});

describe('help texts (E10): reading', () => {
  it('refuses callers without a session (401)', async () => {
    const visitor = await anonymous(t.app);
    expect((await visitor.get('/api/help?screen=projects.list')).status).toBe(401);
    expect((await visitor.put('/api/help', edition('projects.list'))).status).toBe(401);
    expect((await visitor.put('/api/me/text-edition', { enabled: true })).status).toBe(401);
  });

  it('gives every user the seeded help of a screen, in both languages', async () => {
    const seeded = DEMO_HELP.find((h) => h.screen === 'projects.list');
    for (const client of [organiser, outsider, superAdmin]) {
      const response = await client.get('/api/help?screen=projects.list');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        screen: 'projects.list',
        help: { title: seeded?.title, description: seeded?.description },
      });
    }
  });

  it('answers null for a screen without help, and refuses a screen it does not know', async () => {
    const response = await organiser.get('/api/help?screen=admin.companySwitches');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ screen: 'admin.companySwitches', help: null });
    const unknown = await organiser.get('/api/help?screen=nowhere');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([
      expect.objectContaining({ field: 'screen', code: 'validation.invalid' }),
    ]);
  });

  it('keeps the texts product-wide: no company, no project', async () => {
    const rows = await t.deps.db
      .select({ kind: texts.kind })
      .from(texts)
      .innerJoin(helpTexts, eq(helpTexts.id, texts.ownerId))
      .where(and(isNull(texts.companyId), isNull(texts.projectId)));
    expect(rows.length).toBe(DEMO_HELP.length * 2);
  });
});

describe('help texts (E10): edition by a super-admin', () => {
  it('saves both languages, strips the tags typed in, and keeps the lines of the description', async () => {
    const response = await superAdmin.put('/api/help', {
      screen: 'admin.companySwitches',
      title: { fr: '<b>Changements</b> d’entreprise', en: 'Company <script>alert(1)</script>switches' },
      description: {
        fr: '<p>Qui est passé</p>\ndans quelle entreprise,\n<i>et quand</i>.',
        en: 'Who switched\ninto which company, and when.',
      },
      isActive: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      screen: 'admin.companySwitches',
      title: { fr: 'Changements d’entreprise', en: 'Company alert(1)switches' },
      description: {
        fr: 'Qui est passé\ndans quelle entreprise,\net quand.',
        en: 'Who switched\ninto which company, and when.',
      },
      isActive: true,
      exists: true,
    });
    const read = await organiser.get('/api/help?screen=admin.companySwitches');
    expect(read.body.help.title.fr).toBe('Changements d’entreprise');
  });

  it('gives a screen never written as empty and active, ready to write', async () => {
    const response = await superAdmin.get('/api/help/edition?screen=admin.releaseEdit');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      screen: 'admin.releaseEdit',
      title: { fr: '', en: '' },
      description: { fr: '', en: '' },
      isActive: true,
      exists: false,
    });
  });

  it('hides an inactive help from users, and shows it again once active', async () => {
    await superAdmin.put('/api/help', { ...edition('admin.releases'), isActive: false });
    expect((await organiser.get('/api/help?screen=admin.releases')).body.help).toBeNull();
    const kept = await superAdmin.get('/api/help/edition?screen=admin.releases');
    expect(kept.body).toMatchObject({ isActive: false, exists: true, title: edition('x').title });

    await superAdmin.put('/api/help', edition('admin.releases'));
    expect((await organiser.get('/api/help?screen=admin.releases')).body.help).toEqual({
      title: edition('x').title,
      description: edition('x').description,
    });
  });

  it('shows no help whose texts are all empty', async () => {
    await superAdmin.put('/api/help', {
      ...edition('projects.new'),
      title: { fr: '<br>', en: ' ' },
      description: { fr: '', en: '' },
    });
    expect((await organiser.get('/api/help?screen=projects.new')).body.help).toBeNull();
  });

  it('refuses a title or description too long, with the field named', async () => {
    const response = await superAdmin.put('/api/help', {
      ...edition('whatsNew'),
      title: { fr: 'x'.repeat(151), en: 'ok' },
      description: { fr: 'ok', en: 'y'.repeat(4001) },
    });
    expect(response.status).toBe(400);
    expect(response.body.fields.map((f: { field: string; code: string }) => [f.field, f.code])).toEqual([
      ['title.fr', 'validation.tooLong'],
      ['description.en', 'validation.tooLong'],
    ]);
    // Tags do not count: a long bold title fits once stripped.
    const bold = await superAdmin.put('/api/help', {
      ...edition('whatsNew'),
      title: { fr: `<strong>${'x'.repeat(150)}</strong>`, en: 'ok' },
    });
    expect(bold.status).toBe(200);
  });

  it('refuses every other user: 403 (super-admin only), even for their own company', async () => {
    for (const client of [organiser, outsider]) {
      const save = await client.put('/api/help', edition('projects.list'));
      expect(save.status).toBe(403);
      expect(save.body.code).toBe('forbidden');
      expect((await client.get('/api/help/edition?screen=projects.list')).status).toBe(403);
      expect((await client.put('/api/me/text-edition', { enabled: true })).status).toBe(403);
    }
    const seeded = DEMO_HELP.find((h) => h.screen === 'projects.list');
    expect((await organiser.get('/api/help?screen=projects.list')).body.help.title).toEqual(seeded?.title);
  });

  it('covers every screen the web app names', async () => {
    for (const screen of HELP_SCREENS) {
      expect((await organiser.get(`/api/help?screen=${screen}`)).status).toBe(200);
    }
  });
});

describe('text-edition mode (E10)', () => {
  it('is off at first, switched on and off by the super-admin, and kept in the session payload', async () => {
    expect((await superAdmin.get('/api/session')).body.user.textEditionMode).toBe(false);
    const on = await superAdmin.put('/api/me/text-edition', { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.textEditionMode).toBe(true);
    expect((await superAdmin.get('/api/session')).body.user.textEditionMode).toBe(true);
    // Remembered for the next session too.
    const again = await signIn(t.app, DEMO_SUPER_ADMIN);
    expect(again.user.textEditionMode).toBe(true);
    const off = await superAdmin.put('/api/me/text-edition', { enabled: false });
    expect(off.body.textEditionMode).toBe(false);
    expect((await organiser.get('/api/session')).body.user.textEditionMode).toBe(false);
  });
});
