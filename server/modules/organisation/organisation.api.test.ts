import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  anonymous,
  createTestApp,
  signIn,
  type TestApp,
} from '../../../tests/support/test-app';
import { files } from '../../db/schema';
import { DEMO_ORGANISER, DEMO_SUPER_ADMIN, SECOND_COMPANY_USER } from '../../seed/demo';

let t: TestApp;
let organiser: ApiClient;
let boreal: ApiClient;
let demoId: string;
let borealId: string;

const base = { name: 'Événements Maillage (démo)', contactEmail: 'bonjour@maillage.test' };

/** An image of a company stored for a purpose, as the image upload (E8) leaves it. */
async function storedImage(companyId: string, purpose = 'company.logo') {
  const id = randomUUID();
  await t.deps.db.insert(files).values({
    id,
    companyId,
    purpose,
    storageKey: `test/${id}.png`,
    contentType: 'image/png',
    byteSize: 100,
    width: 400,
    height: 200,
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  organiser = await signIn(t.app, DEMO_ORGANISER);
  boreal = await signIn(t.app, SECOND_COMPANY_USER);
  demoId = organiser.user.company.id;
  borealId = boreal.user.company.id;
});
afterAll(async () => {
  await t?.close();
});

describe('organisation (A2)', () => {
  it('refuses callers without a session (401)', async () => {
    const visitor = await anonymous(t.app);
    expect((await visitor.get('/api/organisation')).status).toBe(401);
    expect((await visitor.put('/api/organisation', base)).status).toBe(401);
  });

  it('is the company of the signed-in user', async () => {
    const mine = await organiser.get('/api/organisation');
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      id: demoId,
      name: 'Événements Maillage (démo)',
      contactEmail: 'bonjour@maillage.test',
      phone: null,
      address: null,
      website: null,
      logoFileId: null,
    });
    expect((await boreal.get('/api/organisation')).body).toMatchObject({
      id: borealId,
      name: 'Congrès Boréal',
    });
  });

  it('saves every field, the phone number in international format (P9)', async () => {
    const response = await organiser.put('/api/organisation', {
      ...base,
      phone: '(514) 555-1234',
      address: '  1000, rue Sherbrooke Ouest  \r\n\r\n\r\n  Montréal (Québec) H3A 3G4 \n',
      website: ' https://maillage.test/evenements ',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      phone: '+15145551234',
      address: '1000, rue Sherbrooke Ouest\n\nMontréal (Québec) H3A 3G4',
      website: 'https://maillage.test/evenements',
    });
    expect((await organiser.get('/api/organisation')).body.phone).toBe('+15145551234');

    const french = await organiser.put('/api/organisation', { ...base, phone: '+33 (0)1 42-68-53-00' });
    expect(french.body.phone).toBe('+33142685300');
    const extension = await organiser.put('/api/organisation', { ...base, phone: '514 555 1234 poste 220' });
    expect(extension.body.phone).toBe('+15145551234;ext=220');
  });

  it('clears the optional fields when they are left empty', async () => {
    const response = await organiser.put('/api/organisation', {
      ...base,
      contactEmail: '',
      phone: '',
      address: '  \n ',
      website: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      contactEmail: null,
      phone: null,
      address: null,
      website: null,
      logoFileId: null,
    });
  });

  it('refuses an invalid number with the message under the phone field, in the user’s language', async () => {
    const response = await organiser.put('/api/organisation', { ...base, phone: '514 555' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      {
        field: 'phone',
        code: 'validation.phone',
        message: 'Entrez un numéro de téléphone valide (choisissez le pays, puis tapez le numéro).',
      },
    ]);
    const english = await boreal.put('/api/organisation', {
      name: 'Congrès Boréal',
      phone: '+1 555 123 4567',
    });
    expect(english.status).toBe(400);
    expect(english.body.fields[0]).toMatchObject({
      field: 'phone',
      message: 'Enter a valid phone number (choose the country, then type the number).',
    });
    expect((await organiser.get('/api/organisation')).body.phone).toBeNull();
  });

  it('refuses a name of fewer than 2 characters, a wrong e-mail, a website that is not http(s)', async () => {
    const response = await organiser.put('/api/organisation', {
      name: ' x ',
      contactEmail: 'pas-un-courriel',
      website: 'ftp://maillage.test',
    });
    expect(response.status).toBe(400);
    const codes = Object.fromEntries(
      response.body.fields.map((f: { field: string; code: string }) => [f.field, f.code]),
    );
    expect(codes).toEqual({
      name: 'validation.required',
      contactEmail: 'validation.email',
      website: 'validation.url',
    });
    const bare = await organiser.put('/api/organisation', { ...base, website: 'maillage.test' });
    expect(bare.body.fields).toEqual([expect.objectContaining({ field: 'website', code: 'validation.url' })]);
  });

  it('refuses the name of another company', async () => {
    const response = await organiser.put('/api/organisation', { ...base, name: 'congrès boréal' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      expect.objectContaining({ field: 'name', code: 'validation.companyNameTaken' }),
    ]);
  });

  it('takes a logo uploaded for the company, never another company’s image, and keeps it when the form saves', async () => {
    const logo = await storedImage(demoId);
    const saved = await organiser.put('/api/organisation/logo', { fileId: logo });
    expect(saved.status).toBe(200);
    expect(saved.body.logoFileId).toBe(logo);

    for (const fileId of [
      await storedImage(borealId),
      await storedImage(demoId, 'project.banner'),
      randomUUID(),
    ]) {
      const refused = await organiser.put('/api/organisation/logo', { fileId });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual([
        expect.objectContaining({ field: 'fileId', code: 'validation.invalid' }),
      ]);
    }
    expect((await organiser.put('/api/organisation', base)).body.logoFileId).toBe(logo);

    const removed = await organiser.put('/api/organisation/logo', { fileId: null });
    expect(removed.body.logoFileId).toBeNull();
    const visitor = await anonymous(t.app);
    expect((await visitor.put('/api/organisation/logo', { fileId: null })).status).toBe(401);
  });

  it('lets a super-admin switched into another company edit that company, not their own', async () => {
    const superAdmin = await signIn(t.app, DEMO_SUPER_ADMIN);
    const before = (await organiser.get('/api/organisation')).body;
    expect((await superAdmin.post('/api/session/company', { companyId: borealId })).status).toBe(200);
    expect((await superAdmin.get('/api/organisation')).body.id).toBe(borealId);
    const response = await superAdmin.put('/api/organisation', {
      name: 'Congrès Boréal',
      contactEmail: 'info@boreal.test',
      phone: '+1 418 555 0100',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: borealId, phone: '+14185550100' });
    expect((await boreal.get('/api/organisation')).body.phone).toBe('+14185550100');
    expect((await organiser.get('/api/organisation')).body).toEqual(before);
  });
});
