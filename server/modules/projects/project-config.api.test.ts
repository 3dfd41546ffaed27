import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findOption, PROJECT_OPTIONS } from '../../../contracts/project-options';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildProject } from '../../../tests/support/test-app';
import { files } from '../../db/schema';

const { t, jordan, camille } = withTestApp();

const general = {
  nameFr: 'Salon de la forêt',
  nameEn: 'Forest Fair',
  startsOn: '2027-09-14',
  endsOn: '2027-09-15',
  timeZone: 'America/Toronto',
  defaultLanguage: 'fr',
  externalDashboardUrl: '',
  languages: ['fr', 'en'],
  projectEmail: '',
  supportEmail: '',
};

const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

/** An image row as the upload (E8) stores it, of a company, for a purpose. */
async function storedImage(companyId: string, purpose: string, projectId: string | null = null) {
  const [row] = await t.database.db
    .insert(files)
    .values({
      companyId,
      projectId,
      purpose,
      storageKey: `test/${randomUUID()}.webp`,
      contentType: 'image/webp',
      byteSize: 1234,
      width: purpose === 'project.logo' ? 400 : 1200,
      height: purpose === 'project.logo' ? 200 : 300,
    })
    .returning();
  return row;
}

describe('general settings (J3)', () => {
  it('are part of the project and kept: languages, project and support e-mails', async () => {
    const project = await buildProject(jordan);
    expect(project).toMatchObject({
      languages: ['fr', 'en'],
      projectEmail: null,
      supportEmail: null,
      autoNotification: false,
      logoFileId: null,
      bannerFileId: null,
      bannerBackgroundColor: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const saved = await jordan.put(`/api/projects/${project.id}`, {
      ...general,
      languages: ['en'],
      defaultLanguage: 'en',
      projectEmail: ' Info@Foret.example ',
      supportEmail: 'aide@foret.example',
      externalDashboardUrl: 'http://tableau.example/foret',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      languages: ['en'],
      defaultLanguage: 'en',
      projectEmail: 'info@foret.example',
      supportEmail: 'aide@foret.example',
      externalDashboardUrl: 'http://tableau.example/foret',
    });
    expect((await jordan.get(`/api/projects/${project.id}`)).body).toMatchObject({
      languages: ['en'],
      projectEmail: 'info@foret.example',
    });

    // Both languages are kept once each, French first, in whatever order they were sent; a third is refused.
    const both = await jordan.put(`/api/projects/${project.id}`, {
      ...general,
      languages: ['en', 'fr', 'en'],
    });
    expect(both.status).toBe(400);
    const reordered = await jordan.put(`/api/projects/${project.id}`, {
      ...general,
      languages: ['en', 'fr'],
    });
    expect(reordered.body.languages).toEqual(['fr', 'en']);

    // Emptied addresses are saved as none.
    await jordan.put(`/api/projects/${project.id}`, { ...general, projectEmail: 'info@foret.example' });
    const emptied = await jordan.put(`/api/projects/${project.id}`, general);
    expect(emptied.body).toMatchObject({
      projectEmail: null,
      supportEmail: null,
      externalDashboardUrl: null,
    });
  });

  it('keeps the languages and addresses of a caller that does not send them (J1)', async () => {
    const project = await buildProject(jordan);
    await jordan.put(`/api/projects/${project.id}`, {
      ...general,
      languages: ['en'],
      defaultLanguage: 'en',
      supportEmail: 'aide@foret.example',
    });
    const {
      languages: _languages,
      projectEmail: _projectEmail,
      supportEmail: _supportEmail,
      ...j1
    } = general;
    const renamed = await jordan.put(`/api/projects/${project.id}`, {
      ...j1,
      defaultLanguage: 'en',
      nameEn: 'Renamed',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      nameEn: 'Renamed',
      languages: ['en'],
      supportEmail: 'aide@foret.example',
    });

    // Its default language must still be one of the project's languages.
    const french = await jordan.put(`/api/projects/${project.id}`, { ...j1, defaultLanguage: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.fields).toMatchObject([
      { field: 'defaultLanguage', code: 'validation.projectConfig.defaultLanguageNotSpoken' },
    ]);
  });

  it('refuses invalid e-mail addresses and a dashboard address that is not http(s), each under its field', async () => {
    const project = await buildProject(jordan);
    const response = await jordan.put(`/api/projects/${project.id}`, {
      ...general,
      projectEmail: 'info@',
      supportEmail: 'not an address',
      externalDashboardUrl: 'javascript:alert(1)',
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response.body)).toEqual(['externalDashboardUrl', 'projectEmail', 'supportEmail']);
    expect(response.body.fields.find((f: { field: string }) => f.field === 'projectEmail')).toMatchObject({
      code: 'validation.email',
      message: 'Enter a valid e-mail address.',
    });
  });

  it('needs at least one language, and the default language among them', async () => {
    const project = await buildProject(jordan);
    const none = await jordan.put(`/api/projects/${project.id}`, { ...general, languages: [] });
    expect(none.status).toBe(400);
    expect(none.body.fields).toMatchObject([
      { field: 'languages', code: 'validation.projectConfig.languagesRequired' },
    ]);

    const notSpoken = await jordan.put(`/api/projects/${project.id}`, {
      ...general,
      languages: ['en'],
      defaultLanguage: 'fr',
    });
    expect(notSpoken.status).toBe(400);
    expect(notSpoken.body.fields).toEqual([
      {
        field: 'defaultLanguage',
        code: 'validation.projectConfig.defaultLanguageNotSpoken',
        message: expect.stringMatching(/\S/),
      },
    ]);

    const unknown = await jordan.put(`/api/projects/${project.id}`, { ...general, languages: ['de'] });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(['languages.0']);
    expect((await jordan.get(`/api/projects/${project.id}`)).body.languages).toEqual(['fr', 'en']);
  });
});

describe('options (J3)', () => {
  it('lists every option of the registry, with its default until saved', async () => {
    const project = await buildProject(jordan);
    const response = await jordan.get(`/api/projects/${project.id}/options`);
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual(PROJECT_OPTIONS.map((o) => ({ id: o.id, value: o.default })));
  });

  it('saves one option at once, as sent, and keeps it (an option of opposite meaning too)', async () => {
    const project = await buildProject(jordan);
    const taxes = await jordan.put(`/api/projects/${project.id}/options`, { optionId: 54, value: true });
    expect(taxes.status).toBe(200);
    expect(taxes.body).toEqual({ id: 54, value: true });

    // "Hide the participant list" (shown as "Show the participant list"): the stored value is the option's own.
    const hide = findOption(30);
    expect(hide).toMatchObject({ key: 'hideParticipantList', opposite: true });
    await jordan.put(`/api/projects/${project.id}/options`, { optionId: 30, value: true });

    const values = new Map<number, boolean>(
      (await jordan.get(`/api/projects/${project.id}/options`)).body.items.map(
        (o: { id: number; value: boolean }) => [o.id, o.value],
      ),
    );
    expect(values.get(54)).toBe(true);
    expect(values.get(30)).toBe(true);

    await jordan.put(`/api/projects/${project.id}/options`, { optionId: 54, value: false });
    const again = (await jordan.get(`/api/projects/${project.id}/options`)).body.items;
    expect(again.find((o: { id: number }) => o.id === 54).value).toBe(false);

    // Another project keeps its defaults.
    const other = await buildProject(jordan);
    const untouched = (await jordan.get(`/api/projects/${other.id}/options`)).body.items;
    expect(untouched.find((o: { id: number }) => o.id === 54).value).toBe(false);
  });

  it('refuses an option id the registry does not know (400 under optionId), and a value that is not a boolean', async () => {
    const project = await buildProject(jordan);
    for (const optionId of [999, 0, -1, 5.5, '54']) {
      const response = await jordan.put(`/api/projects/${project.id}/options`, { optionId, value: true });
      expect(response.status, String(optionId)).toBe(400);
      expect(fieldsOf(response.body)).toEqual(['optionId']);
    }
    const unknown = await jordan.put(`/api/projects/${project.id}/options`, { optionId: 999, value: true });
    expect(unknown.body.fields[0]).toMatchObject({
      code: 'validation.projectConfig.unknownOption',
      message: expect.stringMatching(/\S/),
    });
    const notBoolean = await jordan.put(`/api/projects/${project.id}/options`, {
      optionId: 54,
      value: 'yes',
    });
    expect(notBoolean.status).toBe(400);
    expect(fieldsOf(notBoolean.body)).toEqual(['value']);
  });

  it('switches the automatic notifications on and off', async () => {
    const project = await buildProject(jordan);
    const on = await jordan.put(`/api/projects/${project.id}/auto-notification`, { autoNotification: true });
    expect(on.status).toBe(200);
    expect(on.body.autoNotification).toBe(true);
    expect((await jordan.get(`/api/projects/${project.id}`)).body.autoNotification).toBe(true);
    const off = await jordan.put(`/api/projects/${project.id}/auto-notification`, {
      autoNotification: false,
    });
    expect(off.body.autoNotification).toBe(false);
  });
});

describe('colours (J3)', () => {
  it('saves the colours sent (in lower case) and keeps the others', async () => {
    const project = await buildProject(jordan);
    const banner = await jordan.put(`/api/projects/${project.id}/colours`, {
      bannerBackgroundColor: '#AA3300',
      bannerTextColor: '#fefefe',
    });
    expect(banner.status).toBe(200);
    expect(banner.body).toMatchObject({
      bannerBackgroundColor: '#aa3300',
      bannerTextColor: '#fefefe',
      homeBackgroundColor: project.homeBackgroundColor,
      menuTextColor: project.menuTextColor,
    });
    const home = await jordan.put(`/api/projects/${project.id}/colours`, {
      homeBackgroundColor: '#ffffff',
      menuBackgroundColor: '#123456',
      menuTextColor: '#ffffff',
    });
    expect(home.body).toMatchObject({
      bannerBackgroundColor: '#aa3300',
      homeBackgroundColor: '#ffffff',
      menuBackgroundColor: '#123456',
      menuTextColor: '#ffffff',
    });
    expect((await jordan.get(`/api/projects/${project.id}`)).body.menuBackgroundColor).toBe('#123456');
  });

  it('refuses a colour that is not #rrggbb, under its field, and saves nothing of that request', async () => {
    const project = await buildProject(jordan);
    const response = await jordan.put(`/api/projects/${project.id}/colours`, {
      bannerBackgroundColor: '#abc',
      bannerTextColor: 'red',
      menuTextColor: '#000000',
      homeBackgroundColor: 'rgb(0,0,0)',
    });
    expect(response.status).toBe(400);
    expect(fieldsOf(response.body)).toEqual([
      'bannerBackgroundColor',
      'bannerTextColor',
      'homeBackgroundColor',
    ]);
    expect(response.body.fields[0]).toMatchObject({ code: 'validation.projectConfig.color' });
    expect((await jordan.get(`/api/projects/${project.id}`)).body.menuTextColor).toBe(project.menuTextColor);
  });
});

describe('branding (J3)', () => {
  it('points the logo and banner at images of the company stored for them, and removes them', async () => {
    const project = await buildProject(jordan);
    const companyId = jordan.user.company.id;
    const logo = await storedImage(companyId, 'project.logo');
    const banner = await storedImage(companyId, 'project.banner', project.id);
    const response = await jordan.put(`/api/projects/${project.id}/branding`, {
      logoFileId: logo.id,
      bannerFileId: banner.id,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ logoFileId: logo.id, bannerFileId: banner.id });

    const removed = await jordan.put(`/api/projects/${project.id}/branding`, { logoFileId: null });
    expect(removed.body).toMatchObject({ logoFileId: null, bannerFileId: banner.id });
  });

  it('deletes an image once it is replaced or removed: nothing is left behind', async () => {
    const project = await buildProject(jordan);
    const companyId = jordan.user.company.id;
    const first = await storedImage(companyId, 'project.banner');
    const second = await storedImage(companyId, 'project.banner');
    await jordan.put(`/api/projects/${project.id}/branding`, { bannerFileId: first.id });
    await jordan.put(`/api/projects/${project.id}/branding`, { bannerFileId: second.id });
    expect((await t.app.inject({ url: `/files/${first.id}` })).statusCode).toBe(404);
    await jordan.put(`/api/projects/${project.id}/branding`, { bannerFileId: null });
    const left = await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [first.id, second.id]));
    expect(left).toEqual([]);
  });

  it('refuses an image of another company, of another purpose or of another project (400 under its field)', async () => {
    const project = await buildProject(jordan);
    const other = await buildProject(jordan);
    const companyId = jordan.user.company.id;
    const theirs = await storedImage(camille.user.company.id, 'project.logo');
    const aBanner = await storedImage(companyId, 'project.banner');
    const othersLogo = await storedImage(companyId, 'project.logo', other.id);
    for (const [body, field] of [
      [{ logoFileId: theirs.id }, 'logoFileId'],
      [{ logoFileId: aBanner.id }, 'logoFileId'],
      [{ logoFileId: othersLogo.id }, 'logoFileId'],
      [{ bannerFileId: randomUUID() }, 'bannerFileId'],
    ] as const) {
      const response = await jordan.put(`/api/projects/${project.id}/branding`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.fields).toMatchObject([{ field, code: 'validation.projectConfig.image' }]);
    }
    expect((await jordan.get(`/api/projects/${project.id}`)).body.logoFileId).toBeNull();
  });
});

describe('another company’s project', () => {
  it('is not found by any configuration call (404), which changes nothing', async () => {
    const project = await buildProject(jordan);
    const url = `/api/projects/${project.id}`;
    const calls = [
      camille.get(`${url}/options`),
      camille.put(`${url}/options`, { optionId: 54, value: true }),
      camille.put(`${url}/auto-notification`, { autoNotification: true }),
      camille.put(`${url}/colours`, { bannerBackgroundColor: '#000000' }),
      camille.put(`${url}/branding`, { logoFileId: null }),
      camille.put(url, { ...general, projectEmail: 'pirate@example.test' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('notFound');
    }
    const after = (await jordan.get(url)).body;
    expect(after).toMatchObject({
      autoNotification: false,
      bannerBackgroundColor: project.bannerBackgroundColor,
      projectEmail: null,
    });
    const taxes = (await jordan.get(`${url}/options`)).body.items.find((o: { id: number }) => o.id === 54);
    expect(taxes.value).toBe(false);
  });
});

describe('partial saves', () => {
  it('refuse a field they do not know, rather than ignoring it', async () => {
    const project = await buildProject(jordan);
    const colours = await jordan.put(`/api/projects/${project.id}/colours`, { bannerColor: '#000000' });
    expect(colours.status).toBe(400);
    expect(colours.body.fields[0].code).toBe('validation.unrecognized_keys');
    const branding = await jordan.put(`/api/projects/${project.id}/branding`, { logo: null });
    expect(branding.status).toBe(400);
  });
});
