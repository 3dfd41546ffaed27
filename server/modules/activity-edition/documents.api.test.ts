import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  buildActivity,
  buildProject,
  createTestApp,
  signIn,
  type TestApp,
  type TestEnv,
} from '../../../tests/support/test-app';
import { DEMO_ORGANISER, SECOND_COMPANY_USER } from '../../seed/demo';
import { purgeUnreferencedImages, UNREFERENCED_GRACE_HOURS } from '../files/service';

/**
 * P12: documents per language, on both storages: a local folder and an S3-compatible bucket (s3rver on 127.0.0.1).
 */

const BUCKET = 'maillage-activity-documents';
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-activity-docs-'));
let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let s3Env: TestEnv;

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(temp, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3server.run();
  s3Env = {
    FILES_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
});
afterAll(async () => {
  await s3server?.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

/** A small but real PDF whose bytes cover every value 0–255 (a byte changed on the way would show). */
function pdf(label: string): Buffer {
  const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return Buffer.concat([Buffer.from(`%PDF-1.4\n% ${label}\n`, 'utf8'), every, Buffer.from('\n%%EOF\n')]);
}

/** A name of several scripts: 2-, 3- and 4-byte characters in UTF-8. */
const MULTIBYTE_NAME = 'Programme été — 日本語 Ωμέγα 🎉.pdf';

describe.each([
  ['local', () => ({}) as TestEnv],
  ['s3', () => s3Env],
])('documents of an activity on %s storage (P12)', (_, env) => {
  let t: TestApp;
  let camille: ApiClient;
  let jordan: ApiClient;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ env: env() });
    camille = await signIn(t.app, DEMO_ORGANISER);
    jordan = await signIn(t.app, SECOND_COMPANY_USER);
    projectId = (await buildProject(camille)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const base = (activityId: string, project = projectId) =>
    `/api/projects/${project}/activities/${activityId}/documents`;

  async function upload(
    client: ApiClient,
    url: string,
    fields: Record<string, string>,
    file?: { bytes: Buffer; name: string; type?: string },
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (file) {
      form.append(
        'file',
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }),
        file.name,
      );
    }
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: form,
      cookies: client.cookies,
      headers: { 'x-csrf-token': client.csrfToken },
    });
    return { status: response.statusCode, body: response.json() };
  }

  const download = (client: ApiClient, url: string) =>
    t.app.inject({ method: 'GET', url, cookies: client.cookies });

  it('uploads in each language, lists them, and gives each back byte for byte under its multi-byte name', async () => {
    const activity = await buildActivity(camille, projectId);
    const french = pdf('programme français');
    const english = pdf('english programme');
    const first = await upload(
      camille,
      base(activity.id),
      { language: 'fr' },
      { bytes: french, name: MULTIBYTE_NAME },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ language: 'fr', name: MULTIBYTE_NAME, size: french.byteLength });
    // A name as macOS may send it (decomposed: e + combining acute) comes back composed, its accent kept.
    const second = await upload(
      camille,
      base(activity.id),
      { language: 'en' },
      { bytes: english, name: 'Agenda de\u0301taille\u0301.pdf' },
    );
    expect(second.status).toBe(200);

    const list = await camille.get(base(activity.id));
    expect(list.status).toBe(200);
    expect(list.body.items.map((d: { language: string; name: string }) => [d.language, d.name])).toEqual([
      ['fr', MULTIBYTE_NAME],
      ['en', 'Agenda détaillé.pdf'],
    ]);

    const served = await download(camille, first.body.url);
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, french)).toBe(0);
    expect(served.headers['content-type']).toBe('application/pdf');
    const disposition = String(served.headers['content-disposition']);
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(MULTIBYTE_NAME);
    // Only a user of the company downloads it.
    expect((await download(jordan, first.body.url)).statusCode).toBe(404);
  });

  it('deletes a document: gone from the list and from its address; the other stays', async () => {
    const activity = await buildActivity(camille, projectId);
    const kept = await upload(
      camille,
      base(activity.id),
      { language: 'fr' },
      { bytes: pdf('a'), name: 'a.pdf' },
    );
    const gone = await upload(
      camille,
      base(activity.id),
      { language: 'fr' },
      { bytes: pdf('b'), name: 'b.pdf' },
    );
    // Another company does not find it.
    expect((await jordan.delete(`${base(activity.id)}/${gone.body.id}`)).status).toBe(404);
    const removed = await camille.delete(`${base(activity.id)}/${gone.body.id}`);
    expect(removed.status).toBe(200);
    expect((await download(camille, gone.body.url)).statusCode).toBe(404);
    expect((await camille.get(base(activity.id))).body.items.map((d: { id: string }) => d.id)).toEqual([
      kept.body.id,
    ]);
    expect((await camille.delete(`${base(activity.id)}/${gone.body.id}`)).status).toBe(404);
    // A document of another activity is not found under this one.
    const other = await buildActivity(camille, projectId);
    expect((await camille.delete(`${base(other.id)}/${kept.body.id}`)).status).toBe(404);
  });

  it('refuses what is not a PDF, an empty file, a missing file or language, with the field named and translated', async () => {
    const activity = await buildActivity(camille, projectId);
    const notPdf = await upload(
      camille,
      base(activity.id),
      { language: 'fr' },
      { bytes: Buffer.from('hello'), name: 'notes.pdf' },
    );
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.fields[0]).toMatchObject({ field: 'file', code: 'validation.participants.cvNotPdf' });
    expect(notPdf.body.fields[0].message).not.toMatch(/^validation\./);
    const noLanguage = await upload(
      camille,
      base(activity.id),
      { language: 'de' },
      { bytes: pdf('x'), name: 'x.pdf' },
    );
    expect(noLanguage.status).toBe(400);
    expect(noLanguage.body.fields.map((f: { field: string }) => f.field)).toContain('language');
    const noFile = await upload(camille, base(activity.id), { language: 'en' });
    expect(noFile.status).toBe(400);
    expect(noFile.body.fields.map((f: { field: string }) => f.field)).toContain('file');
    expect((await camille.get(base(activity.id))).body.items).toEqual([]);
  });

  it('answers 404 for another company’s activity, and stores nothing', async () => {
    const activity = await buildActivity(camille, projectId);
    const count = async () =>
      (
        await t.database.sql.query<{ n: number }>(
          "select count(*)::int as n from files where purpose = 'activity.document'",
        )
      ).rows[0].n;
    const before = await count();
    const foreign = await upload(
      jordan,
      base(activity.id),
      { language: 'fr' },
      { bytes: pdf('x'), name: 'x.pdf' },
    );
    expect(foreign.status).toBe(404);
    expect(await count()).toBe(before);
    expect((await jordan.get(base(activity.id))).status).toBe(404);
  });

  it('once the activity is deleted, its documents are purged with the other left-over files', async () => {
    const activity = await buildActivity(camille, projectId);
    const doc = await upload(
      camille,
      base(activity.id),
      { language: 'en' },
      { bytes: pdf('z'), name: 'z.pdf' },
    );
    expect((await camille.delete(`/api/projects/${projectId}/activities/${activity.id}`)).status).toBe(200);
    // Still there until the purge finds it old enough.
    expect((await download(camille, doc.body.url)).statusCode).toBe(200);
    await t.database.sql.query(
      'update files set created_at = now() - make_interval(hours => $1) where id = $2',
      [UNREFERENCED_GRACE_HOURS + 1, doc.body.url.split('/').pop()],
    );
    expect(await purgeUnreferencedImages(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await download(camille, doc.body.url)).statusCode).toBe(404);
  });
});
