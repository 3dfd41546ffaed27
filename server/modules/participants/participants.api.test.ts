import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildProject } from '../../../tests/support/test-app';
import {
  groupCategories,
  groups,
  mailMessages,
  persons,
  profileFields,
  projects,
  roles,
} from '../../db/schema';
import { companyOf as companyOfProject, insertRole } from './fixtures';

let projectA: { id: string };
let projectB: { id: string };
let projectJordan: { id: string };
let roleA: string;
let roleA2: string;
let roleB: string;
let roleJordan: string;
let groupA: string;
let groupB: string;

const companyOf = (projectId: string) => companyOfProject(t.database.db, projectId);

// Roles and groups are written straight into the tables: their own screens are built beside this module.
const addRole = (projectId: string, fr: string, en: string, position = 0) =>
  insertRole(t.database.db, projectId, fr, en, position);

async function addGroup(projectId: string, fr: string, en: string) {
  const companyId = await companyOf(projectId);
  const [category] = await t.database.db
    .insert(groupCategories)
    .values({ companyId, projectId, nameFr: 'Catégorie', nameEn: 'Category' })
    .returning();
  const [row] = await t.database.db
    .insert(groups)
    .values({ companyId, projectId, categoryId: category.id, nameFr: fr, nameEn: en })
    .returning();
  return row.id;
}

const url = (projectId: string, rest = '') => `/api/projects/${projectId}/participants${rest}`;

let counter = 0;
function person(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    roleId: roleA,
    firstName: 'Alex',
    lastName: `Tremblay ${counter}`,
    email: `alex.${counter}.${randomUUID().slice(0, 6)}@example.test`,
    language: 'fr',
    ...overrides,
  };
}

