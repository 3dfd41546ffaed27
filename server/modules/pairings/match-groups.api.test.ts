import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, buildActivity } from '../../../tests/support/test-app';
import { ok, pairingBody, pairingsUrl, pairingUrl, setUpProject } from './fixtures';

const { t, camille, jordan } = withTestApp();

type Group = { id: string; name: string; vip: boolean; members: number };

async function pairingWithPeople(client: ApiClient, people = 6) {
  const set = await setUpProject(client, t.database.db, { people });
  const pairing = ok<{ id: string }>(
    await client.post(pairingsUrl(set.projectId), pairingBody(set.categoryId)),
  );
  return { ...set, pairingId: pairing.id, url: pairingUrl(set.projectId, pairing.id) };
}

describe('match groups and rules (M2)', () => {
  it('are created, renamed, filled through the in / out lists, and restrict who is seated', async () => {
    const { url, participants } = await pairingWithPeople(camille, 6);
    expect(ok<{ people: number }>(await camille.get(url)).people).toBe(6);
    const group = ok<Group>(await camille.post(`${url}/groups`, { name: 'Acheteurs', vip: true }));
    expect(group).toMatchObject({ name: 'Acheteurs', vip: true, members: 0 });
    const out = ok<{ total: number }>(await camille.get(`${url}/groups/${group.id}/candidates`));
    expect(out.total).toBe(6);
    expect(
      ok(
        await camille.post(`${url}/groups/${group.id}/members`, {
          mode: 'ids',
          participantIds: participants.slice(0, 2),
        }),
      ),
    ).toEqual({ added: 2 });
    // Every row the "out" search finds: Essai03 alone.
    expect(
      ok(await camille.post(`${url}/groups/${group.id}/members`, { mode: 'matching', q: 'essai03' })),
    ).toEqual({
      added: 1,
    });
    const members = ok<{ items: { participantId: string; lastName: string }[]; total: number }>(
      await camille.get(`${url}/groups/${group.id}/members?sort=name`),
    );
    expect(members.items.map((m) => m.lastName)).toEqual(['Essai01', 'Essai02', 'Essai03']);
    expect(ok<{ total: number }>(await camille.get(`${url}/groups/${group.id}/candidates`)).total).toBe(3);
    // With a group, only its members are seated.
    expect(ok<{ people: number }>(await camille.get(url)).people).toBe(3);
    expect(
      ok(
        await camille.post(`${url}/groups/${group.id}/members/remove`, {
          mode: 'ids',
          participantIds: [participants[0]],
        }),
      ),
    ).toEqual({ removed: 1 });
    expect(ok(await camille.post(`${url}/groups/${group.id}/members/remove`, { mode: 'matching' }))).toEqual({
      removed: 2,
    });
    const renamed = ok<Group>(
      await camille.put(`${url}/groups/${group.id}`, { name: 'Exposants', vip: false }),
    );
    expect(renamed).toMatchObject({ name: 'Exposants', vip: false, members: 0 });
    expect(ok<{ items: Group[] }>(await camille.get(`${url}/groups`)).items.map((g) => g.name)).toEqual([
      'Exposants',
    ]);
    expect(ok(await camille.delete(`${url}/groups/${group.id}`))).toEqual({ ok: true });
    expect(ok<{ items: Group[] }>(await camille.get(`${url}/groups`)).items).toEqual([]);
  });

  it('are created from activities: each activity’s members become a group, with the legacy sentence', async () => {
    const { projectId, url, participants } = await pairingWithPeople(camille, 4);
    const morning = await buildActivity(camille, projectId, {
      title: { fr: 'Atelier du matin', en: 'Morning workshop' },
    });
    const evening = await buildActivity(camille, projectId, { title: { fr: 'Soirée', en: 'Evening' } });
    ok(
      await camille.post(`/api/projects/${projectId}/activities/${morning.id}/members`, {
        mode: 'ids',
        participantIds: participants.slice(0, 3),
      }),
    );
    ok(
      await camille.post(`/api/projects/${projectId}/activities/${evening.id}/members`, {
        mode: 'ids',
        participantIds: [participants[3]],
      }),
    );
    const done = ok(
      await camille.post(`${url}/groups/from-activities`, { activityIds: [morning.id, evening.id] }),
    );
    expect(done).toEqual({ created: 2, message: 'Les regles ont été créés avec succès!' });
    const groups = ok<{ items: Group[] }>(await camille.get(`${url}/groups`)).items;
    expect(groups.map((g) => [g.name, g.members]).sort()).toEqual([
      ['Atelier du matin', 3],
      ['Soirée', 1],
    ]);

    // In English, the English sentence; another company's activity is none of the project's.
    const theirs = await pairingWithPeople(jordan, 2);
    const activity = await buildActivity(jordan, theirs.projectId);
    const english = ok(
      await jordan.post(`${theirs.url}/groups/from-activities`, { activityIds: [activity.id] }),
    );
    expect(english).toEqual({ created: 1, message: 'The rules were created successfully!' });
    const foreign = await jordan.post(`${theirs.url}/groups/from-activities`, { activityIds: [morning.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.map((f: { field: string }) => f.field)).toEqual(['activityIds']);
  });

  it('rules: group A meets / never meets group B, edited (use for planned), deleted; groups of the pairing only', async () => {
    const { url } = await pairingWithPeople(camille, 2);
    const a = ok<Group>(await camille.post(`${url}/groups`, { name: 'Acheteurs' }));
    const b = ok<Group>(await camille.post(`${url}/groups`, { name: 'Concurrents' }));
    const rule = ok<{ id: string }>(
      await camille.post(`${url}/rules`, { groupAId: a.id, groupBId: b.id, kind: 'never' }),
    );
    expect(rule).toMatchObject({
      groupA: { id: a.id, name: 'Acheteurs' },
      groupB: { id: b.id, name: 'Concurrents' },
      kind: 'never',
      useForPlanned: false,
    });
    const edited = ok(
      await camille.put(`${url}/rules/${rule.id}`, {
        groupAId: a.id,
        groupBId: b.id,
        kind: 'meets',
        useForPlanned: true,
      }),
    );
    expect(edited).toMatchObject({ kind: 'meets', useForPlanned: true });
    expect(ok<{ items: unknown[] }>(await camille.get(`${url}/rules`)).items).toHaveLength(1);

    const other = await pairingWithPeople(camille, 2);
    const elsewhere = ok<Group>(await camille.post(`${other.url}/groups`, { name: 'Ailleurs' }));
    const refused = await camille.post(`${url}/rules`, {
      groupAId: a.id,
      groupBId: elsewhere.id,
      kind: 'never',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      expect.objectContaining({ field: 'groupBId', message: 'Choisissez un groupe de ce jumelage.' }),
    ]);
    const badKind = await camille.post(`${url}/rules`, { groupAId: a.id, groupBId: b.id, kind: 'sometimes' });
    expect(badKind.body.fields.map((f: { field: string }) => f.field)).toEqual(['kind']);
    // Deleting a group takes its rules with it.
    ok(await camille.delete(`${url}/groups/${b.id}`));
    expect(ok<{ items: unknown[] }>(await camille.get(`${url}/rules`)).items).toEqual([]);
    expect((await camille.delete(`${url}/rules/${rule.id}`)).status).toBe(404);
  });

  it('belong to their company: another company’s groups, members and rules are not found', async () => {
    const { url, participants } = await pairingWithPeople(camille, 2);
    const group = ok<Group>(await camille.post(`${url}/groups`, { name: 'Acheteurs' }));
    const rule = ok<{ id: string }>(
      await camille.post(`${url}/rules`, { groupAId: group.id, groupBId: group.id, kind: 'never' }),
    );
    expect((await jordan.get(`${url}/groups`)).status).toBe(404);
    expect((await jordan.post(`${url}/groups`, { name: 'Intrus' })).status).toBe(404);
    expect((await jordan.get(`${url}/groups/${group.id}/members`)).status).toBe(404);
    expect(
      (await jordan.post(`${url}/groups/${group.id}/members`, { mode: 'ids', participantIds: participants }))
        .status,
    ).toBe(404);
    expect((await jordan.delete(`${url}/rules/${rule.id}`)).status).toBe(404);
    expect((await jordan.delete(`${url}/groups/${group.id}`)).status).toBe(404);
    // Their own pairing cannot take this company's participants in.
    const theirs = await pairingWithPeople(jordan, 1);
    const theirGroup = ok<Group>(await jordan.post(`${theirs.url}/groups`, { name: 'Leurs' }));
    expect(
      ok(
        await jordan.post(`${theirs.url}/groups/${theirGroup.id}/members`, {
          mode: 'ids',
          participantIds: participants,
        }),
      ),
    ).toEqual({ added: 0 });
    expect(ok<{ items: Group[] }>(await camille.get(`${url}/groups`)).items).toHaveLength(1);
  });
});
