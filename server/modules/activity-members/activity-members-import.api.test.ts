import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import {
  csvOf,
  encodeWindows1252,
  multibyteText,
  seededRandom,
  windows1252Text,
  workbookOf,
} from '../../../tests/support/multibyte';
import {
  type ApiClient,
  buildActivity,
  buildProject,
  insertParticipants,
} from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

/** Participants of a project known by these e-mails, inserted directly. */
const addParticipants = (projectId: string, emails: string[]) =>
  insertParticipants(
    t.deps.db,
    projectId,
    emails.map((email, i) => ({ email, first: `Prénom ${i}`, last: `Nom ${i}` })),
  );

/** A multipart POST of one file, as the browser sends it. */
async function upload(client: ApiClient, url: string, content: string | Uint8Array, filename: string) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.append('file', new Blob([new Uint8Array(bytes)]), filename);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: form,
    cookies: { ...client.cookies },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  return { status: response.statusCode, body: response.json() };
}

async function setup(maxMembers: number | null = null) {
  const project = await buildProject(camille);
  const activity = await buildActivity(camille, project.id, { maxMembers });
  const tag = randomUUID().slice(0, 8);
  const email = (who: string) => `${who}-${tag}@example.test`;
  await addParticipants(project.id, ['alice', 'bruno', 'chloe', 'dave'].map(email));
  const url = `/api/projects/${project.id}/activities/${activity.id}`;
  return { url, email };
}

describe('importing members from a file of e-mails (V7)', () => {
  it('reads the column titled « Courriel » of a CSV; answers the invalid cells and the addresses not found', async () => {
    const { url, email } = await setup();
    await camille.post(`${url}/members`, { mode: 'matching', q: 'alice' });
    const csv = [
      'Nom;Courriel;Note',
      `Alice;${email('alice').toUpperCase()};déjà inscrite`,
      `Bruno;${email('bruno')};`,
      `Bruno encore;${email('bruno')};deux fois`,
      'Inconnu;inconnu@example.test;',
      'Sans adresse;pas une adresse;',
      'Vide;;',
    ].join('\n');
    const answer = await upload(camille, `${url}/members/import`, `\uFEFF${csv}`, 'liste.csv');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      added: 1,
      already: 1,
      capacity: { members: 2, maxMembers: null },
      invalid: ['pas une adresse'],
      notFound: ['inconnu@example.test'],
    });
  });

  it('reads the first column of a workbook without headings, and keeps every character of what it answers', async () => {
    const { url, email } = await setup();
    const r = seededRandom(10);
    // Cells that are not addresses, of multi-byte text (2- to 4-byte characters, cut anywhere in the file's chunks).
    const junk = Array.from({ length: 40 }, () => multibyteText(r, 20, 200));
    const rows = [
      [email('chloe'), multibyteText(r, 100, 400)],
      ...junk.map((cell) => [cell, multibyteText(r, 100, 400)]),
      [email('dave'), multibyteText(r, 1, 50)],
    ];
    for (const inline of [false, true]) {
      const book = await workbookOf(rows, { inline });
      const answer = await upload(camille, `${url}/members/import`, book, 'liste.xlsx');
      expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
      expect(answer.body.invalid).toEqual(junk);
      expect(answer.body.notFound).toEqual([]);
    }
    expect((await camille.get(`${url}/members`)).body.total).toBe(2);
  });

  it('reads a French Excel CSV in Windows-1252 without losing its accents', async () => {
    const { url, email } = await setup();
    const r = seededRandom(11);
    const junk = Array.from({ length: 20 }, () => windows1252Text(r, 5, 60).replace(/[;"@]/g, 'é'));
    const text = csvOf([['Courriel', 'Prénom'], [email('alice'), 'Élise'], ...junk.map((j) => [j, 'Zoë'])]);
    const answer = await upload(camille, `${url}/members/import`, encodeWindows1252(text), 'liste.csv');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.added).toBe(1);
    expect(answer.body.invalid).toEqual([...new Set(junk.map((j) => j.trim()).filter(Boolean))]);
  });

  it('keeps to the maximum of members: over it, nothing is added', async () => {
    const { url, email } = await setup(2);
    const list = ['alice', 'bruno', 'chloe'].map(email).join('\n');
    const answer = await upload(camille, `${url}/members/import`, list, 'liste.txt');
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('activityMembers.full');
    expect((await camille.get(`${url}/members`)).body.total).toBe(0);
  });

  it('refuses a file that holds no address, one that is not text, a missing file, another company', async () => {
    const { url, email } = await setup();
    const none = await upload(camille, `${url}/members/import`, 'Nom\nAlice\n', 'vide.csv');
    expect(none.status).toBe(400);
    expect(none.body.fields[0]).toMatchObject({ field: 'file', code: 'validation.activityMembers.noEmail' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xfe]);
    const binary = await upload(camille, `${url}/members/import`, png, 'image.png');
    expect(binary.body.fields[0]).toMatchObject({
      field: 'file',
      code: 'validation.activityMembers.unreadable',
    });
    // A zip that is not a workbook.
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await upload(camille, `${url}/members/import`, zip, 'x.xlsx')).body.fields[0].code).toBe(
      'validation.activityMembers.unreadable',
    );
    const missing = await camille.post(`${url}/members/import`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({ field: 'file', code: 'validation.empty' });
    expect((await upload(jordan, `${url}/members/import`, email('alice'), 'a.txt')).status).toBe(404);
  });
});
