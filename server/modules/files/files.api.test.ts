import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildProject, signIn } from '../../../tests/support/test-app';
import { DEMO_SUPER_ADMIN } from '../../seed/demo';

let camilleProjectId: string;
let jordanProjectId: string;

const { t, camille, jordan } = withTestApp();
beforeAll(async () => {
  camilleProjectId = (await camille.get('/api/projects?pageSize=25')).body.items[0].id;
  jordanProjectId = (await buildProject(jordan)).id;
});

// ---------- pictures made for the tests ----------

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 30, b: 220 };

/** A photo: left half red, right half blue, with EXIF and GPS data a camera would leave in it. */
async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const half = Math.floor(width / 2);
  const right = await sharp({ create: { width: width - half, height, channels: 3, background: BLUE } })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    { input: right, left: half, top: 0 },
  ]);
  const withExif = image.withExif({
    IFD0: { Copyright: 'Secret owner', Artist: 'Camille', ImageDescription: 'maison' },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '45/1 30/1 0/1',
      GPSLongitudeRef: 'W',
      GPSLongitude: '73/1 34/1 0/1',
    },
  });
  if (format === 'png') return withExif.png().toBuffer();
  if (format === 'webp') return withExif.webp().toBuffer();
  return withExif.jpeg({ quality: 90 }).toBuffer();
}

/** A PNG with transparency. */
const transparent = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

interface Part {
  bytes: Buffer;
  name: string;
  type: string;
}

const jpeg = async (width: number, height: number): Promise<Part> => ({
  bytes: await photo(width, height),
  name: 'photo.jpg',
  type: 'image/jpeg',
});

/** A multipart POST, signed in, with the CSRF token, as the browser sends it. */
async function upload(
  client: ApiClient,
  url: string,
  fields: Record<string, string | number>,
  file?: Part,
  options: { withoutCsrf?: boolean } = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: form,
    cookies: { ...client.cookies },
    headers: options.withoutCsrf ? {} : { 'x-csrf-token': client.csrfToken },
  });
  return {
    status: response.statusCode,
    body: /json/.test(String(response.headers['content-type'])) ? response.json() : response.body,
  };
}

const uploadImage = (client: ApiClient, fields: Record<string, string | number>, file?: Part) =>
  upload(client, '/api/files/images', { purpose: 'image', ...fields }, file);

/** The served bytes of an image, with what sharp reads in them. */
async function served(url: string) {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  const bytes = response.rawPayload;
  return { response, bytes, meta: await sharp(bytes).metadata() };
}

/** The colour of one pixel of an image. */
async function pixel(bytes: Buffer, x: number, y: number) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at], g: data[at + 1], b: data[at + 2] };
}
const isRed = (c: { r: number; b: number }) => c.r > 180 && c.b < 80;
const isBlue = (c: { r: number; b: number }) => c.b > 180 && c.r < 80;
const isWhite = (c: { r: number; g: number; b: number }) => c.r > 235 && c.g > 235 && c.b > 235;

function expectFieldError(
  response: {
    status: number;
    body: { code: string; fields?: { field: string; code: string; message: string }[] };
  },
  field: string,
  code: string,
) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body.code).toBe('validation');
  const error = response.body.fields?.find((f) => f.field === field);
  expect(error, JSON.stringify(response.body)).toBeDefined();
  expect(error?.code).toBe(code);
  // Translated: a sentence, not the key.
  expect(error?.message).not.toContain(code);
  return error?.message ?? '';
}

// ---------- the crop ----------

