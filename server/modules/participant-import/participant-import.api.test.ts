import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { importSteps, importsOf } from '../../../tests/support/spreadsheet-import';
import { anonymous, buildProject } from '../../../tests/support/test-app';
import {
  groupCategories,
  groups,
  participantGroups,
  participants,
  persons,
  profileFields,
  projects,
  roles,
} from '../../db/schema';

let project: { id: string };
let companyId: string;
let buyer: string;
let sectorField: string;

const base = importsOf;
const { upload, dryRun, saveImport } = importSteps(() => t.app);

/** A category of groups with one group, « Matin », in the project. */
async function morningGroup(projectId: string) {
  const [category] = await t.database.db
    .insert(groupCategories)
    .values({ companyId, projectId, nameFr: 'Catégorie', nameEn: 'Category' })
    .returning();
  const [morning] = await t.database.db
    .insert(groups)
    .values({ companyId, projectId, categoryId: category.id, nameFr: 'Matin', nameEn: 'Morning' })
    .returning();
  return morning;
}

const groupsOf = async (participantId: string) =>
  (
    await t.database.db
      .select({ groupId: participantGroups.groupId })
      .from(participantGroups)
      .where(eq(participantGroups.participantId, participantId))
  ).map((m) => m.groupId);

const countIn = async (projectId: string) =>
  (await t.database.db.select().from(participants).where(eq(participants.projectId, projectId))).length;

