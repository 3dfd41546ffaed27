import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildActivity, buildProject, insertParticipants, signIn } from '../../../tests/support/test-app';
import { DEMO_ORGANISER } from '../../seed/demo';

const { t, camille, jordan } = withTestApp();

type Person = { first: string; last: string; email?: string; organisation?: string };

/** Participants of a project, inserted directly (one role, Acheteur / Buyer); their ids in the given order. */
const addParticipants = (projectId: string, people: Person[]) =>
  insertParticipants(t.deps.db, projectId, people, { fr: 'Acheteur', en: 'Buyer' });

const PEOPLE: Person[] = [
  { first: 'Élise', last: 'Côté', organisation: 'Groupe Hélios' },
  { first: 'Bruno', last: 'Gagnon' },
  { first: 'Chloé', last: 'Roy', organisation: 'Studio Mile-End' },
  { first: 'Anaïs', last: 'Bélanger' },
  { first: 'Liam', last: 'Murphy' },
];

/** A project of Camille's, an activity of it (maximum of members as given) and five participants. */
async function setup(maxMembers: number | null = null) {
  const project = await buildProject(camille);
  const activity = await buildActivity(camille, project.id, { maxMembers });
  const ids = await addParticipants(project.id, PEOPLE);
  const url = `/api/projects/${project.id}/activities/${activity.id}`;
  return { project, activity, ids, url };
}

const names = (body: { items: { lastName: string }[] }) => body.items.map((i) => i.lastName);