describe('uploadImage: the exact target size (E8)', () => {
  it.each([
    [400, 200],
    [1200, 300],
    [150, 150],
  ])('crops and resizes to exactly %i × %i, re-encoded without metadata', async (width, height) => {
    const source = await jpeg(1600, 1000);
    expect((await sharp(source.bytes).metadata()).exif).toBeDefined();
    const ratio = width / height;
    const cropWidth = Math.max(800, width + 100);
    const crop = { x: 100, y: 50, width: cropWidth, height: Math.round(cropWidth / ratio), rotate: 0 };
    const response = await uploadImage(camille, { width, height, crop: JSON.stringify(crop) }, source);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      id: expect.any(String),
      url: `/files/${response.body.id}`,
      width,
      height,
    });

    const { meta } = await served(response.body.url);
    expect(meta).toMatchObject({ format: 'jpeg', width, height });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
  });

  it('takes the rectangle it is given: the left half is red, the right half blue', async () => {
    const source = await jpeg(800, 400);
    const left = await uploadImage(
      camille,
      { width: 200, height: 200, crop: JSON.stringify({ x: 0, y: 0, width: 400, height: 400, rotate: 0 }) },
      source,
    );
    const right = await uploadImage(
      camille,
      { width: 200, height: 200, crop: JSON.stringify({ x: 400, y: 0, width: 400, height: 400, rotate: 0 }) },
      source,
    );
    expect(isRed(await pixel((await served(left.body.url)).bytes, 100, 100))).toBe(true);
    expect(isBlue(await pixel((await served(right.body.url)).bytes, 100, 100))).toBe(true);
  });

  it('turns the image as cropperjs does (clockwise for a positive angle) before cutting', async () => {
    // 800 × 400, red on the left. Turned a quarter clockwise it is 400 × 800 with red on top.
    const source = await jpeg(800, 400);
    const top = { x: 0, y: 0, width: 400, height: 400 };
    const clockwise = await uploadImage(
      camille,
      { width: 200, height: 200, crop: JSON.stringify({ ...top, rotate: 90 }) },
      source,
    );
    const counter = await uploadImage(
      camille,
      { width: 200, height: 200, crop: JSON.stringify({ ...top, rotate: -90 }) },
      source,
    );
    expect(clockwise.status).toBe(200);
    expect(isRed(await pixel((await served(clockwise.body.url)).bytes, 100, 100))).toBe(true);
    expect(isBlue(await pixel((await served(counter.body.url)).bytes, 100, 100))).toBe(true);
  });

  it('fills the corners of a slightly turned image with white, at exactly the target size', async () => {
    const source = await jpeg(800, 400);
    // The bounding box of 800 × 400 turned by 5°: about 832 × 468.
    const response = await uploadImage(
      camille,
      { width: 416, height: 234, crop: JSON.stringify({ x: 0, y: 0, width: 832, height: 468, rotate: 5 }) },
      source,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { bytes, meta } = await served(response.body.url);
    expect(meta).toMatchObject({ width: 416, height: 234 });
    expect(isWhite(await pixel(bytes, 1, 1))).toBe(true);
    expect(isWhite(await pixel(bytes, 414, 232))).toBe(true);
  });

  it('without a rectangle, takes the centre of the image at the target ratio', async () => {
    const response = await uploadImage(camille, { width: 300, height: 300 }, await jpeg(900, 600));
    expect(response.body).toMatchObject({ width: 300, height: 300 });
    expect((await served(response.body.url)).meta).toMatchObject({ width: 300, height: 300 });
  });

  it('with free height (0), keeps the width and takes the height from the crop, at least 300', async () => {
    const source = await jpeg(1600, 1200);
    const tall = await uploadImage(
      camille,
      { width: 400, height: 0, crop: JSON.stringify({ x: 0, y: 0, width: 800, height: 1000, rotate: 0 }) },
      source,
    );
    expect(tall.body).toMatchObject({ width: 400, height: 500 });
    expect((await served(tall.body.url)).meta).toMatchObject({ width: 400, height: 500 });

    const least = await uploadImage(
      camille,
      { width: 400, height: 0, crop: JSON.stringify({ x: 0, y: 0, width: 800, height: 600, rotate: 0 }) },
      source,
    );
    expect(least.body).toMatchObject({ width: 400, height: 300 });

    const whole = await uploadImage(camille, { width: 800 }, source);
    expect(whole.body).toMatchObject({ width: 800, height: 600 });
  });

  it('keeps transparency as PNG, and reads PNG and WebP', async () => {
    const png = await uploadImage(
      camille,
      { width: 100, height: 100 },
      { bytes: await transparent(200, 200), name: 'logo.png', type: 'image/png' },
    );
    expect(png.status).toBe(200);
    const { response, meta } = await served(png.body.url);
    expect(response.headers['content-type']).toBe('image/png');
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, width: 100, height: 100 });

    const webp = await uploadImage(
      camille,
      { width: 100, height: 100 },
      { bytes: await photo(300, 300, 'webp'), name: 'photo.webp', type: 'image/webp' },
    );
    expect((await served(webp.body.url)).meta).toMatchObject({ format: 'jpeg', width: 100, height: 100 });
    expect((await served(webp.body.url)).meta.exif).toBeUndefined();
  });

  it('turns a photo upright by its EXIF orientation before cutting', async () => {
    // Stored 400 × 200 with "turn a quarter clockwise to view": upright it is 200 × 400.
    const bytes = await sharp({ create: { width: 400, height: 200, channels: 3, background: RED } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const response = await uploadImage(
      camille,
      { width: 200, height: 400 },
      { bytes, name: 'portrait.jpg', type: 'image/jpeg' },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { meta } = await served(response.body.url);
    expect(meta).toMatchObject({ width: 200, height: 400 });
    expect(meta.orientation).toBeUndefined();
  });

  it('image type 14: keeps the image as uploaded, only scaled down to 2000 pixels, without metadata', async () => {
    const big = await uploadImage(
      camille,
      { width: 400, height: 200, imageType: 14 },
      await jpeg(3000, 1000),
    );
    expect(big.body).toMatchObject({ width: 2000, height: 667 });
    const { meta } = await served(big.body.url);
    expect(meta).toMatchObject({ width: 2000, height: 667 });
    expect(meta.exif).toBeUndefined();

    // Neither cropped nor blown up, even below the target size.
    const small = await uploadImage(camille, { width: 400, height: 200, imageType: 14 }, await jpeg(120, 90));
    expect(small.body).toMatchObject({ width: 120, height: 90 });
  });

  it('records the file for the company and the project', async () => {
    const response = await upload(
      camille,
      '/api/files/images',
      { purpose: 'project.logo', projectId: camilleProjectId, width: 400, height: 200 },
      await jpeg(800, 400),
    );
    expect(response.status).toBe(200);
    const { rows } = await t.database.sql.query<{ company_id: string; project_id: string; purpose: string }>(
      'select company_id, project_id, purpose from files where id = $1',
      [response.body.id],
    );
    expect(rows[0]).toEqual({
      company_id: camille.user.company.id,
      project_id: camilleProjectId,
      purpose: 'project.logo',
    });
  });
});

// ---------- refusals ----------

describe('uploadImage refusals', () => {
  it('refuses a text file named .png, in the user’s language', async () => {
    const text = {
      bytes: Buffer.from('Bonjour, je ne suis pas une image.'),
      name: 'logo.png',
      type: 'image/png',
    };
    const fr = expectFieldError(
      await uploadImage(camille, { width: 100, height: 100 }, text),
      'file',
      'images.errors.notAnImage',
    );
    expect(fr).toMatch(/n’est pas une image/);
    const en = expectFieldError(
      await uploadImage(jordan, { width: 100, height: 100 }, text),
      'file',
      'images.errors.notAnImage',
    );
    expect(en).toMatch(/not a readable image/);
  });

  it('refuses an SVG, even named .png', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><script>alert(1)</script><rect width="500" height="500"/></svg>',
    );
    const response = await uploadImage(
      camille,
      { width: 100, height: 100 },
      { bytes: svg, name: 'logo.png', type: 'image/png' },
    );
    expect(expectFieldError(response, 'file', 'images.errors.unsupportedFormat')).toContain('svg');
  });

  it('refuses a truncated file', async () => {
    const whole = await photo(1200, 800);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const response = await uploadImage(
      camille,
      { width: 100, height: 100 },
      { bytes: cut, name: 'cut.jpg', type: 'image/jpeg' },
    );
    expectFieldError(response, 'file', 'images.errors.notAnImage');
  });

  it('refuses an image smaller than the target, saying the size it needs', async () => {
    const response = await uploadImage(camille, { width: 400, height: 200 }, await jpeg(399, 300));
    expect(expectFieldError(response, 'file', 'images.errors.tooSmall')).toContain('400 × 200');
    const free = await uploadImage(camille, { width: 400, height: 0 }, await jpeg(500, 250));
    expect(expectFieldError(free, 'file', 'images.errors.tooSmall')).toContain('400 × 300');
  });

  it('refuses a file over 10 MB and an image over 40 megapixels', async () => {
    const huge = { bytes: Buffer.alloc(10 * 1024 * 1024 + 10, 7), name: 'huge.jpg', type: 'image/jpeg' };
    const tooLarge = await uploadImage(camille, { width: 100, height: 100 }, huge);
    expect(expectFieldError(tooLarge, 'file', 'images.errors.tooLarge')).toContain('10');

    // A small PNG whose header claims 50,000 × 1,000 pixels: refused before any decoding.
    const many = await withPngSize(await transparent(10, 10), 50_000, 1000);
    const tooMany = await uploadImage(
      camille,
      { width: 100, height: 100 },
      { bytes: many, name: 'many.png', type: 'image/png' },
    );
    expect(expectFieldError(tooMany, 'file', 'images.errors.tooManyPixels')).toContain('40');
  });

  it('refuses a wrong purpose, a missing file, sizes out of range and a broken crop, naming the field', async () => {
    const source = await jpeg(400, 400);
    const purpose = await upload(
      camille,
      '/api/files/images',
      { purpose: 'virus', width: 100, height: 100 },
      source,
    );
    expectFieldError(purpose, 'purpose', 'validation.invalid');

    const missing = await uploadImage(camille, { width: 100, height: 100 });
    expect(expectFieldError(missing, 'file', 'validation.empty')).toBe('Ce champ est obligatoire.');

    const width = await uploadImage(camille, { width: 0, height: 100 }, source);
    expect(width.status).toBe(400);
    expect(width.body.fields.map((f: { field: string }) => f.field)).toContain('width');

    const crop = await uploadImage(camille, { width: 100, height: 100, crop: '{"x": 1,' }, source);
    expectFieldError(crop, 'crop', 'validation.invalid');

    const outside = await uploadImage(
      camille,
      {
        width: 100,
        height: 100,
        crop: JSON.stringify({ x: 300, y: 300, width: 400, height: 400, rotate: 0 }),
      },
      source,
    );
    expectFieldError(outside, 'crop', 'images.errors.invalidCrop');
  });

  it('refuses a crop area smaller than the target, in the user’s language, naming the size it needs', async () => {
    const source = await jpeg(1600, 1000);
    const crop = (rect: { x: number; y: number; width: number; height: number }, rotate = 0) =>
      JSON.stringify({ ...rect, rotate });
    // 399 × 199.5 for 400 × 200: the saved image would be blown up.
    const narrow = await uploadImage(
      camille,
      { width: 400, height: 200, crop: crop({ x: 0, y: 0, width: 398, height: 199 }) },
      source,
    );
    expect(expectFieldError(narrow, 'crop', 'images.errors.cropTooSmall')).toBe(
      'La zone de recadrage est trop petite : il faut au moins 400 × 200 pixels de l’image.',
    );
    const english = await uploadImage(
      jordan,
      { width: 400, height: 200, crop: crop({ x: 0, y: 0, width: 300, height: 150 }) },
      source,
    );
    expect(expectFieldError(english, 'crop', 'images.errors.cropTooSmall')).toContain('400 × 200');
    // Free height: the area must reach the minimum height (300) at the target width.
    const short = await uploadImage(
      camille,
      { width: 400, height: 0, crop: crop({ x: 0, y: 0, width: 800, height: 200 }) },
      source,
    );
    expect(expectFieldError(short, 'crop', 'images.errors.cropTooSmall')).toContain('400 × 300');
    const wideAndShort = await uploadImage(
      camille,
      { width: 400, height: 0, crop: crop({ x: 0, y: 0, width: 800, height: 500 }) },
      source,
    );
    expectFieldError(wideAndShort, 'crop', 'images.errors.cropTooSmall');
    const narrowFree = await uploadImage(
      camille,
      { width: 400, height: 0, crop: crop({ x: 0, y: 0, width: 300, height: 900 }) },
      source,
    );
    expectFieldError(narrowFree, 'crop', 'images.errors.cropTooSmall');
  });

  it('refuses a crop area of another shape than a fixed-ratio target, and takes one within 1 %', async () => {
    const source = await jpeg(1600, 1000);
    const withCrop = (width: number, height: number) =>
      uploadImage(
        camille,
        { width: 400, height: 200, crop: JSON.stringify({ x: 0, y: 0, width, height, rotate: 0 }) },
        source,
      );
    const square = await withCrop(800, 800);
    expect(expectFieldError(square, 'crop', 'images.errors.cropRatio')).toBe(
      'La zone de recadrage n’a pas les proportions de l’image finale (400 × 200 pixels).',
    );
    expectFieldError(await withCrop(800, 392), 'crop', 'images.errors.cropRatio');
    // cropperjs rounds its box to whole pixels: a pixel off, or just under 1 %, is the target's shape.
    expect((await withCrop(801, 400)).status).toBe(200);
    expect((await withCrop(800, 397)).body).toMatchObject({ width: 400, height: 200 });
    expect((await withCrop(399, 200)).status).toBe(200);
  });

  it('takes a crop reaching a pixel past the edge of a turned image (the cropper’s rounding)', async () => {
    // 800 × 400 turned by 5°: 832 × 468 here, 831.8 × 468.3 for cropperjs, which may round up.
    const response = await uploadImage(
      camille,
      { width: 416, height: 234, crop: JSON.stringify({ x: 1, y: 1, width: 832, height: 468, rotate: 5 }) },
      await jpeg(800, 400),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((await served(response.body.url)).meta).toMatchObject({ width: 416, height: 234 });
  });

  it('answers odd multipart bodies with a 4xx, never a 5xx', async () => {
    const bytes = await photo(200, 200);
    const send = (form: FormData) =>
      t.app.inject({
        method: 'POST',
        url: '/api/files/images',
        payload: form,
        cookies: { ...camille.cookies },
        headers: { 'x-csrf-token': camille.csrfToken },
      });
    const twoFiles = new FormData();
    twoFiles.append('purpose', 'image');
    twoFiles.append('width', '100');
    twoFiles.append('file', new Blob([new Uint8Array(bytes)]), 'a.jpg');
    twoFiles.append('other', new Blob([new Uint8Array(bytes)]), 'b.jpg');
    const textFile = new FormData();
    textFile.append('purpose', 'image');
    textFile.append('width', '100');
    textFile.append('file', 'not a file');
    const proto = new FormData();
    proto.append('__proto__', 'x');
    proto.append('file', new Blob([new Uint8Array(bytes)]), 'a.jpg');
    for (const [what, form] of [
      ['two files', twoFiles],
      ['a text as file', textFile],
      ['__proto__', proto],
    ] as const) {
      const response = await send(form);
      expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
    }
    expect((await send(textFile)).json().fields.map((f: { field: string }) => f.field)).toEqual(['file']);
  });

  it('refuses a JSON body with field errors', async () => {
    const response = await camille.post('/api/files/images', { purpose: 'image', width: 100, height: 100 });
    expect(response.status).toBe(400);
    expect(response.body.fields.map((f: { field: string }) => f.field)).toContain('file');
  });

  it('answers 404 for a project of another company, 401 without a session, 403 without the CSRF token', async () => {
    const source = await jpeg(400, 400);
    const foreign = await uploadImage(
      jordan,
      { width: 100, height: 100, projectId: camilleProjectId },
      source,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('notFound');

    const visitor = await anonymous(t.app);
    const unsigned = await uploadImage(visitor, { width: 100, height: 100 }, source);
    expect(unsigned.status).toBe(401);

    const noCsrf = await upload(
      camille,
      '/api/files/images',
      { purpose: 'image', width: 100, height: 100 },
      source,
      {
        withoutCsrf: true,
      },
    );
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.code).toBe('csrf');
  });
});

