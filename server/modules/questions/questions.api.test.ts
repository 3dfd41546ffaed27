import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { type ApiClient, buildProject, insertParticipants } from '../../../tests/support/test-app';

const { t, camille, jordan } = withTestApp();

const base = (projectId: string) => `/api/projects/${projectId}/questions`;

async function ok(response: { status: number; body: unknown }) {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies
  return response.body as any;
}

async function addQuestion(projectId: string, fr: string, kind: 'single' | 'multiple' = 'multiple') {
  return ok(await camille.post(base(projectId), { title: { fr, en: `${fr} (en)` }, kind }));
}

async function addChoice(
  projectId: string,
  questionId: string,
  fr: string,
  categoryId: string | null = null,
) {
  return ok(
    await camille.post(`${base(projectId)}/${questionId}/choices`, {
      label: { fr, en: `${fr} EN` },
      categoryId,
    }),
  );
}

/** A multipart POST as the browser sends it: text fields and an optional file. */
async function multipart(
  client: ApiClient,
  url: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'text/csv' }), file.name);
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload: form,
    cookies: { ...client.cookies },
    headers: { 'x-csrf-token': client.csrfToken },
  });
  return { status: response.statusCode, body: response.json() };
}

const titles = (list: { items: { title: { fr: string } }[] }) => list.items.map((q) => q.title.fr);

