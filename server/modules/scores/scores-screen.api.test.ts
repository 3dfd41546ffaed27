import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { multibyteText, seededRandom } from '../../../tests/support/multibyte';
import { type ApiClient, buildProject, insertParticipants } from '../../../tests/support/test-app';
import { participantAnswers, projects } from '../../db/schema';
import { scoresSettled } from '../questions/score-runs';

const { t, camille, jordan } = withTestApp();

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies
async function ok(response: { status: number; body: unknown }): Promise<any> {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function download(client: ApiClient, path: string) {
  const response = await t.app.inject({ method: 'GET', url: path, cookies: { ...client.cookies } });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

async function question(client: ApiClient, projectId: string, fr: string, kind: string, weight: number) {
  const base = `/api/projects/${projectId}/questions`;
  const q = await ok(await client.post(base, { title: { fr, en: `${fr} (en)` }, kind }));
  await ok(await client.put(`${base}/${q.id}/pairing`, { usedForMatching: true, weight, reversed: false }));
  return q.id as string;
}

async function choices(client: ApiClient, projectId: string, questionId: string, labels: string[]) {
  const base = `/api/projects/${projectId}/questions/${questionId}`;
  for (const fr of labels)
    await ok(await client.post(`${base}/choices`, { label: { fr, en: `${fr} (en)` }, categoryId: null }));
  return (await ok(await client.get(base))).choices.map((c: { id: string }) => c.id) as string[];
}

async function group(client: ApiClient, projectId: string, members: string[]) {
  const category = await ok(
    await client.post(`/api/projects/${projectId}/group-categories`, { name: { fr: 'Cat', en: 'Cat' } }),
  );
  const created = await ok(
    await client.post(`/api/projects/${projectId}/groups`, {
      categoryId: category.id,
      name: { fr: 'Groupe A', en: 'Group A' },
    }),
  );
  if (members.length)
    await ok(
      await client.post(`/api/projects/${projectId}/participants/add-to-group`, {
        ids: members,
        groupId: created.id,
      }),
    );
  return created.id as string;
}

/**
 * Four people, sector (single, weight 3) and goals (multiple, weight 2); maximum 5.
 * Léa: Énergie, {Vendre, Acheter}; Noé: Énergie, {Apprendre}; Zoé: Santé, {Vendre}; Émile: nothing.
 * Léa–Noé 3 (60 %), Léa–Zoé 2 (40 %), every other pair 0. Group A = Léa, Noé, Zoé.
 */
async function setUp() {
  const project = await buildProject(camille);
  const people = await insertParticipants(t.deps.db, project.id, [
    { first: 'Léa', last: 'Roy', email: `lea.${project.id.slice(0, 6)}@example.test` },
    { first: 'Noé', last: 'Côté' },
    { first: 'Zoé', last: 'Gagnon' },
    { first: 'Émile', last: 'Nadeau' },
  ]);
  const sector = await question(camille, project.id, 'Secteur', 'single', 3);
  const [energy, health] = await choices(camille, project.id, sector, ['Énergie', 'Santé']);
  const goals = await question(camille, project.id, 'Objectifs', 'multiple', 2);
  const [sell, buy, learn] = await choices(camille, project.id, goals, ['Vendre', 'Acheter', 'Apprendre']);
  const answers = [
    { [sector]: [energy], [goals]: [sell, buy] },
    { [sector]: [energy], [goals]: [learn] },
    { [sector]: [health], [goals]: [sell] },
  ];
  for (const [k, body] of answers.entries())
    await ok(
      await camille.put(`/api/projects/${project.id}/participants/${people[k]}/answers`, { answers: body }),
    );
  const groupA = await group(camille, project.id, people.slice(0, 3));
  await scoresSettled(project.id);
  return { project, people, groupA, sector, goals };
}

let fixture: Awaited<ReturnType<typeof setUp>>;
const url = (rest: string) => `/api/projects/${fixture.project.id}/scores/${rest}`;
const names = (row: { a: { firstName: string }; b: { firstName: string } }) =>
  `${row.a.firstName}-${row.b.firstName}`;

describe('the scores screen', () => {
  beforeAll(async () => {
    fixture = await setUp();
  });

  it('lists every pair once, best first, with the score in points and %', async () => {
    const list = await ok(await camille.get(url('view')));
    expect(list.total).toBe(6);
    expect(list.maximum).toBe(5);
    expect(list.empty).toBeNull();
    expect(list.items.map(names)).toEqual([
      'Léa-Noé',
      'Léa-Zoé',
      'Léa-Émile',
      'Noé-Zoé',
      'Noé-Émile',
      'Zoé-Émile',
    ]);
    expect(list.items.map((r: { percent: number }) => r.percent)).toEqual([60, 40, 0, 0, 0, 0]);
    expect(list.items[0].score).toBe(3);
    expect(list.items[0].a.email).toMatch(/^lea\./);
  });

  it('narrows « from » and « to » to a group or one participant, and searches', async () => {
    const { people, groupA } = fixture;
    const fromLea = await ok(await camille.get(url(`view?fromParticipant=${people[0]}&toGroup=${groupA}`)));
    expect(fromLea.items.map(names)).toEqual(['Léa-Noé', 'Léa-Zoé']);
    const toEmile = await ok(await camille.get(url(`view?fromGroup=${groupA}&toParticipant=${people[3]}`)));
    expect(toEmile.items.map(names)).toEqual(['Léa-Émile', 'Noé-Émile', 'Zoé-Émile']);
    const searched = await ok(await camille.get(url(`view?q=${encodeURIComponent('zoe')}`)));
    expect(searched.items.map(names)).toEqual(['Léa-Zoé', 'Noé-Zoé', 'Zoé-Émile']);
  });

  it('computes the averages as by hand, then the same from the stored scores', async () => {
    const { groupA } = fixture;
    const live = await ok(await camille.get(url(`averages?fromGroup=${groupA}`)));
    expect(
      live.items.map(
        (r: { person: { firstName: string }; count: number; percent: number; score: number }) => [
          r.person.firstName,
          r.count,
          r.percent,
          r.score,
        ],
      ),
    ).toEqual([
      ['Léa', 3, 33.3, 1.67],
      ['Noé', 3, 20, 1],
      ['Zoé', 3, 13.3, 0.67],
    ]);
    // Six pairs (Léa–Noé 3, Léa–Zoé 2, four of 0): 5 / 6 points.
    expect(live.overall).toEqual({ score: 0.83, percent: 16.7, pairs: 6 });
    const stored = await ok(await camille.get(url(`stored-averages?fromGroup=${groupA}`)));
    expect(stored.stored.status).toBe('ready');
    expect(stored.stored.computedAt).toBeTruthy();
    expect(stored.items).toEqual(live.items);
    expect(stored.overall).toEqual(live.overall);
    expect(stored.missing).toBe(0);
  });

  it('says the stored scores are stale instead of giving figures', async () => {
    const project = await buildProject(camille);
    await insertParticipants(t.deps.db, project.id, [
      { first: 'A', last: 'A' },
      { first: 'B', last: 'B' },
    ]);
    const stored = await ok(await camille.get(`/api/projects/${project.id}/scores/stored-averages`));
    expect(stored.stored.status).toBe('none');
    expect(stored.items).toEqual([]);
    expect(stored.overall).toBeNull();
    const view = await ok(await camille.get(`/api/projects/${project.id}/scores/view`));
    expect(view).toMatchObject({ empty: 'noQuestions', total: 0, items: [] });
  });

  it('breaks a pair down by question: answers, weights, points summing to the score', async () => {
    const { people } = fixture;
    const view = await ok(await camille.get(url('view')));
    for (const row of view.items) {
      const breakdown = await ok(await camille.get(url(`breakdown?a=${row.a.id}&b=${row.b.id}`)));
      const sum = breakdown.lines.reduce((s: number, l: { points: number }) => s + l.points, 0);
      expect(sum).toBeCloseTo(row.score, 2);
      expect(breakdown.score).toBeCloseTo(row.score, 2);
    }
    const leaNoe = await ok(await camille.get(url(`breakdown?a=${people[0]}&b=${people[1]}`)));
    expect(leaNoe.maximum).toBe(5);
    expect(leaNoe.percent).toBe(60);
    expect(leaNoe.lines.map((l: { title: { fr: string } }) => l.title.fr)).toEqual(['Secteur', 'Objectifs']);
    expect(leaNoe.lines[0]).toMatchObject({ weight: 3, reversed: false, matched: true, points: 3 });
    expect(leaNoe.lines[0].a.labels).toEqual([{ fr: 'Énergie', en: 'Énergie (en)' }]);
    expect(leaNoe.lines[1].a.labels.map((l: { fr: string }) => l.fr)).toEqual(['Vendre', 'Acheter']);
    expect(leaNoe.lines[1]).toMatchObject({ matched: false, points: 0, answeredByBoth: true });
    const missing = await camille.get(url(`breakdown?a=${people[0]}`));
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0].field).toBe('b');
  });

  it('exports the pairs as CSV and Excel, every page, names round-tripping', async () => {
    const csv = await download(camille, url('export.csv'));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const records: string[][] = parse(csv.bytes, { bom: true, delimiter: ';' });
    expect(records[0].slice(0, 3)).toEqual(['Nom de famille De', 'Prénom De', 'Courriel De']);
    expect(records).toHaveLength(7);
    expect(records[1].slice(0, 2)).toEqual(['Roy', 'Léa']);
    expect(records[1].slice(4, 6)).toEqual(['Côté', 'Noé']);
    expect(records[1].slice(8)).toEqual(['60', '3']);
    const xlsx = await download(camille, url(`export.xlsx?kind=averages&fromGroup=${fixture.groupA}`));
    expect(xlsx.status).toBe(200);
    const rows = await readXlsx(xlsx.bytes);
    expect(rows[1].slice(0, 3)).toEqual(['Roy', 'Léa', expect.stringMatching(/^lea\./)]);
    expect(rows[1].slice(4)).toEqual([3, 33.3, 1.67]);
    expect(rows.at(-1)?.[0]).toBe('Moyenne générale');
    expect(rows.at(-1)?.slice(4)).toEqual([6, 16.7, 0.83]);
  });

  it('keeps multi-byte names whole in both files', async () => {
    const project = await buildProject(camille);
    const random = seededRandom(3);
    const people = Array.from({ length: 12 }, () => ({
      first: multibyteText(random, 3, 40),
      last: multibyteText(random, 3, 40),
    }));
    await insertParticipants(t.deps.db, project.id, people);
    await question(camille, project.id, 'Secteur', 'single', 1);
    const base = `/api/projects/${project.id}/scores`;
    const csv: string[][] = parse((await download(camille, `${base}/export.csv?kind=averages`)).bytes, {
      bom: true,
      delimiter: ';',
    });
    const xlsx = await readXlsx((await download(camille, `${base}/export.xlsx?kind=averages`)).bytes);
    const expected = people.map((p) => `${p.last}|${p.first}`).sort();
    expect(
      csv
        .slice(1, 13)
        .map((r) => `${r[0]}|${r[1]}`)
        .sort(),
    ).toEqual(expected);
    expect(
      xlsx
        .slice(1, 13)
        .map((r) => `${r[0]}|${r[1]}`)
        .sort(),
    ).toEqual(expected);
  });

  it('follows a group whose members change, the answers staying the same', async () => {
    const { project, people } = fixture;
    const groupB = await group(camille, project.id, []);
    const empty = await ok(await camille.get(url(`view?fromGroup=${groupB}`)));
    expect(empty).toMatchObject({ total: 0, items: [], empty: null });
    await ok(
      await camille.post(`/api/projects/${project.id}/participants/add-to-group`, {
        ids: [people[3]],
        groupId: groupB,
      }),
    );
    const joined = await ok(await camille.get(url(`view?fromGroup=${groupB}`)));
    expect(joined.items.map(names)).toEqual(['Émile-Léa', 'Émile-Noé', 'Émile-Zoé']);
  });

  it("answers 404 for another company's project, group or participant, and 400 for bad input", async () => {
    const { project, people } = fixture;
    const other = await buildProject(jordan);
    const [stranger] = await insertParticipants(t.deps.db, other.id, [{ first: 'Sam', last: 'Lee' }]);
    const strangerGroup = await group(jordan, other.id, [stranger]);
    expect((await jordan.get(url('view'))).status).toBe(404);
    expect((await jordan.get(url('averages'))).status).toBe(404);
    expect((await jordan.get(url('stored-averages'))).status).toBe(404);
    expect((await download(jordan, url('export.csv'))).status).toBe(404);
    expect((await jordan.get(url(`breakdown?a=${people[0]}&b=${people[1]}`))).status).toBe(404);
    expect((await camille.get(url(`view?fromGroup=${strangerGroup}`))).status).toBe(404);
    expect((await camille.get(url(`averages?toParticipant=${stranger}`))).status).toBe(404);
    expect((await camille.get(url(`stored-averages?toGroup=${strangerGroup}`))).status).toBe(404);
    expect((await camille.get(url(`breakdown?a=${people[0]}&b=${stranger}`))).status).toBe(404);
    expect((await download(camille, url(`export.xlsx?fromParticipant=${stranger}`))).status).toBe(404);
    const bad = await camille.get(url('view?fromGroup=nope&pageSize=7'));
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual(['fromGroup', 'pageSize']);
    const kind = await camille.get(url('export.csv?kind=all'));
    expect(kind.status).toBe(400);
    expect(kind.body.fields[0].field).toBe('kind');
    expect(project.id).toBeTruthy();
  });
});