// ---------- editor images ----------

describe('uploadEditorImage (E7)', () => {
  it('answers { location }, the image re-encoded and scaled down to 2000 pixels wide', async () => {
    const response = await upload(
      camille,
      '/api/files/editor-images',
      { projectId: camilleProjectId },
      await jpeg(3000, 1500),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ location: expect.stringMatching(/^\/files\/[0-9a-f-]{36}$/) });
    const { meta } = await served(response.body.location);
    expect(meta).toMatchObject({ width: 2000, height: 1000 });
    expect(meta.exif).toBeUndefined();

    const small = await upload(camille, '/api/files/editor-images', {}, await jpeg(300, 200));
    expect((await served(small.body.location)).meta).toMatchObject({ width: 300, height: 200 });
  });

  it('answers 404 for a project of another company (the editor then removes the image)', async () => {
    const response = await upload(
      jordan,
      '/api/files/editor-images',
      { projectId: camilleProjectId },
      await jpeg(300, 200),
    );
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('notFound');
    const own = await upload(
      jordan,
      '/api/files/editor-images',
      { projectId: jordanProjectId },
      await jpeg(300, 200),
    );
    expect(own.status).toBe(200);
  });

  it('refuses what is not an image, and a caller without a session', async () => {
    const text = { bytes: Buffer.from('%PDF-1.4 not an image'), name: 'doc.jpg', type: 'image/jpeg' };
    expectFieldError(
      await upload(camille, '/api/files/editor-images', {}, text),
      'file',
      'images.errors.notAnImage',
    );
    const visitor = await anonymous(t.app);
    expect((await upload(visitor, '/api/files/editor-images', {}, await jpeg(300, 200))).status).toBe(401);
  });
});

