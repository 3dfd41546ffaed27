import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, signIn } from '../../../tests/support/test-app';
import { files } from '../../db/schema';
import { DEMO_SUPER_ADMIN } from '../../seed/demo';

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

/** A logo uploaded as the cropper sends it (E8): a real file, served at /files/<id>. */
async function uploadedLogo(client: ApiClient) {
  const bytes = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#2a6' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('purpose', 'company.logo');
  form.append('width', '400');
  form.append('height', '200');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'logo.jpg');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/images',
    payload: form,
    cookies: { ...client.cookies },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

const servedStatus = async (fileId: string) =>
  (await t.app.inject({ method: 'GET', url: `/files/${fileId}` })).statusCode;

const { t, camille: organiser, jordan: boreal } = withTestApp();
beforeAll(async () => {
  demoId = organiser.user.company.id;
  borealId = boreal.user.company.id;
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
      phone: '+15145550123',
      address: '1000, rue Sherbrooke Ouest, bureau 2400, Montréal (Québec) H3A 3G4',
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

  it('deletes the logo it replaces, and the one it removes, on the server', async () => {
    const first = await uploadedLogo(organiser);
    expect((await organiser.put('/api/organisation/logo', { fileId: first })).body.logoFileId).toBe(first);
    expect(await servedStatus(first)).toBe(200);

    const second = await uploadedLogo(organiser);
    const replaced = await organiser.put('/api/organisation/logo', { fileId: second });
    expect(replaced.status).toBe(200);
    expect(replaced.body.logoFileId).toBe(second);
    expect(await servedStatus(first)).toBe(404);
    expect(await servedStatus(second)).toBe(200);

    // Saving the same logo again keeps it.
    expect((await organiser.put('/api/organisation/logo', { fileId: second })).body.logoFileId).toBe(second);
    expect(await servedStatus(second)).toBe(200);

    const removed = await organiser.put('/api/organisation/logo', { fileId: null });
    expect(removed.body.logoFileId).toBeNull();
    expect(await servedStatus(second)).toBe(404);
    // The image field then deletes the file too: it is already gone, which it takes as done.
    expect((await organiser.delete(`/api/files/${second}`)).status).toBe(404);
  });

  it('two replacements at once leave one logo and no image behind', async () => {
    const first = await uploadedLogo(organiser);
    await organiser.put('/api/organisation/logo', { fileId: first });
    const [b, c] = [await uploadedLogo(organiser), await uploadedLogo(organiser)];
    const answers = await Promise.all([
      organiser.put('/api/organisation/logo', { fileId: b }),
      organiser.put('/api/organisation/logo', { fileId: c }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const kept = (await organiser.get('/api/organisation')).body.logoFileId;
    expect([b, c]).toContain(kept);
    expect(await servedStatus(first)).toBe(404);
    expect(await servedStatus(kept === b ? c : b)).toBe(404);
    expect(await servedStatus(kept)).toBe(200);
  });

  it('deleting the logo’s image clears the organisation’s logo', async () => {
    const logo = await uploadedLogo(organiser);
    await organiser.put('/api/organisation/logo', { fileId: logo });
    expect((await organiser.delete(`/api/files/${logo}`)).status).toBe(200);
    expect((await organiser.get('/api/organisation')).body.logoFileId).toBeNull();
    expect(await servedStatus(logo)).toBe(404);
  });

  it('never points the logo to an editor image, nor to another company’s logo, even uploaded for real', async () => {
    const foreign = await uploadedLogo(boreal);
    const refused = await organiser.put('/api/organisation/logo', { fileId: foreign });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      expect.objectContaining({ field: 'fileId', code: 'validation.invalid', message: 'Valeur invalide.' }),
    ]);
    expect(await servedStatus(foreign)).toBe(200);
    const editor = await storedImage(demoId, 'editor');
    expect((await organiser.put('/api/organisation/logo', { fileId: editor })).status).toBe(400);
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
