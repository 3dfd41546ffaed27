import { describe, expect, it } from 'vitest';
import { randomQuestionnaire, seededRandom } from '../random';
import { pairScore, type ScoreQuestion } from '../score';
import { balancedBlocks, rowStart } from './encode';
import { computeScores, computeScoresHere, topScores } from './index';

function expectSameAsPairScore(questions: ScoreQuestion[], answers: Record<string, string[]>[]) {
  const scores = computeScoresHere(
    questions,
    answers.map((a) => ({ answers: a })),
  );
  const total = questions.reduce((sum, q) => sum + q.weight, 0);
  // The quantisation bound: half a step of 1 / scale (scale = 65535 / Σ weights).
  const bound = total / 131070 + 1e-9;
  let worst = 0;
  for (let i = 0; i < answers.length; i++) {
    for (let j = 0; j < answers.length; j++) {
      if (i === j) continue;
      worst = Math.max(worst, Math.abs(scores.get(i, j) - pairScore(questions, answers[i], answers[j])));
    }
  }
  expect(worst).toBeLessThanOrEqual(bound);
  return scores;
}

describe('computeScores', () => {
  it('equals pairScore within the quantisation on random questionnaires', () => {
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed);
      const { questions, answers } = randomQuestionnaire(random, 60, {
        questions: 12,
        choices: [2, 8],
        answersPerPerson: [1, 3],
        unanswered: 0.15,
        reversed: 0.3,
        weights: [0, 5],
      });
      expectSameAsPairScore(questions, answers);
    }
  });

  it('handles questions with more answers than one word holds, and weights that are not integers', () => {
    const random = seededRandom(7);
    const { questions, answers } = randomQuestionnaire(random, 40, {
      questions: 3,
      choices: [40, 70],
      answersPerPerson: [1, 4],
      reversed: 0.5,
    });
    expectSameAsPairScore(
      questions.map((q, k) => ({ ...q, weight: 0.7 + k * 1.3 })),
      answers,
    );
  });

  it('counts a reversed question for people who share no answer, and nothing for the unanswered', () => {
    const questions = [
      { id: 'sector', weight: 3, reversed: false },
      { id: 'size', weight: 2, reversed: true },
    ];
    const people: { answers: Record<string, string[]> }[] = [
      { answers: { sector: ['food', 'wine'], size: ['small'] } },
      { answers: { sector: ['wine'], size: ['large'] } },
      { answers: { sector: ['steel'], size: ['small', 'large'] } },
      { answers: {} },
    ];
    const scores = computeScoresHere(questions, people);
    expect(scores.get(0, 1)).toBeCloseTo(5, 3);
    expect(scores.get(1, 0)).toBeCloseTo(5, 3);
    expect(scores.get(0, 2)).toBeCloseTo(0, 3);
    expect(scores.get(1, 2)).toBeCloseTo(0, 3);
    for (const other of [0, 1, 2]) expect(scores.get(3, other)).toBe(0);
    expect(scores.get(2, 2)).toBe(0);
    expect(() => scores.get(2, 4)).toThrow(RangeError);
  });

  it('gives zeros without questions, and an empty triangle for one person', () => {
    const none = computeScoresHere([], [{ answers: {} }, { answers: { q: ['a'] } }]);
    expect(none.get(0, 1)).toBe(0);
    expect(
      computeScoresHere([{ id: 'q', weight: 1, reversed: false }], [{ answers: {} }]).values,
    ).toHaveLength(0);
  });

  it('writes the same bytes with 1 and 2 threads', async () => {
    const random = seededRandom(11);
    const { questions, answers } = randomQuestionnaire(random, 300, { reversed: 0.2, unanswered: 0.05 });
    const people = answers.map((a) => ({ answers: a }));
    const one = await computeScores(questions, people, { threads: 1 });
    const two = await computeScores(questions, people, { threads: 2, workersFrom: 0 });
    expect(two.scale).toBe(one.scale);
    expect(Buffer.from(two.values.buffer).equals(Buffer.from(one.values.buffer))).toBe(true);
  });
});

describe('balancedBlocks', () => {
  it('cuts every row once into runs of about the same number of pairs', () => {
    const n = 1000;
    const bounds = balancedBlocks(n, 16);
    expect(bounds[0]).toBe(0);
    expect(bounds.at(-1)).toBe(n);
    const areas = bounds.slice(1).map((end, k) => rowStart(n, end) - rowStart(n, bounds[k]));
    const ideal = rowStart(n, n) / 16;
    for (const area of areas) expect(Math.abs(area - ideal)).toBeLessThan(n);
  });
});

describe('topScores', () => {
  it('lists each person’s best others, best first, the lower index first on ties', () => {
    const random = seededRandom(5);
    const { questions, answers } = randomQuestionnaire(random, 50, { questions: 6 });
    const scores = computeScoresHere(
      questions,
      answers.map((a) => ({ answers: a })),
    );
    const top = topScores(scores, 5);
    for (let i = 0; i < 50; i++) {
      const expected = [...Array(50).keys()]
        .filter((j) => j !== i)
        .sort((a, b) => scores.get(i, b) - scores.get(i, a) || a - b)
        .slice(0, 5);
      expect([...top.people.subarray(i * 5, i * 5 + 5)]).toEqual(expected);
    }
    expect(topScores(scores, 100).k).toBe(49);
  });
});
