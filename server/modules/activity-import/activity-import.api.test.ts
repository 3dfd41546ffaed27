import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { multibyteRows, workbookOf } from '../../../tests/support/multibyte';
import { activityImportsOf, importSteps, importsOf } from '../../../tests/support/spreadsheet-import';
import { type ApiClient, buildActivity, buildProject } from '../../../tests/support/test-app';
import { activities } from '../../db/schema';

const { t, camille, jordan } = withTestApp();

const base = activityImportsOf;
const { upload, dryRun, saveImport } = importSteps(() => t.app, base);

const HEADER =
  'Titre FR;Titre EN;Type;Début;Durée (minutes);Sans date;Catégorie;Section;Membres max;Type hybride;Lieu';

/** A project in Toronto with a category « Conférences » and a section « Programme ». */
async function programme() {
  const project = await buildProject(camille, { timeZone: 'America/Toronto' });
  const category = await camille.post(`/api/projects/${project.id}/activity-categories`, {
    name: { fr: 'Conférences', en: 'Talks' },
  });
  const section = await camille.post(`/api/projects/${project.id}/activity-sections`, {
    name: { fr: 'Programme', en: 'Programme' },
  });
  expect(category.status).toBe(200);
  expect(section.status).toBe(200);
  return { project, categoryId: category.body.id as string, sectionId: section.body.id as string };
}

