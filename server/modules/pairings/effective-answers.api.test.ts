import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTestApp } from '../../../tests/support/api-fixture';
import { projects } from '../../db/schema';
import { scoreMatrix } from '../../matching/tables/score-matrix';
import { scoresSettled } from '../questions/score-runs';
import { api, ok, pairingBody, pairingsUrl, setUpProject } from './fixtures';
import { buildTablesInstance } from './instance-builder';
import { loadPairingData } from './instance-loader';
import { getPairingRow } from './service';

/**
 * « Profils semblables » scores pairs as the scores screen does: with each person's effective answers, the standard
 * values of a question standing for the answer of someone who gave none (docs/matching/pairings.md).
 */
const { t, camille } = withTestApp({ users: ['camille'] });

async function question(projectId: string, fr: string, kind: string, weight: number, labels: string[]) {
  const base = `${api(projectId)}/questions`;
  const q = ok<{ id: string }>(await camille.post(base, { title: { fr, en: `${fr} (en)` }, kind }));
  ok(await camille.put(`${base}/${q.id}/pairing`, { usedForMatching: true, weight, reversed: false }));
  for (const label of labels)
    ok(await camille.post(`${base}/${q.id}/choices`, { label: { fr: label, en: label }, categoryId: null }));
  const detail = ok<{ choices: { id: string }[] }>(await camille.get(`${base}/${q.id}`));
  return { id: q.id, choices: detail.choices.map((c) => c.id) };
}

async function standardValue(projectId: string, questionId: string, choiceId: string) {
  ok(
    await camille.post(`${api(projectId)}/questions/${questionId}/standard-values`, {
      choiceId,
      roleId: null,
      groupId: null,
    }),
  );
}

describe('the pairing’s instance and the scores screen', () => {
  it('give a person who answered nothing the standard values, and score every pair alike', async () => {
    const { projectId, categoryId, participants } = await setUpProject(camille, t.deps.db, {
      tables: 2,
      seats: 4,
      people: 4,
    });
    const [lea, noe, zoe, emile] = participants;
    const sector = await question(projectId, 'Secteur', 'single', 3, ['Énergie', 'Santé']);
    const goals = await question(projectId, 'Objectifs', 'multiple', 2, ['Vendre', 'Acheter', 'Apprendre']);
    const [energy, health] = sector.choices;
    const [sell, buy, learn] = goals.choices;
    await standardValue(projectId, sector.id, energy);
    await standardValue(projectId, goals.id, sell);
    await standardValue(projectId, goals.id, learn);
    const answers: [string, Record<string, string[]>][] = [
      [lea, { [sector.id]: [energy], [goals.id]: [sell] }],
      [noe, { [sector.id]: [health], [goals.id]: [learn] }],
      // Zoé answered the goals only: her sector is the standard one.
      [zoe, { [goals.id]: [buy] }],
    ];
    for (const [id, body] of answers)
      ok(await camille.put(`${api(projectId)}/participants/${id}/answers`, { answers: body }));
    await scoresSettled(projectId);

    const pairing = ok<{ id: string }>(
      await camille.post(
        pairingsUrl(projectId),
        pairingBody(categoryId, { algorithm: 2, objective: 'similar' }),
      ),
    );
    const [project] = await t.deps.db.select().from(projects).where(eq(projects.id, projectId));
    const row = await getPairingRow(t.deps.db, { companyId: project.companyId, projectId }, pairing.id);
    const instance = buildTablesInstance(await loadPairingData(t.deps.db, row, projectId));

    const person = (id: string) => instance.people.find((p) => p.id === id);
    const sorted = (answers: Record<string, readonly string[]> | undefined) =>
      Object.fromEntries(Object.entries(answers ?? {}).map(([q, chosen]) => [q, [...chosen].sort()]));
    // Émile answered nothing: the standard values (one for a single-choice question, all for a multiple one).
    expect(sorted(person(emile)?.answers)).toEqual({
      [sector.id]: [energy],
      [goals.id]: [sell, learn].sort(),
    });
    expect(sorted(person(zoe)?.answers)).toEqual({ [sector.id]: [energy], [goals.id]: [buy] });
    expect(sorted(person(lea)?.answers)).toEqual({ [sector.id]: [energy], [goals.id]: [sell] });

    // Every pair: the score the tables solver's matrix holds is the one the scores screen shows.
    const matrix = scoreMatrix(instance);
    expect(matrix).not.toBeNull();
    const n = instance.people.length;
    const index = new Map(instance.people.map((p, k) => [p.id, k]));
    const seen: Record<string, number> = {};
    for (let i = 0; i < participants.length; i++)
      for (let j = i + 1; j < participants.length; j++) {
        const [a, b] = [participants[i], participants[j]];
        const breakdown = ok<{ score: number }>(
          await camille.get(`${api(projectId)}/scores/breakdown?a=${a}&b=${b}`),
        );
        const solver = matrix![(index.get(a) as number) * n + (index.get(b) as number)];
        expect(solver, `${i}–${j}`).toBe(breakdown.score);
        seen[`${i}–${j}`] = solver;
      }
    // Léa–Émile: the same sector and « Vendre » through Émile's standard values; without them, 0.
    expect(seen['0–3']).toBe(5);
    expect(seen).toEqual({ '0–1': 0, '0–2': 3, '0–3': 5, '1–2': 0, '1–3': 2, '2–3': 3 });
    // About 30 requests and a scores job: room for a loaded 2-core machine (it took 4 s idle, over 30 s at load 24).
  }, 90_000);
});
