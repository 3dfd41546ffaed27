import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildProject, insertParticipants, testClock } from '../../../tests/support/test-app';
import { projects, scoreSets } from '../../db/schema';
import { LOST_AFTER_MS, recoverScores, scoresSettled } from './score-runs';
import { loadScores } from './scores';

const clock = testClock();

const { t, camille, jordan } = withTestApp({ now: clock.now });

// biome-ignore lint/suspicious/noExplicitAny: JSON bodies
async function ok(response: { status: number; body: unknown }): Promise<any> {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A project with three participants and two questions: sector (single, weight 3) and goals (multiple, max 2). */
async function setUp() {
  const project = await buildProject(camille);
  const people = await insertParticipants(t.deps.db, project.id, [
    { first: 'Léa', last: 'Roy' },
    { first: 'Noé', last: 'Côté' },
    { first: 'Zoé', last: 'Gagnon' },
  ]);
  const base = `/api/projects/${project.id}/questions`;
  const sector = await ok(
    await camille.post(base, { title: { fr: 'Secteur', en: 'Sector' }, kind: 'single' }),
  );
  await ok(
    await camille.put(`${base}/${sector.id}/pairing`, { usedForMatching: true, weight: 3, reversed: false }),
  );
  for (const fr of ['Énergie', 'Santé'])
    await ok(await camille.post(`${base}/${sector.id}/choices`, { label: { fr, en: fr }, categoryId: null }));
  const goals = await ok(
    await camille.post(base, { title: { fr: 'Objectifs', en: 'Goals' }, kind: 'multiple' }),
  );
  await ok(
    await camille.put(`${base}/${goals.id}/settings`, {
      title: { fr: 'Objectifs', en: 'Goals' },
      help: { fr: '', en: '' },
      kind: 'multiple',
      maxChoices: 2,
      isMandatory: false,
    }),
  );
  for (const fr of ['Vendre', 'Acheter', 'Apprendre'])
    await ok(await camille.post(`${base}/${goals.id}/choices`, { label: { fr, en: fr }, categoryId: null }));
  const s = (await ok(await camille.get(`${base}/${sector.id}`))).choices.map((c: { id: string }) => c.id);
  const g = (await ok(await camille.get(`${base}/${goals.id}`))).choices.map((c: { id: string }) => c.id);
  await scoresSettled(project.id);
  return {
    project,
    people,
    sector: { id: sector.id as string, choices: s as string[] },
    goals: { id: goals.id as string, choices: g as string[] },
  };
}

const answersUrl = (projectId: string, participantId: string) =>
  `/api/projects/${projectId}/participants/${participantId}/answers`;

describe('answers (Q1) and scores (Q2)', () => {
  it('lists the questions asked to a participant and saves the answers, max choices enforced', async () => {
    const { project, people, sector, goals } = await setUp();
    const empty = await ok(await camille.get(answersUrl(project.id, people[0])));
    expect(empty.questions.map((q: { title: { en: string } }) => q.title.en)).toEqual(['Sector', 'Goals']);
    expect(empty.answers).toEqual({});

    const tooMany = await camille.put(answersUrl(project.id, people[0]), {
      answers: { [goals.id]: goals.choices },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields[0]).toMatchObject({
      field: `answers.${goals.id}`,
      code: 'validation.questions.tooManyChoices',
    });
    const twoSectors = await camille.put(answersUrl(project.id, people[0]), {
      answers: { [sector.id]: sector.choices },
    });
    expect(twoSectors.status).toBe(400);
    const foreign = await camille.put(answersUrl(project.id, people[0]), {
      answers: { [sector.id]: [goals.choices[0]] },
    });
    expect(foreign.body.fields[0].code).toBe('validation.questions.unknownChoice');

    const saved = await ok(
      await camille.put(answersUrl(project.id, people[0]), {
        answers: { [sector.id]: [sector.choices[0]], [goals.id]: goals.choices.slice(0, 2) },
      }),
    );
    expect(saved.answers).toEqual({
      [sector.id]: [sector.choices[0]],
      [goals.id]: goals.choices.slice(0, 2),
    });
    // Only the questions sent are replaced; an empty list clears one.
    const cleared = await ok(
      await camille.put(answersUrl(project.id, people[0]), { answers: { [goals.id]: [] } }),
    );
    expect(cleared.answers).toEqual({ [sector.id]: [sector.choices[0]] });
  });

  it('computes the scores after answers change, supersedes older ones, and reads a pair', async () => {
    const { project, people, sector, goals } = await setUp();
    const answer = (i: number, body: Record<string, string[]>) =>
      camille.put(answersUrl(project.id, people[i]), { answers: body });
    await ok(await answer(0, { [sector.id]: [sector.choices[0]], [goals.id]: [goals.choices[0]] }));
    await ok(await answer(1, { [sector.id]: [sector.choices[0]], [goals.id]: [goals.choices[1]] }));
    await ok(
      await answer(2, { [sector.id]: [sector.choices[1]], [goals.id]: [goals.choices[0], goals.choices[1]] }),
    );
    await scoresSettled(project.id);

    const pair = (a: number, b: number) =>
      camille.get(`/api/projects/${project.id}/scores/pair?a=${people[a]}&b=${people[b]}`);
    const ab = await ok(await pair(0, 1));
    expect(ab).toMatchObject({
      score: 3,
      maximum: 4,
      scores: { status: 'ready', progress: 100, participantCount: 3 },
    });
    expect((await ok(await pair(0, 2))).score).toBe(1);
    expect((await ok(await pair(1, 2))).score).toBe(1);

    const sets = await t.deps.db.select().from(scoreSets).where(eq(scoreSets.projectId, project.id));
    expect(sets.filter((s) => s.status === 'ready')).toHaveLength(1);
    const older = sets.filter((s) => s.status === 'superseded');
    expect(older.length).toBeGreaterThan(0);
    // The files of superseded sets are gone; the ready one's are there.
    for (const s of older) expect(await t.deps.storage.get(`scores/${project.id}/${s.id}.bin`)).toBeNull();
    const loaded = await loadScores(t.deps, project.id);
    expect(loaded?.participantIds).toEqual(people);
    expect(loaded?.matrix.get(0, 1)).toBeCloseTo(3, 3);
  });

  it('saves the weights in one request and the scores follow; reversed flips a question', async () => {
    const { project, people, sector, goals } = await setUp();
    await ok(
      await camille.put(answersUrl(project.id, people[0]), { answers: { [sector.id]: [sector.choices[0]] } }),
    );
    await ok(
      await camille.put(answersUrl(project.id, people[1]), { answers: { [sector.id]: [sector.choices[0]] } }),
    );
    const weightsUrl = `/api/projects/${project.id}/question-weights`;
    const list = await ok(await camille.get(weightsUrl));
    expect(list.items.map((i: { title: { en: string }; weight: number }) => [i.title.en, i.weight])).toEqual([
      ['Sector', 3],
      ['Goals', 1],
    ]);
    const bad = await camille.put(weightsUrl, { items: [{ id: sector.id, weight: -1, reversed: false }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].field).toBe('items.0.weight');
    const saved = await ok(
      await camille.put(weightsUrl, {
        items: [
          { id: sector.id, weight: 50, reversed: true },
          { id: goals.id, weight: 20, reversed: false },
        ],
      }),
    );
    expect(saved.items.map((i: { weight: number; reversed: boolean }) => [i.weight, i.reversed])).toEqual([
      [50, true],
      [20, false],
    ]);
    expect(saved.scores.status).toBe('computing');
    await scoresSettled(project.id);
    const pair = await ok(
      await camille.get(`/api/projects/${project.id}/scores/pair?a=${people[0]}&b=${people[1]}`),
    );
    expect(pair).toMatchObject({ score: 0, maximum: 70, scores: { status: 'ready' } });
  });

  it('resets the scores: the stored ones go and a fresh computation follows', async () => {
    const { project, people } = await setUp();
    const before = await loadScores(t.deps, project.id);
    expect(before).not.toBeNull();
    await ok(await camille.post(`/api/projects/${project.id}/scores/reset`));
    expect(await t.deps.storage.get(`scores/${project.id}/${before?.scoreSetId}.bin`)).toBeNull();
    await scoresSettled(project.id);
    const after = await loadScores(t.deps, project.id);
    expect(after?.scoreSetId).not.toBe(before?.scoreSetId);
    expect(after?.participantIds).toEqual(people);
  });

  it('queues again a computation whose process stopped, and never runs two at once', async () => {
    const { project: project1 } = await setUp();
    // A computation left running by a stopped process: its heartbeat is old.
    const [lost] = await t.deps.db
      .insert(scoreSets)
      .values({
        companyId: (await t.deps.db.select().from(projects).where(eq(projects.id, project1.id)))[0].companyId,
        projectId: project1.id,
        status: 'running',
        heartbeatAt: new Date(clock.now().getTime() - LOST_AFTER_MS - 1000),
        startedAt: new Date(clock.now().getTime() - LOST_AFTER_MS - 1000),
      })
      .returning();
    const status = await ok(await camille.get(`/api/projects/${project1.id}/question-weights`));
    expect(status.scores.status).toBe('computing');
    await recoverScores(t.deps);
    await scoresSettled(project1.id);
    const [row] = await t.deps.db.select().from(scoreSets).where(eq(scoreSets.id, lost.id));
    expect(row.status).toBe('ready');
    const all = await t.deps.db.select().from(scoreSets).where(eq(scoreSets.projectId, project1.id));
    expect(all.filter((s) => s.status === 'running' || s.status === 'queued')).toEqual([]);
    expect(all.filter((s) => s.status === 'ready')).toHaveLength(1);
  });

  it("answers 404 for another company's participant, weights and scores", async () => {
    const { project, people } = await setUp();
    expect((await jordan.get(answersUrl(project.id, people[0]))).status).toBe(404);
    expect((await jordan.put(answersUrl(project.id, people[0]), { answers: {} })).status).toBe(404);
    expect((await jordan.get(`/api/projects/${project.id}/question-weights`)).status).toBe(404);
    expect((await jordan.put(`/api/projects/${project.id}/question-weights`, { items: [] })).status).toBe(
      404,
    );
    expect((await jordan.post(`/api/projects/${project.id}/scores/reset`)).status).toBe(404);
    expect(
      (await jordan.get(`/api/projects/${project.id}/scores/pair?a=${people[0]}&b=${people[1]}`)).status,
    ).toBe(404);
    const other = await buildProject(camille);
    expect((await camille.get(answersUrl(other.id, people[0]))).status).toBe(404);
  });
});
