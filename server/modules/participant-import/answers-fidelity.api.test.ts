import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { csvOf, multibyteText, seededRandom } from '../../../tests/support/multibyte';
import { importSteps } from '../../../tests/support/spreadsheet-import';
import { buildProject } from '../../../tests/support/test-app';
import { projects, questionChoices, roles } from '../../db/schema';
import { scoresSettled } from '../questions/score-runs';

/**
 * Q1: the questionnaire's columns go through the participant import and back out through the export without a
 * character changed: labels in Québec French with accents, emoji, CJK, a label holding « | », and one cell of more
 * than 64 KB (the CSV reader's chunk; a workbook's XML is unzipped and parsed in smaller pieces still), in a CSV
 * and in a workbook. export → import the file unchanged → export gives the same bytes.
 */
const { upload, dryRun, saveImport } = importSteps(() => t.app);

const PEOPLE = 40;
/** Choices of the « Intérêts » question: every one ticked by the first person makes a cell of about 90 KB. */
const INTERESTS = 800;
const POLLS = 2400;

const SECTOR = [
  { fr: 'Agroalimentaire', en: 'Agri-food' },
  { fr: 'Énergie & climat 🍁', en: 'Energy & climate 🍁' },
  { fr: '日本語 — Japonais', en: '日本語 — Japanese' },
  { fr: 'Santé | Bien-être', en: 'Health | Wellness' },
];
const GOALS = [
  { fr: 'Trouver des fournisseurs québécois', en: 'Find Québec suppliers' },
  { fr: 'Rencontrer des clients 🤝', en: 'Meet clients 🤝' },
  { fr: 'Financement à l’export', en: 'Export financing' },
];

async function ok(response: { status: number; body: unknown }) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies
  return response.body as any;
}

/** The same questionnaire in any project (the big question's labels from one seed), and a role. */
async function questionnaire(projectId: string) {
  const [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, projectId));
  await t.database.db.insert(roles).values({ companyId, projectId, nameFr: 'Invité', nameEn: 'Guest' });
  const base = `/api/projects/${projectId}/questions`;
  const add = async (fr: string, en: string, kind: 'single' | 'multiple', labels: typeof SECTOR) => {
    const q = await ok(await organiser.post(base, { title: { fr, en }, kind }));
    for (const label of labels)
      await ok(await organiser.post(`${base}/${q.id}/choices`, { label, categoryId: null }));
    return q.id as string;
  };
  await add('Secteur d’activité', 'Sector', 'single', SECTOR);
  await add('Objectifs', 'Goals', 'multiple', GOALS);
  const big = await add('Intérêts 🌍 兴趣', 'Interests 🌍 兴趣', 'multiple', []);
  const r = seededRandom(1165);
  await t.database.db.insert(questionChoices).values(
    Array.from({ length: INTERESTS }, (_, i) => ({
      companyId,
      projectId,
      questionId: big,
      labelFr: `${multibyteText(r, 26, 30)} ${i}`,
      labelEn: `${multibyteText(r, 26, 30)} ${i}`,
      position: i,
    })),
  );
  return (await t.database.db.select().from(questionChoices).where(eq(questionChoices.questionId, big))).sort(
    (a, b) => a.position - b.position,
  );
}

const download = async (path: string) =>
  Buffer.from(
    (await t.app.inject({ method: 'GET', url: path, cookies: { ...organiser.cookies } })).rawPayload,
  );

const exportOf = (projectId: string, format: 'csv' | 'xlsx') =>
  download(`/api/projects/${projectId}/participants/export.${format}`);

const csvRows = (bytes: Buffer) => parse(bytes, { bom: true, delimiter: ';' }) as string[][];

async function sheetRows(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  const rows: string[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))),
    );
  });
  return rows;
}

/** The question columns of an export (by their titles), each row keyed by its e-mail. */
function questionCells(rows: string[][]) {
  const [header, ...body] = rows;
  const email = header.indexOf('Courriel');
  const columns = ['Secteur d’activité', 'Objectifs', 'Intérêts 🌍 兴趣'].map((title) =>
    header.indexOf(title),
  );
  expect(columns).not.toContain(-1);
  return new Map(body.map((row) => [row[email], columns.map((i) => row[i] ?? '')]));
}

const revision = async (projectId: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.id, projectId)))[0].answersRevision;

const { t, camille: organiser } = withTestApp({ users: ['camille'] });

