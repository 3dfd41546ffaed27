import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { importSteps, importsOf } from '../../../tests/support/spreadsheet-import';
import { type ApiClient, buildProject } from '../../../tests/support/test-app';
import { participantAnswers, participants, persons, projects, roles } from '../../db/schema';

/**
 * Q1 in the participant import: what the dry run says of the question columns (unknown labels as warnings, the
 * maximum as a row error, archived questions), the empty-cell rule, the template, and tenancy.
 */
const { upload, dryRun, saveImport } = importSteps(() => t.app);

async function ok(response: { status: number; body: unknown }) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies
  return response.body as any;
}

async function addQuestion(
  client: ApiClient,
  projectId: string,
  title: { fr: string; en: string },
  labels: { fr: string; en: string }[],
  maxChoices?: number,
) {
  const base = `/api/projects/${projectId}/questions`;
  const q = await ok(await client.post(base, { title, kind: 'multiple' }));
  if (maxChoices) {
    const { title: _, ...settings } = await ok(await client.get(`${base}/${q.id}`));
    await ok(
      await client.put(`${base}/${q.id}/settings`, {
        title,
        help: settings.help,
        kind: 'multiple',
        maxChoices,
        isMandatory: false,
      }),
    );
  }
  const choices: string[] = [];
  for (const label of labels) {
    const added = await ok(await client.post(`${base}/${q.id}/choices`, { label, categoryId: null }));
    choices.push(added.choices.at(-1).id);
  }
  return { id: q.id as string, choices };
}

const answersOf = async (projectId: string, email: string) => {
  const [row] = await t.database.db
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(eq(persons.email, email));
  if (!row) return null;
  const body = await ok(await camille.get(`/api/projects/${projectId}/participants/${row.id}/answers`));
  return body.answers as Record<string, string[]>;
};

let project: { id: string };
let goals: { id: string; choices: string[] };
let archived: { id: string; choices: string[] };