const { t, camille: organiser, jordan } = withTestApp();
beforeAll(async () => {
  project = await buildProject(organiser);
  [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
  [{ id: buyer }] = await t.database.db
    .insert(roles)
    .values({ companyId, projectId: project.id, nameFr: 'Acheteur', nameEn: 'Buyer' })
    .returning();
  const [category] = await t.database.db
    .insert(groupCategories)
    .values({ companyId, projectId: project.id, nameFr: 'Catégorie', nameEn: 'Category' })
    .returning();
  await t.database.db.insert(groups).values([
    { companyId, projectId: project.id, categoryId: category.id, nameFr: 'Matin', nameEn: 'Morning' },
    { companyId, projectId: project.id, categoryId: category.id, nameFr: 'Soir', nameEn: 'Evening' },
  ]);
  [{ id: sectorField }] = await t.database.db
    .insert(profileFields)
    .values({ companyId, projectId: project.id, titleFr: 'Secteur', titleEn: 'Sector', isMandatory: true })
    .returning();
});

const tag = randomUUID().slice(0, 6);
const frenchCsv = [
  'Courriel;Prénom;Nom;Entreprise;Téléphone;Rôle;Groupes;Secteur;Commentaire',
  `ana.${tag}@example.test;Ana;Lemieux;Boréal;514 555 0123;Acheteur;"Matin; Soir";Santé;x`,
  `pas-un-courriel;Bob;Roy;;;Acheteur;;Santé;`,
  `chloe.${tag}@example.test;Chloé;Gagnon;;;;;Santé;`,
  `denis.${tag}@example.test;Denis;Côté;;;Acheteur;Inconnu;Santé;`,
  `ANA.${tag}@example.test;Ana;Lemieux;;;Acheteur;;Santé;`,
  `eve.${tag}@example.test;Ève;Roy;;;Buyer;;;`,
  `felix.${tag}@example.test;Félix;Roy;;12;Acheteur;;Santé;`,
  `=cmd@evil.test;Zed;Roy;;;Acheteur;;Santé;`,
].join('\n');

describe('participant import (U3)', () => {
  it('matches French headers, explains each skipped row, saves all or nothing and creates nothing twice', async () => {
    const uploaded = await upload(organiser, project.id, frenchCsv, 'participants.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const id = uploaded.body.id;
    expect(uploaded.body.status).toBe('uploaded');
    expect(uploaded.body.mapping).toEqual([
      'email',
      'firstName',
      'lastName',
      'organisation',
      'phone',
      'role',
      'groups',
      `profile.${sectorField}`,
      null,
    ]);

    const analysed = await dryRun(organiser, project.id, id);
    expect(analysed.body.status).toBe('ready');
    expect(analysed.body.progress).toBe(100);
    expect(analysed.body.summary).toEqual({ create: 1, update: 0, unchanged: 0, skip: 7 });
    const byLine = Object.fromEntries(
      analysed.body.rows.map((r: { line: number; reasons: string[] }) => [r.line, r]),
    );
    expect(byLine[2]).toMatchObject({
      action: 'create',
      email: `ana.${tag}@example.test`,
      name: 'Ana Lemieux',
    });
    expect(byLine[3].reasons).toEqual(['Courriel : Entrez une adresse courriel valide.']);
    expect(byLine[4].reasons).toEqual(['Rôle : Choisissez un rôle pour ce participant.']);
    expect(byLine[5].reasons).toEqual(['Groupes : le groupe « Inconnu » n’existe pas dans ce projet.']);
    expect(byLine[6].reasons).toEqual(['Courriel : ce courriel figure déjà à la ligne 2 du fichier.']);
    expect(byLine[7].reasons).toEqual([expect.stringMatching(/^Secteur : /)]);
    expect(byLine[8].reasons).toEqual([expect.stringMatching(/^Téléphone : /)]);
    // Nothing is written by the dry run.
    expect(await countIn(project.id)).toBe(0);

    const problems = await organiser.get(`${base(project.id)}/${id}?problems=true`);
    expect(problems.body.rows.map((r: { line: number }) => r.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);

    const report = await organiser.get(`${base(project.id)}/${id}/errors.csv`);
    expect(report.status).toBe(200);
    expect(String(report.headers['content-type'])).toContain('text/csv');
    expect(String(report.headers['content-disposition'])).toContain('attachment');
    expect(String(report.body)).toContain('Ligne,Courriel,Raisons');
    expect(String(report.body)).toContain('3,pas-un-courriel,Courriel : Entrez une adresse courriel valide.');
    // A cell the spreadsheet would run as a formula is written as text.
    expect(String(report.body)).toContain("9,'=cmd@evil.test,");

    const saved = await saveImport(organiser, project.id, id, true);
    expect(saved.body.status).toBe('done');
    expect(saved.body.summary.create).toBe(1);
    const [ana] = await t.database.db
      .select()
      .from(persons)
      .where(and(eq(persons.companyId, companyId), eq(persons.email, `ana.${tag}@example.test`)));
    expect(ana).toMatchObject({ firstName: 'Ana', organisation: 'Boréal', phone: '+15145550123' });
    const [registration] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.personId, ana.id));
    expect(registration.roleId).toBe(buyer);
    expect(registration.profile).toEqual({ [sectorField]: 'Santé' });
    expect(registration.inscriptionSentAt).not.toBeNull();
    expect(
      await t.database.db
        .select()
        .from(participantGroups)
        .where(eq(participantGroups.participantId, registration.id)),
    ).toHaveLength(2);

    // A saved import is not saved again (its file is not kept); the same file again creates nothing new.
    const again = await organiser.post(`${base(project.id)}/${id}/save`, { sendInscription: true });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('participantImport.saved');
    const second = await upload(organiser, project.id, frenchCsv, 'participants.csv');
    const secondRun = await dryRun(organiser, project.id, second.body.id);
    expect(secondRun.body.summary).toEqual({ create: 0, update: 0, unchanged: 1, skip: 7 });
    await saveImport(organiser, project.id, second.body.id);
    expect(await countIn(project.id)).toBe(1);
  });

  it('reads an .xlsx with English headers, adjusts the mapping and updates what differs', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['Email', 'First name', 'Last name', 'Company', 'Role', 'Sector', 'Job']);
    sheet.addRow([`ana.${tag}@example.test`, 'Ana', 'Lemieux', 'Boreal Inc', 'Buyer', 'Santé', 'CEO']);
    sheet.addRow([`gus.${tag}@example.test`, 'Gus', 'Roy', 'Nord', 'buyer', 'Mines', 'CTO']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const uploaded = await upload(organiser, project.id, bytes, 'people.xlsx');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.columns).toEqual([
      'Email',
      'First name',
      'Last name',
      'Company',
      'Role',
      'Sector',
      'Job',
    ]);
    expect(uploaded.body.mapping).toEqual([
      'email',
      'firstName',
      'lastName',
      'organisation',
      'role',
      `profile.${sectorField}`,
      null,
    ]);
    const twice = await organiser.put(`${base(project.id)}/${uploaded.body.id}/mapping`, {
      mapping: ['email', 'email', null, null, null, null, null],
    });
    expect(twice.status).toBe(400);
    const adjusted = await organiser.put(`${base(project.id)}/${uploaded.body.id}/mapping`, {
      mapping: [...uploaded.body.mapping.slice(0, 6), 'jobTitle'],
    });
    expect(adjusted.status).toBe(200);
    const analysed = await dryRun(organiser, project.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 1, update: 1, unchanged: 0, skip: 0 });
    await saveImport(organiser, project.id, uploaded.body.id);
    const [ana] = await t.database.db
      .select()
      .from(persons)
      .where(eq(sql`lower(${persons.email})`, `ana.${tag}@example.test`));
    expect(ana).toMatchObject({ organisation: 'Boreal Inc', jobTitle: 'CEO', phone: '+15145550123' });
    expect(await countIn(project.id)).toBe(2);
  });

  it('saves nothing at all when a row fails in the middle of the save', async () => {
    const own = await buildProject(organiser);
    await t.database.db
      .insert(roles)
      .values({ companyId, projectId: own.id, nameFr: 'Acheteur', nameEn: 'Buyer' });
    const lines = ['email,first name,last name,role'];
    for (let i = 0; i < 1500; i++) lines.push(`p${i}.${tag}@bulk.test,Prénom${i},Nom${i},Acheteur`);
    lines.push(`boom.${tag}@bulk.test,Boom,Boom,Acheteur`);
    const uploaded = await upload(organiser, own.id, lines.join('\n'), 'bulk.csv');
    const analysed = await dryRun(organiser, own.id, uploaded.body.id);
    expect(analysed.body.summary.create).toBe(1501);
    // The database refuses one person of the second batch.
    await t.database.sql.exec(`
      create or replace function import_test_boom() returns trigger language plpgsql as $$
      begin if new.email like 'boom.%' then raise exception 'boom'; end if; return new; end $$;
      create trigger import_test_boom before insert on persons for each row execute function import_test_boom();
    `);
    try {
      const saved = await saveImport(organiser, own.id, uploaded.body.id);
      expect(saved.body.status).toBe('failed');
      expect(saved.body.error).toContain('rien n’a été enregistré');
      expect(await countIn(own.id)).toBe(0);
      const bulk = await t.database.db
        .select()
        .from(persons)
        .where(sql`${persons.email} like ${`%.${tag}@bulk.test`}`);
      expect(bulk).toHaveLength(0);
    } finally {
      await t.database.sql.exec(
        'drop trigger import_test_boom on persons; drop function import_test_boom();',
      );
    }
    const retried = await saveImport(organiser, own.id, uploaded.body.id);
    expect(retried.body.status).toBe('done');
    expect(await countIn(own.id)).toBe(1501);
  });

  it('reads a French Excel CSV (Windows-1252, semicolons) with a title above its headers; an empty role is the default one', async () => {
    const own = await buildProject(organiser);
    const [visitor] = await t.database.db
      .insert(roles)
      .values({ companyId, projectId: own.id, nameFr: 'Visiteur', nameEn: 'Visitor' })
      .returning();
    await t.database.db
      .update(projects)
      .set({ defaultRoleId: visitor.id, defaultLanguage: 'en' })
      .where(eq(projects.id, own.id));
    // « Fonction » switched inactive (U5): its column is matched to nothing and never written.
    const fields = await organiser.get(`/api/projects/${own.id}/profile-fields`);
    const jobTitle = fields.body.items.find((f: { standardKey: string }) => f.standardKey === 'jobTitle');
    const off = await organiser.patch(`/api/projects/${own.id}/profile-fields/${jobTitle.id}`, {
      name: 'isActive',
      value: false,
    });
    expect(off.status).toBe(200);
    const text = [
      'Liste des inscrits — Salon de Montréal;;;;',
      ';;;;',
      'Prénom;Nom;Courriel;Ville;Fonction',
      `Hélène;Bélanger;helene.${tag}@exemple.test;Montréal;Directrice`,
      `François;Côté;francois.${tag}@exemple.test;Québec;`,
    ].join('\r\n');
    // What Excel writes: one byte per accented letter (é = 0xE9), not UTF-8.
    const bytes = Uint8Array.from([...text].map((c) => (c === '—' ? 0x97 : c.charCodeAt(0))));
    const uploaded = await upload(organiser, own.id, bytes, 'inscrits.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.columns).toEqual(['Prénom', 'Nom', 'Courriel', 'Ville', 'Fonction']);
    expect(uploaded.body.mapping).toEqual(['firstName', 'lastName', 'email', null, null]);
    expect(uploaded.body.targets.map((x: { key: string }) => x.key)).not.toContain('jobTitle');
    const analysed = await dryRun(organiser, own.id, uploaded.body.id);
    expect(analysed.body.summary).toMatchObject({ create: 2, skip: 0 });
    expect(analysed.body.rows.map((r: { line: number }) => r.line)).toEqual([4, 5]);
    const saved = await saveImport(organiser, own.id, uploaded.body.id);
    expect(saved.body.status).toBe('done');
    const list = await organiser.get(`/api/projects/${own.id}/participants?sort=lastName`);
    expect(
      list.body.items.map((p: { lastName: string; role: { id: string } }) => [p.lastName, p.role.id]),
    ).toEqual([
      ['Bélanger', visitor.id],
      ['Côté', visitor.id],
    ]);
    // A new person without a language cell speaks the project's default language.
    const helene = await organiser.get(`/api/projects/${own.id}/participants/${list.body.items[0].id}`);
    expect(helene.body).toMatchObject({ language: 'en', jobTitle: null });
  });

  it('keeps the groups of a row whose participant was registered between the checks and the insert', async () => {
    const own = await buildProject(organiser);
    await t.database.db
      .insert(roles)
      .values({ companyId, projectId: own.id, nameFr: 'Acheteur', nameEn: 'Buyer' });
    const morning = await morningGroup(own.id);
    // A person the company knows, not yet in this project: the dry run says "create".
    const email = `race.${tag}@example.test`;
    await t.database.db.insert(persons).values({ companyId, email, firstName: 'Rémi', lastName: 'Roy' });
    const csv = `Courriel;Prénom;Nom;Rôle;Groupes\n${email};Rémi;Roy;Acheteur;Matin`;
    const uploaded = await upload(organiser, own.id, csv, 'course.csv');
    const analysed = await dryRun(organiser, own.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 1, update: 0, unchanged: 0, skip: 0 });
    // Someone else registers the same person in the project just before the import's insert (the database does it
    // for the test, in the same statement), so that the insert skips the row.
    await t.database.sql.exec(`
      create or replace function import_test_race() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() = 1 and new.project_id = '${own.id}' then
          insert into participants (company_id, project_id, person_id, role_id)
          values (new.company_id, new.project_id, new.person_id, new.role_id);
        end if;
        return new;
      end $$;
      create trigger import_test_race before insert on participants for each row execute function import_test_race();
    `);
    try {
      const saved = await saveImport(organiser, own.id, uploaded.body.id, true);
      expect(saved.body.status).toBe('done');
      expect(saved.body.summary).toEqual({ create: 0, update: 1, unchanged: 0, skip: 0 });
      // A saved import keeps only its skipped rows (the error report).
      expect(saved.body.rows).toEqual([]);
    } finally {
      await t.database.sql.exec(
        'drop trigger import_test_race on participants; drop function import_test_race();',
      );
    }
    const [registration] = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.projectId, own.id));
    expect(await countIn(own.id)).toBe(1);
    expect(await groupsOf(registration.id)).toEqual([morning.id]);
    expect(registration.inscriptionSentAt).not.toBeNull();
  });

  it('saves what the project and its people are at the save, when they changed after the dry run', async () => {
    const own = await buildProject(organiser);
    const [acheteur, visiteur] = await t.database.db
      .insert(roles)
      .values([
        { companyId, projectId: own.id, nameFr: 'Acheteur', nameEn: 'Buyer' },
        { companyId, projectId: own.id, nameFr: 'Visiteur', nameEn: 'Visitor' },
      ])
      .returning();
    const morning = await morningGroup(own.id);
    const zoeEmail = `zoe.${tag}@later.test`;
    const [zoe] = await t.database.db
      .insert(persons)
      .values({ companyId, email: zoeEmail, firstName: 'Zoé', lastName: 'Roy' })
      .returning();
    const [registration] = await t.database.db
      .insert(participants)
      .values({ companyId, projectId: own.id, personId: zoe.id, roleId: acheteur.id })
      .returning();
    const csv = [
      'Courriel;Prénom;Nom;Rôle;Groupes',
      `${zoeEmail};Zoé;Roy;;Matin`,
      `max.${tag}@later.test;Max;Roy;Visiteur;`,
    ].join('\n');

    // The role « Visiteur » is renamed after the dry run: the save no longer knows it.
    const first = await upload(organiser, own.id, csv, 'plus-tard.csv');
    expect((await dryRun(organiser, own.id, first.body.id)).body.summary).toEqual({
      create: 1,
      update: 1,
      unchanged: 0,
      skip: 0,
    });
    await t.database.db
      .update(roles)
      .set({ nameFr: 'Invité', nameEn: 'Guest' })
      .where(eq(roles.id, visiteur.id));
    const saved = await saveImport(organiser, own.id, first.body.id);
    expect(saved.body.summary).toEqual({ create: 0, update: 1, unchanged: 0, skip: 1 });
    // A saved import keeps only its skipped rows (the error report).
    expect(saved.body.rows).toHaveLength(1);
    expect(saved.body.rows[0]).toMatchObject({ line: 3, action: 'skip' });
    expect(saved.body.rows[0].reasons[0]).toContain('Visiteur');
    expect(await countIn(own.id)).toBe(1);

    // Zoé is taken out of « Matin » by hand after the dry run: the save puts her back, as the file says.
    const second = await upload(organiser, own.id, csv.replace('Visiteur', 'Invité'), 'encore.csv');
    expect((await dryRun(organiser, own.id, second.body.id)).body.summary).toEqual({
      create: 1,
      update: 0,
      unchanged: 1,
      skip: 0,
    });
    await t.database.db.delete(participantGroups).where(eq(participantGroups.participantId, registration.id));
    const again = await saveImport(organiser, own.id, second.body.id);
    expect(again.body.summary).toEqual({ create: 1, update: 1, unchanged: 0, skip: 0 });
    expect(await groupsOf(registration.id)).toEqual([morning.id]);
    expect(await countIn(own.id)).toBe(2);
  });

  it('reads back its own project’s export, Excel or French CSV, as nothing to change', async () => {
    const total = await countIn(project.id);
    expect(total).toBeGreaterThan(0);
    for (const format of ['xlsx', 'csv'] as const) {
      const exported = await t.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/participants/export.${format}`,
        cookies: { ...organiser.cookies },
      });
      expect(exported.statusCode).toBe(200);
      const uploaded = await upload(organiser, project.id, exported.rawPayload, `export.${format}`);
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const analysed = await dryRun(organiser, project.id, uploaded.body.id);
      expect(analysed.body.summary, format).toEqual({ create: 0, update: 0, unchanged: total, skip: 0 });
    }
  });

  it('refuses other companies, callers without a session, and files it cannot read', async () => {
    const uploaded = await upload(organiser, project.id, frenchCsv, 'participants.csv');
    const id = uploaded.body.id;
    expect((await jordan.get(`${base(project.id)}/${id}`)).status).toBe(404);
    expect((await jordan.post(`${base(project.id)}/${id}/dry-run`)).status).toBe(404);
    expect((await jordan.get(`${base(project.id)}/${id}/errors.csv`)).status).toBe(404);
    expect((await jordan.get(`${base(project.id)}/template.xlsx`)).status).toBe(404);
    expect((await upload(jordan, project.id, frenchCsv, 'x.csv')).status).toBe(404);
    expect((await organiser.get(`${base(project.id)}/${randomUUID()}`)).status).toBe(404);
    const nobody = await anonymous(t.app);
    expect((await nobody.get(`${base(project.id)}/${id}`)).status).toBe(401);
    expect((await nobody.get(`${base(project.id)}/template.xlsx`)).status).toBe(401);
    const empty = await upload(organiser, project.id, '\n\n', 'vide.csv');
    expect(empty.status).toBe(400);
    expect(empty.body.fields[0].field).toBe('file');
  });

  it('gives a template in the caller’s language with the own fields', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(project.id)}/template.xlsx`,
      cookies: { ...organiser.cookies },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const header = (workbook.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header).toEqual([
      'Courriel',
      'Prénom',
      'Nom de famille',
      'Organisation',
      'Fonction',
      'Téléphone',
      'Téléphone professionnel',
      'Rôle',
      'Groupes',
      'Langue',
      'Secteur',
    ]);
    expect(workbook.worksheets[0].getRow(2).getCell(8).value).toBe('Acheteur');
  });
});
