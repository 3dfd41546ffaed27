import { describe, expect, it } from 'vitest';
import { randomQuestionnaire, seededRandom } from '../random';
import { type Answers, pairScore, type ScoreQuestion } from '../score';
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

/**
 * Random linked pairs beside plain questions: « offer k » (choices o0…) mirrored onto « seek k » (choices s0…), some
 * offers without a mirror, people answering one side, both or neither; weights 0–4, some reversed.
 */
function linkedQuestionnaire(seed: number, n: number, pairs: number, choices: number) {
  const random = seededRandom(seed);
  const plain = randomQuestionnaire(random, n, { questions: 5, unanswered: 0.2, reversed: 0.3 });
  const questions: ScoreQuestion[] = [...plain.questions];
  const answers = plain.answers.map((a) => ({ ...a }));
  const pick = (count: number, prefix: string) => {
    const chosen = new Set<string>();
    const wanted = 1 + Math.floor(random() * 3);
    for (let c = 0; c < wanted; c++) chosen.add(`${prefix}${Math.floor(random() * count)}`);
    return [...chosen];
  };
  for (let k = 0; k < pairs; k++) {
    const mirrors: Record<string, string> = {};
    for (let c = 0; c < choices; c++) if (random() < 0.85) mirrors[`o${c}`] = `s${(c * 7 + k) % choices}`;
    const link = { offer: `offer${k}`, seek: `seek${k}`, mirrors };
    const weight = () => Math.floor(random() * 5);
    questions.push({ id: link.offer, weight: weight(), reversed: random() < 0.3, link });
    questions.push({ id: link.seek, weight: weight(), reversed: random() < 0.3, link });
    for (const a of answers) {
      if (random() < 0.7) a[link.offer] = pick(choices, 'o');
      if (random() < 0.7) a[link.seek] = pick(choices, 's');
    }
  }
  return { questions, answers };
}

describe('computeScores with linked questions (« Ce que j’offre » ↔ « Ce que je cherche »)', () => {
  it('equals pairScore within the quantisation on random questionnaires, in one pass', () => {
    for (const [seed, pairs, choices] of [
      [1, 1, 6],
      [2, 3, 12],
      [3, 2, 45],
    ]) {
      const { questions, answers } = linkedQuestionnaire(seed, 80, pairs, choices);
      expectSameAsPairScore(questions, answers);
    }
  });

  it('matches what one offers with what the other seeks, either way, and counts both questions', () => {
    const link = { offer: 'offer', seek: 'seek', mirrors: { oWine: 'sWine', oSteel: 'sSteel' } };
    const questions: ScoreQuestion[] = [
      { id: 'offer', weight: 2, reversed: false, link },
      { id: 'seek', weight: 3, reversed: false, link },
      { id: 'plain', weight: 1, reversed: false },
    ];
    const people: { answers: Answers }[] = [
      { answers: { offer: ['oWine'] } }, // offers wine
      { answers: { seek: ['sWine'] } }, // seeks wine
      { answers: { offer: ['oSteel'], seek: ['sFood'] } },
      { answers: { plain: ['x'] } }, // neither side
      { answers: { seek: ['sSteel'], plain: ['x'] } },
    ];
    const scores = computeScoresHere(questions, people);
    expect(scores.get(0, 1)).toBeCloseTo(5, 3);
    expect(scores.get(1, 0)).toBeCloseTo(5, 3);
    expect(scores.get(0, 2)).toBeCloseTo(0, 3);
    expect(scores.get(2, 4)).toBeCloseTo(5, 3);
    expect(scores.get(3, 4)).toBeCloseTo(1, 3);
    expect(scores.get(0, 3)).toBe(0);
    const reversed = computeScoresHere(
      questions.map((q) => (q.id === 'seek' ? { ...q, reversed: true } : q)),
      people,
    );
    // A match scores the offer's 2 only; no match (both answered) the reversed 3; neither side answered: 0.
    expect(reversed.get(0, 1)).toBeCloseTo(2, 3);
    expect(reversed.get(0, 2)).toBeCloseTo(3, 3);
    expect(reversed.get(0, 3)).toBe(0);
  });

  it('writes the same bytes with 1 and 2 threads', async () => {
    const { questions, answers } = linkedQuestionnaire(9, 300, 2, 20);
    const people = answers.map((a) => ({ answers: a }));
    const one = await computeScores(questions, people, { threads: 1 });
    const two = await computeScores(questions, people, { threads: 2, workersFrom: 0 });
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