describe('questions (Q1)', () => {
  it('creates questions last in order, reorders them, hides archived ones unless asked', async () => {
    const project = await buildProject(camille);
    expect(await ok(await camille.get(base(project.id)))).toEqual({ items: [] });
    const sector = await addQuestion(project.id, 'Secteur', 'single');
    expect(sector).toMatchObject({
      title: { fr: 'Secteur', en: 'Secteur (en)' },
      kind: 'single',
      status: 'active',
      usedForMatching: true,
      weight: 1,
      choices: [],
      groupIds: [],
      roleIds: [],
    });
    const size = await addQuestion(project.id, 'Taille');
    const goals = await addQuestion(project.id, 'Objectifs');
    const order = await ok(
      await camille.put(`/api/projects/${project.id}/question-order`, {
        ids: [goals.id, sector.id, size.id],
      }),
    );
    expect(titles(order)).toEqual(['Objectifs', 'Secteur', 'Taille']);
    const partial = await camille.put(`/api/projects/${project.id}/question-order`, {
      ids: [goals.id, sector.id],
    });
    expect(partial.status).toBe(400);

    const archived = await ok(
      await camille.put(`${base(project.id)}/${size.id}/status`, { status: 'archived' }),
    );
    expect(archived.status).toBe('archived');
    expect(titles(await ok(await camille.get(base(project.id))))).toEqual(['Objectifs', 'Secteur']);
    expect(titles(await ok(await camille.get(`${base(project.id)}?archived=true`)))).toEqual([
      'Objectifs',
      'Secteur',
      'Taille',
    ]);
    await ok(await camille.put(`${base(project.id)}/${size.id}/status`, { status: 'active' }));
    expect(titles(await ok(await camille.get(base(project.id))))).toHaveLength(3);
  });

  it('refuses bad input with field errors naming the field', async () => {
    const project = await buildProject(camille);
    const short = await camille.post(base(project.id), { title: { fr: 'A', en: 'Sector' }, kind: 'single' });
    expect(short.status).toBe(400);
    expect(short.body.fields.map((f: { field: string }) => f.field)).toEqual(['title.fr']);
    const kind = await camille.post(base(project.id), {
      title: { fr: 'Secteur', en: 'Sector' },
      kind: 'many',
    });
    expect(kind.body.fields.map((f: { field: string }) => f.field)).toEqual(['kind']);
    const q = await addQuestion(project.id, 'Secteur');
    const weight = await camille.put(`${base(project.id)}/${q.id}/pairing`, {
      usedForMatching: true,
      weight: 101,
      reversed: false,
    });
    expect(weight.status).toBe(400);
    expect(weight.body.fields[0]).toMatchObject({
      field: 'weight',
      code: 'validation.questions.weightRange',
    });
  });

  it('saves the settings, pairing, permissions and audience tabs', async () => {
    const project = await buildProject(camille);
    const [participant] = await insertParticipants(t.deps.db, project.id, [{ first: 'Léa', last: 'Roy' }]);
    void participant;
    const q = await addQuestion(project.id, 'Langues');
    const settings = await ok(
      await camille.put(`${base(project.id)}/${q.id}/settings`, {
        title: { fr: 'Langues parlées', en: 'Spoken languages' },
        help: { fr: 'Cochez <b>tout</b>', en: 'Tick all' },
        kind: 'multiple',
        maxChoices: 2,
        isMandatory: true,
      }),
    );
    expect(settings).toMatchObject({
      title: { fr: 'Langues parlées' },
      help: { fr: 'Cochez tout' },
      maxChoices: 2,
      isMandatory: true,
    });
    const pairing = await ok(
      await camille.put(`${base(project.id)}/${q.id}/pairing`, {
        usedForMatching: false,
        weight: 40,
        reversed: true,
      }),
    );
    expect(pairing).toMatchObject({ usedForMatching: false, weight: 40, reversed: true });
    const permissions = await ok(
      await camille.put(`${base(project.id)}/${q.id}/permissions`, {
        visibility: 'organisers',
        participantCanEdit: false,
      }),
    );
    expect(permissions).toMatchObject({ visibility: 'organisers', participantCanEdit: false });

    const roles = await ok(await camille.get(`/api/projects/${project.id}/roles`));
    const roleId = roles.items[0].id;
    const audience = await ok(
      await camille.put(`${base(project.id)}/${q.id}/audience`, { groupIds: [], roleIds: [roleId] }),
    );
    expect(audience.roleIds).toEqual([roleId]);
    const other = await buildProject(camille);
    await insertParticipants(t.deps.db, other.id, [{ first: 'A', last: 'B' }]);
    const foreignRole = (await ok(await camille.get(`/api/projects/${other.id}/roles`))).items[0].id;
    const refused = await camille.put(`${base(project.id)}/${q.id}/audience`, {
      groupIds: [],
      roleIds: [foreignRole],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields[0].field).toBe('roleIds');
  });

  it('manages choices in categories, their order, and standard values', async () => {
    const project = await buildProject(camille);
    const q = await addQuestion(project.id, 'Secteur');
    const withCategory = await ok(
      await camille.post(`${base(project.id)}/${q.id}/categories`, {
        label: { fr: 'Industrie', en: 'Industry' },
      }),
    );
    const category = withCategory.categories[0];
    await addChoice(project.id, q.id, 'Aérospatiale', category.id);
    await addChoice(project.id, q.id, 'Agroalimentaire');
    const three = await addChoice(project.id, q.id, 'Énergie');
    expect(three.choices.map((c: { label: { fr: string } }) => c.label.fr)).toEqual([
      'Aérospatiale',
      'Agroalimentaire',
      'Énergie',
    ]);
    expect(three.choices[0].categoryId).toBe(category.id);
    const ids = three.choices.map((c: { id: string }) => c.id);
    const reordered = await ok(
      await camille.put(`${base(project.id)}/${q.id}/choice-order`, { ids: [ids[2], ids[0], ids[1]] }),
    );
    expect(reordered.choices.map((c: { label: { fr: string } }) => c.label.fr)).toEqual([
      'Énergie',
      'Aérospatiale',
      'Agroalimentaire',
    ]);
    const renamed = await ok(
      await camille.put(`${base(project.id)}/${q.id}/choices/${ids[1]}`, {
        label: { fr: 'Agro', en: 'Agri-food' },
        categoryId: category.id,
      }),
    );
    expect(renamed.choices.find((c: { id: string }) => c.id === ids[1])).toMatchObject({
      label: { fr: 'Agro' },
      categoryId: category.id,
    });

    const std = await ok(
      await camille.post(`${base(project.id)}/${q.id}/standard-values`, {
        choiceId: ids[0],
        roleId: null,
        groupId: null,
      }),
    );
    expect(std.standardValues).toEqual([
      expect.objectContaining({ choiceId: ids[0], roleId: null, groupId: null }),
    ]);
    const both = await camille.post(`${base(project.id)}/${q.id}/standard-values`, {
      choiceId: ids[0],
      roleId: ids[1],
      groupId: ids[2],
    });
    expect(both.status).toBe(400);

    const gone = await ok(await camille.delete(`${base(project.id)}/${q.id}/choices/${ids[0]}`));
    expect(gone.choices).toHaveLength(2);
    // Its standard value went with it.
    expect(gone.standardValues).toEqual([]);
    const noCategory = await ok(
      await camille.delete(`${base(project.id)}/${q.id}/categories/${category.id}`),
    );
    expect(noCategory.categories).toEqual([]);
    expect(noCategory.choices.every((c: { categoryId: string | null }) => c.categoryId === null)).toBe(true);
  });

  it('creates a linked question with mirrored choices and keeps the mirror when choices change', async () => {
    const project = await buildProject(camille);
    const offer = await addQuestion(project.id, 'Ce que j’offre');
    await addChoice(project.id, offer.id, 'Financement');
    await addChoice(project.id, offer.id, 'Distribution');
    const seek = await ok(
      await camille.post(`${base(project.id)}/${offer.id}/linked`, {
        title: { fr: 'Ce que je cherche', en: 'What I seek' },
      }),
    );
    expect(seek.linkedQuestion).toEqual({ id: offer.id, title: offer.title });
    expect(seek.choices.map((c: { label: { fr: string } }) => c.label.fr)).toEqual([
      'Financement',
      'Distribution',
    ]);
    const again = await camille.post(`${base(project.id)}/${offer.id}/linked`, {
      title: { fr: 'Encore', en: 'Again' },
    });
    expect(again.status).toBe(409);

    const added = await addChoice(project.id, offer.id, 'Export');
    const mirrorOf = (detail: { choices: { id: string; linkedChoiceId: string | null }[] }, id: string) =>
      detail.choices.find((c) => c.id === id)?.linkedChoiceId;
    const exportId = added.choices[2].id;
    let seekNow = await ok(await camille.get(`${base(project.id)}/${seek.id}`));
    expect(seekNow.choices.map((c: { label: { fr: string } }) => c.label.fr)).toEqual([
      'Financement',
      'Distribution',
      'Export',
    ]);
    expect(seekNow.choices[2].linkedChoiceId).toBe(exportId);
    expect(mirrorOf(added, exportId)).toBe(seekNow.choices[2].id);

    await ok(
      await camille.put(`${base(project.id)}/${offer.id}/choices/${exportId}`, {
        label: { fr: 'Exportation', en: 'Exports' },
        categoryId: null,
      }),
    );
    const ids = added.choices.map((c: { id: string }) => c.id);
    await ok(
      await camille.put(`${base(project.id)}/${offer.id}/choice-order`, { ids: [ids[2], ids[0], ids[1]] }),
    );
    seekNow = await ok(await camille.get(`${base(project.id)}/${seek.id}`));
    expect(seekNow.choices.map((c: { label: { en: string } }) => c.label.en)).toEqual([
      'Exports',
      'Financement EN',
      'Distribution EN',
    ]);
    await ok(await camille.delete(`${base(project.id)}/${seek.id}/choices/${seekNow.choices[0].id}`));
    const offerNow = await ok(await camille.get(`${base(project.id)}/${offer.id}`));
    expect(offerNow.choices.map((c: { label: { fr: string } }) => c.label.fr)).toEqual([
      'Financement',
      'Distribution',
    ]);
  });

  it('imports choices from a pasted list and from a CSV file, with a preview first', async () => {
    const project = await buildProject(camille);
    const q = await addQuestion(project.id, 'Régions');
    await addChoice(project.id, q.id, 'Montréal');
    const url = `${base(project.id)}/${q.id}/choices/import`;
    const preview = await ok(
      await multipart(camille, url, {
        text: 'Français\tAnglais\nQuébec\tQuebec City\nMontréal\nGaspésie\n\nSaguenay–Lac-Saint-Jean\tSaguenay',
      }),
    );
    expect(preview.rows).toEqual([
      { line: 2, label: { fr: 'Québec', en: 'Quebec City' } },
      { line: 4, label: { fr: 'Gaspésie', en: 'Gaspésie' } },
      { line: 6, label: { fr: 'Saguenay–Lac-Saint-Jean', en: 'Saguenay' } },
    ]);
    expect(preview.skipped).toEqual([{ line: 3, reason: 'duplicate' }]);
    expect(preview.saved).toBe(0);
    expect((await ok(await camille.get(`${base(project.id)}/${q.id}`))).choices).toHaveLength(1);

    const csv = new TextEncoder().encode(
      'fr;en\nOntario;Ontario\nÎle-du-Prince-Édouard;Prince Edward Island\n',
    );
    const saved = await ok(
      await multipart(camille, url, { save: 'true' }, { bytes: csv, name: 'regions.csv' }),
    );
    expect(saved.saved).toBe(2);
    const detail = await ok(await camille.get(`${base(project.id)}/${q.id}`));
    expect(detail.choices.map((c: { label: { en: string } }) => c.label.en)).toEqual([
      'Montréal EN',
      'Ontario',
      'Prince Edward Island',
    ]);

    const empty = await multipart(camille, url, { text: '\n\n' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields[0].field).toBe('text');
  });

  it('deletes a question with its answers', async () => {
    const project = await buildProject(camille);
    const q = await addQuestion(project.id, 'Budget');
    await ok(await camille.delete(`${base(project.id)}/${q.id}`));
    expect((await camille.get(`${base(project.id)}/${q.id}`)).status).toBe(404);
  });

  it('exports a column per active question with the chosen labels in the export language', async () => {
    const project = await buildProject(camille);
    const [lea] = await insertParticipants(t.deps.db, project.id, [{ first: 'Léa', last: 'Roy' }]);
    const q = await addQuestion(project.id, 'Langues parlées');
    await addChoice(project.id, q.id, 'Français');
    const both = await addChoice(project.id, q.id, '日本語 — Japonais');
    const archived = await addQuestion(project.id, 'Ancienne question');
    await ok(await camille.put(`${base(project.id)}/${archived.id}/status`, { status: 'archived' }));
    const ids = both.choices.map((c: { id: string }) => c.id);
    await ok(
      await camille.put(`/api/projects/${project.id}/participants/${lea}/answers`, {
        answers: { [q.id]: ids },
      }),
    );
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/participants/export.csv`,
      cookies: { ...camille.cookies },
    });
    expect(response.statusCode).toBe(200);
    const records: string[][] = parse(response.rawPayload, { bom: true, delimiter: ';' });
    expect(records[0].at(-1)).toBe('Langues parlées');
    expect(records[0]).not.toContain('Ancienne question');
    expect(records[1].at(-1)).toBe('Français; 日本語 — Japonais');
  });

  it("answers 404 for another company's project or question", async () => {
    const project = await buildProject(camille);
    const q = await addQuestion(project.id, 'Secteur');
    expect((await jordan.get(base(project.id))).status).toBe(404);
    expect((await jordan.get(`${base(project.id)}/${q.id}`)).status).toBe(404);
    expect(
      (
        await jordan.post(`${base(project.id)}/${q.id}/choices`, {
          label: { fr: 'X', en: 'X' },
          categoryId: null,
        })
      ).status,
    ).toBe(404);
    expect((await jordan.delete(`${base(project.id)}/${q.id}`)).status).toBe(404);
    expect(
      (await multipart(jordan, `${base(project.id)}/${q.id}/choices/import`, { text: 'Un' })).status,
    ).toBe(404);
    const theirs = await buildProject(jordan);
    expect((await camille.get(`${base(theirs.id)}/${q.id}`)).status).toBe(404);
  });
});
