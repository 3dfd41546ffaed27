import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import {
  type ApiClient,
  buildActivity,
  buildProject,
  insertParticipants,
} from '../../../tests/support/test-app';
import { activityMembers } from '../../db/schema';
import { DEMO_B2B_REQUESTS, DEMO_B2B_SESSION } from '../../seed/b2b';
import { findFirstDemoProject } from '../../seed/groups';
import { type MeetingRow, placeMeetings } from './fixtures';

const { t, camille, jordan } = withTestApp();

const sessionBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Après-midi B2B',
  startsAtLocal: '2027-06-01T13:00',
  slotMinutes: 15,
  breakMinutes: 5,
  slotCount: 4,
  tablesPerSlot: 2,
  defaultCap: 3,
  ...overrides,
});

const PEOPLE = [
  { first: 'Zoé', last: 'Àlvarez', email: 'zoe@example.test', organisation: 'Café Ñandú' },
  { first: '李', last: '小龍', email: 'li@example.test', organisation: '北京会议' },
  { first: 'Ève', last: 'Bérubé', email: 'eve@example.test', organisation: 'Boréal inc.' },
  { first: 'Noah', last: 'Smith', email: 'noah@example.test', organisation: 'Acme' },
];

async function setUp(overrides: Record<string, unknown> = {}) {
  const project = await buildProject(camille);
  const ids = await insertParticipants(
    t.deps.db,
    project.id,
    PEOPLE.map((p) => ({ ...p, email: `${project.id.slice(0, 6)}-${p.email}` })),
  );
  const session = await camille.post(`/api/projects/${project.id}/b2b-sessions`, sessionBody(overrides));
  expect(session.status).toBe(200);
  const url = `/api/projects/${project.id}/b2b-sessions/${session.body.id}`;
  const emails = PEOPLE.map((p) => `${project.id.slice(0, 6)}-${p.email}`);
  return { project, ids, session: session.body, url, emails };
}

/** A multipart POST, as the browser sends it: a file and text fields. */
async function upload(
  client: ApiClient,
  url: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'demandes.xlsx');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: form,
    cookies: { ...client.cookies },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A GET's raw bytes (downloads). */
async function download(client: ApiClient, url: string) {
  const response = await t.app.inject({ method: 'GET', url, cookies: { ...client.cookies } });
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers };
}

async function workbook(rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Demandes');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('B2B sessions', () => {
  it('are added with local times of the project’s zone, listed, edited and deleted', async () => {
    const { project, session, url } = await setUp();
    expect(session).toMatchObject({
      name: 'Après-midi B2B',
      startsAtLocal: '2027-06-01T13:00',
      endsAtLocal: '2027-06-01T14:15',
      tables: 2,
      defaultCap: 3,
      mode: 'inPerson',
      requestCount: 0,
      meetingCount: 0,
    });
    const list = await camille.get(`/api/projects/${project.id}/b2b-sessions`);
    expect(list.body.items.map((s: { name: string }) => s.name)).toEqual(['Après-midi B2B']);
    const edited = await camille.put(
      url,
      sessionBody({ name: 'Matin', startsAtLocal: '2027-06-01T09:00', mode: 'virtual' }),
    );
    expect(edited.body).toMatchObject({ name: 'Matin', startsAtLocal: '2027-06-01T09:00', mode: 'virtual' });
    expect((await camille.delete(url)).body).toEqual({ ok: true });
    expect((await camille.get(url)).status).toBe(404);
  });

  it('refuse bad settings with field errors naming the fields', async () => {
    const project = await buildProject(camille);
    const response = await camille.post(
      `/api/projects/${project.id}/b2b-sessions`,
      sessionBody({
        name: 'A',
        slotMinutes: 0,
        slotCount: 500,
        tablesPerSlot: null,
        startsAtLocal: '2027-13-01T10:00',
      }),
    );
    expect(response.status).toBe(400);
    const fields = response.body.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'slotMinutes', 'slotCount', 'startsAtLocal']));
    const noTables = await camille.post(
      `/api/projects/${project.id}/b2b-sessions`,
      sessionBody({ tablesPerSlot: null }),
    );
    expect(noTables.body.fields).toEqual([
      {
        field: 'tablesPerSlot',
        code: 'validation.b2b.tablesRequired',
        message: expect.stringContaining('tables'),
      },
    ]);
    // A time skipped by daylight saving (Toronto, 2027-03-14 02:30).
    const skipped = await camille.post(
      `/api/projects/${project.id}/b2b-sessions`,
      sessionBody({ startsAtLocal: '2027-03-14T02:30' }),
    );
    expect(skipped.body.fields[0].field).toBe('startsAtLocal');
  });

  it('answer 404 to another company for the session, its requests, pairs and meetings', async () => {
    const { project, ids, url } = await setUp();
    const request = await camille.post(`${url}/requests`, {
      requesterId: ids[0],
      requestedId: ids[1],
      weight: 4,
    });
    const pair = await camille.post(`${url}/blocked-pairs`, { participantA: ids[2], participantB: ids[3] });
    const [meeting] = await insertMeetings(project, url, [{ a: ids[0], b: ids[1], slot: 0, table: 1 }]);
    for (const path of [
      '',
      '/requests',
      '/blocked-pairs',
      '/preflight',
      '/schedule',
      '/explanations',
      '/generations/latest',
    ]) {
      expect((await jordan.get(`${url}${path}`)).status).toBe(404);
    }
    expect((await jordan.put(url, sessionBody())).status).toBe(404);
    expect((await jordan.delete(url)).status).toBe(404);
    expect(
      (
        await jordan.put(`${url}/requests/${request.body.id}`, {
          requesterId: ids[0],
          requestedId: ids[1],
          weight: 1,
        })
      ).status,
    ).toBe(404);
    expect((await jordan.delete(`${url}/requests/${request.body.id}`)).status).toBe(404);
    expect((await jordan.delete(`${url}/blocked-pairs/${pair.body.id}`)).status).toBe(404);
    expect((await jordan.put(`${url}/meetings/${meeting}`, { slot: 1, table: 1 })).status).toBe(404);
    expect((await jordan.delete(`${url}/meetings/${meeting}`)).status).toBe(404);
    expect((await jordan.post(`${url}/generations`)).status).toBe(404);
    expect((await camille.get(`${url}/schedule`)).body.meetings).toHaveLength(1);
  });
});

