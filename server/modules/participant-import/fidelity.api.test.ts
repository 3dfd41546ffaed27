import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import {
  alteredCells,
  csvOf,
  multibyteText,
  NONE_ALTERED,
  seededRandom,
  workbookOf,
} from '../../../tests/support/multibyte';
import { importSteps, importsOf } from '../../../tests/support/spreadsheet-import';
import { buildProject } from '../../../tests/support/test-app';
import { groupCategories, groups, profileFields, projects, roles } from '../../db/schema';

/**
 * Issue 9: an import must keep every character of every cell, from the file to the database and back out through
 * the exports. A workbook of 3,000 participants whose names, organisations, titles, role, groups and a long own
 * field are all multi-byte text (Latin accents, Vietnamese, CJK, Cyrillic, Greek, emoji), about 4 MB of XML.
 */
let project: { id: string };
const { upload, dryRun, saveImport } = importSteps(() => t.app);

const PEOPLE = 3000;
/** Polls of a dry run or a save of this file (50 ms apart): far more than it takes. */
const POLLS = 2400;
const HEADERS = ['Courriel', 'Prénom', 'Nom', 'Entreprise', 'Fonction', 'Rôle', 'Groupes', 'Parcours'];

const r = seededRandom(2084);
const roleNames = [multibyteText(r, 4, 12), multibyteText(r, 4, 12)];
const groupNames = Array.from({ length: 8 }, () => multibyteText(r, 3, 16));
const pickGroups = () => [...new Set(Array.from({ length: r.int(1, 3) }, () => r.pick(groupNames)))];
/** The written rows, without the header row: the e-mail is the only ASCII cell. */
const written = Array.from({ length: PEOPLE }, (_, i) => [
  `p${i}@exemple.test`,
  // At most 7 UTF-16 units a character (an emoji of five code points): within the fields' limits of 100, 200 and 2,000.
  multibyteText(r, 2, 14),
  multibyteText(r, 2, 14),
  multibyteText(r, 1, 28),
  multibyteText(r, 1, 28),
  r.pick(roleNames),
  pickGroups().join('; '),
  multibyteText(r, 1, 450),
]);

/** A row as the comparison reads it: the groups in a set order (the export lists them in the project's order). */
const sortedGroups = (cell: string) => cell.split('; ').sort().join('; ');
const comparable = (row: string[]) => row.map((cell, i) => (i === 6 ? sortedGroups(cell) : cell));

/** The exported rows in the order written, each as the written columns, found by e-mail. */
function asWritten(exported: string[][]) {
  const header = exported[0];
  const column = (name: string) => header.indexOf(name);
  const columns = [
    column('Courriel'),
    column('Prénom'),
    column('Nom de famille'),
    column('Organisation'),
    column('Fonction'),
    column('Rôle'),
    column('Groupes'),
    column('Parcours'),
  ];
  expect(columns).not.toContain(-1);
  const byEmail = new Map(exported.slice(1).map((row) => [row[columns[0]], row]));
  return written.map((row) => {
    const found = byEmail.get(row[0]);
    return found ? comparable(columns.map((i) => String(found[i] ?? ''))) : [];
  });
}

const download = (path: string) =>
  t.app.inject({ method: 'GET', url: path, cookies: { ...organiser.cookies } }).then((r) => r.rawPayload);

