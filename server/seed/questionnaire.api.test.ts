import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app';
import { participants, projects } from '../db/schema';
import { recoverScores, scoresSettled } from '../modules/questions/score-runs';
import { loadScores } from '../modules/questions/scores';
import { DEMO_ORGANISER } from './demo';
import { FIRST_DEMO_PROJECT } from './groups';

let t: TestApp;
let project: typeof projects.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  [project] = await t.database.db.select().from(projects).where(eq(projects.nameFr, FIRST_DEMO_PROJECT));
});
afterAll(() => t.close());

describe('the demo questionnaire', () => {
  it('has eight bilingual questions with weights, a linked offer/seek pair with mirrored choices', async () => {
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const list = await organiser.get(`/api/projects/${project.id}/questions`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((q: { title: { en: string } }) => q.title.en)).toEqual([
      'Industry',
      'Company size',
      'What I offer',
      'What I seek',
      'Goals at the event',
      'Languages spoken',
      'Region',
      'Annual purchasing budget',
    ]);
    const offer = list.body.items[2];
    const detail = await organiser.get(`/api/projects/${project.id}/questions/${offer.id}`);
    expect(detail.body.linkedQuestion.title.fr).toBe('Ce que je cherche');
    expect(detail.body.choices.every((c: { linkedChoiceId: string | null }) => c.linkedChoiceId)).toBe(true);
    const weights = await organiser.get(`/api/projects/${project.id}/question-weights`);
    expect(weights.body.items.map((q: { weight: number }) => q.weight)).toEqual([
      20, 10, 30, 30, 15, 5, 10, 10,
    ]);
  });

  it('answers every question for every participant, within the limits, and computes the scores at start', async () => {
    const organiser = await signIn(t.app, DEMO_ORGANISER);
    const people = await t.database.db
      .select()
      .from(participants)
      .where(eq(participants.projectId, project.id));
    expect(people.length).toBeGreaterThan(0);
    const one = await organiser.get(`/api/projects/${project.id}/participants/${people[0].id}/answers`);
    expect(Object.keys(one.body.answers)).toHaveLength(8);
    for (const q of one.body.questions as { id: string; kind: string; maxChoices: number | null }[]) {
      const chosen = one.body.answers[q.id];
      expect(chosen.length).toBeGreaterThanOrEqual(1);
      expect(chosen.length).toBeLessThanOrEqual(q.kind === 'single' ? 1 : (q.maxChoices ?? 99));
    }
    await recoverScores(t.deps);
    await scoresSettled(project.id);
    const scores = await loadScores(t.deps, project.id);
    expect(scores?.participantIds).toHaveLength(people.length);
    const status = await organiser.get(`/api/projects/${project.id}/question-weights`);
    expect(status.body.scores).toMatchObject({ status: 'ready', participantCount: people.length });
  });
});