describe('B2B requests', () => {
  it('are added, searched, edited and deleted; the same pair twice, oneself and a blocked pair are refused', async () => {
    const { ids, url } = await setUp();
    const created = await camille.post(`${url}/requests`, {
      requesterId: ids[0],
      requestedId: ids[1],
      weight: 4,
    });
    expect(created.body).toMatchObject({
      requester: { firstName: 'Zoé' },
      requested: { lastName: '小龍' },
      weight: 4,
      source: 'manual',
    });
    await camille.post(`${url}/requests`, { requesterId: ids[2], requestedId: ids[3] });
    expect(
      (await camille.get(`${url}/requests?q=nandu`)).body.items.map((r: { weight: number }) => r.weight),
    ).toEqual([4]);
    const again = await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[1] });
    expect(again.body.fields[0]).toMatchObject({
      field: 'requestedId',
      code: 'validation.b2b.duplicateRequest',
    });
    const self = await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[0] });
    expect(self.body.fields[0]).toMatchObject({ field: 'requestedId', code: 'validation.b2b.samePerson' });
    const weight = await camille.post(`${url}/requests`, {
      requesterId: ids[1],
      requestedId: ids[2],
      weight: 9,
    });
    expect(weight.body.fields[0].field).toBe('weight');
    await camille.post(`${url}/blocked-pairs`, { participantA: ids[3], participantB: ids[0] });
    const blocked = await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[3] });
    expect(blocked.body.fields[0].code).toBe('validation.b2b.blockedPair');
    const edited = await camille.put(`${url}/requests/${created.body.id}`, {
      requesterId: ids[0],
      requestedId: ids[1],
      weight: 1,
    });
    expect(edited.body.weight).toBe(1);
    expect((await camille.delete(`${url}/requests/${created.body.id}`)).body).toEqual({ ok: true });
    expect((await camille.get(`${url}/requests`)).body.total).toBe(1);
  });

  it('import: a dry run gives a reason per refused line and saves nothing; the save writes the rest', async () => {
    const { url, emails } = await setUp();
    const file = await workbook([
      ['Courriel du demandeur', 'Courriel de la personne demandée', 'Poids'],
      [emails[0], emails[1], 5],
      [emails[1], emails[2], ''],
      [emails[0], 'nobody@example.test', 2],
      ['pas-un-courriel', emails[2], 2],
      [emails[2], emails[3], 8],
      [emails[0], emails[1], 5],
    ]);
    const dry = await upload(camille, `${url}/requests/import`, file);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ saved: false, added: 2, updated: 0 });
    expect(dry.body.refused.map((r: { line: number }) => r.line)).toEqual([4, 5, 6, 7]);
    expect(dry.body.refused[0].reasons[0]).toContain('nobody@example.test');
    expect(dry.body.refused[2].reasons[0]).toContain('1 à 5');
    expect((await camille.get(`${url}/requests`)).body.total).toBe(0);
    const saved = await upload(camille, `${url}/requests/import`, file, { save: 'true' });
    expect(saved.body).toMatchObject({ saved: true, added: 2 });
    const list = (await camille.get(`${url}/requests?sort=weight`)).body.items;
    expect(list.map((r: { weight: number; source: string }) => [r.weight, r.source])).toEqual([
      [3, 'import'],
      [5, 'import'],
    ]);
  });

  it('export then import gives back the same requests, multi-byte names included', async () => {
    const first = await setUp();
    await camille.post(`${first.url}/requests`, {
      requesterId: first.ids[1],
      requestedId: first.ids[0],
      weight: 2,
    });
    await camille.post(`${first.url}/requests`, {
      requesterId: first.ids[2],
      requestedId: first.ids[1],
      weight: 5,
    });
    const exported = await download(camille, `${first.url}/requests/export`);
    expect(exported.status).toBe(200);
    // Into a second session of the same project.
    const second = await camille.post(
      `/api/projects/${first.project.id}/b2b-sessions`,
      sessionBody({ name: 'Deuxième' }),
    );
    const url2 = `/api/projects/${first.project.id}/b2b-sessions/${second.body.id}`;
    const imported = await upload(camille, `${url2}/requests/import`, exported.bytes, { save: 'true' });
    expect(imported.body).toMatchObject({ added: 2, refused: [] });
    const shape = (
      items: { requester: { lastName: string }; requested: { lastName: string }; weight: number }[],
    ) => items.map((r) => `${r.requester.lastName}>${r.requested.lastName}:${r.weight}`).sort();
    expect(shape((await camille.get(`${url2}/requests`)).body.items)).toEqual(
      shape((await camille.get(`${first.url}/requests`)).body.items),
    );
    expect(shape((await camille.get(`${url2}/requests`)).body.items)).toContain('小龍>Àlvarez:2');
  });
});