const { t, camille: organiser } = withTestApp({ users: ['camille'] });
beforeAll(async () => {
  project = await buildProject(organiser);
  const [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
  const projectId = project.id;
  await t.database.db
    .insert(roles)
    .values(roleNames.map((name) => ({ companyId, projectId, nameFr: name, nameEn: name })));
  const [category] = await t.database.db
    .insert(groupCategories)
    .values({ companyId, projectId, nameFr: 'Catégorie', nameEn: 'Category' })
    .returning();
  await t.database.db.insert(groups).values(
    groupNames.map((name) => ({
      companyId,
      projectId,
      categoryId: category.id,
      nameFr: name,
      nameEn: name,
    })),
  );
  await t.database.db.insert(profileFields).values({
    companyId,
    projectId,
    titleFr: 'Parcours',
    titleEn: 'Background',
    inputType: 'longText',
    isActive: true,
  } as typeof profileFields.$inferInsert);
});

describe('an import keeps every character', () => {
  it('saves a large workbook of multi-byte text as written, and the exports give it back cell for cell', async () => {
    const xlsx = await workbookOf([HEADERS, ...written]);
    const uploaded = await upload(organiser, project.id, xlsx, 'inscrits.xlsx');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.mapping).not.toContain(null);

    const analysed = await dryRun(organiser, project.id, uploaded.body.id, POLLS);
    expect(analysed.body.summary).toEqual({ create: PEOPLE, update: 0, unchanged: 0, skip: 0 });
    const saved = await saveImport(organiser, project.id, uploaded.body.id, false, POLLS);
    expect(saved.body.status).toBe('done');
    expect(saved.body.summary).toMatchObject({ create: PEOPLE, skip: 0 });

    const expected = written.map(comparable);
    const exportPath = `/api/projects/${project.id}/participants/export`;
    // The French organiser's CSV: UTF-8 with a byte-order mark, semicolons.
    const csv = parse(new TextDecoder().decode(await download(`${exportPath}.csv`)), {
      delimiter: ';',
      relax_column_count: true,
    }) as string[][];
    expect(alteredCells(expected, asWritten(csv))).toEqual(NONE_ALTERED);

    // The list's workbook, and the report's (T1: every participant, no filter), which writes through the same code.
    for (const path of [`${exportPath}.xlsx`, `/api/projects/${project.id}/report/export.xlsx`]) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await download(path)) as unknown as ArrayBuffer);
      const sheet: string[][] = [];
      workbook.worksheets[0].eachRow((row) => {
        sheet.push(
          (row.values as unknown[])
            .slice(1)
            .map((value) => (value instanceof Date ? '' : String(value ?? ''))),
        );
      });
      expect(alteredCells(expected, asWritten(sheet)), path).toEqual(NONE_ALTERED);
    }

    // The same people as a CSV in UTF-8: every row is found as it is stored.
    const again = await upload(organiser, project.id, csvOf([HEADERS, ...written]), 'inscrits.csv');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const unchanged = await dryRun(organiser, project.id, again.body.id, POLLS);
    expect(unchanged.body.summary).toEqual({ create: 0, update: 0, unchanged: PEOPLE, skip: 0 });
  }, 180_000);

  it('refuses a row whose cell lost characters before the import, naming the line and the column', async () => {
    const role = roleNames[0];
    const csv = [
      'Courriel;Prénom;Nom;Rôle;Groupes',
      `caglar@exemple.test;Çağlar;Nguyễn Thị;${role};${groupNames[0]}`,
      `hotel@exemple.test;Hôtel;Dieu;${role};Sant\uFFFD\uFFFD`,
      `helene@exemple.test;HÃ©lÃ¨ne;Roy;${role};`,
      `nga@exemple.test;NGÃ BA;Ærøskøbing;${role};`,
    ].join('\n');
    const uploaded = await upload(organiser, project.id, csv, 'abimé.csv');
    const analysed = await dryRun(organiser, project.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 2, update: 0, unchanged: 0, skip: 2 });
    const reasons = async () => {
      const page = await organiser.get(`${importsOf(project.id)}/${uploaded.body.id}?problems=true`);
      return page.body.rows.map((row: { line: number; reasons: string[] }) => [row.line, row.reasons]);
    };
    expect(await reasons()).toEqual([
      [
        3,
        [
          expect.stringMatching(/^Groupes : contient « \uFFFD », un caractère perdu avant l’importation/),
          'Groupes : le groupe « Sant\uFFFD\uFFFD » n’existe pas dans ce projet.',
        ],
      ],
      [4, [expect.stringMatching(/^Prénom : contient « Ã© », des accents mal convertis/)]],
    ]);
    expect((await organiser.patch('/api/me', { locale: 'en' })).status).toBe(200);
    expect(await reasons()).toEqual([
      [
        3,
        [
          expect.stringMatching(/^Groups: holds “\uFFFD”, a character lost before the import/),
          'Groups: the group “Sant\uFFFD\uFFFD” does not exist in this project.',
        ],
      ],
      [4, [expect.stringMatching(/^First name: holds “Ã©”, accents garbled by a conversion/)]],
    ]);
    expect((await organiser.patch('/api/me', { locale: 'fr' })).status).toBe(200);
  });
});
