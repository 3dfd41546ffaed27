import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app';
import { DEMO_ORGANISER } from '../seed/demo';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

/**
 * The two storage drivers behind one interface: a folder, and an S3-compatible server (s3rver, on 127.0.0.1 in a
 * temporary folder) the way a deployment with several instances uses it.
 */

const BUCKET = 'maillage-test';
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'maillage-storage-'));
let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let s3Endpoint: string;

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(temp, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3server?.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

/** s3rver accepts its own fixed keys. */
const s3Options = () => ({
  endpoint: s3Endpoint,
  region: 'us-east-1',
  bucket: BUCKET,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

const drivers: [string, () => Storage][] = [
  ['local', () => createLocalStorage(path.join(temp, 'local'))],
  ['s3', () => createS3Storage(s3Options())],
];

describe.each(drivers)('%s storage', (_, make) => {
  it('keeps the bytes and the content type, and deletes them', async () => {
    const storage = make();
    const bytes = new Uint8Array([1, 2, 3, 250, 0, 7]);
    await storage.put('images/0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png', bytes, 'image/png');
    const read = await storage.get('images/0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png');
    expect(read?.contentType).toBe('image/png');
    expect([...(read?.bytes ?? [])]).toEqual([...bytes]);

    await storage.put('images/0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png', new Uint8Array([9]), 'image/png');
    expect([
      ...((await storage.get('images/0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png'))?.bytes ?? []),
    ]).toEqual([9]);

    await storage.delete('images/0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png');
    expect(await storage.get('images/0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png')).toBeNull();
    // Deleting what is not there is not an error.
    await storage.delete('images/0f0e0d0c-aaaa-4bbb-8ccc-000000000001.png');
  });

  it('lists the keys of a folder that start with a prefix', async () => {
    const storage = make();
    const id = '0f0e0d0c-aaaa-4bbb-8ccc-000000000002';
    const keys = [`imports/${id}.json`, `imports/${id}-rows.json`, `imports/${id}.csv`];
    for (const key of keys) await storage.put(key, new Uint8Array([1]), 'application/json');
    await storage.put('imports/0f0e0d0c-aaaa-4bbb-8ccc-000000000003.json', new Uint8Array([1]), 'text/csv');
    await storage.put(`imports/${id}/deeper.json`, new Uint8Array([1]), 'application/json');
    expect((await storage.list(`imports/${id}`)).sort()).toEqual([...keys].sort());
    for (const key of keys) await storage.delete(key);
    expect(await storage.list(`imports/${id}`)).toEqual([]);
    expect(await storage.list('never-made/')).toEqual([]);
    await expect(storage.list('../imports/x')).rejects.toThrow(/Unsafe storage prefix/);
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await make().get('images/never-stored.jpg')).toBeNull();
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    const storage = make();
    for (const key of [
      '../outside.jpg',
      'images/../../etc/passwd',
      '/etc/passwd',
      'images//x.jpg',
      'a\\b.jpg',
      '',
    ]) {
      await expect(storage.put(key, new Uint8Array([1]), 'image/jpeg'), key).rejects.toThrow(
        /Unsafe storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
    }
    expect(fs.existsSync(path.join(temp, 'outside.jpg'))).toBe(false);
  });
});

describe('the app on S3 storage (FILES_STORAGE=s3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const options = s3Options();
    t = await createTestApp({
      env: {
        FILES_STORAGE: 's3',
        S3_ENDPOINT: options.endpoint,
        S3_BUCKET: options.bucket,
        S3_ACCESS_KEY_ID: options.accessKeyId,
        S3_SECRET_ACCESS_KEY: options.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an uploaded image in the bucket, serves it, and deletes it', async () => {
    const camille = await signIn(t.app, DEMO_ORGANISER);
    const form = new FormData();
    form.append('purpose', 'image');
    form.append('width', '120');
    form.append('height', '80');
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload: form,
      cookies: camille.cookies,
      headers: { 'x-csrf-token': camille.csrfToken },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { id, url } = uploaded.json();

    const { rows } = await t.database.sql.query<{ storage_key: string }>(
      'select storage_key from files where id = $1',
      [id],
    );
    const inBucket = await createS3Storage(s3Options()).get(rows[0].storage_key);
    expect(inBucket?.contentType).toBe('image/jpeg');

    const servedImage = await t.app.inject({ method: 'GET', url });
    expect(servedImage.statusCode).toBe(200);
    expect(servedImage.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(servedImage.rawPayload).metadata()).toMatchObject({ width: 120, height: 80 });

    expect((await camille.delete(`/api/files/${id}`)).status).toBe(200);
    expect(await createS3Storage(s3Options()).get(rows[0].storage_key)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