describe('B2B availability, pre-flight and caps', () => {
  it('a person’s free slots leave out their activities, except those of the session’s meeting category', async () => {
    const { project, ids, url } = await setUp();
    // 13:20–13:40 overlaps slots 1 (13:20–13:35) and 2 (13:40 starts after: not) → only slot 1.
    const workshop = await buildActivity(camille, project.id, {
      startsAt: '2027-06-01T13:20',
      durationMinutes: 20,
    });
    await t.deps.db.insert(activityMembers).values({
      companyId: camille.user.company.id,
      projectId: project.id,
      activityId: workshop.id,
      participantId: ids[0],
    });
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[1], weight: 3 });
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[2], weight: 3 });
    await camille.post(`${url}/requests`, { requesterId: ids[0], requestedId: ids[3], weight: 3 });
    await camille.put(`${url}/people/${ids[0]}/cap`, { cap: 2 });
    const preflight = (await camille.get(`${url}/preflight`)).body;
    const zoe = preflight.people.find((p: { person: { id: string } }) => p.person.id === ids[0]);
    expect(zoe).toMatchObject({ requested: 3, predicted: 2, cap: 2, ownCap: true, freeSlots: 3 });
    expect(preflight.findings).toEqual([
      { code: 'requestsBeyondCap', message: 'Zoé Àlvarez a 3 demandes pour un maximum de 2 rencontres.' },
    ]);
  });

  it('flags a person with no free slot, naming them', async () => {
    const { project, ids, url } = await setUp({ slotCount: 1 });
    const talk = await buildActivity(camille, project.id, {
      startsAt: '2027-06-01T12:30',
      durationMinutes: 60,
    });
    await t.deps.db.insert(activityMembers).values({
      companyId: camille.user.company.id,
      projectId: project.id,
      activityId: talk.id,
      participantId: ids[3],
    });
    await camille.post(`${url}/requests`, { requesterId: ids[2], requestedId: ids[3], weight: 3 });
    const { findings } = (await camille.get(`${url}/preflight`)).body;
    expect(findings.map((f: { message: string }) => f.message)).toContain(
      'Noah Smith n’a aucun créneau libre pour ses 1 demandes.',
    );
  });
});

async function insertMeetings(project: { id: string }, url: string, rows: MeetingRow[]) {
  const session = (await camille.get(url)).body;
  return placeMeetings(t.deps.db, camille.user.company.id, project.id, session, rows);
}

describe('the demo', () => {
  it('has a B2B session on the first day’s afternoon with about 300 requests among its participants', async () => {
    const demo = await findFirstDemoProject(t.deps.db);
    const list = (await camille.get(`/api/projects/${demo?.id}/b2b-sessions`)).body;
    expect(list.items).toHaveLength(1);
    const [session] = list.items;
    const project = (await camille.get(`/api/projects/${demo?.id}`)).body;
    expect(session).toMatchObject({
      name: DEMO_B2B_SESSION,
      startsAtLocal: `${project.startsOn}T13:30`,
      endsAtLocal: `${project.startsOn}T16:30`,
      slotCount: 12,
      slotMinutes: 15,
      tables: 20,
      requestCount: DEMO_B2B_REQUESTS,
    });
    const preflight = (await camille.get(`/api/projects/${demo?.id}/b2b-sessions/${session.id}/preflight`))
      .body;
    expect(preflight.people.length).toBeGreaterThanOrEqual(40);
  });
});
