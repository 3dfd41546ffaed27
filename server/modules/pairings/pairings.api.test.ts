import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { anonymous } from '../../../tests/support/test-app';
import { insertQuestion, ok, pairingBody, pairingsUrl, pairingUrl, setUpProject } from './fixtures';

const { t, camille, jordan } = withTestApp();

type Pairing = {
  id: string;
  name: string;
  algorithm: number;
  objective: string;
  choiceCount: number | null;
  questionId: string | null;
  choiceIds: string[];
  people: number;
  seats: number;
  roundBound: number | null;
  generation: unknown;
  generationStatus: string | null;
  category: { id: string; name: { fr: string } };
};

describe('pairings (M1)', () => {
  it('are added, listed, edited and deleted, with the round bound ⌊(n−1)/(s−1)⌋', async () => {
    const { projectId, categoryId } = await setUpProject(camille, t.database.db, {
      tables: 3,
      seats: 4,
      people: 12,
    });
    const created = ok<Pairing>(
      await camille.post(pairingsUrl(projectId), pairingBody(categoryId, { rounds: 3 })),
    );
    expect(created).toMatchObject({
      name: 'Speed networking du matin',
      algorithm: 1,
      objective: 'none',
      people: 12,
      seats: 4,
      roundBound: 3,
      generation: null,
      generationStatus: null,
      category: { id: categoryId, name: { fr: 'Rencontres d’affaires' } },
    });
    const list = ok<{ items: Pairing[]; total: number }>(
      await camille.get(`${pairingsUrl(projectId)}?q=networking`),
    );
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ id: created.id, rounds: 3, generationStatus: null });
    expect(ok<{ total: number }>(await camille.get(`${pairingsUrl(projectId)}?q=absent`)).total).toBe(0);

    const edited = ok<Pairing>(
      await camille.put(
        pairingUrl(projectId, created.id),
        pairingBody(categoryId, { name: 'Après-midi', algorithm: 3 }),
      ),
    );
    expect(edited).toMatchObject({ name: 'Après-midi', algorithm: 3, objective: 'diverse' });
    expect(ok(await camille.delete(pairingUrl(projectId, created.id)))).toEqual({ ok: true });
    expect((await camille.get(pairingUrl(projectId, created.id))).status).toBe(404);
  });

  it('checks the selector’s rules on the server (001 §2)', async () => {
    const { projectId, categoryId, participants } = await setUpProject(camille, t.database.db);
    const { questionId, choiceIds } = await insertQuestion(
      t.database.db,
      projectId,
      ['TI', 'Santé', 'Finance'],
      {
        [participants[0]]: [0],
      },
    );
    // 7 needs a question, below 0 a question and a number of choices: field errors naming them.
    const seven = await camille.post(pairingsUrl(projectId), pairingBody(categoryId, { algorithm: 7 }));
    expect(seven.status).toBe(400);
    expect(seven.body.fields).toEqual([
      expect.objectContaining({ field: 'questionId', message: 'Cet algorithme a besoin d’une question.' }),
    ]);
    const negative = await camille.post(
      pairingsUrl(projectId),
      pairingBody(categoryId, { algorithm: -2, questionId }),
    );
    expect(negative.status).toBe(400);
    expect(negative.body.fields.map((f: { field: string }) => f.field)).toEqual(['choiceCount']);
    const unknown = await camille.post(pairingsUrl(projectId), pairingBody(categoryId, { algorithm: 5 }));
    expect(unknown.body.fields.map((f: { field: string }) => f.field)).toEqual(['algorithm']);

    // Below 0: every choice ticked whatever was sent, the objective implied (−2 similar).
    const byCount = ok<Pairing>(
      await camille.post(
        pairingsUrl(projectId),
        pairingBody(categoryId, {
          algorithm: -2,
          questionId,
          choiceCount: 2,
          choiceIds: [choiceIds[0]],
          objective: 'diverse',
        }),
      ),
    );
    expect(byCount).toMatchObject({ objective: 'similar', choiceCount: 2, choiceIds });
    // 7: the ticked choices are kept as sent, the organiser’s objective too.
    const seven2 = ok<Pairing>(
      await camille.post(
        pairingsUrl(projectId),
        pairingBody(categoryId, {
          algorithm: 7,
          questionId,
          choiceIds: [choiceIds[2], choiceIds[0]],
          objective: 'diverse',
        }),
      ),
    );
    expect(seven2).toMatchObject({
      objective: 'diverse',
      choiceCount: null,
      choiceIds: [choiceIds[0], choiceIds[2]],
    });

    // /match/updatechoices
    const updated = ok<Pairing>(
      await camille.put(`${pairingUrl(projectId, seven2.id)}/choices`, { choiceIds: [choiceIds[1]] }),
    );
    expect(updated.choiceIds).toEqual([choiceIds[1]]);
    const foreign = await insertQuestion(t.database.db, projectId, ['Autre']);
    const refused = await camille.put(`${pairingUrl(projectId, seven2.id)}/choices`, {
      choiceIds: foreign.choiceIds,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual([
      expect.objectContaining({
        field: 'choiceIds',
        message: 'Les choix cochés doivent appartenir à la question choisie.',
      }),
    ]);

    // A section is not a meeting category; another project's category is not found as one.
    const section = ok<{ id: string }>(
      await camille.post(`/api/projects/${projectId}/activity-sections`, {
        name: { fr: 'Menu', en: 'Menu' },
      }),
    );
    const notMeeting = await camille.post(pairingsUrl(projectId), pairingBody(section.id));
    expect(notMeeting.status).toBe(400);
    expect(notMeeting.body.fields.map((f: { field: string }) => f.field)).toEqual(['categoryId']);
  });

  it('answers in English to an English reader, and refuses malformed bodies with field errors', async () => {
    const { projectId, categoryId } = await setUpProject(jordan, t.database.db);
    const refused = await jordan.post(pairingsUrl(projectId), {
      ...pairingBody(categoryId, { algorithm: 7 }),
      name: 'x',
      rounds: 0,
    });
    expect(refused.status).toBe(400);
    const byField = Object.fromEntries(
      refused.body.fields.map((f: { field: string; message: string }) => [f.field, f.message]),
    );
    expect(byField.rounds).toBe('The number of rounds must be a whole number from 1 to 100.');
    expect(byField.questionId).toBe('This algorithm needs a question.');
    expect(byField.name).toBeDefined();
  });

  it('belongs to its company: another company’s pairing and seats are not found (404); no session: 401', async () => {
    const { projectId, categoryId } = await setUpProject(camille, t.database.db);
    const pairing = ok<Pairing>(await camille.post(pairingsUrl(projectId), pairingBody(categoryId)));
    expect((await jordan.get(pairingUrl(projectId, pairing.id))).status).toBe(404);
    expect((await jordan.get(`${pairingUrl(projectId, pairing.id)}/seats`)).status).toBe(404);
    expect((await jordan.put(pairingUrl(projectId, pairing.id), pairingBody(categoryId))).status).toBe(404);
    expect((await jordan.delete(pairingUrl(projectId, pairing.id))).status).toBe(404);
    expect((await jordan.post(`${pairingUrl(projectId, pairing.id)}/generation`)).status).toBe(404);
    expect((await jordan.post(`${pairingUrl(projectId, pairing.id)}/generation/cancel`)).status).toBe(404);
    expect((await jordan.get(pairingsUrl(projectId))).status).toBe(404);
    expect((await jordan.post(pairingsUrl(projectId), pairingBody(categoryId))).status).toBe(404);
    expect((await jordan.get(`/api/projects/${projectId}/pairing-options`)).status).toBe(404);
    // Their own project cannot use this company's category either.
    const theirs = await setUpProject(jordan, t.database.db);
    const stolen = await jordan.post(pairingsUrl(theirs.projectId), pairingBody(categoryId));
    expect(stolen.status).toBe(400);
    expect((await (await anonymous(t.app)).get(pairingsUrl(projectId))).status).toBe(401);
    expect(ok<Pairing>(await camille.get(pairingUrl(projectId, pairing.id))).name).toBe(
      'Speed networking du matin',
    );
  });

  it('lists what the form chooses from: meeting categories with their tables, questions with choices, activities', async () => {
    const { projectId, categoryId } = await setUpProject(camille, t.database.db, { tables: 2, seats: 6 });
    const { questionId } = await insertQuestion(t.database.db, projectId, ['Un', 'Deux']);
    const options = ok<{
      categories: { id: string; tables: number; seats: number }[];
      questions: { id: string; choices: { label: { fr: string } }[] }[];
    }>(await camille.get(`/api/projects/${projectId}/pairing-options`));
    expect(options.categories).toEqual([
      expect.objectContaining({ id: categoryId, tables: 2, vipTables: 0, seats: 6 }),
    ]);
    expect(options.questions).toEqual([
      expect.objectContaining({
        id: questionId,
        choices: [expect.objectContaining({ label: { fr: 'Un', en: 'Un' } }), expect.anything()],
      }),
    ]);
  });
});