describe('a big selection', () => {
  it('pages 1 M pairs on the server and refuses them in Excel with a message suggesting CSV', async () => {
    const project = await buildProject(camille);
    const people = await insertParticipants(
      t.deps.db,
      project.id,
      Array.from({ length: 1450 }, (_, k) => ({ first: `P${k}`, last: `N${String(k).padStart(4, '0')}` })),
    );
    const sector = await question(camille, project.id, 'Secteur', 'single', 1);
    const [energy] = await choices(camille, project.id, sector, ['Énergie']);
    const [row] = await t.deps.db.select().from(projects).where(eq(projects.id, project.id));
    // The first 30 share a sector: their 435 pairs score 100 %, every other pair 0.
    await t.deps.db.insert(participantAnswers).values(
      people.slice(0, 30).map((participantId) => ({
        companyId: row.companyId,
        projectId: project.id,
        participantId,
        questionId: sector,
        choiceId: energy,
      })),
    );
    const base = `/api/projects/${project.id}/scores`;
    const first = await ok(await camille.get(`${base}/view?pageSize=100`));
    expect(first.total).toBe((1450 * 1449) / 2);
    const fifth = await ok(await camille.get(`${base}/view?pageSize=100&page=5`));
    expect(fifth.items.map((r: { percent: number }) => r.percent)).toEqual([
      ...Array(35).fill(100),
      ...Array(65).fill(0),
    ]);
    expect(names(first.items[0])).toBe('P0-P1');
    expect(names(fifth.items[34])).toBe('P28-P29');
    expect(names(fifth.items[35])).toBe('P0-P30');
    const refused = await download(camille, `${base}/export.xlsx`);
    expect(refused.status).toBe(400);
    const problem = JSON.parse(refused.bytes.toString('utf8'));
    expect(problem.fields[0].field).toBe('kind');
    expect(problem.fields[0].message).toMatch(/CSV/);
    expect(problem.fields[0].message).toMatch(/1\s050\s525/);
    const narrower = await download(camille, `${base}/export.xlsx?fromParticipant=${people[0]}`);
    expect(narrower.status).toBe(200);
    expect(await readXlsx(narrower.bytes)).toHaveLength(1450);
  });
});