// ---------- serving and deleting ----------

describe('serving and deleting', () => {
  it('serves an image with its type, nosniff, a long immutable cache, to anyone with its address', async () => {
    const { body } = await uploadImage(camille, { width: 100, height: 100 }, await jpeg(300, 300));
    const response = await t.app.inject({ method: 'GET', url: body.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('answers 404 for an unknown id or something else than an id', async () => {
    for (const url of [
      '/files/9b2f0a8e-1111-4a4a-8b8b-123456789abc',
      '/files/not-an-id',
      '/files/..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('documents the uploads as multipart forms in the OpenAPI document', async () => {
    const spec = (await camille.get('/api/openapi.json')).body;
    for (const path of ['/api/files/images', '/api/files/editor-images']) {
      const schema = spec.paths[path].post.requestBody.content['multipart/form-data'].schema;
      expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
      expect(schema.required).toContain('file');
    }
  });

  it('lets the app show images and cropperjs work under the content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/session' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob:/);
  });

  it('deletes an image of the company: gone from the address and from the storage; another company’s is not found', async () => {
    const { body } = await uploadImage(camille, { width: 100, height: 100 }, await jpeg(300, 300));
    const { rows } = await t.database.sql.query<{ storage_key: string }>(
      'select storage_key from files where id = $1',
      [body.id],
    );
    const config = t.deps.config.files;
    if (config.storage !== 'local') throw new Error('the test app stores files locally');
    const stored = path.join(config.dir, rows[0].storage_key);
    expect(fs.existsSync(stored)).toBe(true);

    const foreign = await jordan.delete(`/api/files/${body.id}`);
    expect(foreign.status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: body.url })).statusCode).toBe(200);

    const deleted = await camille.delete(`/api/files/${body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect((await t.app.inject({ method: 'GET', url: body.url })).statusCode).toBe(404);
    expect(fs.existsSync(stored)).toBe(false);
    expect((await camille.delete(`/api/files/${body.id}`)).status).toBe(404);
  });

  it('never deletes an image of the rich-text editor: it lives inside texts', async () => {
    const { body } = await upload(camille, '/api/files/editor-images', {}, await jpeg(300, 200));
    const fileId = body.location.split('/').pop();
    const refused = await camille.delete(`/api/files/${fileId}`);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('notFound');
    expect((await t.app.inject({ method: 'GET', url: body.location })).statusCode).toBe(200);
  });

  it('deleting a project’s logo clears it from the project', async () => {
    const logo = await upload(
      camille,
      '/api/files/images',
      { purpose: 'project.logo', projectId: camilleProjectId, width: 400, height: 200 },
      await jpeg(800, 400),
    );
    await t.database.sql.query('update projects set logo_file_id = $1 where id = $2', [
      logo.body.id,
      camilleProjectId,
    ]);
    expect((await camille.delete(`/api/files/${logo.body.id}`)).status).toBe(200);
    const { rows } = await t.database.sql.query<{ logo_file_id: string | null }>(
      'select logo_file_id from projects where id = $1',
      [camilleProjectId],
    );
    expect(rows[0].logo_file_id).toBeNull();
  });
});

describe('upload rate limit', () => {
  it('answers 429 past 60 uploads a minute for one user, on each upload route; other users go on', async () => {
    // A user of their own, so the other tests keep their allowance.
    const admin = await signIn(t.app, DEMO_SUPER_ADMIN);
    for (const url of ['/api/files/images', '/api/files/editor-images']) {
      for (let i = 0; i < 60; i += 1) {
        // Counted before the body is read: an empty upload (400) counts as well.
        const response = await upload(admin, url, {});
        expect(response.status, `${url} #${i + 1}`).toBe(400);
      }
      const refused = await upload(admin, url, {}, await jpeg(300, 300));
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('tooManyAttempts');
    }
    const other = await upload(camille, '/api/files/editor-images', {}, await jpeg(300, 200));
    expect(other.status).toBe(200);
  });
});

/** The same PNG with other dimensions written in its header (IHDR), its checksum recomputed. */
async function withPngSize(png: Buffer, width: number, height: number) {
  const { crc32 } = await import('node:zlib');
  const copy = Buffer.from(png);
  // Signature (8) + length (4) + "IHDR" (4): width and height follow.
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)) >>> 0, 29);
  return copy;
}
