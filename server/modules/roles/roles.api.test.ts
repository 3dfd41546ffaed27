import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous, buildProject } from '../../../tests/support/test-app';
import { participants, persons, projects } from '../../db/schema';

type Role = { id: string; name: { fr: string; en: string }; position: number; participantCount: number };
type RoleList = { items: Role[]; defaultRoleId: string | null; defaultPersonaRoleId: string | null };

const { t, camille, jordan } = withTestApp();

const rolesUrl = (projectId: string) => `/api/projects/${projectId}/roles`;
const list = async (projectId: string, client = camille): Promise<RoleList> => {
  const response = await client.get(rolesUrl(projectId));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const names = (roles: RoleList) => roles.items.map((r) => r.name.fr);

async function addRole(projectId: string, fr: string, en = `${fr} (en)`, client = camille): Promise<Role> {
  const response = await client.post(rolesUrl(projectId), { name: { fr, en } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Participants cannot be created through this module: people and their registrations are written directly. */
async function addParticipants(projectId: string, roleId: string, howMany: number) {
  const [project] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
  for (let i = 0; i < howMany; i++) {
    const [person] = await t.deps.db
      .insert(persons)
      .values({
        companyId: project.companyId,
        email: `personne-${randomUUID()}@example.test`,
        firstName: 'Alex',
        lastName: `Essai ${i}`,
      })
      .returning();
    await t.deps.db.insert(participants).values({
      companyId: project.companyId,
      projectId,
      personId: person.id,
      roleId,
    });
  }
}

const roleOf = async (participantsOfRole: string) =>
  t.deps.db.select().from(participants).where(eq(participants.roleId, participantsOfRole));

describe('roles (J4)', () => {
  it('a new project has no role; roles are created last in order, in both languages', async () => {
    const project = await buildProject(camille);
    expect(await list(project.id)).toEqual({ items: [], defaultRoleId: null, defaultPersonaRoleId: null });

    const buyer = await addRole(project.id, 'Acheteur', 'Buyer');
    expect(buyer).toEqual({
      id: expect.any(String),
      name: { fr: 'Acheteur', en: 'Buyer' },
      position: 0,
      participantCount: 0,
    });
    await addRole(project.id, 'Exposant', 'Exhibitor');
    // Tags are stripped, spaces trimmed.
    await addRole(project.id, '  <b>Visiteur</b> ', ' Visitor ');
    const roles = await list(project.id);
    expect(names(roles)).toEqual(['Acheteur', 'Exposant', 'Visiteur']);
    expect(roles.items[2].name).toEqual({ fr: 'Visiteur', en: 'Visitor' });
    expect(roles.items.map((r) => r.position)).toEqual([0, 1, 2]);
  });

  it('renames a role', async () => {
    const project = await buildProject(camille);
    const role = await addRole(project.id, 'Acheteur', 'Buyer');
    const response = await camille.put(`${rolesUrl(project.id)}/${role.id}`, {
      name: { fr: 'Acheteuse', en: 'Purchaser' },
    });
    expect(response.status).toBe(200);
    expect(response.body.name).toEqual({ fr: 'Acheteuse', en: 'Purchaser' });
    expect((await list(project.id)).items[0].name).toEqual({ fr: 'Acheteuse', en: 'Purchaser' });
  });

  it('needs both names, of at least 2 characters and at most 100, each under its own field', async () => {
    const project = await buildProject(camille);
    const missingEnglish = await camille.post(rolesUrl(project.id), { name: { fr: 'Acheteur' } });
    expect(missingEnglish.status).toBe(400);
    expect(missingEnglish.body.fields.map((f: { field: string }) => f.field)).toEqual(['name.en']);

    const tooShort = await camille.post(rolesUrl(project.id), { name: { fr: ' A ', en: '<i>B</i>' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.fields).toEqual([
      { field: 'name.fr', code: 'validation.required', message: expect.any(String) },
      { field: 'name.en', code: 'validation.required', message: expect.any(String) },
    ]);

    const tooLong = await camille.post(rolesUrl(project.id), { name: { fr: 'x'.repeat(101), en: 'Buyer' } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual([
      { field: 'name.fr', code: 'validation.tooLong', message: expect.stringContaining('100') },
    ]);

    const role = await addRole(project.id, 'Acheteur', 'Buyer');
    const emptied = await camille.put(`${rolesUrl(project.id)}/${role.id}`, {
      name: { fr: 'Acheteur', en: '' },
    });
    expect(emptied.status).toBe(400);
    expect(emptied.body.fields.map((f: { field: string }) => f.field)).toEqual(['name.en']);
    expect(await list(project.id)).toMatchObject({ items: [{ name: { fr: 'Acheteur', en: 'Buyer' } }] });
  });

  it('saves a new order of the whole list; any other set of ids is refused', async () => {
    const project = await buildProject(camille);
    const a = await addRole(project.id, 'Alpha');
    const b = await addRole(project.id, 'Bravo');
    const c = await addRole(project.id, 'Charlie');
    const other = await buildProject(camille);
    const foreign = await addRole(other.id, 'Delta');
    const orderUrl = `/api/projects/${project.id}/role-order`;

    const saved = await camille.put(orderUrl, { ids: [c.id, a.id, b.id] });
    expect(saved.status).toBe(200);
    expect(names(saved.body)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(names(await list(project.id))).toEqual(['Charlie', 'Alpha', 'Bravo']);

    for (const ids of [
      [c.id, a.id, foreign.id],
      [c.id, a.id],
      [c.id, a.id, b.id, foreign.id],
      [c.id, a.id, a.id],
    ]) {
      const refused = await camille.put(orderUrl, { ids });
      expect(refused.status, JSON.stringify(ids)).toBe(400);
      expect(refused.body.code).toBe('roles.orderMismatch');
    }
    expect(names(await list(project.id))).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(names(await list(other.id))).toEqual(['Delta']);
  });

  it('deletes a role that no participant has', async () => {
    const project = await buildProject(camille);
    const a = await addRole(project.id, 'Alpha');
    await addRole(project.id, 'Bravo');
    const response = await camille.delete(`${rolesUrl(project.id)}/${a.id}`, { moveTo: null });
    expect(response.status).toBe(200);
    expect(names(await list(project.id))).toEqual(['Bravo']);
    const again = await camille.delete(`${rolesUrl(project.id)}/${a.id}`, { moveTo: null });
    expect(again.status).toBe(404);
  });

  it('refuses to delete a role that participants have, saying how many', async () => {
    const project = await buildProject(camille);
    const used = await addRole(project.id, 'Acheteur', 'Buyer');
    await addRole(project.id, 'Exposant', 'Exhibitor');
    await addParticipants(project.id, used.id, 3);
    expect((await list(project.id)).items.map((r) => r.participantCount)).toEqual([3, 0]);

    const refused = await camille.delete(`${rolesUrl(project.id)}/${used.id}`, { moveTo: null });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('roles.inUse');
    expect(refused.body.title).toContain('3 participants');
    // In the caller's language.
    const jordanProject = await buildProject(jordan);
    const jordanRole = await addRole(jordanProject.id, 'Visiteur', 'Visitor', jordan);
    await addParticipants(jordanProject.id, jordanRole.id, 1);
    const inEnglish = await jordan.delete(`${rolesUrl(jordanProject.id)}/${jordanRole.id}`, { moveTo: null });
    expect(inEnglish.status).toBe(409);
    expect(inEnglish.body.title).toContain('1 participant has this role');
    expect(names(await list(project.id))).toEqual(['Acheteur', 'Exposant']);
    expect(await roleOf(used.id)).toHaveLength(3);
  });

  it('deletes a used role by moving its participants to another role of the project', async () => {
    const project = await buildProject(camille);
    const used = await addRole(project.id, 'Acheteur', 'Buyer');
    const target = await addRole(project.id, 'Exposant', 'Exhibitor');
    await addParticipants(project.id, used.id, 2);
    await addParticipants(project.id, target.id, 1);

    const response = await camille.delete(`${rolesUrl(project.id)}/${used.id}`, { moveTo: target.id });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const roles = await list(project.id);
    expect(roles.items).toMatchObject([{ id: target.id, participantCount: 3 }]);
    expect(await roleOf(target.id)).toHaveLength(3);
  });

  it('moves participants only to another role of the same project', async () => {
    const project = await buildProject(camille);
    const used = await addRole(project.id, 'Acheteur', 'Buyer');
    await addParticipants(project.id, used.id, 1);
    const other = await buildProject(camille);
    const elsewhere = await addRole(other.id, 'Exposant', 'Exhibitor');
    const jordanProject = await buildProject(jordan);
    const jordanRole = await addRole(jordanProject.id, 'Visiteur', 'Visitor', jordan);

    for (const moveTo of [elsewhere.id, jordanRole.id, used.id, randomUUID()]) {
      const refused = await camille.delete(`${rolesUrl(project.id)}/${used.id}`, { moveTo });
      expect(refused.status, moveTo).toBe(400);
      expect(refused.body.fields).toEqual([
        { field: 'moveTo', code: 'validation.roles.moveTo', message: expect.any(String) },
      ]);
    }
    expect(names(await list(project.id))).toEqual(['Acheteur']);
    expect(await roleOf(used.id)).toHaveLength(1);
    expect((await list(other.id)).items[0].participantCount).toBe(0);
  });

  it('sets and clears the default role and default persona role; a role of another project is refused', async () => {
    const project = await buildProject(camille);
    const a = await addRole(project.id, 'Acheteur', 'Buyer');
    const b = await addRole(project.id, 'Exposant', 'Exhibitor');
    const other = await buildProject(camille);
    const foreign = await addRole(other.id, 'Visiteur', 'Visitor');
    const url = `/api/projects/${project.id}/role-defaults`;

    const set = await camille.put(url, { defaultRoleId: a.id, defaultPersonaRoleId: b.id });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ defaultRoleId: a.id, defaultPersonaRoleId: b.id });
    expect(await list(project.id)).toMatchObject({ defaultRoleId: a.id, defaultPersonaRoleId: b.id });

    const refused = await camille.put(url, { defaultRoleId: foreign.id, defaultPersonaRoleId: b.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      { field: 'defaultRoleId', code: 'validation.roles.unknownRole', message: expect.any(String) },
    ]);
    const refusedPersona = await camille.put(url, { defaultRoleId: a.id, defaultPersonaRoleId: foreign.id });
    expect(refusedPersona.body.fields.map((f: { field: string }) => f.field)).toEqual([
      'defaultPersonaRoleId',
    ]);
    expect(await list(project.id)).toMatchObject({ defaultRoleId: a.id, defaultPersonaRoleId: b.id });

    const cleared = await camille.put(url, { defaultRoleId: null, defaultPersonaRoleId: b.id });
    expect(cleared.body).toMatchObject({ defaultRoleId: null, defaultPersonaRoleId: b.id });

    // Deleting the persona role clears it.
    await camille.delete(`${rolesUrl(project.id)}/${b.id}`, { moveTo: null });
    expect(await list(project.id)).toMatchObject({ defaultRoleId: null, defaultPersonaRoleId: null });
  });

  it('every demo project starts with three bilingual roles, the first as default', async () => {
    const projectsPage = await camille.get('/api/projects?pageSize=100');
    expect(projectsPage.body.total).toBeGreaterThan(0);
    for (const project of projectsPage.body.items.slice(0, 3)) {
      const roles = await list(project.id);
      expect(roles.items.map((r) => r.name)).toEqual([
        { fr: 'Acheteur', en: 'Buyer' },
        { fr: 'Exposant', en: 'Exhibitor' },
        { fr: 'Visiteur', en: 'Visitor' },
      ]);
      expect(roles.defaultRoleId).toBe(roles.items[0].id);
      expect(roles.defaultPersonaRoleId).toBeNull();
    }
  });

  it('another company’s project and roles are not found; without a session, 401', async () => {
    const project = await buildProject(camille);
    const role = await addRole(project.id, 'Acheteur', 'Buyer');
    const mine = await buildProject(jordan);
    const jordanRole = await addRole(mine.id, 'Visitor', 'Visitor', jordan);
    const roleUrl = `${rolesUrl(project.id)}/${role.id}`;
    const answers = [
      await jordan.get(rolesUrl(project.id)),
      await jordan.post(rolesUrl(project.id), { name: { fr: 'Intrus', en: 'Intruder' } }),
      await jordan.put(roleUrl, { name: { fr: 'Intrus', en: 'Intruder' } }),
      await jordan.delete(roleUrl, { moveTo: null }),
      await jordan.put(`/api/projects/${project.id}/role-order`, { ids: [role.id] }),
      await jordan.put(`/api/projects/${project.id}/role-defaults`, {
        defaultRoleId: role.id,
        defaultPersonaRoleId: null,
      }),
      // A role of another company under one's own project is not found either.
      await jordan.put(`${rolesUrl(mine.id)}/${role.id}`, { name: { fr: 'Intrus', en: 'Intruder' } }),
      await jordan.delete(`${rolesUrl(mine.id)}/${role.id}`, { moveTo: jordanRole.id }),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    expect(await list(project.id)).toMatchObject({
      items: [{ name: { fr: 'Acheteur' } }],
      defaultRoleId: null,
    });

    const visitor = await anonymous(t.app);
    expect((await visitor.get(rolesUrl(project.id))).status).toBe(401);
    expect(
      (await visitor.post(rolesUrl(project.id), { name: { fr: 'Anonyme', en: 'Anonymous' } })).status,
    ).toBe(401);
  });
});
