import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, buildProject } from '../../../tests/support/test-app';
import { groupCategories, groups, mailMessages, profileFields } from '../../db/schema';
import { wallClock } from './export';
import { companyOf as companyOfProject, insertRole } from './fixtures';

let project: { id: string; nameFr: string };
let projectJordan: { id: string };
let buyer: string;
let exhibitor: string;
let roleJordan: string;
let groupA: string;
let fieldId: string;

const companyOf = (projectId: string) => companyOfProject(t.database.db, projectId);

const addRole = (projectId: string, fr: string, en: string, position = 0) =>
  insertRole(t.database.db, projectId, fr, en, position);

const url = (projectId: string, rest = '') => `/api/projects/${projectId}/participants${rest}`;

let counter = 0;
function person(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    roleId: buyer,
    firstName: 'Alex',
    lastName: `Tremblay ${counter}`,
    email: `alex.${counter}.${randomUUID().slice(0, 6)}@example.test`,
    ...overrides,
  };
}

async function add(client: ApiClient, projectId: string, body: Record<string, unknown>) {
  const response = await client.post(url(projectId), body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A GET as the browser sends it (the client's cookies), answering the raw bytes. */
async function download(client: ApiClient | null, path: string) {
  const response = await t.app.inject({ method: 'GET', url: path, cookies: { ...(client?.cookies ?? {}) } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** A multipart POST, signed in, with the CSRF token. */
async function upload(client: ApiClient, path: string, fields: Record<string, string>, file?: Part) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload: form,
    cookies: { ...client.cookies },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  return { status: response.statusCode, body: response.json() };
}
interface Part {
  bytes: Buffer;
  name: string;
  type: string;
}
const pdf = (name = 'cv-été.pdf'): Part => ({
  bytes: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  name,
  type: 'application/pdf',
});

const { t, camille: organiser, jordan } = withTestApp();
beforeAll(async () => {
  project = await buildProject(organiser, { nameFr: 'Salon Été 2027', nameEn: 'Summer Fair 2027' });
  projectJordan = await buildProject(jordan);
  buyer = await addRole(project.id, 'Acheteur', 'Buyer', 0);
  exhibitor = await addRole(project.id, 'Exposant', 'Exhibitor', 1);
  roleJordan = await addRole(projectJordan.id, 'Visiteur', 'Visitor');
  const companyId = await companyOf(project.id);
  const [category] = await t.database.db
    .insert(groupCategories)
    .values({ companyId, projectId: project.id, nameFr: 'Catégorie', nameEn: 'Category' })
    .returning();
  [{ id: groupA }] = await t.database.db
    .insert(groups)
    .values({
      companyId,
      projectId: project.id,
      categoryId: category.id,
      nameFr: 'Groupe A',
      nameEn: 'Group A',
    })
    .returning();
  [{ id: fieldId }] = await t.database.db
    .insert(profileFields)
    .values({
      companyId,
      projectId: project.id,
      titleFr: 'Allergies',
      titleEn: 'Allergies',
      inputType: 'text',
      isActive: true,
      position: 0,
    } as typeof profileFields.$inferInsert)
    .returning();
  const zoe = await add(
    organiser,
    project.id,
    person({
      lastName: 'Zoé',
      firstName: 'Béatrice',
      organisation: '=HYPERLINK("x")',
      profile: { [fieldId]: 'Arachides' },
    }),
  );
  await organiser.post(url(project.id, '/add-to-group'), { ids: [zoe.id], groupId: groupA });
  await add(organiser, project.id, person({ lastName: 'Arsenault', firstName: 'Luc', roleId: exhibitor }));
  await add(organiser, project.id, person({ lastName: 'Martin', firstName: 'Émile' }));
  await add(jordan, projectJordan.id, person({ roleId: roleJordan, lastName: 'Secret' }));
});

describe('exporting the list (U1)', () => {
  it('answers every row as an Excel workbook named after the project and the day, in the caller’s language', async () => {
    const response = await download(organiser, url(project.id, '/export.xlsx?sort=lastName&dir=asc'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="participants-salon-ete-2027-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const rows = await readXlsx(response.bytes);
    expect(rows[0]).toEqual([
      'Nom de famille',
      'Prénom',
      'Courriel',
      'Organisation',
      'Fonction',
      'Téléphone',
      'Téléphone professionnel',
      'Langue',
      'Rôle',
      'Groupes',
      'Statut',
      'Ajouté le',
      'Allergies',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Arsenault', 'Martin', 'Zoé']);
    const zoe = rows[3];
    expect(zoe.slice(1, 4)).toEqual([
      'Béatrice',
      expect.stringContaining('@example.test'),
      '=HYPERLINK("x")',
    ]);
    expect(zoe.slice(7, 11)).toEqual(['Français', 'Acheteur', 'Groupe A', 'Inscrit']);
    // The time the list shows (the project's clocks, America/Toronto), not UTC: Excel shows a cell as it is.
    const listed = await organiser.get(`${url(project.id)}?q=Béatrice`);
    const createdAt = new Date(listed.body.items[0].createdAt);
    expect(zoe[11]).toBeInstanceOf(Date);
    expect((zoe[11] as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(
      wallClock(createdAt, 'America/Toronto'),
    );
    expect(zoe[12]).toBe('Arachides');
  });

  it('honours the filters and the sort of the list, all pages at once', async () => {
    const byRole = await readXlsx(
      (await download(organiser, url(project.id, `/export.xlsx?roleId=${buyer}&sort=lastName&dir=desc`)))
        .bytes,
    );
    expect(byRole.slice(1).map((r) => r[0])).toEqual(['Zoé', 'Martin']);
    const byGroup = await readXlsx(
      (await download(organiser, url(project.id, `/export.xlsx?groupId=${groupA}`))).bytes,
    );
    expect(byGroup.slice(1).map((r) => r[0])).toEqual(['Zoé']);
    const bySearch = await readXlsx(
      (await download(organiser, url(project.id, '/export.xlsx?q=emile'))).bytes,
    );
    expect(bySearch.slice(1).map((r) => r[0])).toEqual(['Martin']);
  });

  it('answers CSV in UTF-8 with the same columns, semicolons for a French spreadsheet; a formula-looking value is defused', async () => {
    const response = await download(
      organiser,
      url(project.id, '/export.csv?status=registered&sort=lastName'),
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toMatch(
      /filename="participants-salon-ete-2027-.*\.csv"/,
    );
    const records: string[][] = parse(response.bytes, { bom: true, delimiter: ';' });
    expect(records[0][0]).toBe('Nom de famille');
    expect(records[0]).toHaveLength(13);
    expect(records.slice(1).map((r) => r[0])).toEqual(['Arsenault', 'Martin', 'Zoé']);
    expect(records[3][3]).toBe('\'=HYPERLINK("x")');
    // The project's wall-clock time, as the list shows it.
    expect(records[3][11]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('speaks English to an English caller', async () => {
    const response = await download(jordan, url(projectJordan.id, '/export.csv'));
    // Commas for an English spreadsheet.
    const records: string[][] = parse(response.bytes, { bom: true, delimiter: ',' });
    expect(records[0].slice(0, 3)).toEqual(['Last name', 'First name', 'E-mail']);
    expect(records[1][7]).toBe('Français'); // the participant's language, by its own name
    expect(records[1][8]).toBe('Visitor');
    expect(records[1][10]).toBe('Registered');
  });

  it('keeps another company’s project out of reach (404) and needs a session (401)', async () => {
    expect((await download(jordan, url(project.id, '/export.xlsx'))).status).toBe(404);
    expect((await download(jordan, url(project.id, '/export.csv'))).status).toBe(404);
    expect((await download(null, url(project.id, '/export.xlsx'))).status).toBe(401);
    expect((await download(null, url(project.id, '/export.csv'))).status).toBe(401);
    expect((await download(organiser, url(project.id, '/export.csv?status=nope'))).status).toBe(400);
  });

  it('writes a choice field’s answer as its items’ labels in the caller’s language, never their ids', async () => {
    /** A project with a multiple-choice field, and one participant who chose two of its items by their labels. */
    async function choicesProject(client: ApiClient) {
      const project = await buildProject(client);
      const role = await addRole(project.id, 'Visiteur', 'Visitor');
      const created = await client.post(`/api/projects/${project.id}/profile-fields`, {
        title: { fr: 'Secteurs', en: 'Sectors' },
        inputType: 'choices',
        itemLabels: [
          { fr: 'Santé', en: 'Health' },
          { fr: 'Énergie', en: '' },
          { fr: 'Finance', en: 'Finance' },
        ],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const saved = await add(
        client,
        project.id,
        person({ roleId: role, lastName: 'Choix', profile: { [created.body.id]: 'énergie; Health' } }),
      );
      expect(saved.profile[created.body.id]).toBe(`${created.body.items[0].id},${created.body.items[1].id}`);
      return project;
    }
    const french = await readXlsx(
      (await download(organiser, url((await choicesProject(organiser)).id, '/export.xlsx'))).bytes,
    );
    expect(french[0].at(-1)).toBe('Secteurs');
    expect(french[1].at(-1)).toBe('Santé; Énergie');
    // In English: the English label, or the French one when the item has none.
    const english: string[][] = parse(
      (await download(jordan, url((await choicesProject(jordan)).id, '/export.csv'))).bytes,
      { bom: true },
    );
    expect(english[0].at(-1)).toBe('Sectors');
    expect(english[1].at(-1)).toBe('Health; Énergie');
  });

  it('streams a long list (2,500 rows over several batches)', async () => {
    const big = await buildProject(organiser);
    const role = await addRole(big.id, 'Visiteur', 'Visitor');
    const companyId = await companyOf(big.id);
    const { persons, participants } = await import('../../db/schema');
    const people = await t.database.db
      .insert(persons)
      .values(
        Array.from({ length: 2500 }, (_, i) => ({
          companyId,
          email: `bulk.${i}.${randomUUID().slice(0, 6)}@example.test`,
          firstName: 'Bulk',
          lastName: `Personne ${String(i).padStart(4, '0')}`,
        })),
      )
      .returning({ id: persons.id });
    await t.database.db
      .insert(participants)
      .values(people.map((p) => ({ companyId, projectId: big.id, personId: p.id, roleId: role })));
    const rows = await readXlsx((await download(organiser, url(big.id, '/export.xlsx?sort=lastName'))).bytes);
    expect(rows.length).toBe(2501);
    expect(rows[1][0]).toBe('Personne 0000');
    expect(rows[2500][0]).toBe('Personne 2499');
  });
});

describe('the e-mails of a participant (info window)', () => {
  it('lists the outbox messages sent to this person in this project only', async () => {
    const alex = await add(organiser, project.id, person({ sendInscription: true }));
    const companyId = await companyOf(project.id);
    const other = await buildProject(organiser);
    await t.database.db.insert(mailMessages).values({
      companyId,
      projectId: other.id,
      kind: 'other',
      toEmail: alex.email,
      subject: 'Ailleurs',
      html: '<p>x</p>',
      text: 'x',
    });
    const response = await organiser.get(url(project.id, `/${alex.id}/emails`));
    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([expect.objectContaining({ kind: 'inscription' })]);
    expect((await jordan.get(url(project.id, `/${alex.id}/emails`))).status).toBe(404);
  });
});

describe('picture, CV and video link', () => {
  it('uploads a CV as a PDF and serves it as a download, to its company only', async () => {
    const response = await upload(organiser, '/api/files/documents', { purpose: 'participant.cv' }, pdf());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.name).toBe('cv-été.pdf');
    const served = await organiser.get(response.body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(String(served.headers['content-disposition'])).toBe(
      `attachment; filename="cv-ete.pdf"; filename*=UTF-8''${encodeURIComponent('cv-été.pdf')}`,
    );
    // Personal data: without a session, or from another company, the CV is not found.
    expect((await t.app.inject({ method: 'GET', url: response.body.url })).statusCode).toBe(404);
    expect((await jordan.get(response.body.url)).status).toBe(404);
  });

  it('refuses a file that is not a PDF, whatever its name, and one over 10 MB', async () => {
    const fake = { bytes: Buffer.from('<html>not a pdf</html>'), name: 'cv.pdf', type: 'application/pdf' };
    const refused = await upload(organiser, '/api/files/documents', { purpose: 'participant.cv' }, fake);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toContainEqual(
      expect.objectContaining({ field: 'file', code: 'validation.participants.cvNotPdf' }),
    );
    const big = { ...pdf(), bytes: Buffer.concat([pdf().bytes, Buffer.alloc(10 * 1024 * 1024 + 10)]) };
    const tooLarge = await upload(organiser, '/api/files/documents', { purpose: 'participant.cv' }, big);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.fields).toContainEqual(
      expect.objectContaining({ field: 'file', code: 'validation.participants.cvTooLarge' }),
    );
    const purpose = await upload(organiser, '/api/files/documents', { purpose: 'image' }, pdf());
    expect(purpose.status).toBe(400);
  });

  it('saves a picture, a CV and a video link on the person; refuses another company’s or another purpose’s file', async () => {
    const image = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const picture = await upload(
      organiser,
      '/api/files/images',
      { purpose: 'participant.picture', width: '400', height: '400' },
      { bytes: image, name: 'moi.jpg', type: 'image/jpeg' },
    );
    expect(picture.status, JSON.stringify(picture.body)).toBe(200);
    expect([picture.body.width, picture.body.height]).toEqual([400, 400]);
    const cv = await upload(organiser, '/api/files/documents', { purpose: 'participant.cv' }, pdf('cv.pdf'));
    const created = await add(
      organiser,
      project.id,
      person({
        pictureFileId: picture.body.id,
        cvFileId: cv.body.id,
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      }),
    );
    expect(created.pictureFileId).toBe(picture.body.id);
    expect(created.cv).toEqual({ id: cv.body.id, url: `/files/${cv.body.id}`, name: 'cv.pdf' });
    expect(created.videoUrl).toBe('https://youtu.be/dQw4w9WgXcQ');

    // Left out: kept; null: removed.
    const { id, pictureFileId: _p, cv: _c, videoUrl: _v, ...rest } = created;
    const body = {
      roleId: rest.role.id,
      firstName: rest.firstName,
      lastName: rest.lastName,
      email: rest.email,
    };
    const kept = await organiser.put(url(project.id, `/${id}`), body);
    expect(kept.body.pictureFileId).toBe(picture.body.id);
    const cleared = await organiser.put(url(project.id, `/${id}`), { ...body, cvFileId: null, videoUrl: '' });
    expect(cleared.body.cv).toBeNull();
    expect(cleared.body.videoUrl).toBeNull();
    expect(cleared.body.pictureFileId).toBe(picture.body.id);

    // A CV is not a picture; another company's picture is not found.
    const wrongPurpose = await organiser.put(url(project.id, `/${id}`), {
      ...body,
      pictureFileId: cv.body.id,
    });
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.fields).toContainEqual(
      expect.objectContaining({ field: 'pictureFileId', code: 'validation.participants.picture' }),
    );
    const theirs = await upload(
      jordan,
      '/api/files/images',
      { purpose: 'participant.picture', width: '400', height: '400' },
      { bytes: image, name: 'x.jpg', type: 'image/jpeg' },
    );
    const foreign = await organiser.put(url(project.id, `/${id}`), {
      ...body,
      pictureFileId: theirs.body.id,
    });
    expect(foreign.status).toBe(400);
    const foreignCv = await organiser.put(url(project.id, `/${id}`), { ...body, cvFileId: picture.body.id });
    expect(foreignCv.body.fields).toContainEqual(
      expect.objectContaining({ field: 'cvFileId', code: 'validation.participants.cv' }),
    );
  });

  it('accepts only http(s) video links', async () => {
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/v', 'pas une adresse']) {
      const response = await organiser.post(url(project.id), person({ videoUrl: bad }));
      expect(response.status, bad).toBe(400);
      expect(response.body.fields).toContainEqual(
        expect.objectContaining({
          field: 'videoUrl',
          message: 'Entrez une adresse web commençant par http:// ou https://.',
        }),
      );
    }
    const vimeo = await add(organiser, project.id, person({ videoUrl: 'https://vimeo.com/76979871' }));
    expect(vimeo.videoUrl).toBe('https://vimeo.com/76979871');
  });
});
