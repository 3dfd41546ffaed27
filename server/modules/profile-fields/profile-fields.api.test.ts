import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { participantProfileSchema, STANDARD_FIELD_KEYS } from '../../../contracts/profile-fields';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, anonymous, buildProject } from '../../../tests/support/test-app';
import { participants, persons, profileFields, roles } from '../../db/schema';
import { profileRules } from '../participants/form-checks';
import { listProfileFields } from './service';

const { t, camille, jordan } = withTestApp();

type Field = {
  id: string;
  standardKey: string | null;
  inputType: string;
  title: { fr: string; en: string };
  isActive: boolean;
  isMandatory: boolean;
  isEditable: boolean;
  isShownOnView: boolean;
  isLocked: boolean;
  position: number;
  items: { id: string; label: { fr: string; en: string } }[];
};

const url = (projectId: string, rest = '') => `/api/projects/${projectId}/profile-fields${rest}`;

async function fieldsOf(client: ApiClient, projectId: string): Promise<Field[]> {
  const response = await client.get(url(projectId));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

const byKey = (fields: Field[], key: string) => fields.find((f) => f.standardKey === key) as Field;

async function createCustom(client: ApiClient, projectId: string, body: Record<string, unknown> = {}) {
  const response = await client.post(url(projectId), {
    title: { fr: 'Régime alimentaire', en: 'Diet' },
    inputType: 'text',
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Field;
}

describe('standard fields', () => {
  it('exist in any project, in their first order, named in both languages', async () => {
    const project = await buildProject(camille);
    const fields = await fieldsOf(camille, project.id);
    expect(fields.map((f) => f.standardKey)).toEqual([...STANDARD_FIELD_KEYS]);
    expect(byKey(fields, 'firstName')).toMatchObject({
      title: { fr: 'Prénom', en: 'First name' },
      inputType: 'text',
      isActive: true,
      isMandatory: true,
      isLocked: true,
    });
    expect(byKey(fields, 'email')).toMatchObject({ title: { fr: 'Courriel', en: 'E-mail' }, isLocked: true });
    expect(byKey(fields, 'phonePro')).toMatchObject({
      inputType: 'phone',
      isMandatory: false,
      isLocked: false,
    });
    // Read again: nothing is added twice.
    expect(await fieldsOf(camille, project.id)).toHaveLength(STANDARD_FIELD_KEYS.length);
  });

  it('are added to a project that had none, without touching the fields it has', async () => {
    const project = await buildProject(camille);
    const custom = await createCustom(camille, project.id);
    // A project from before U5 lost some of its standard rows: they come back, the rest is kept.
    await t.database.db
      .delete(profileFields)
      .where(
        and(
          eq(profileFields.projectId, project.id),
          inArray(profileFields.standardKey, ['phone', 'videoUrl']),
        ),
      );
    const fields = await fieldsOf(camille, project.id);
    expect(fields).toHaveLength(STANDARD_FIELD_KEYS.length + 1);
    expect(fields.map((f) => f.id)).toContain(custom.id);
  });

  it('the repository lists nothing for a project of another company, and creates nothing there', async () => {
    const project = await buildProject(camille);
    const companyOfJordan = jordan.user.company.id;
    expect(await listProfileFields(t.database.db, companyOfJordan, project.id)).toEqual([]);
    expect(await listProfileFields(t.database.db, camille.user.company.id, project.id)).toHaveLength(
      STANDARD_FIELD_KEYS.length,
    );
  });

  it('refuse turning first name, last name or e-mail off or optional', async () => {
    const project = await buildProject(camille);
    const fields = await fieldsOf(camille, project.id);
    for (const key of ['firstName', 'lastName', 'email']) {
      for (const name of ['isActive', 'isMandatory']) {
        const response = await camille.patch(url(project.id, `/${byKey(fields, key).id}`), {
          name,
          value: false,
        });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          code: 'profileFields.locked',
          title: 'Le prénom, le nom et le courriel restent toujours actifs et obligatoires.',
        });
      }
    }
    // Their other switches work.
    const email = byKey(fields, 'email');
    const response = await camille.patch(url(project.id, `/${email.id}`), {
      name: 'isEditable',
      value: false,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ isEditable: false, isActive: true, isMandatory: true });
  });

  it('cannot be deleted, but can be renamed and turned off', async () => {
    const project = await buildProject(camille);
    const phone = byKey(await fieldsOf(camille, project.id), 'phone');
    const refused = await camille.delete(url(project.id, `/${phone.id}`));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('profileFields.standardNotDeletable');

    const renamed = await camille.put(url(project.id, `/${phone.id}`), {
      title: { fr: 'Cellulaire', en: 'Mobile' },
    });
    expect(renamed.body).toMatchObject({ title: { fr: 'Cellulaire', en: 'Mobile' }, standardKey: 'phone' });
    const off = await camille.patch(url(project.id, `/${phone.id}`), { name: 'isActive', value: false });
    expect(off.body.isActive).toBe(false);
    expect(byKey(await fieldsOf(camille, project.id), 'phone')).toMatchObject({
      isActive: false,
      title: { fr: 'Cellulaire', en: 'Mobile' },
    });
  });
});

describe('the organiser’s own fields', () => {
  it('are created at the end, renamed and deleted with their values', async () => {
    const project = await buildProject(camille);
    const created = await createCustom(camille, project.id, {
      title: { fr: ' <b>Allergies</b> ', en: '' },
      inputType: 'longText',
    });
    expect(created).toMatchObject({
      standardKey: null,
      inputType: 'longText',
      title: { fr: 'Allergies', en: '' },
      isActive: true,
      isMandatory: false,
      isLocked: false,
    });
    let fields = await fieldsOf(camille, project.id);
    expect(fields.at(-1)?.id).toBe(created.id);

    const renamed = await camille.put(url(project.id, `/${created.id}`), {
      title: { fr: 'Allergies', en: 'Allergies' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toEqual({ fr: 'Allergies', en: 'Allergies' });

    const deleted = await camille.delete(url(project.id, `/${created.id}`));
    expect(deleted.body).toEqual({ ok: true });
    fields = await fieldsOf(camille, project.id);
    expect(fields.map((f) => f.id)).not.toContain(created.id);
    expect((await camille.delete(url(project.id, `/${created.id}`))).status).toBe(404);
  });

  it('take the values participants gave them when deleted, and only theirs', async () => {
    const project = await buildProject(camille);
    const kept = await createCustom(camille, project.id, { title: { fr: 'Taille', en: 'Size' } });
    const gone = await createCustom(camille, project.id);
    const companyId = camille.user.company.id;
    const db = t.database.db;
    const [person] = await db
      .insert(persons)
      .values({
        companyId,
        email: `p-${randomUUID()}@example.test`,
        firstName: 'Émile',
        lastName: 'Nelligan',
      })
      .returning();
    const [role] = await db
      .insert(roles)
      .values({ companyId, projectId: project.id, nameFr: 'Visiteur', nameEn: 'Visitor' })
      .returning();
    const [participant] = await db
      .insert(participants)
      .values({
        companyId,
        projectId: project.id,
        personId: person.id,
        roleId: role.id,
        profile: { [kept.id]: 'M', [gone.id]: 'Arachides' },
      })
      .returning();
    expect((await camille.delete(url(project.id, `/${gone.id}`))).status).toBe(200);
    const [after] = await db.select().from(participants).where(eq(participants.id, participant.id));
    expect(after.profile).toEqual({ [kept.id]: 'M' });
  });

  it('need a title in one language at least, a known type, and a title that is not too long', async () => {
    const project = await buildProject(camille);
    const noTitle = await camille.post(url(project.id), {
      title: { fr: ' <i></i> ', en: '' },
      inputType: 'text',
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.fields).toEqual([
      expect.objectContaining({ field: 'title.fr', message: 'Écrivez le titre en français ou en anglais.' }),
    ]);
    const badType = await camille.post(url(project.id), {
      title: { fr: 'Photo', en: 'Photo' },
      inputType: 'image',
    });
    expect(badType.status).toBe(400);
    expect(badType.body.fields.map((f: { field: string }) => f.field)).toEqual(['inputType']);
    const long = await camille.post(url(project.id), {
      title: { fr: 'x'.repeat(151), en: '' },
      inputType: 'text',
    });
    expect(long.status).toBe(400);
    expect(long.body.fields[0]).toMatchObject({ field: 'title.fr', code: 'validation.tooLong' });
  });

  it('take each switch, saved at once', async () => {
    const project = await buildProject(camille);
    const field = await createCustom(camille, project.id, { inputType: 'yesNo' });
    for (const [name, value] of [
      ['isMandatory', true],
      ['isEditable', false],
      ['isShownOnView', false],
      ['isActive', false],
    ] as const) {
      const response = await camille.patch(url(project.id, `/${field.id}`), { name, value });
      expect(response.status).toBe(200);
      expect(response.body[name]).toBe(value);
    }
    const saved = (await fieldsOf(camille, project.id)).find((f) => f.id === field.id);
    expect(saved).toMatchObject({
      isMandatory: true,
      isEditable: false,
      isShownOnView: false,
      isActive: false,
    });
    const unknown = await camille.patch(url(project.id, `/${field.id}`), { name: 'isVisible', value: true });
    expect(unknown.status).toBe(400);
  });
});

describe('order', () => {
  it('is saved when it names every field of the project once, and kept', async () => {
    const project = await buildProject(camille);
    await createCustom(camille, project.id);
    const ids = (await fieldsOf(camille, project.id)).map((f) => f.id);
    const reversed = [...ids].reverse();
    const response = await camille.put(url(project.id, '/order'), { ids: reversed });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.items.map((f: Field) => f.id)).toEqual(reversed);
    expect((await fieldsOf(camille, project.id)).map((f) => f.id)).toEqual(reversed);
    // A new field goes after them all.
    const added = await createCustom(camille, project.id);
    expect((await fieldsOf(camille, project.id)).at(-1)?.id).toBe(added.id);
  });

  it('is never saved empty: 400 with a message in the caller’s language', async () => {
    const project = await buildProject(camille);
    const before = (await fieldsOf(camille, project.id)).map((f) => f.id);
    const fr = await camille.put(url(project.id, '/order'), { ids: [] });
    expect(fr.status).toBe(400);
    expect(fr.body).toMatchObject({
      code: 'profileFields.orderEmpty',
      title: 'L’ordre des champs ne peut pas être enregistré vide.',
    });
    const englishProject = await buildProject(jordan);
    const en = await jordan.put(url(englishProject.id, '/order'), { ids: [] });
    expect(en.status).toBe(400);
    expect(en.body.title).toBe('The order of the fields cannot be saved empty.');
    expect((await fieldsOf(camille, project.id)).map((f) => f.id)).toEqual(before);
  });

  it('refuses a missing, extra, repeated or foreign id', async () => {
    const project = await buildProject(camille);
    const other = await buildProject(camille);
    const ids = (await fieldsOf(camille, project.id)).map((f) => f.id);
    const otherIds = (await fieldsOf(camille, other.id)).map((f) => f.id);
    for (const body of [
      { ids: ids.slice(1) },
      { ids: [...ids, randomUUID()] },
      { ids: [...ids.slice(1), ids[2]] },
      { ids: [...ids.slice(1), otherIds[0]] },
      { ids: otherIds },
    ]) {
      const response = await camille.put(url(project.id, '/order'), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('profileFields.orderMismatch');
    }
    expect((await fieldsOf(camille, project.id)).map((f) => f.id)).toEqual(ids);
  });
});

describe('access', () => {
  it('another company’s project and fields are not found', async () => {
    const project = await buildProject(camille);
    const field = await createCustom(camille, project.id);
    const ids = (await fieldsOf(camille, project.id)).map((f) => f.id);
    const calls = [
      jordan.get(url(project.id)),
      jordan.post(url(project.id), { title: { fr: 'Intrus', en: 'Intruder' }, inputType: 'text' }),
      jordan.put(url(project.id, `/${field.id}`), { title: { fr: 'Intrus', en: 'Intruder' } }),
      jordan.patch(url(project.id, `/${field.id}`), { name: 'isActive', value: false }),
      jordan.delete(url(project.id, `/${field.id}`)),
      jordan.put(url(project.id, '/order'), { ids }),
      jordan.put(url(project.id, '/order'), { ids: [] }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('notFound');
    }
    // A field of Camille's project through Jordan's own project: not found either.
    const own = await buildProject(jordan);
    expect((await jordan.patch(url(own.id, `/${field.id}`), { name: 'isActive', value: false })).status).toBe(
      404,
    );
    const after = (await fieldsOf(camille, project.id)).find((f) => f.id === field.id);
    expect(after).toMatchObject({ title: { fr: 'Régime alimentaire', en: 'Diet' }, isActive: true });
  });

  it('answers 401 without a session', async () => {
    const project = await buildProject(camille);
    const visitor = await anonymous(t.app);
    const responses = await Promise.all([
      visitor.get(url(project.id)),
      visitor.post(url(project.id), { title: { fr: 'Essai', en: 'Test' }, inputType: 'text' }),
      visitor.put(url(project.id, '/order'), { ids: [] }),
    ]);
    for (const response of responses) expect(response.status).toBe(401);
  });
});

// ---------- U5 related items: single and multiple choice ----------

const SECTORS = [
  { label: { fr: 'Santé', en: 'Health' } },
  { label: { fr: 'Finance', en: 'Finance' } },
  { label: { fr: 'Énergie', en: '' } },
];

async function createChoice(
  client: ApiClient,
  projectId: string,
  inputType: 'choice' | 'choices' = 'choice',
  items = SECTORS,
) {
  return createCustom(client, projectId, {
    title: { fr: 'Secteur', en: 'Sector' },
    inputType,
    itemLabels: items.map((item) => item.label),
  });
}

const labelsOf = (field: Field) => field.items.map((i) => i.label.fr);
const itemUrl = (projectId: string, fieldId: string, rest = '') => url(projectId, `/${fieldId}/items${rest}`);

/** A participant of the project (a person, a role, a registration), written straight into the tables. */
async function addParticipant(projectId: string, profile: Record<string, string>) {
  const companyId = camille.user.company.id;
  const db = t.database.db;
  const [person] = await db
    .insert(persons)
    .values({ companyId, email: `p-${randomUUID()}@example.test`, firstName: 'Anne', lastName: 'Hébert' })
    .returning();
  const [role] = await db
    .insert(roles)
    .values({ companyId, projectId, nameFr: 'Visiteur', nameEn: 'Visitor' })
    .returning();
  const [row] = await db
    .insert(participants)
    .values({ companyId, projectId, personId: person.id, roleId: role.id, profile })
    .returning();
  return { id: row.id, roleId: role.id };
}

async function profileOf(participantId: string) {
  const [row] = await t.database.db.select().from(participants).where(eq(participants.id, participantId));
  return row.profile;
}

describe('choice fields (related items)', () => {
  it('are created with their first items, in order, and listed with them; other types have none', async () => {
    const project = await buildProject(camille);
    const field = await createChoice(camille, project.id);
    expect(field).toMatchObject({ inputType: 'choice', isActive: true, standardKey: null });
    expect(field.items.map((i) => i.label)).toEqual(SECTORS.map((s) => s.label));
    const listed = (await fieldsOf(camille, project.id)).find((f) => f.id === field.id) as Field;
    expect(listed.items).toEqual(field.items);
    // Items given with another type are not kept.
    const text = await createCustom(camille, project.id, { itemLabels: SECTORS.map((s) => s.label) });
    expect(text.items).toEqual([]);
    expect(
      (await fieldsOf(camille, project.id)).filter((f) => f.id !== field.id).every((f) => !f.items.length),
    ).toBe(true);
    const multiple = await createChoice(camille, project.id, 'choices', [{ label: { fr: '', en: 'Lunch' } }]);
    expect(multiple).toMatchObject({ inputType: 'choices', items: [{ label: { fr: '', en: 'Lunch' } }] });
  });

  it('need one item at least, labels in one language at least and distinct, named under their field', async () => {
    const project = await buildProject(camille);
    const none = await camille.post(url(project.id), {
      title: { fr: 'Secteur', en: 'Sector' },
      inputType: 'choice',
      itemLabels: [],
    });
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([
      expect.objectContaining({ field: 'itemLabels', message: 'Ajoutez au moins un choix.' }),
    ]);
    const bad = await camille.post(url(project.id), {
      title: { fr: 'Secteur', en: 'Sector' },
      inputType: 'choices',
      itemLabels: [
        { fr: 'Santé', en: 'Health' },
        { fr: '<b></b>', en: ' ' },
        { fr: 'SANTE', en: '' },
        { fr: 'x'.repeat(151), en: '' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([
      expect.objectContaining({
        field: 'itemLabels.1.fr',
        message: 'Écrivez le choix en français ou en anglais.',
      }),
      expect.objectContaining({ field: 'itemLabels.3.fr', code: 'validation.tooLong' }),
      expect.objectContaining({ field: 'itemLabels.2.fr', code: 'validation.profileFields.itemDuplicate' }),
    ]);
    const same = await jordan.post(url((await buildProject(jordan)).id), {
      title: { fr: 'Secteur', en: 'Sector' },
      inputType: 'choices',
      itemLabels: [
        { fr: 'Santé', en: 'Health' },
        { fr: 'SANTE', en: '' },
      ],
    });
    expect(same.status).toBe(400);
    expect(same.body.fields).toEqual([
      expect.objectContaining({
        field: 'itemLabels.1.fr',
        message: 'Another item of this field already has this name.',
      }),
    ]);
    const tooMany = await camille.post(url(project.id), {
      title: { fr: 'Secteur', en: 'Sector' },
      inputType: 'choice',
      itemLabels: Array.from({ length: 201 }, (_, i) => ({ fr: `Choix ${i}`, en: '' })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields[0]).toMatchObject({
      field: 'itemLabels',
      message: 'Un champ a au plus 200 choix.',
    });
  });

  it('take items added at the end, renamed in both languages and deleted', async () => {
    const project = await buildProject(camille);
    const field = await createChoice(camille, project.id, 'choices');
    const added = await camille.post(itemUrl(project.id, field.id), {
      label: { fr: ' <i>Commerce de détail</i> ', en: 'Retail' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(labelsOf(added.body)).toEqual(['Santé', 'Finance', 'Énergie', 'Commerce de détail']);
    const energy = field.items[2];
    const renamed = await camille.put(itemUrl(project.id, field.id, `/${energy.id}`), {
      label: { fr: 'Énergie verte', en: 'Green energy' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.items[2]).toEqual({
      id: energy.id,
      label: { fr: 'Énergie verte', en: 'Green energy' },
    });
    const deleted = await camille.delete(itemUrl(project.id, field.id, `/${field.items[1].id}`));
    expect(deleted.status).toBe(200);
    expect(labelsOf(deleted.body)).toEqual(['Santé', 'Énergie verte', 'Commerce de détail']);
    expect(labelsOf((await fieldsOf(camille, project.id)).find((f) => f.id === field.id) as Field)).toEqual([
      'Santé',
      'Énergie verte',
      'Commerce de détail',
    ]);
    // Gone: not found; an item of another field through this one: not found either.
    expect((await camille.delete(itemUrl(project.id, field.id, `/${field.items[1].id}`))).status).toBe(404);
    const other = await createChoice(camille, project.id);
    expect(
      (
        await camille.put(itemUrl(project.id, field.id, `/${other.items[0].id}`), {
          label: { fr: 'X', en: '' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuse a label another item has (in either language, accents and case aside), an empty one, the 201st', async () => {
    const project = await buildProject(camille);
    const field = await createChoice(camille, project.id);
    const clash = await camille.post(itemUrl(project.id, field.id), {
      label: { fr: 'Santé publique', en: 'health' },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.fields).toEqual([
      expect.objectContaining({
        field: 'label.fr',
        message: 'Un autre choix de ce champ porte déjà ce nom.',
      }),
    ]);
    // An item may keep its own name when renamed.
    const own = await camille.put(itemUrl(project.id, field.id, `/${field.items[0].id}`), {
      label: { fr: 'SANTÉ', en: 'Health' },
    });
    expect(own.status).toBe(200);
    const renameClash = await camille.put(itemUrl(project.id, field.id, `/${field.items[0].id}`), {
      label: { fr: 'finance', en: '' },
    });
    expect(renameClash.status).toBe(400);
    const empty = await camille.post(itemUrl(project.id, field.id), { label: { fr: ' ', en: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields[0]).toMatchObject({
      field: 'label.fr',
      code: 'validation.profileFields.itemLabelRequired',
    });

    const full = await createChoice(
      camille,
      project.id,
      'choice',
      Array.from({ length: 200 }, (_, i) => ({ label: { fr: `Choix ${i}`, en: '' } })),
    );
    expect(full.items).toHaveLength(200);
    const over = await camille.post(itemUrl(project.id, full.id), { label: { fr: 'Un de trop', en: '' } });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'profileFields.tooManyItems',
      title: 'Ce champ a déjà 200 choix, le maximum.',
    });
  });

  it('belong to choice fields only', async () => {
    const project = await buildProject(camille);
    const text = await createCustom(camille, project.id);
    const response = await camille.post(itemUrl(project.id, text.id), { label: { fr: 'Oui', en: 'Yes' } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('profileFields.notChoice');
  });

  it('keep one item at least while the field is active, and a field without items cannot be turned on', async () => {
    const project = await buildProject(camille);
    const field = await createChoice(camille, project.id, 'choice', [{ label: { fr: 'Seul', en: 'Only' } }]);
    const only = field.items[0];
    const refused = await camille.delete(itemUrl(project.id, field.id, `/${only.id}`));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'profileFields.lastItem',
      title: expect.stringContaining('garde au moins un choix'),
    });
    expect(
      (await camille.patch(url(project.id, `/${field.id}`), { name: 'isActive', value: false })).status,
    ).toBe(200);
    const gone = await camille.delete(itemUrl(project.id, field.id, `/${only.id}`));
    expect(gone.status).toBe(200);
    expect(gone.body.items).toEqual([]);
    const on = await camille.patch(url(project.id, `/${field.id}`), { name: 'isActive', value: true });
    expect(on.status).toBe(400);
    expect(on.body).toMatchObject({
      code: 'profileFields.noItems',
      title: 'Un champ à choix doit avoir au moins un choix pour être actif. Ajoutez-en un d’abord.',
    });
    await camille.post(itemUrl(project.id, field.id), { label: { fr: 'Nouveau', en: 'New' } });
    expect(
      (await camille.patch(url(project.id, `/${field.id}`), { name: 'isActive', value: true })).status,
    ).toBe(200);
  });

  it('are ordered (P11): every item once, never empty, in the caller’s language', async () => {
    const project = await buildProject(camille);
    const field = await createChoice(camille, project.id);
    const ids = field.items.map((i) => i.id);
    const reversed = [...ids].reverse();
    const saved = await camille.put(itemUrl(project.id, field.id, '/order'), { ids: reversed });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(labelsOf(saved.body)).toEqual(['Énergie', 'Finance', 'Santé']);
    expect(
      ((await fieldsOf(camille, project.id)).find((f) => f.id === field.id) as Field).items.map((i) => i.id),
    ).toEqual(reversed);
    // A new item goes after them.
    const added = await camille.post(itemUrl(project.id, field.id), { label: { fr: 'Mines', en: 'Mining' } });
    expect(labelsOf(added.body).at(-1)).toBe('Mines');

    const empty = await camille.put(itemUrl(project.id, field.id, '/order'), { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'profileFields.itemOrderEmpty',
      title: 'L’ordre des choix ne peut pas être enregistré vide.',
    });
    const other = await createChoice(camille, project.id);
    const all = added.body.items.map((i: { id: string }) => i.id);
    for (const body of [
      { ids: all.slice(1) },
      { ids: [...all, randomUUID()] },
      { ids: [...all.slice(1), all[1]] },
      { ids: [...all.slice(1), other.items[0].id] },
    ]) {
      const response = await camille.put(itemUrl(project.id, field.id, '/order'), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('profileFields.itemOrderMismatch');
    }
    const englishProject = await buildProject(jordan);
    const englishField = await createChoice(jordan, englishProject.id);
    const en = await jordan.put(itemUrl(englishProject.id, englishField.id, '/order'), { ids: [] });
    expect(en.body.title).toBe('The order of the items cannot be saved empty.');
  });

  it('are out of reach of another company (404), and need a session (401)', async () => {
    const project = await buildProject(camille);
    const field = await createChoice(camille, project.id);
    const item = field.items[0];
    const ids = field.items.map((i) => i.id);
    const calls = [
      jordan.post(itemUrl(project.id, field.id), { label: { fr: 'Intrus', en: 'Intruder' } }),
      jordan.put(itemUrl(project.id, field.id, `/${item.id}`), { label: { fr: 'Intrus', en: 'Intruder' } }),
      jordan.delete(itemUrl(project.id, field.id, `/${item.id}`)),
      jordan.put(itemUrl(project.id, field.id, '/order'), { ids }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('notFound');
    }
    // Camille's field through Jordan's own project: not found either.
    const own = await buildProject(jordan);
    expect((await jordan.delete(itemUrl(own.id, field.id, `/${item.id}`))).status).toBe(404);
    const visitor = await anonymous(t.app);
    expect((await visitor.post(itemUrl(project.id, field.id), { label: { fr: 'x', en: '' } })).status).toBe(
      401,
    );
    expect(((await fieldsOf(camille, project.id)).find((f) => f.id === field.id) as Field).items).toEqual(
      field.items,
    );
  });
});

describe('answers to choice fields', () => {
  it('take an item by id or by label in French or English, accents and case aside, stored as item ids', async () => {
    const project = await buildProject(camille);
    const sector = await createChoice(camille, project.id);
    const interests = await createChoice(camille, project.id, 'choices');
    const [sante, finance, energie] = sector.items.map((i) => i.id);
    const [iSante, iFinance, iEnergie] = interests.items.map((i) => i.id);
    // The rules the participants module (form and import) builds carry the items.
    const rules = await profileRules(t.database.db, camille.user.company.id, project.id);
    const schema = participantProfileSchema(rules);
    const parse = (profile: Record<string, string>) =>
      schema.safeParse({ firstName: 'Anne', lastName: 'Hébert', email: 'anne@example.test', profile });
    for (const [given, id] of [
      ['Santé', sante],
      [' health ', sante],
      ['SANTE', sante],
      ['énergie', energie],
      [finance, finance],
    ]) {
      const parsed = parse({ [sector.id]: given });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data?.profile[sector.id], given).toBe(id);
    }
    expect(parse({ [interests.id]: 'Finance; santé' }).data?.profile[interests.id]).toBe(
      `${iSante},${iFinance}`,
    );
    expect(parse({ [interests.id]: 'Energie, Health, health' }).data?.profile[interests.id]).toBe(
      `${iSante},${iEnergie}`,
    );
    expect(parse({ [interests.id]: `${iEnergie},${iSante}` }).data?.profile[interests.id]).toBe(
      `${iSante},${iEnergie}`,
    );
    const unknown = parse({ [sector.id]: 'Agriculture' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]).toMatchObject({
      path: ['profile', sector.id],
      message: 'validation.profileFields.choiceUnknown|value=Agriculture',
    });
    // A multiple choice is not a single one.
    expect(parse({ [sector.id]: 'Santé; Finance' }).success).toBe(false);
  });

  it('are checked when a participant is saved: an unknown item is refused under its field, a mandatory one needs an item', async () => {
    const project = await buildProject(camille);
    const interests = await createChoice(camille, project.id, 'choices');
    await camille.patch(url(project.id, `/${interests.id}`), { name: 'isMandatory', value: true });
    const { roleId } = await addParticipant(project.id, {});
    const body = (profile: Record<string, string>) => ({
      roleId,
      firstName: 'Gabrielle',
      lastName: 'Roy',
      email: `g-${randomUUID()}@example.test`,
      profile,
    });
    const participantsUrl = `/api/projects/${project.id}/participants`;
    const unknown = await camille.post(participantsUrl, body({ [interests.id]: 'Santé; Mines' }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([
      expect.objectContaining({
        field: `profile.${interests.id}`,
        message: '« Mines » ne fait pas partie des choix de ce champ.',
      }),
    ]);
    const empty = await camille.post(participantsUrl, body({ [interests.id]: ' ; ' }));
    expect(empty.status).toBe(400);
    expect(empty.body.fields[0]).toMatchObject({
      field: `profile.${interests.id}`,
      code: 'validation.empty',
    });
    const saved = await camille.post(participantsUrl, body({ [interests.id]: 'Health;Énergie' }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.profile).toEqual({
      [interests.id]: `${interests.items[0].id},${interests.items[2].id}`,
    });
  });

  it('lose a deleted item in the same transaction: a single choice is emptied, a multiple choice keeps the rest', async () => {
    const project = await buildProject(camille);
    const sector = await createChoice(camille, project.id);
    const interests = await createChoice(camille, project.id, 'choices');
    const note = await createCustom(camille, project.id);
    const [s0, s1] = sector.items.map((i) => i.id);
    const [i0, , i2] = interests.items.map((i) => i.id);
    const a = await addParticipant(project.id, {
      [sector.id]: s0,
      [interests.id]: `${i0},${i2}`,
      [note.id]: s0,
    });
    const b = await addParticipant(project.id, { [sector.id]: s1, [interests.id]: i0 });
    expect((await camille.delete(itemUrl(project.id, sector.id, `/${s0}`))).status).toBe(200);
    expect((await camille.delete(itemUrl(project.id, interests.id, `/${i0}`))).status).toBe(200);
    // Another field's value that happens to hold the same text is not touched.
    expect(await profileOf(a.id)).toEqual({ [interests.id]: i2, [note.id]: s0 });
    expect(await profileOf(b.id)).toEqual({ [sector.id]: s1 });
    expect((await camille.delete(itemUrl(project.id, interests.id, `/${i2}`))).status).toBe(200);
    expect(await profileOf(a.id)).toEqual({ [note.id]: s0 });
  });
});

describe('choice fields in the spreadsheet import (U3)', () => {
  /** Uploads a CSV as the import page does, then runs the dry run and waits for it. */
  async function dryRun(projectId: string, csv: string) {
    const base = `/api/projects/${projectId}/participant-imports`;
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(csv)]), 'participants.csv');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: base,
      payload: form,
      cookies: { ...camille.cookies },
      headers: { 'x-csrf-token': camille.csrfToken },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json().id;
    expect((await camille.post(`${base}/${id}/dry-run`)).status).toBe(200);
    for (let i = 0; i < 300; i++) {
      const response = await camille.get(`${base}/${id}`);
      if (response.body.status !== 'analysing') return { base, id, body: response.body };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the dry run never finished');
  }

  it('reads a « Secteur » column by the items’ labels in French or English and saves the item ids', async () => {
    const project = await buildProject(camille);
    const sector = await createChoice(camille, project.id);
    const interests = await createCustom(camille, project.id, {
      title: { fr: 'Intérêts', en: 'Interests' },
      inputType: 'choices',
      itemLabels: SECTORS.map((s) => s.label),
    });
    await addParticipant(project.id, {}); // the role « Visiteur »
    const tag = randomUUID().slice(0, 6);
    const csv = [
      'Courriel;Prénom;Nom;Rôle;Secteur;Intérêts',
      `ana.${tag}@example.test;Ana;Lemieux;Visiteur;Santé;"finance, HEALTH"`,
      `ben.${tag}@example.test;Ben;Roy;Visiteur;health;`,
      `eve.${tag}@example.test;Ève;Roy;Visiteur;Agriculture;`,
    ].join('\n');
    const run = await dryRun(project.id, csv);
    expect(run.body.mapping).toEqual([
      'email',
      'firstName',
      'lastName',
      'role',
      `profile.${sector.id}`,
      `profile.${interests.id}`,
    ]);
    const byLine = Object.fromEntries(
      run.body.rows.map((r: { line: number; reasons: string[] }) => [r.line, r]),
    );
    expect(byLine[2].action).toBe('create');
    expect(byLine[3].action).toBe('create');
    expect(byLine[4].reasons).toEqual([
      'Secteur : « Agriculture » ne fait pas partie des choix de ce champ.',
    ]);
    const saved = await camille.post(`${run.base}/${run.id}/save`, { sendInscription: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (let i = 0; i < 300; i++) {
      if ((await camille.get(`${run.base}/${run.id}`)).body.status === 'done') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const rows = await t.database.db
      .select({ email: persons.email, profile: participants.profile })
      .from(participants)
      .innerJoin(persons, eq(persons.id, participants.personId))
      .where(eq(participants.projectId, project.id));
    const [health] = sector.items.map((i) => i.id);
    const [iHealth, iFinance] = interests.items.map((i) => i.id);
    expect(rows.find((r) => r.email.startsWith('ana.'))?.profile).toEqual({
      [sector.id]: health,
      [interests.id]: `${iHealth},${iFinance}`,
    });
    expect(rows.find((r) => r.email.startsWith('ben.'))?.profile).toEqual({ [sector.id]: health });
  });
});
