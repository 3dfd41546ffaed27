import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildActivity, buildProject } from '../../../tests/support/test-app';

let projectId: string;

const { t, camille, jordan } = withTestApp();
beforeAll(async () => {
  projectId = (await buildProject(camille)).id;
});

const base = (activityId: string, project = projectId) => `/api/projects/${project}/activities/${activityId}`;
const fieldOf = (body: { fields?: { field: string; code: string; message: string }[] }, field: string) =>
  body.fields?.find((f) => f.field === field);

describe('V4 options', () => {
  it('reads the defaults, then changes only what is sent; null maximum is no limit', async () => {
    const activity = await buildActivity(camille, projectId, { maxMembers: 40 });
    const read = await camille.get(`${base(activity.id)}/options`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      displayDate: true,
      registrationOpen: true,
      onLanding: false,
      maxMembers: 40,
    });

    const closed = await camille.patch(`${base(activity.id)}/options`, { registrationOpen: false });
    expect(closed.body).toEqual({
      displayDate: true,
      registrationOpen: false,
      onLanding: false,
      maxMembers: 40,
    });

    const landing = await camille.patch(`${base(activity.id)}/options`, {
      onLanding: true,
      displayDate: false,
      maxMembers: null,
    });
    expect(landing.body).toEqual({
      displayDate: false,
      registrationOpen: false,
      onLanding: true,
      maxMembers: null,
    });
    // The activity itself reads the same maximum.
    expect((await camille.get(base(activity.id))).body.maxMembers).toBeNull();
    expect((await camille.patch(`${base(activity.id)}/options`, { maxMembers: 12 })).body.maxMembers).toBe(
      12,
    );
  });

  it('refuses a maximum of 0, a fraction or a switch that is not a boolean, naming the field, translated', async () => {
    const activity = await buildActivity(camille, projectId);
    for (const [body, field] of [
      [{ maxMembers: 0 }, 'maxMembers'],
      [{ maxMembers: 2.5 }, 'maxMembers'],
      [{ onLanding: 'yes' }, 'onLanding'],
    ] as const) {
      const response = await camille.patch(`${base(activity.id)}/options`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = fieldOf(response.body, field);
      expect(error, JSON.stringify(response.body)).toBeDefined();
      expect(error?.message).not.toMatch(/^validation\./);
    }
    // Jordan works in English: the same refusal in his language.
    const jordanProject = await buildProject(jordan);
    const own = await buildActivity(jordan, jordanProject.id);
    const french = fieldOf(
      (await camille.patch(`${base(activity.id)}/options`, { maxMembers: 0 })).body,
      'maxMembers',
    );
    const english = fieldOf(
      (await jordan.patch(`${base(own.id, jordanProject.id)}/options`, { maxMembers: 0 })).body,
      'maxMembers',
    );
    expect(english?.message).toBeTruthy();
    expect(english?.message).not.toBe(french?.message);
  });
});

describe('V4 visual: the background colour', () => {
  it('saves a colour in lower case, and null clears it', async () => {
    const activity = await buildActivity(camille, projectId);
    const saved = await camille.put(`${base(activity.id)}/background-color`, { backgroundColor: '#AA33CC' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ backgroundColor: '#aa33cc', image: null });
    expect((await camille.get(base(activity.id))).body.backgroundColor).toBe('#aa33cc');
    expect((await camille.get(`${base(activity.id)}/visual`)).body.backgroundColor).toBe('#aa33cc');
    const cleared = await camille.put(`${base(activity.id)}/background-color`, { backgroundColor: null });
    expect(cleared.body.backgroundColor).toBeNull();
  });

  it('refuses what is not #rrggbb with a field error on backgroundColor', async () => {
    const activity = await buildActivity(camille, projectId);
    for (const backgroundColor of ['red', '#12345', '#12345g', 'url(x)']) {
      const response = await camille.put(`${base(activity.id)}/background-color`, { backgroundColor });
      expect(response.status, backgroundColor).toBe(400);
      expect(fieldOf(response.body, 'backgroundColor'), backgroundColor).toBeDefined();
    }
  });
});

/** A multipart image upload for the activity's image (650 wide, at least 320 high: type 12). */
async function uploadActivityImage(
  client: ApiClient,
  width: number,
  height: number,
  crop?: object,
  target = { width: 650, height: 320, imageType: 12 },
) {
  const form = new FormData();
  form.append('purpose', 'activity.image');
  form.append('projectId', projectId);
  form.append('width', String(target.width));
  form.append('height', String(target.height));
  form.append('imageType', String(target.imageType));
  if (crop) form.append('crop', JSON.stringify(crop));
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'affiche.jpg');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/images',
    payload: form,
    cookies: client.cookies,
    headers: { 'x-csrf-token': client.csrfToken, 'accept-language': 'fr' },
  });
  return { status: response.statusCode, body: response.json() };
}

const served = (url: string) => t.app.inject({ method: 'GET', url });