async function listOf(client: ApiClient, projectId: string) {
  const response = await client.get(
    `/api/projects/${projectId}/activities?pageSize=100&sort=title&dir=asc&past=true`,
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items as Record<string, unknown>[];
}

const GOOD = [
  'Conférence d’ouverture;Opening keynote;Séance;2027-06-01 09:00;90;non;Conférences;Programme;120;Hybride;Salle A',
  'Kiosque des partenaires;Partners’ kiosk;kiosk;;;oui;;;;virtual;',
  // 01:30 is lived twice on 2027-11-07 in Toronto: the offset says the second time (standard time).
  'Veille tardive;Late watch;session;2027-11-07 01:30 -05:00;30;;;;;;',
];

describe('the activity import (V1)', () => {
  it('gives a reason per refused row in the dry run, in the caller’s language', async () => {
    const { project } = await programme();
    const lines = [
      HEADER,
      ...GOOD,
      'Danse;Dance;Bal;2027-06-01 20:00;60;;;;;;',
      'Atelier inconnu;Unknown workshop;session;2027-06-01 10:00;60;;Inconnue;;;;',
      // 02:30 does not exist on 2027-03-14 in Toronto (clocks jump from 02:00 to 03:00).
      'Nuit courte;Short night;session;2027-03-14 02:30;60;;;;;;',
      // 01:30 on 2027-11-07 is lived twice and no offset says which.
      'Nuit longue;Long night;session;2027-11-07 01:30;60;;;;;;',
      'Conférence d’ouverture;Opening again;session;2027-06-01 09:00;60;;;;;;',
      'Sans anglais;;session;2027-06-01 11:00;60;;;;;;',
      'Sans début;No start;session;;60;;;;;;',
      'Durée floue;Vague length;session;2027-06-01 12:00;longtemps;;;;;;',
      'Mauvais décalage;Wrong offset;session;2027-06-01 13:00 +02:00;60;;;;;;',
    ];
    const uploaded = await upload(camille, project.id, lines.join('\n'), 'activites.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.mapping).toEqual([
      'titleFr',
      'titleEn',
      'type',
      'startsAt',
      'durationMinutes',
      'noDate',
      'category',
      'section',
      'maxMembers',
      'hybridType',
      'location',
    ]);
    const analysed = await dryRun(camille, project.id, uploaded.body.id);
    expect(analysed.body.status).toBe('ready');
    expect(analysed.body.summary).toEqual({ create: 3, update: 0, unchanged: 0, skip: 9 });
    const byLine = new Map(
      (
        analysed.body.rows as {
          line: number;
          action: string;
          reasons: string[];
          title: string;
          start: string;
        }[]
      ).map((r) => [r.line, r]),
    );
    expect(byLine.get(2)).toEqual({
      line: 2,
      action: 'create',
      reasons: [],
      title: 'Conférence d’ouverture',
      start: '2027-06-01 09:00',
    });
    const reasons = (line: number) => byLine.get(line)?.reasons.join(' / ') ?? '';
    expect(byLine.get(5)?.action).toBe('skip');
    expect(reasons(5)).toContain('Type : le type « Bal » n’existe pas');
    expect(reasons(6)).toContain('Catégorie : la catégorie « Inconnue » n’existe pas dans ce projet.');
    expect(reasons(7)).toContain('02:30 n’existe pas le 2027-03-14 dans le fuseau America/Toronto');
    expect(reasons(8)).toContain('01:30 arrive deux fois le 2027-11-07');
    expect(reasons(8)).toContain('01:30 UTC-04:00 (2027-11-07T05:30:00.000Z)');
    expect(reasons(8)).toContain('01:30 UTC-05:00 (2027-11-07T06:30:00.000Z)');
    expect(reasons(9)).toContain('déjà à la ligne 2 du fichier');
    expect(reasons(10)).toMatch(/^Titre EN : /);
    expect(reasons(11)).toContain('Début : Entrez le début, ou cochez « Sans date ».');
    expect(reasons(12)).toMatch(/^Durée \(minutes\) : /);
    expect(reasons(13)).toContain('le décalage +02:00 ne correspond pas au fuseau America/Toronto');

    // The error report lists the refused rows.
    const report = await camille.get(`${base(project.id)}/${uploaded.body.id}/errors.csv`);
    expect(report.status).toBe(200);
    expect(String(report.body)).toContain('Nuit courte');
  });

  it('speaks English to an English reader, headers in English included', async () => {
    const project = await buildProject(jordan, { timeZone: 'America/Vancouver' });
    const file = [
      'Title FR,Title EN,Type,Start,Duration,Location',
      'Atelier,Workshop,Dance,2027-06-01 10:00,60,Room 1',
      'Séance,Session,session,2027-06-01 11:00,1h30,Room 2',
    ].join('\n');
    const uploaded = await upload(jordan, project.id, file, 'activities.csv');
    expect(uploaded.body.mapping).toEqual([
      'titleFr',
      'titleEn',
      'type',
      'startsAt',
      'durationMinutes',
      'location',
    ]);
    const analysed = await dryRun(jordan, project.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 1, update: 0, unchanged: 0, skip: 1 });
    expect(analysed.body.rows[0].reasons).toEqual([
      'Type: the type “Dance” does not exist (session, kiosk, media, posting, forum, business meeting).',
    ]);
    expect((await saveImport(jordan, project.id, uploaded.body.id)).body.status).toBe('done');
    expect(await listOf(jordan, project.id)).toMatchObject([
      { title: { fr: 'Séance', en: 'Session' }, startsAt: '2027-06-01T18:00:00.000Z', durationMinutes: 90 },
    ]);
  });

  it('saves all or nothing, then reads back what it saved through the activities API; the same file again changes nothing', async () => {
    const { project, categoryId, sectionId } = await programme();
    const file = [HEADER, ...GOOD].join('\n');
    const uploaded = await upload(camille, project.id, file, 'activites.csv');
    const analysed = await dryRun(camille, project.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 3, update: 0, unchanged: 0, skip: 0 });

    // The database refuses the last activity: nothing of the file is saved.
    await t.database.sql.exec(`
      create or replace function activity_import_boom() returns trigger language plpgsql as $$
      begin if new.title_fr = 'Veille tardive' then raise exception 'boom'; end if; return new; end $$;
      create trigger activity_import_boom before insert on activities for each row execute function activity_import_boom();
    `);
    try {
      const failed = await saveImport(camille, project.id, uploaded.body.id);
      expect(failed.body.status).toBe('failed');
      expect(failed.body.error).toContain('rien n’a été enregistré');
      expect(await listOf(camille, project.id)).toEqual([]);
    } finally {
      await t.database.sql.exec(
        'drop trigger activity_import_boom on activities; drop function activity_import_boom();',
      );
    }
    const saved = await saveImport(camille, project.id, uploaded.body.id);
    expect(saved.body.status).toBe('done');
    expect(saved.body.summary).toEqual({ create: 3, update: 0, unchanged: 0, skip: 0 });

    const list = await listOf(camille, project.id);
    expect(list.map((a) => a.title)).toEqual([
      { fr: 'Conférence d’ouverture', en: 'Opening keynote' },
      { fr: 'Kiosque des partenaires', en: 'Partners’ kiosk' },
      { fr: 'Veille tardive', en: 'Late watch' },
    ]);
    expect(list[0]).toMatchObject({
      type: 'session',
      category: { id: categoryId },
      section: { id: sectionId },
      noDate: false,
      startsAt: '2027-06-01T13:00:00.000Z',
      startsAtLocal: '2027-06-01T09:00',
      durationMinutes: 90,
      maxMembers: 120,
      hybridType: 'hybrid',
      location: 'Salle A',
    });
    expect(list[1]).toMatchObject({ type: 'kiosk', noDate: true, startsAt: null, hybridType: 'virtual' });
    // The second 01:30 of the night clocks fall back: standard time, UTC-05:00.
    expect(list[2]).toMatchObject({
      startsAt: '2027-11-07T06:30:00.000Z',
      startsAtLocal: '2027-11-07T01:30',
      startsAtOffset: 'later',
      durationMinutes: 30,
    });

    // The same file again: every row is unchanged, and saving it creates nothing.
    const again = await upload(camille, project.id, file, 'activites.csv');
    const second = await dryRun(camille, project.id, again.body.id);
    expect(second.body.summary).toEqual({ create: 0, update: 0, unchanged: 3, skip: 0 });
    expect((await saveImport(camille, project.id, again.body.id)).body.status).toBe('done');
    expect(await listOf(camille, project.id)).toHaveLength(3);

    // A changed duration updates the activity of that title and start; an empty cell keeps what it has.
    const changed = [
      HEADER,
      'Conférence d’ouverture;Opening keynote;Séance;2027-06-01 09:00;45;non;;;;;',
      ...GOOD.slice(1),
    ].join('\n');
    const third = await upload(camille, project.id, changed, 'activites.csv');
    const analysedThird = await dryRun(camille, project.id, third.body.id);
    expect(analysedThird.body.summary).toEqual({ create: 0, update: 1, unchanged: 2, skip: 0 });
    expect((await saveImport(camille, project.id, third.body.id)).body.status).toBe('done');
    const after = await listOf(camille, project.id);
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ durationMinutes: 45, category: { id: categoryId }, maxMembers: 120 });
  });

  it('checks again at the save what changed since the dry run: an activity added meanwhile is not made twice', async () => {
    const { project } = await programme();
    const uploaded = await upload(camille, project.id, [HEADER, GOOD[0]].join('\n'), 'activites.csv');
    expect((await dryRun(camille, project.id, uploaded.body.id)).body.summary.create).toBe(1);
    await buildActivity(camille, project.id, {
      title: { fr: 'Conférence d’ouverture', en: 'Opening' },
      startsAt: '2027-06-01T09:00',
    });
    const saved = await saveImport(camille, project.id, uploaded.body.id);
    expect(saved.body.status).toBe('done');
    expect(saved.body.summary).toMatchObject({ create: 0, update: 1 });
    const list = await listOf(camille, project.id);
    expect(list).toHaveLength(1);
    expect(list[0].title).toEqual({ fr: 'Conférence d’ouverture', en: 'Opening keynote' });
  });

  it('keeps every character of a workbook of multi-byte titles and places, read back through the activities API', async () => {
    const project = await buildProject(camille, { timeZone: 'Asia/Tokyo' });
    const texts = multibyteRows(20261126, 400, 3, 60).map(([fr, en, place], i) => [
      // Titles need two characters; the number makes each one unique.
      `${fr}${fr} ${i}`,
      `${en}${en} ${i}`,
      place,
    ]);
    const rows = [
      ['Titre FR', 'Titre EN', 'Début', 'Lieu'],
      ...texts.map(([fr, en, place], i) => [
        fr,
        en,
        `2027-06-${String((i % 28) + 1).padStart(2, '0')} 10:00`,
        place,
      ]),
    ];
    const bytes = await workbookOf(rows);
    // Large enough to be read in the reading thread (64 KB or more), which is told the activities' layout.
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const uploaded = await upload(camille, project.id, bytes, 'activites.xlsx');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const analysed = await dryRun(camille, project.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 400, update: 0, unchanged: 0, skip: 0 });
    expect((await saveImport(camille, project.id, uploaded.body.id)).body.status).toBe('done');
    const read = new Map<string, Record<string, unknown>>();
    for (let page = 1; page <= 4; page++) {
      const response = await camille.get(
        `/api/projects/${project.id}/activities?pageSize=100&page=${page}&past=true`,
      );
      for (const item of response.body.items) read.set((item.title as { fr: string }).fr, item);
    }
    expect(read.size).toBe(400);
    for (const [fr, en, place] of texts) {
      const activity = read.get(fr);
      expect(activity?.title).toEqual({ fr, en });
      expect(activity?.location).toBe(place);
    }
  });

  it('gives a template whose example rows import as they are', async () => {
    const { project } = await programme();
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(project.id)}/template.xlsx`,
      cookies: { ...camille.cookies },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('modele-activites.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(1).values).toContain('Titre FR');
    const uploaded = await upload(camille, project.id, new Uint8Array(response.rawPayload), 'modele.xlsx');
    const analysed = await dryRun(camille, project.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 2, update: 0, unchanged: 0, skip: 0 });
  });

  it('refuses a file without a French title column, and keeps each kind of import under its own routes', async () => {
    const { project } = await programme();
    const uploaded = await upload(camille, project.id, 'Lieu;Durée\nSalle;60', 'x.csv');
    const refused = await camille.post(`${base(project.id)}/${uploaded.body.id}/dry-run`);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      {
        field: 'mapping',
        code: 'validation.activityImport.titleColumn',
        message: 'Indiquez la colonne qui contient le titre français.',
      },
    ]);
    // An activity import is not a participant import, and the other way round.
    expect((await camille.get(`${importsOf(project.id)}/${uploaded.body.id}`)).status).toBe(404);
  });

  it('is not found by another company (404), whatever the step', async () => {
    const { project } = await programme();
    const uploaded = await upload(camille, project.id, [HEADER, GOOD[0]].join('\n'), 'a.csv');
    const id = uploaded.body.id;
    expect((await jordan.get(`${base(project.id)}/${id}`)).status).toBe(404);
    expect((await jordan.put(`${base(project.id)}/${id}/mapping`, { mapping: [] })).status).toBe(404);
    expect((await jordan.post(`${base(project.id)}/${id}/dry-run`)).status).toBe(404);
    expect((await jordan.post(`${base(project.id)}/${id}/save`)).status).toBe(404);
    expect((await jordan.get(`${base(project.id)}/${id}/errors.csv`)).status).toBe(404);
    expect((await jordan.get(`${base(project.id)}/template.xlsx`)).status).toBe(404);
    expect((await upload(jordan, project.id, [HEADER, GOOD[0]].join('\n'), 'a.csv')).status).toBe(404);
    // Camille's import is still hers, untouched.
    expect((await camille.get(`${base(project.id)}/${id}`)).body.status).toBe('uploaded');
    expect(
      await t.database.db.select().from(activities).where(eq(activities.projectId, project.id)),
    ).toHaveLength(0);
  });
});
