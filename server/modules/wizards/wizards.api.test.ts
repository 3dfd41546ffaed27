import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MODULE_OPTIONS } from '../../../contracts/project-options';
import { withTestApp } from '../../../tests/support/api-fixture';
import type { ApiClient } from '../../../tests/support/test-app';
import { files } from '../../db/schema';

const { t, jordan, camille } = withTestApp();

const fieldsOf = (body: { fields?: { field: string }[] }) => (body.fields ?? []).map((f) => f.field).sort();

async function storedImage(companyId: string, purpose: string) {
  const [row] = await t.database.db
    .insert(files)
    .values({
      companyId,
      purpose,
      storageKey: `test/${randomUUID()}.webp`,
      contentType: 'image/webp',
      byteSize: 1000,
      width: 400,
      height: 200,
    })
    .returning();
  return row;
}

function wizardValues(overrides: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    nameFr: `Assistant ${tag}`,
    nameEn: `Wizard ${tag}`,
    startsOn: '2028-03-01',
    endsOn: '2028-03-03',
    timeZone: 'America/Vancouver',
    languages: ['fr', 'en'],
    defaultLanguage: 'fr',
    modules: [10, 11],
    logoFileId: null,
    bannerFileId: null,
    ...overrides,
  };
}

async function countProjects(client: ApiClient, q: string) {
  return (await client.get(`/api/projects?q=${encodeURIComponent(q)}`)).body.total as number;
}

describe('a step of the new-project wizard (P10)', () => {
  const step = (body: Record<string, unknown>) => jordan.post('/api/wizards/project/steps', body);

  it('answers ok for valid steps and saves nothing', async () => {
    expect((await step({ step: 'names', nameFr: 'Salon du Nord', nameEn: 'North Fair' })).body).toEqual({
      ok: true,
    });
    expect(
      (await step({ step: 'dates', startsOn: '2028-01-01', endsOn: '2028-01-01', timeZone: 'utc' })).status,
    ).toBe(200);
    expect((await step({ step: 'languages', languages: ['en'], defaultLanguage: 'en' })).status).toBe(200);
    expect((await step({ step: 'modules', modules: [] })).status).toBe(200);
    expect((await step({ step: 'branding', logoFileId: null, bannerFileId: null })).status).toBe(200);
    expect(await countProjects(jordan, 'Salon du Nord')).toBe(0);
  });

  it('answers the field errors of the step, with the same rules as the project form', async () => {
    const names = await step({ step: 'names', nameFr: 'A', nameEn: '' });
    expect(names.status).toBe(400);
    expect(names.body.fields).toMatchObject([
      {
        field: 'nameFr',
        code: 'validation.required',
        message: 'This field is required (at least 2 characters).',
      },
      { field: 'nameEn', code: 'validation.required' },
    ]);

    const dates = await step({
      step: 'dates',
      startsOn: '2028-01-05',
      endsOn: '2028-01-01',
      timeZone: 'UTC',
    });
    expect(dates.body.fields).toMatchObject([{ field: 'endsOn', code: 'validation.endBeforeStart' }]);
    const zone = await step({
      step: 'dates',
      startsOn: '2028-01-05',
      endsOn: '2028-01-06',
      timeZone: 'Nowhere',
    });
    expect(fieldsOf(zone.body)).toEqual(['timeZone']);

    const languages = await step({ step: 'languages', languages: ['fr'], defaultLanguage: 'en' });
    expect(languages.body.fields).toMatchObject([
      { field: 'defaultLanguage', code: 'validation.projectConfig.defaultLanguageNotSpoken' },
    ]);

    const modules = await step({ step: 'modules', modules: [54] });
    expect(modules.status).toBe(400);
    expect(fieldsOf(modules.body)).toEqual(['modules.0']);

    const unknown = await step({ step: 'colours' });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(['step']);
  });

  it('refuses an image that is not the company’s own, uploaded for its purpose', async () => {
    const theirs = await storedImage(camille.user.company.id, 'project.logo');
    const response = await step({ step: 'branding', logoFileId: theirs.id, bannerFileId: null });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject([
      { field: 'logoFileId', code: 'validation.projectConfig.image' },
    ]);
    const banner = await storedImage(jordan.user.company.id, 'project.banner');
    const wrongPurpose = await step({ step: 'branding', logoFileId: banner.id, bannerFileId: null });
    expect(fieldsOf(wrongPurpose.body)).toEqual(['logoFileId']);
    expect((await step({ step: 'branding', logoFileId: null, bannerFileId: banner.id })).status).toBe(200);
  });
});

describe('creating the project at the end of the wizard (P10)', () => {
  it('creates the project with its modules and its branding, in the caller’s company', async () => {
    const companyId = jordan.user.company.id;
    const logo = await storedImage(companyId, 'project.logo');
    const banner = await storedImage(companyId, 'project.banner');
    const values = wizardValues({
      logoFileId: logo.id,
      bannerFileId: banner.id,
      languages: ['en'],
      defaultLanguage: 'en',
    });
    const response = await jordan.post('/api/wizards/project', values);
    expect(response.status).toBe(200);
    const project = response.body;
    expect(project).toMatchObject({
      nameFr: values.nameFr,
      nameEn: values.nameEn,
      timeZone: 'America/Vancouver',
      languages: ['en'],
      defaultLanguage: 'en',
      isActive: true,
      logoFileId: logo.id,
      bannerFileId: banner.id,
    });

    // Every module is saved: on for those chosen, off for the others (even one on by default).
    const options = new Map<number, boolean>(
      (await jordan.get(`/api/projects/${project.id}/options`)).body.items.map(
        (o: { id: number; value: boolean }) => [o.id, o.value],
      ),
    );
    for (const module of MODULE_OPTIONS) {
      expect(options.get(module.id), module.key).toBe([10, 11].includes(module.id));
    }
    expect(await countProjects(jordan, values.nameFr)).toBe(1);
    expect(await countProjects(camille, values.nameFr)).toBe(0);

    // The images now belong to the project: another project cannot take them.
    const other = await jordan.post('/api/wizards/project', wizardValues({ logoFileId: logo.id }));
    expect(other.status).toBe(400);
    expect(fieldsOf(other.body)).toEqual(['logoFileId']);
  });

  it('creates nothing when the last part fails (an image of another company): one transaction', async () => {
    const theirs = await storedImage(camille.user.company.id, 'project.banner');
    const values = wizardValues({ bannerFileId: theirs.id });
    const response = await jordan.post('/api/wizards/project', values);
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject([
      { field: 'bannerFileId', code: 'validation.projectConfig.image' },
    ]);
    expect(await countProjects(jordan, values.nameFr)).toBe(0);
    const { rows } = await t.database.sql.query<{ n: number }>(
      'select count(*)::int as n from projects where name_fr = $1',
      [values.nameFr],
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses incomplete or inconsistent values with every field error, and creates nothing', async () => {
    const values = wizardValues({
      nameEn: '',
      endsOn: '2028-02-01',
      languages: ['fr'],
      defaultLanguage: 'en',
    });
    const response = await jordan.post('/api/wizards/project', values);
    expect(response.status).toBe(400);
    expect(fieldsOf(response.body)).toEqual(['defaultLanguage', 'endsOn', 'nameEn']);
    expect(await countProjects(jordan, values.nameFr)).toBe(0);
  });
});