describe('E9: the activity’s image', () => {
  it('type 12 keeps the width, takes the crop’s height (at least 320); an image under 650 × 320 is refused', async () => {
    const tall = await uploadActivityImage(camille, 1300, 2000, { x: 0, y: 0, width: 1300, height: 1000 });
    expect(tall.status, JSON.stringify(tall.body)).toBe(200);
    expect([tall.body.width, tall.body.height]).toEqual([650, 500]);
    const small = await uploadActivityImage(camille, 600, 400);
    expect(small.status).toBe(400);
    expect(fieldOf(small.body, 'file')?.code).toBe('images.errors.tooSmall');
    expect(fieldOf(small.body, 'file')?.message).toContain('650');
  });

  it('width and height 0 keep the crop at its own size; a width of 0 alone is refused', async () => {
    const free = { width: 0, height: 0, imageType: 0 };
    const small = await uploadActivityImage(
      camille,
      200,
      150,
      { x: 10, y: 10, width: 90, height: 120 },
      free,
    );
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect([small.body.width, small.body.height]).toEqual([90, 120]);
    const half = await uploadActivityImage(camille, 200, 150, undefined, {
      width: 0,
      height: 100,
      imageType: 0,
    });
    expect(half.status).toBe(400);
    expect(fieldOf(half.body, 'width')?.code).toBe('validation.activityEdition.freeWidth');
  });

  it('is saved on the activity; a new one replaces it and the old file is deleted; null removes it', async () => {
    const activity = await buildActivity(camille, projectId);
    const first = (await uploadActivityImage(camille, 1300, 640)).body;
    const saved = await camille.put(`${base(activity.id)}/image`, { fileId: first.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.image).toEqual({ id: first.id, url: `/files/${first.id}` });
    expect((await served(first.url)).statusCode).toBe(200);

    const second = (await uploadActivityImage(camille, 1300, 640)).body;
    const replaced = await camille.put(`${base(activity.id)}/image`, { fileId: second.id });
    expect(replaced.body.image.id).toBe(second.id);
    expect((await served(first.url)).statusCode).toBe(404);
    expect((await camille.get(`${base(activity.id)}/visual`)).body.image.id).toBe(second.id);

    // The same image again changes nothing.
    expect((await camille.put(`${base(activity.id)}/image`, { fileId: second.id })).body.image.id).toBe(
      second.id,
    );
    const removed = await camille.put(`${base(activity.id)}/image`, { fileId: null });
    expect(removed.body.image).toBeNull();
    expect((await served(second.url)).statusCode).toBe(404);
  });

  it('refuses an image of another purpose or of another company (field error on fileId)', async () => {
    const activity = await buildActivity(camille, projectId);
    const form = new FormData();
    form.append('purpose', 'company.logo');
    form.append('width', '400');
    form.append('height', '200');
    const bytes = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'logo.jpg');
    const logo = await t.app.inject({
      method: 'POST',
      url: '/api/files/images',
      payload: form,
      cookies: camille.cookies,
      headers: { 'x-csrf-token': camille.csrfToken },
    });
    const response = await camille.put(`${base(activity.id)}/image`, { fileId: logo.json().id });
    expect(response.status).toBe(400);
    expect(fieldOf(response.body, 'fileId')).toBeDefined();

    const jordanProject = await buildProject(jordan);
    const jordanActivity = await buildActivity(jordan, jordanProject.id);
    const camilleImage = (await uploadActivityImage(camille, 1300, 640)).body;
    const foreign = await jordan.put(`${base(jordanActivity.id, jordanProject.id)}/image`, {
      fileId: camilleImage.id,
    });
    expect(foreign.status).toBe(400);
    expect(fieldOf(foreign.body, 'fileId')).toBeDefined();
  });
});

describe('tenancy and sessions', () => {
  it('answers 404 to another company for every route, and 401 without a session', async () => {
    const activity = await buildActivity(camille, projectId);
    const other = await buildProject(camille);
    const calls: [keyof ApiClient, string, unknown?][] = [
      ['get', `${base(activity.id)}/options`],
      ['patch', `${base(activity.id)}/options`, { onLanding: true }],
      ['get', `${base(activity.id)}/visual`],
      ['put', `${base(activity.id)}/background-color`, { backgroundColor: '#000000' }],
      ['put', `${base(activity.id)}/image`, { fileId: null }],
      ['get', `${base(activity.id)}/documents`],
    ];
    for (const [method, url, body] of calls) {
      const call = (client: ApiClient, target: string) =>
        (client[method] as (u: string, b?: unknown) => Promise<{ status: number }>)(target, body);
      expect((await call(jordan, url)).status, `${method} ${url}`).toBe(404);
      // The right company, but the activity is not of that project.
      expect((await call(camille, url.replace(projectId, other.id))).status, `${method} ${url}`).toBe(404);
    }
    const nobody = await anonymous(t.app);
    expect((await nobody.get(`${base(activity.id)}/options`)).status).toBe(401);
    // Nothing changed.
    expect((await camille.get(`${base(activity.id)}/options`)).body.onLanding).toBe(false);
  });
});
