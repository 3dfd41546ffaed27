import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_FIELD_KEYS } from '../../../contracts/profile-fields';
import {
  type ApiClient,
  anonymous,
  buildProject,
  createTestApp,
  signIn,
  type TestApp,
} from '../../../tests/support/test-app';
import { participants, persons, profileFields, roles } from '../../db/schema';
import { DEMO_ORGANISER, SECOND_COMPANY_USER } from '../../seed/demo';
import { listProfileFields } from './service';

let t: TestApp;
/** Camille, of the demo company (French). */
let camille: ApiClient;
/** Jordan, of the second company (English). */
let jordan: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t.app, DEMO_ORGANISER);
  jordan = await signIn(t.app, SECOND_COMPANY_USER);
});
afterAll(async () => {
  await t?.close();
});

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