const { t, camille, jordan } = withTestApp();
beforeAll(async () => {
  project = await buildProject(camille);
  const [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
  await t.database.db
    .insert(roles)
    .values({ companyId, projectId: project.id, nameFr: 'Invité', nameEn: 'Guest' });
  goals = await addQuestion(
    camille,
    project.id,
    { fr: 'Objectifs', en: 'Goals' },
    [
      { fr: 'Fournisseurs', en: 'Suppliers' },
      { fr: 'Clients', en: 'Customers' },
      { fr: 'Financement', en: 'Funding' },
    ],
    2,
  );
  archived = await addQuestion(camille, project.id, { fr: 'Ancienne', en: 'Old one' }, [
    { fr: 'Oui', en: 'Yes' },
  ]);
  await ok(
    await camille.put(`/api/projects/${project.id}/questions/${archived.id}/status`, { status: 'archived' }),
  );
});

const header = 'Courriel;Prénom;Nom;Rôle;Objectifs;Ancienne';

describe('questionnaire columns in the participant import', () => {
  it('lists unknown labels as warnings, refuses a row over the maximum and reports an archived question', async () => {
    const csv = [
      header,
      'lea@exemple.test;Léa;Roy;Invité;"Fournisseurs; Aérospatiale 🚀 ";',
      'marc@exemple.test;Marc;Roy;Invité;Fournisseurs|Clients|Funding;',
      'zoe@exemple.test;Zoé;Roy;Invité;;Oui',
    ].join('\n');
    const uploaded = await upload(camille, project.id, csv, 'réponses.csv');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.mapping.slice(4)).toEqual([`question.${goals.id}`, `question.${archived.id}`]);
    expect(uploaded.body.targets).toContainEqual({
      key: `question.${goals.id}`,
      label: { fr: 'Objectifs', en: 'Goals' },
      group: 'questionnaire',
    });
    const analysed = await dryRun(camille, project.id, uploaded.body.id);
    expect(analysed.body.summary).toEqual({ create: 2, update: 0, unchanged: 0, skip: 1 });
    const rows = async () =>
      (await ok(await camille.get(`${importsOf(project.id)}/${uploaded.body.id}?problems=true`))).rows.map(
        (row: { line: number; action: string; reasons: string[] }) => [row.line, row.action, row.reasons],
      );
    expect(await rows()).toEqual([
      [
        2,
        'create',
        [
          'Objectifs : le choix « Aérospatiale 🚀 » n’existe pas pour cette question ; il n’est pas importé (les autres choix de la cellule le sont).',
        ],
      ],
      [3, 'skip', ['Objectifs : Au plus 2 choix.']],
      [4, 'create', ['Ancienne : cette question est archivée ; la réponse n’est pas importée.']],
    ]);
    const report = await camille.get(`${importsOf(project.id)}/${uploaded.body.id}/errors.csv`);
    expect(String(report.body)).toContain('« Aérospatiale 🚀 »');

    expect((await camille.patch('/api/me', { locale: 'en' })).status).toBe(200);
    expect(await rows()).toEqual([
      [
        2,
        'create',
        [
          'Goals: the choice “Aérospatiale 🚀” does not exist for this question; it is not imported (the other choices of the cell are).',
        ],
      ],
      [3, 'skip', ['Goals: At most 2 choices.']],
      [4, 'create', ['Old one: this question is archived; the answer is not imported.']],
    ]);
    expect((await camille.patch('/api/me', { locale: 'fr' })).status).toBe(200);

    expect((await saveImport(camille, project.id, uploaded.body.id)).body.status).toBe('done');
    // The row keeps its known labels; the archived question's answer is not written; the refused row is not saved.
    expect(await answersOf(project.id, 'lea@exemple.test')).toEqual({ [goals.id]: [goals.choices[0]] });
    expect(await answersOf(project.id, 'zoe@exemple.test')).toEqual({});
    expect(await answersOf(project.id, 'marc@exemple.test')).toBeNull();
    const written = await t.database.db
      .select()
      .from(participantAnswers)
      .where(eq(participantAnswers.questionId, archived.id));
    expect(written).toEqual([]);
  });

  it('leaves the answers of an empty cell as they are and replaces those of a filled one', async () => {
    const first = [header, 'remi@exemple.test;Rémi;Roy;Invité;Clients;'].join('\n');
    const one = await upload(camille, project.id, first, 'un.csv');
    await dryRun(camille, project.id, one.body.id);
    expect((await saveImport(camille, project.id, one.body.id)).body.status).toBe('done');
    expect(await answersOf(project.id, 'remi@exemple.test')).toEqual({ [goals.id]: [goals.choices[1]] });

    const empty = await upload(
      camille,
      project.id,
      [header, 'remi@exemple.test;;;;;'].join('\n'),
      'deux.csv',
    );
    expect((await dryRun(camille, project.id, empty.body.id)).body.summary).toMatchObject({ unchanged: 1 });

    const other = await upload(
      camille,
      project.id,
      [header, 'remi@exemple.test;;;;Suppliers | FINANCEMENT;'].join('\n'),
      'trois.csv',
    );
    expect((await dryRun(camille, project.id, other.body.id)).body.summary).toMatchObject({ update: 1 });
    expect((await saveImport(camille, project.id, other.body.id)).body.status).toBe('done');
    expect((await answersOf(project.id, 'remi@exemple.test'))?.[goals.id].sort()).toEqual(
      [goals.choices[0], goals.choices[2]].sort(),
    );
  });

  it('does not write a question asked to other roles: a warning, as the answers endpoint refuses it', async () => {
    const [{ companyId }] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    const [exhibitor] = await t.database.db
      .insert(roles)
      .values({ companyId, projectId: project.id, nameFr: 'Exposant', nameEn: 'Exhibitor' })
      .returning();
    const booth = await addQuestion(camille, project.id, { fr: 'Kiosque', en: 'Booth' }, [
      { fr: 'Grand', en: 'Large' },
    ]);
    await ok(
      await camille.put(`/api/projects/${project.id}/questions/${booth.id}/audience`, {
        groupIds: [],
        roleIds: [exhibitor.id],
      }),
    );
    const csv = [
      'Courriel;Prénom;Nom;Rôle;Kiosque',
      'ines@exemple.test;Inès;Roy;Invité;Grand',
      'omar@exemple.test;Omar;Roy;Exposant;Grand',
    ].join('\n');
    const uploaded = await upload(camille, project.id, csv, 'kiosques.csv');
    const analysed = await dryRun(camille, project.id, uploaded.body.id);
    expect(analysed.body.rows.map((row: { reasons: string[] }) => row.reasons)).toEqual([
      [
        'Kiosque : cette question n’est pas posée à ce participant (selon son rôle et ses groupes) ; la réponse n’est pas importée.',
      ],
      [],
    ]);
    expect((await saveImport(camille, project.id, uploaded.body.id)).body.status).toBe('done');
    expect(await answersOf(project.id, 'omar@exemple.test')).toEqual({ [booth.id]: [booth.choices[0]] });
    // Inès's answer is not written (the panel would not even show it).
    const written = await t.database.db
      .select()
      .from(participantAnswers)
      .where(eq(participantAnswers.questionId, booth.id));
    expect(written).toHaveLength(1);
    await ok(await camille.delete(`/api/projects/${project.id}/questions/${booth.id}`));
  });

  it('gives the template a column per active question and their labels on a second sheet', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${importsOf(project.id)}/template.xlsx`,
      cookies: { ...camille.cookies },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const header = (workbook.worksheets[0].getRow(1).values as string[]).slice(1);
    expect(header.at(-1)).toBe('Objectifs');
    expect(header).not.toContain('Ancienne');
    const labels = workbook.getWorksheet('Questionnaire');
    const column: string[] = [];
    labels?.eachRow((row) => {
      column.push(String(row.getCell(1).value));
    });
    expect(column).toEqual(['Objectifs', 'Fournisseurs', 'Clients', 'Financement']);
  });

  it("never matches nor writes another company's question", async () => {
    const theirs = await buildProject(jordan);
    const secret = await addQuestion(jordan, theirs.id, { fr: 'Question de Jordan', en: 'Jordan’s' }, [
      { fr: 'Secret', en: 'Secret' },
    ]);
    const csv = [
      'Courriel;Prénom;Nom;Rôle;Question de Jordan',
      'nina@exemple.test;Nina;Roy;Invité;Secret',
    ].join('\n');
    const uploaded = await upload(camille, project.id, csv, 'jordan.csv');
    expect(uploaded.body.mapping[4]).toBeNull();
    expect(uploaded.body.targets.map((x: { key: string }) => x.key)).not.toContain(`question.${secret.id}`);
    const forced = await camille.put(`${importsOf(project.id)}/${uploaded.body.id}/mapping`, {
      mapping: ['email', 'firstName', 'lastName', 'role', `question.${secret.id}`],
    });
    expect(forced.status).toBe(400);
    expect(forced.body.fields[0].field).toBe('mapping.4');
    await dryRun(camille, project.id, uploaded.body.id);
    expect((await saveImport(camille, project.id, uploaded.body.id)).body.status).toBe('done');
    const written = await t.database.db
      .select()
      .from(participantAnswers)
      .where(eq(participantAnswers.questionId, secret.id));
    expect(written).toEqual([]);
    // Their imports are not ours to read.
    expect((await jordan.get(`${importsOf(project.id)}/${uploaded.body.id}`)).status).toBe(404);
    const report = parse(
      String((await camille.get(`${importsOf(project.id)}/${uploaded.body.id}/errors.csv`)).body),
      { bom: true },
    );
    expect(report).toHaveLength(1);
  });
});