async function add(client: ApiClient, projectId: string, body: Record<string, unknown>) {
  const response = await client.post(url(projectId), body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const { t, camille: organiser, jordan } = withTestApp();
beforeAll(async () => {
  projectA = await buildProject(organiser);
  projectB = await buildProject(organiser);
  projectJordan = await buildProject(jordan);
  roleA = await addRole(projectA.id, 'Acheteur', 'Buyer', 0);
  roleA2 = await addRole(projectA.id, 'Exposant', 'Exhibitor', 1);
  roleB = await addRole(projectB.id, 'Visiteur', 'Visitor');
  roleJordan = await addRole(projectJordan.id, 'Visiteur', 'Visitor');
  groupA = await addGroup(projectA.id, 'Groupe A', 'Group A');
  groupB = await addGroup(projectB.id, 'Groupe B', 'Group B');
});

describe('adding a participant (U2)', () => {
  it('requires a role: the field error is translated in the caller’s language', async () => {
    const { roleId: _none, ...body } = person();
    const fr = await organiser.post(url(projectA.id), body);
    expect(fr.status).toBe(400);
    expect(fr.body.fields).toContainEqual({
      field: 'roleId',
      code: 'validation.participants.roleRequired',
      message: 'Choisissez un rôle pour ce participant.',
    });
    const en = await jordan.post(url(projectJordan.id), { ...body, roleId: null });
    expect(en.status).toBe(400);
    expect(en.body.fields).toContainEqual(
      expect.objectContaining({ field: 'roleId', message: 'Choose a role for this participant.' }),
    );
  });

  it('refuses a role of another project under the role field', async () => {
    const response = await organiser.post(url(projectA.id), person({ roleId: roleB }));
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual([
      expect.objectContaining({ field: 'roleId', code: 'validation.participants.roleRequired' }),
    ]);
  });

  it('refuses an invalid e-mail and missing names', async () => {
    const response = await organiser.post(
      url(projectA.id),
      person({ email: 'pas-un-courriel', firstName: ' ' }),
    );
    expect(response.status).toBe(400);
    const fields = response.body.fields.map((f: { field: string }) => f.field).sort();
    expect(fields).toEqual(['email', 'firstName']);
    expect(response.body.fields.find((f: { field: string }) => f.field === 'email').message).toBe(
      'Entrez une adresse courriel valide.',
    );
  });

  it('normalises phone numbers and refuses one that is not a number', async () => {
    const created = await add(organiser, projectA.id, person({ phone: '(514) 555-1234', phonePro: '' }));
    expect(created.phone).toBe('+15145551234');
    expect(created.phonePro).toBeNull();
    expect(created.role).toEqual({ id: roleA, name: { fr: 'Acheteur', en: 'Buyer' } });
    expect(created.status).toBe('registered');

    const bad = await organiser.post(url(projectA.id), person({ phone: '123' }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'phone', code: 'validation.phone' })]);
  });

  it('reuses the person of the company with the same e-mail (case ignored) and updates their names', async () => {
    const first = await add(
      organiser,
      projectA.id,
      person({ email: 'Reuse.Me@Example.test', firstName: 'Rémi', organisation: 'Boréal inc.' }),
    );
    const second = await add(
      organiser,
      projectB.id,
      person({ roleId: roleB, email: 'reuse.me@example.TEST', firstName: 'Rémy', phone: '514 555 9876' }),
    );
    expect(second.personId).toBe(first.personId);
    expect(second.id).not.toBe(first.id);
    // The person is shared: the first project shows the new first name and phone too.
    const again = await organiser.get(url(projectA.id, `/${first.id}`));
    expect(again.body).toMatchObject({ firstName: 'Rémy', phone: '+15145559876' });
    // What the second form left empty is kept, never erased.
    expect(again.body.organisation).toBe('Boréal inc.');
  });

  it('never reuses a person of another company', async () => {
    const email = `shared.${randomUUID().slice(0, 6)}@example.test`;
    const mine = await add(organiser, projectA.id, person({ email }));
    const theirs = await add(
      jordan,
      projectJordan.id,
      person({ roleId: roleJordan, email, firstName: 'Jordan' }),
    );
    expect(theirs.personId).not.toBe(mine.personId);
    const rows = await t.database.db.select().from(persons).where(eq(persons.email, email));
    expect(rows).toHaveLength(2);
    expect((await organiser.get(url(projectA.id, `/${mine.id}`))).body.firstName).toBe('Alex');
  });

  it('refuses the same person twice in one project (409 under the e-mail)', async () => {
    const body = person();
    await add(organiser, projectA.id, body);
    const again = await organiser.post(url(projectA.id), { ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('participants.alreadyInProject');
    expect(again.body.fields).toEqual([
      expect.objectContaining({ field: 'email', message: 'Cette personne est déjà inscrite à ce projet.' }),
    ]);
  });

  it('checks the project’s own profile fields: a mandatory one needs a value, unknown ones are dropped', async () => {
    const project = await buildProject(organiser);
    const role = await addRole(project.id, 'Rôle', 'Role');
    const [field] = await t.database.db
      .insert(profileFields)
      .values({
        companyId: (await t.database.db.select().from(roles).where(eq(roles.id, role)))[0].companyId,
        projectId: project.id,
        titleFr: 'Secteur',
        titleEn: 'Sector',
        isMandatory: true,
      })
      .returning();
    const missing = await organiser.post(url(project.id), person({ roleId: role }));
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([expect.objectContaining({ field: `profile.${field.id}` })]);

    const stranger = randomUUID();
    const created = await add(
      organiser,
      project.id,
      person({ roleId: role, profile: { [field.id]: ' Aérospatiale ', [stranger]: 'x' } }),
    );
    expect(created.profile).toEqual({ [field.id]: 'Aérospatiale' });

    const options = await organiser.get(`/api/projects/${project.id}/participant-form`);
    expect(options.body.profileFields).toEqual([
      expect.objectContaining({ id: field.id, title: { fr: 'Secteur', en: 'Sector' }, isMandatory: true }),
    ]);
    expect(options.body.roles).toEqual([{ id: role, name: { fr: 'Rôle', en: 'Role' } }]);
  });
});

describe('the project’s defaults and field switches (U2, U5)', () => {
  /** Turns a switch of a standard field of the project (its row is created by the first read). */
  async function switchStandard(projectId: string, key: string, name: string, value: boolean) {
    const list = await organiser.get(`/api/projects/${projectId}/profile-fields`);
    const field = list.body.items.find((f: { standardKey: string | null }) => f.standardKey === key);
    const response = await organiser.patch(`/api/projects/${projectId}/profile-fields/${field.id}`, {
      name,
      value,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  }

  it('gives a participant added without a role the project’s default role, and its default language', async () => {
    const project = await buildProject(organiser);
    const first = await addRole(project.id, 'Acheteur', 'Buyer', 0);
    const fallback = await addRole(project.id, 'Visiteur', 'Visitor', 1);
    const { roleId: _none, language: _fr, ...body } = person();

    // Neither a role nor a default role: the 'empty role' refusal stays.
    const refused = await organiser.post(url(project.id), { ...body, roleId: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      expect.objectContaining({ field: 'roleId', message: 'Choisissez un rôle pour ce participant.' }),
    ]);

    const defaults = await organiser.put(`/api/projects/${project.id}/role-defaults`, {
      defaultRoleId: fallback,
      defaultPersonaRoleId: null,
    });
    expect(defaults.status).toBe(200);
    await t.database.db.update(projects).set({ defaultLanguage: 'en' }).where(eq(projects.id, project.id));

    const options = await organiser.get(`/api/projects/${project.id}/participant-form`);
    expect(options.body).toMatchObject({ defaultRoleId: fallback, defaultLanguage: 'en' });

    const created = await add(organiser, project.id, body);
    expect(created.role.id).toBe(fallback);
    expect(created.language).toBe('en');
    const empty = await add(organiser, project.id, person({ roleId: '', language: undefined }));
    expect(empty.role.id).toBe(fallback);
    // A role and a language given are kept.
    const chosen = await add(organiser, project.id, person({ roleId: first, language: 'fr' }));
    expect(chosen).toMatchObject({ role: { id: first }, language: 'fr' });
    // A role that is not the project's is still refused, default or not.
    const stranger = await organiser.post(url(project.id), person({ roleId: roleB }));
    expect(stranger.status).toBe(400);
  });

  it('lists the standard fields with their switches; names and e-mail always active', async () => {
    const project = await buildProject(organiser);
    await addRole(project.id, 'Rôle', 'Role');
    await switchStandard(project.id, 'phonePro', 'isActive', false);
    await switchStandard(project.id, 'organisation', 'isShownOnView', false);
    const options = await organiser.get(`/api/projects/${project.id}/participant-form`);
    const byKey = Object.fromEntries(options.body.standardFields.map((f: { key: string }) => [f.key, f]));
    expect(byKey.phonePro).toMatchObject({ isActive: false });
    expect(byKey.organisation).toMatchObject({ isActive: true, isShownOnView: false });
    expect(byKey.email).toMatchObject({ isActive: true, isMandatory: true });
    expect(byKey.phone).toMatchObject({ isActive: true, isShownOnView: true });
    expect(options.body.defaultRoleId).toBeNull();
    expect(options.body.defaultLanguage).toBe('fr');
  });

  it('keeps the values of a field switched inactive when a save leaves them out or empties them', async () => {
    const project = await buildProject(organiser);
    const role = await addRole(project.id, 'Rôle', 'Role');
    const created = await add(
      organiser,
      project.id,
      person({ roleId: role, phonePro: '514 555 2222', organisation: 'Boréal inc.', jobTitle: 'Directrice' }),
    );
    await switchStandard(project.id, 'phonePro', 'isActive', false);
    await switchStandard(project.id, 'organisation', 'isActive', false);

    // The form does not show them: it leaves them out (or an API caller sends them empty).
    // (`person()` has neither: the saves below leave both out.)
    const rest = person({ roleId: role });
    const saved = await organiser.put(url(project.id, `/${created.id}`), {
      ...rest,
      email: created.email,
      firstName: 'Alexandra',
      jobTitle: '',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'Alexandra',
      phonePro: '+15145552222',
      organisation: 'Boréal inc.',
      // An active field left empty is emptied.
      jobTitle: null,
    });
    const emptied = await organiser.put(url(project.id, `/${created.id}`), {
      ...rest,
      email: created.email,
      phonePro: '',
      organisation: '',
    });
    expect(emptied.body).toMatchObject({ phonePro: '+15145552222', organisation: 'Boréal inc.' });

    // Switched back on, the values are there again.
    await switchStandard(project.id, 'phonePro', 'isActive', true);
    const again = await organiser.get(url(project.id, `/${created.id}`));
    expect(again.body.phonePro).toBe('+15145552222');
  });
});

describe('the participant list (U1)', () => {
  let project: { id: string };
  let buyer: string;
  let exhibitor: string;
  let group: string;
  const made: Record<string, { id: string }> = {};

  beforeAll(async () => {
    project = await buildProject(organiser);
    buyer = await addRole(project.id, 'Acheteur', 'Buyer', 0);
    exhibitor = await addRole(project.id, 'Exposant', 'Exhibitor', 1);
    group = await addGroup(project.id, 'Délégation', 'Delegation');
    const people = [
      { key: 'eloise', firstName: 'Éloïse', lastName: 'Bérubé', organisation: 'Boréal Inc.', roleId: buyer },
      { key: 'zack', firstName: 'Zack', lastName: 'Arsenault', organisation: null, roleId: exhibitor },
      { key: 'marc', firstName: 'Marc', lastName: 'Côté', organisation: 'Montréal Export', roleId: buyer },
      { key: 'anne', firstName: 'anne', lastName: 'cyr', organisation: 'Zénith', roleId: exhibitor },
    ];
    for (const p of people) {
      const { key, ...body } = p;
      made[key] = await add(
        organiser,
        project.id,
        person({ ...body, email: `${key}.${randomUUID().slice(0, 6)}@ex.test` }),
      );
    }
    await organiser.put(url(project.id, `/${made.anne.id}`), {
      ...person({ roleId: exhibitor, firstName: 'anne', lastName: 'cyr', organisation: 'Zénith' }),
      email: (await organiser.get(url(project.id, `/${made.anne.id}`))).body.email,
      status: 'cancelled',
    });
    await organiser.post(url(project.id, '/add-to-group'), {
      ids: [made.marc.id, made.zack.id],
      groupId: group,
    });
  });

  const lastNames = (body: { items: { lastName: string }[] }) => body.items.map((i) => i.lastName);

  it('sorts by last name by default, case and accents not deciding', async () => {
    const response = await organiser.get(url(project.id));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ page: 1, pageSize: 25, total: 4 });
    expect(lastNames(response.body)).toEqual(['Arsenault', 'Bérubé', 'Côté', 'cyr']);
    const zack = response.body.items[0];
    expect(zack).toMatchObject({
      firstName: 'Zack',
      role: { name: { fr: 'Exposant', en: 'Exhibitor' } },
      groups: [{ id: group, name: { fr: 'Délégation', en: 'Delegation' } }],
      status: 'registered',
    });
    expect(zack.createdAt).toEqual(expect.any(String));
    expect(zack.profile).toBeUndefined();
  });

  it('sorts by first name, organisation, role and creation, both ways', async () => {
    const desc = await organiser.get(url(project.id, '?sort=firstName&dir=desc'));
    expect(desc.body.items.map((i: { firstName: string }) => i.firstName)).toEqual([
      'Zack',
      'Marc',
      'Éloïse',
      'anne',
    ]);
    const org = await organiser.get(url(project.id, '?sort=organisation'));
    expect(lastNames(org.body)).toEqual(['Arsenault', 'Bérubé', 'Côté', 'cyr']);
    const role = await organiser.get(url(project.id, '?sort=role&dir=desc'));
    expect(role.body.items.map((i: { role: { name: { fr: string } } }) => i.role.name.fr)).toEqual([
      'Exposant',
      'Exposant',
      'Acheteur',
      'Acheteur',
    ]);
    const created = await organiser.get(url(project.id, '?sort=createdAt'));
    expect(lastNames(created.body)).toEqual(['Bérubé', 'Arsenault', 'Côté', 'cyr']);
    const email = await organiser.get(url(project.id, '?sort=email'));
    expect(lastNames(email.body)).toEqual(['cyr', 'Bérubé', 'Côté', 'Arsenault']);
  });

  it('searches names, e-mail and organisation, ignoring accents and case', async () => {
    const search = async (q: string) =>
      lastNames((await organiser.get(url(project.id, `?q=${encodeURIComponent(q)}`))).body);
    expect(await search('berube')).toEqual(['Bérubé']);
    expect(await search('ELOISE')).toEqual(['Bérubé']);
    expect(await search('montreal')).toEqual(['Côté']);
    expect(await search('zenith')).toEqual(['cyr']);
    expect(await search('zack.')).toEqual(['Arsenault']);
    expect(await search('marc cote')).toEqual(['Côté']);
    expect(await search('100%')).toEqual([]);
  });

  it('filters by role, group and status', async () => {
    expect(lastNames((await organiser.get(url(project.id, `?roleId=${buyer}`))).body)).toEqual([
      'Bérubé',
      'Côté',
    ]);
    expect(lastNames((await organiser.get(url(project.id, `?groupId=${group}`))).body)).toEqual([
      'Arsenault',
      'Côté',
    ]);
    expect(lastNames((await organiser.get(url(project.id, '?status=cancelled'))).body)).toEqual(['cyr']);
    const both = await organiser.get(url(project.id, `?roleId=${exhibitor}&status=registered`));
    expect(lastNames(both.body)).toEqual(['Arsenault']);
    const bad = await organiser.get(url(project.id, '?status=gone'));
    expect(bad.status).toBe(400);
  });

  it('pages without overlap', async () => {
    const big = await buildProject(organiser);
    const role = await addRole(big.id, 'Rôle', 'Role');
    for (let i = 0; i < 27; i++) {
      await add(organiser, big.id, person({ roleId: role, lastName: `Nom ${String(i).padStart(2, '0')}` }));
    }
    const first = await organiser.get(url(big.id));
    const second = await organiser.get(url(big.id, '?page=2'));
    expect(first.body).toMatchObject({ total: 27, page: 1 });
    expect(first.body.items).toHaveLength(25);
    expect(second.body.items).toHaveLength(2);
    const ids = new Set([...first.body.items, ...second.body.items].map((i: { id: string }) => i.id));
    expect(ids.size).toBe(27);
    expect(lastNames(second.body)).toEqual(['Nom 25', 'Nom 26']);
  });
});

describe('editing, deleting, groups and the inscription e-mail', () => {
  it('edits the person and the registration; another person’s e-mail is refused', async () => {
    const one = await add(organiser, projectA.id, person());
    const other = await add(organiser, projectA.id, person());
    const body = {
      ...person({ roleId: roleA2, firstName: 'Nadia', lastName: 'Lévesque', phone: '+1 418 555 0000' }),
      email: one.email,
      status: 'confirmed',
    };
    const saved = await organiser.put(url(projectA.id, `/${one.id}`), body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Lévesque',
      phone: '+14185550000',
      status: 'confirmed',
      role: { id: roleA2 },
    });
    const clash = await organiser.put(url(projectA.id, `/${one.id}`), { ...body, email: other.email });
    expect(clash.status).toBe(409);
    expect(clash.body.fields[0].field).toBe('email');
    const noRole = await organiser.put(url(projectA.id, `/${one.id}`), { ...body, roleId: undefined });
    expect(noRole.body.fields[0]).toMatchObject({
      field: 'roleId',
      message: 'Choisissez un rôle pour ce participant.',
    });
  });

  it('deletes several participants at once; ids of another project are not counted', async () => {
    const a = await add(organiser, projectA.id, person());
    const b = await add(organiser, projectA.id, person());
    const elsewhere = await add(organiser, projectB.id, person({ roleId: roleB }));
    const response = await organiser.post(url(projectA.id, '/delete'), { ids: [a.id, b.id, elsewhere.id] });
    expect(response.body).toEqual({ deleted: 2 });
    expect((await organiser.get(url(projectA.id, `/${a.id}`))).status).toBe(404);
    expect((await organiser.get(url(projectB.id, `/${elsewhere.id}`))).status).toBe(200);
    // The person stays in the company.
    const rows = await t.database.db.select().from(persons).where(eq(persons.id, a.personId));
    expect(rows).toHaveLength(1);
    const empty = await organiser.post(url(projectA.id, '/delete'), { ids: [] });
    expect(empty.status).toBe(400);
  });

  it('adds participants to a group of the project, once; a group of another project is refused', async () => {
    const a = await add(organiser, projectA.id, person());
    const first = await organiser.post(url(projectA.id, '/add-to-group'), { ids: [a.id], groupId: groupA });
    expect(first.body).toEqual({ added: 1 });
    const again = await organiser.post(url(projectA.id, '/add-to-group'), { ids: [a.id], groupId: groupA });
    expect(again.body).toEqual({ added: 0 });
    expect((await organiser.get(url(projectA.id, `/${a.id}`))).body.groups).toEqual([
      { id: groupA, name: { fr: 'Groupe A', en: 'Group A' } },
    ]);
    const foreign = await organiser.post(url(projectA.id, '/add-to-group'), { ids: [a.id], groupId: groupB });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields[0]).toMatchObject({
      field: 'groupId',
      message: 'Choisissez un groupe de ce projet.',
    });
  });

  it('saves the groups chosen in the form: at creation, replaced on edit, kept when left out', async () => {
    const groupA2 = await addGroup(projectA.id, 'Groupe A2', 'Group A2');
    const a = await add(organiser, projectA.id, person({ groupIds: [groupA, groupA2, groupA] }));
    expect(a.groups.map((g: { id: string }) => g.id).sort()).toEqual([groupA, groupA2].sort());
    const { groups: _groups, id: _id, role, ...rest } = a;
    const editable = {
      roleId: role.id,
      firstName: rest.firstName,
      lastName: rest.lastName,
      email: rest.email,
      status: rest.status,
    };
    const narrowed = await organiser.put(url(projectA.id, `/${a.id}`), { ...editable, groupIds: [groupA2] });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.groups).toEqual([{ id: groupA2, name: { fr: 'Groupe A2', en: 'Group A2' } }]);
    const kept = await organiser.put(url(projectA.id, `/${a.id}`), editable);
    expect(kept.body.groups.map((g: { id: string }) => g.id)).toEqual([groupA2]);
    const none = await organiser.put(url(projectA.id, `/${a.id}`), { ...editable, groupIds: [] });
    expect(none.body.groups).toEqual([]);
    // A group of another project is refused under the field, in the caller's language; nothing is saved.
    const foreign = await organiser.put(url(projectA.id, `/${a.id}`), {
      ...editable,
      groupIds: [groupA, groupB],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields[0]).toMatchObject({
      field: 'groupIds',
      message: 'Choisissez un groupe de ce projet.',
    });
    expect((await organiser.get(url(projectA.id, `/${a.id}`))).body.groups).toEqual([]);
  });

  it('queues the inscription e-mail once, at creation or later', async () => {
    const withMail = await add(organiser, projectA.id, person({ sendInscription: true, language: 'en' }));
    expect(withMail.inscriptionSentAt).toEqual(expect.any(String));
    const messages = () =>
      t.database.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.dedupeKey, `inscription:${withMail.id}`));
    const [queued] = await messages();
    expect(queued).toMatchObject({
      toEmail: withMail.email,
      language: 'en',
      kind: 'inscription',
    });
    // Without an SMTP server the message is kept in the app's outbox at once.
    expect(['queued', 'kept']).toContain(queued.status);
    expect(queued.subject).toMatch(/^Your registration for Test project /);

    const later = await organiser.post(url(projectA.id, `/${withMail.id}/inscription-email`));
    expect(later.status).toBe(200);
    expect(later.body.queued).toBe(false);
    expect(await messages()).toHaveLength(1);

    const without = await add(organiser, projectA.id, person());
    expect(without.inscriptionSentAt).toBeNull();
    const sent = await organiser.post(url(projectA.id, `/${without.id}/inscription-email`));
    expect(sent.body.queued).toBe(true);
    expect((await organiser.get(url(projectA.id, `/${without.id}`))).body.inscriptionSentAt).toEqual(
      sent.body.inscriptionSentAt,
    );
    const mails = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.dedupeKey, `inscription:${without.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Projet d’essai/);
  });
});

describe('access', () => {
  it('answers 401 without a session', async () => {
    const visitor = await anonymous(t.app);
    expect((await visitor.get(url(projectA.id))).status).toBe(401);
    expect((await visitor.post(url(projectA.id), person())).status).toBe(401);
  });

  it('does not find another company’s project or participant', async () => {
    const mine = await add(organiser, projectA.id, person());
    expect((await jordan.get(url(projectA.id))).status).toBe(404);
    expect((await jordan.get(url(projectA.id, `/${mine.id}`))).status).toBe(404);
    expect((await jordan.put(url(projectA.id, `/${mine.id}`), person({ roleId: roleA }))).status).toBe(404);
    expect((await jordan.post(url(projectA.id), person())).status).toBe(404);
    expect((await jordan.post(url(projectA.id, `/${mine.id}/inscription-email`))).status).toBe(404);
    expect((await jordan.post(url(projectA.id, '/delete'), { ids: [mine.id] })).status).toBe(404);
    // Through the caller's own project, another company's participant is simply not counted.
    const theirs = await jordan.post(url(projectJordan.id, '/delete'), { ids: [mine.id] });
    expect(theirs.body).toEqual({ deleted: 0 });
    expect((await jordan.get(`/api/projects/${projectA.id}/participant-form`)).status).toBe(404);
    expect((await organiser.get(url(projectA.id, `/${mine.id}`))).status).toBe(200);
  });
});