describe('questionnaire columns keep every character through the import and the export', () => {
  it('round-trips a CSV and a workbook, export → import → export, byte for byte', async () => {
    const first = await buildProject(organiser);
    const interests = await questionnaire(first.id);
    const r = seededRandom(2316);
    // The file as an organiser writes it: titles and labels in either language, any case, « ; » or « | ».
    const header = [
      'Courriel',
      'Prénom',
      'Nom',
      'Rôle',
      '  SECTEUR D’ACTIVITE ',
      'goals',
      'Interests 🌍 兴趣',
    ];
    const written = Array.from({ length: PEOPLE }, (_, i) => {
      const some = i === 0 ? interests : interests.filter(() => r.int(0, 30) === 0);
      return [
        `p${i}@exemple.test`,
        multibyteText(r, 2, 14),
        multibyteText(r, 2, 14),
        'Invité',
        i % 2 ? SECTOR[i % 4].en : SECTOR[i % 4].fr.toLocaleUpperCase('fr'),
        [GOALS[i % 3].fr, GOALS[(i + 1) % 3].en].join(i % 2 ? ' | ' : ';'),
        some.map((c) => (i % 2 ? c.labelEn : c.labelFr)).join('|'),
      ];
    });
    const biggest = written[0][6];
    expect(Buffer.byteLength(biggest)).toBeGreaterThan(64 * 1024);

    const uploaded = await upload(organiser, first.id, csvOf([header, ...written]), 'réponses.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.mapping.slice(4).every((m: string) => m?.startsWith('question.'))).toBe(true);
    const analysed = await dryRun(organiser, first.id, uploaded.body.id, POLLS);
    expect(analysed.body.summary).toEqual({ create: PEOPLE, update: 0, unchanged: 0, skip: 0 });
    expect(analysed.body.rows.flatMap((row: { reasons: string[] }) => row.reasons)).toEqual([]);
    const before = await revision(first.id);
    expect((await saveImport(organiser, first.id, uploaded.body.id, false, POLLS)).body.status).toBe('done');
    // The scores are computed again once for the whole file.
    expect(await revision(first.id)).toBe(before + 1);
    await scoresSettled(first.id);

    const csvA = await exportOf(first.id, 'csv');
    const cellsA = questionCells(csvRows(csvA));
    // Every label as written, in the export's language (French), in the questionnaire's order.
    expect(cellsA.get('p0@exemple.test')).toEqual([
      SECTOR[0].fr,
      `${GOALS[0].fr}; ${GOALS[1].fr}`,
      interests.map((c) => c.labelFr).join('; '),
    ]);
    expect(cellsA.get('p1@exemple.test')?.slice(0, 2)).toEqual([
      SECTOR[1].fr,
      `${GOALS[1].fr}; ${GOALS[2].fr}`,
    ]);
    expect(cellsA.get('p3@exemple.test')?.[0]).toBe('Santé | Bien-être');

    // The export imported unchanged: nothing to do, and the next export is the same bytes.
    const again = await upload(organiser, first.id, csvA, 'export.csv');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const unchanged = await dryRun(organiser, first.id, again.body.id, POLLS);
    expect(unchanged.body.summary).toEqual({ create: 0, update: 0, unchanged: PEOPLE, skip: 0 });
    expect((await saveImport(organiser, first.id, again.body.id, false, POLLS)).body.status).toBe('done');
    expect(await revision(first.id)).toBe(before + 1);
    const csvB = await exportOf(first.id, 'csv');
    expect(questionCells(csvRows(csvB))).toEqual(cellsA);
    expect(csvB.equals(csvA)).toBe(true);

    // The workbook export imported into another project with the same questionnaire: its export gives the same
    // question cells, written this time.
    const xlsxA = await exportOf(first.id, 'xlsx');
    const second = await buildProject(organiser);
    await questionnaire(second.id);
    const moved = await upload(organiser, second.id, xlsxA, 'export.xlsx');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const movedRun = await dryRun(organiser, second.id, moved.body.id, POLLS);
    expect(movedRun.body.summary).toEqual({ create: PEOPLE, update: 0, unchanged: 0, skip: 0 });
    expect((await saveImport(organiser, second.id, moved.body.id, false, POLLS)).body.status).toBe('done');
    await scoresSettled(second.id);
    const xlsxB = await exportOf(second.id, 'xlsx');
    expect(questionCells(await sheetRows(xlsxB))).toEqual(questionCells(await sheetRows(xlsxA)));
    expect(questionCells(csvRows(await exportOf(second.id, 'csv')))).toEqual(cellsA);
  }, 300_000);
});