describe('activity members: in and out lists (V7)', () => {
  it('moves participants out → in by ids and by search, and back; both lists follow, in name order', async () => {
    const { ids, url } = await setup();
    const out = await camille.get(`${url}/candidates`);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(names(out.body)).toEqual(['Bélanger', 'Côté', 'Gagnon', 'Murphy', 'Roy']);
    expect(out.body.items[1]).toMatchObject({
      firstName: 'Élise',
      organisation: 'Groupe Hélios',
      role: { fr: 'Acheteur', en: 'Buyer' },
    });

    const added = await camille.post(`${url}/members`, { mode: 'ids', participantIds: [ids[0], ids[2]] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toEqual({ added: 2, already: 0, capacity: { members: 2, maxMembers: null } });
    // The same again: left as they are.
    const again = await camille.post(`${url}/members`, { mode: 'ids', participantIds: [ids[0]] });
    expect(again.body).toMatchObject({ added: 0, already: 1 });

    const members = await camille.get(`${url}/members`);
    expect(names(members.body)).toEqual(['Côté', 'Roy']);
    expect(members.body).toMatchObject({ total: 2, page: 1, pageSize: 25, capacity: { members: 2 } });
    expect(members.body.items[0].status).toBe('registered');
    expect(names((await camille.get(`${url}/candidates`)).body)).toEqual(['Bélanger', 'Gagnon', 'Murphy']);

    // Accents ignored, as the participant list: « belanger » finds Bélanger; "all that match" takes it in.
    expect(names((await camille.get(`${url}/candidates?q=belanger`)).body)).toEqual(['Bélanger']);
    const matching = await camille.post(`${url}/members`, { mode: 'matching', q: 'belanger' });
    expect(matching.body).toMatchObject({ added: 1, capacity: { members: 3 } });
    const everyone = await camille.post(`${url}/members`, { mode: 'matching' });
    expect(everyone.body).toMatchObject({ added: 2, capacity: { members: 5 } });
    expect((await camille.get(`${url}/candidates`)).body.total).toBe(0);

    // Out again: by ids, then every member matching a search.
    const removed = await camille.post(`${url}/members/remove`, { mode: 'ids', participantIds: [ids[1]] });
    expect(removed.body).toEqual({ removed: 1, capacity: { members: 4, maxMembers: null } });
    const cote = await camille.post(`${url}/members/remove`, { mode: 'matching', q: 'cote' });
    expect(cote.body.removed).toBe(1);
    expect(names((await camille.get(`${url}/members?q=roy`)).body)).toEqual(['Roy']);
    expect(names((await camille.get(`${url}/members`)).body)).toEqual(['Bélanger', 'Murphy', 'Roy']);
    expect(names((await camille.get(`${url}/members?sort=name&dir=desc`)).body)).toEqual([
      'Roy',
      'Murphy',
      'Bélanger',
    ]);
  });

  it('changes a status by its button; the status filter shows only that status, "all" every row', async () => {
    const { ids, url } = await setup();
    await camille.post(`${url}/members`, { mode: 'ids', participantIds: ids.slice(0, 3) });
    const changed = await camille.put(`${url}/members/${ids[2]}/status`, { status: 'confirmed' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ participantId: ids[2], lastName: 'Roy', status: 'confirmed' });
    await camille.put(`${url}/members/${ids[0]}/status`, { status: 'absent' });

    expect(names((await camille.get(`${url}/members?status=confirmed`)).body)).toEqual(['Roy']);
    expect(names((await camille.get(`${url}/members?status=absent`)).body)).toEqual(['Côté']);
    expect((await camille.get(`${url}/members?status=attended`)).body.total).toBe(0);
    expect((await camille.get(`${url}/members?status=all`)).body.total).toBe(3);
    // The whole activity's count stays beside a filtered page.
    expect((await camille.get(`${url}/members?status=confirmed`)).body.capacity.members).toBe(3);

    // Removing every "absent" one leaves the others.
    await camille.post(`${url}/members/remove`, { mode: 'matching', status: 'absent' });
    expect(names((await camille.get(`${url}/members`)).body)).toEqual(['Gagnon', 'Roy']);

    const bad = await camille.put(`${url}/members/${ids[2]}/status`, { status: 'late' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ field: 'status', code: 'validation.activityMembers.status' });
    // Not a member: not found.
    expect((await camille.put(`${url}/members/${ids[4]}/status`, { status: 'confirmed' })).status).toBe(404);
  });

  it('refuses bad input with field errors', async () => {
    const { ids, url } = await setup();
    const none = await camille.post(`${url}/members`, { mode: 'ids', participantIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.fields[0]).toMatchObject({
      field: 'participantIds',
      code: 'validation.activityMembers.noneSelected',
    });
    expect((await camille.post(`${url}/members`, { mode: 'some' })).status).toBe(400);
    expect((await camille.get(`${url}/members?pageSize=30`)).body.fields[0].field).toBe('pageSize');
    expect((await camille.get(`${url}/members?status=late`)).body.fields[0].field).toBe('status');

    // A participant of another project of the same company is not one of this project's: nothing is added.
    const other = await buildProject(camille);
    const [stranger] = await addParticipants(other.id, [{ first: 'Zoé', last: 'Ailleurs' }]);
    const mixed = await camille.post(`${url}/members`, { mode: 'ids', participantIds: [ids[0], stranger] });
    expect(mixed.status).toBe(400);
    expect(mixed.body.fields[0]).toMatchObject({
      field: 'participantIds',
      code: 'validation.activityMembers.unknownParticipant',
    });
    expect((await camille.get(`${url}/members`)).body.total).toBe(0);
  });

  it('answers 404 to another company, whatever it asks', async () => {
    const { ids, url } = await setup();
    await camille.post(`${url}/members`, { mode: 'ids', participantIds: [ids[0]] });
    expect((await jordan.get(`${url}/members`)).status).toBe(404);
    expect((await jordan.get(`${url}/candidates`)).status).toBe(404);
    expect((await jordan.post(`${url}/members`, { mode: 'matching' })).status).toBe(404);
    expect((await jordan.post(`${url}/members/remove`, { mode: 'matching' })).status).toBe(404);
    expect((await jordan.put(`${url}/members/${ids[0]}/status`, { status: 'absent' })).status).toBe(404);
    expect((await jordan.post(`${url}/members/import`, {})).status).toBe(404);
    // Nothing changed.
    const members = await camille.get(`${url}/members`);
    expect(members.body.items).toMatchObject([{ participantId: ids[0], status: 'registered' }]);
  });
});

describe('the maximum of members', () => {
  it('refuses an addition over the maximum with the seats left, in the reader’s language; adds nothing', async () => {
    const { ids, url } = await setup(3);
    await camille.post(`${url}/members`, { mode: 'ids', participantIds: ids.slice(0, 2) });
    const over = await camille.post(`${url}/members`, { mode: 'ids', participantIds: ids.slice(2, 4) });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('activityMembers.full');
    expect(over.body.title).toBe(
      'Places insuffisantes : il reste 1 place sur 3 dans cette activité, et cet ajout en demande 2.',
    );
    const all = await camille.post(`${url}/members`, { mode: 'matching' });
    expect(all.status).toBe(409);
    expect((await camille.get(`${url}/members`)).body.capacity).toEqual({ members: 2, maxMembers: 3 });
    // The last seat can still be taken.
    const last = await camille.post(`${url}/members`, { mode: 'ids', participantIds: [ids[4]] });
    expect(last.body.capacity).toEqual({ members: 3, maxMembers: 3 });
  });

  it('two organisers filling the last seats at once never exceed it', async () => {
    const project = await buildProject(camille);
    const ids = await addParticipants(
      project.id,
      Array.from({ length: 12 }, (_, i) => ({ first: `P${i}`, last: `Participant ${i}` })),
    );
    const other = await signIn(t.app, DEMO_ORGANISER);
    for (let round = 0; round < 3; round++) {
      const activity = await buildActivity(camille, project.id, { maxMembers: 8 });
      const url = `/api/projects/${project.id}/activities/${activity.id}`;
      await camille.post(`${url}/members`, { mode: 'ids', participantIds: ids.slice(0, 4) });
      // 4 seats left; each asks for 3 others.
      const answers = await Promise.all([
        camille.post(`${url}/members`, { mode: 'ids', participantIds: ids.slice(4, 7) }),
        other.post(`${url}/members`, { mode: 'ids', participantIds: ids.slice(7, 10) }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409);
      expect(refused?.body.title).toContain('il reste 1 place sur 8');
      const members = await camille.get(`${url}/members`);
      expect(members.body.total).toBe(7);
      expect(members.body.capacity).toEqual({ members: 7, maxMembers: 8 });
    }
  });
});

describe('a maximum never below the members already in', () => {
  it('is refused by the edit form, the options tab and the bulk action, naming how many are in', async () => {
    const { project, activity, ids, url } = await setup(4);
    expect(
      (await camille.post(`${url}/members`, { mode: 'ids', participantIds: ids.slice(0, 3) })).status,
    ).toBe(200);
    const current = (await camille.get(url)).body;
    const form = {
      title: current.title,
      type: current.type,
      noDate: current.noDate,
      startsAt: current.startsAtLocal,
      durationMinutes: current.durationMinutes,
      hybridType: current.hybridType,
    };

    const edit = await camille.put(url, { ...form, maxMembers: 2 });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual([
      expect.objectContaining({ field: 'maxMembers', message: expect.stringContaining('3 membres') }),
    ]);
    const options = await camille.patch(`${url}/options`, { maxMembers: 2 });
    expect(options.status).toBe(400);
    const bulk = await camille.post(`/api/projects/${project.id}/activities/bulk`, {
      action: 'maxMembers',
      ids: [activity.id],
      maxMembers: 1,
    });
    expect(bulk.status).toBe(400);
    expect((await camille.get(url)).body.maxMembers).toBe(4);

    // As many as are in, or no limit: accepted.
    expect((await camille.patch(`${url}/options`, { maxMembers: 3 })).status).toBe(200);
    expect((await camille.put(url, { ...form, maxMembers: null })).status).toBe(200);
  });
});
