import { describe, expect, it } from 'vitest';
import { tablesInstance } from '../instance';
import { pairScore, pairScorer } from '../score';
import { scoreMatrix } from './score-matrix';

describe('scoreMatrix', () => {
  it('equals pairScore for every pair, with reversed and unanswered questions and many answers', () => {
    let state = 7;
    const random = (k: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % k;
    };
    const questions = [
      { id: 'a', weight: 3, reversed: false },
      { id: 'b', weight: 1.5, reversed: true },
      { id: 'c', weight: 2, reversed: false },
    ];
    const people = Array.from({ length: 30 }, (_, i) => ({
      id: `p${i}`,
      answers: Object.fromEntries(
        questions
          .filter(() => random(5) > 0)
          .map((q) => [
            q.id,
            Array.from({ length: 1 + random(3) }, () => `x${random(q.id === 'c' ? 40 : 4)}`),
          ]),
      ),
    }));
    const instance = tablesInstance.parse({
      kind: 'tables',
      rounds: 1,
      objective: 'similar',
      tables: [{ id: 'T', seats: 30, vip: false }],
      questions,
      people,
    });
    const matrix = scoreMatrix(instance)!;
    for (let i = 0; i < people.length; i++)
      for (let j = 0; j < people.length; j++)
        if (i !== j)
          expect(matrix[i * people.length + j]).toBe(
            pairScore(questions, people[i].answers, people[j].answers),
          );
  });

  it('equals pairScore with a linked pair: what one offers meets what the other seeks, either way', () => {
    let state = 11;
    const random = (k: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % k;
    };
    const mirrors = Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`o${k}`, `s${k}`]));
    const link = { offer: 'offer', seek: 'seek', mirrors };
    const questions = [
      { id: 'offer', weight: 30, reversed: false, link },
      { id: 'seek', weight: 20, reversed: true, link },
      { id: 'plain', weight: 5, reversed: false },
    ];
    const pick = (prefix: string, k: number) =>
      Array.from({ length: 1 + random(3) }, () => `${prefix}${random(k)}`);
    const people = Array.from({ length: 40 }, (_, i) => ({
      id: `p${i}`,
      answers: Object.fromEntries(
        [
          ['offer', pick('o', 40)],
          ['seek', pick('s', 40)],
          ['plain', pick('x', 4)],
        ].filter(() => random(4) > 0),
      ),
    }));
    const instance = tablesInstance.parse({
      kind: 'tables',
      rounds: 1,
      objective: 'similar',
      tables: [{ id: 'T', seats: 40, vip: false }],
      questions,
      people,
    });
    const matrix = scoreMatrix(instance)!;
    let linkedMatches = 0;
    for (let i = 0; i < people.length; i++)
      for (let j = 0; j < people.length; j++) {
        if (i === j) continue;
        const expected = pairScore(questions, people[i].answers, people[j].answers);
        expect(matrix[i * people.length + j]).toBe(expected);
        if (expected >= 30) linkedMatches++;
      }
    // The random answers do make offers meet seeks (the test is not vacuous).
    expect(linkedMatches).toBeGreaterThan(0);
  });

  it('equals pairScore and pairScorer on a questionnaire answered in part (one question a pair, reversed ones too)', () => {
    let state = 5;
    const random = (k: number) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state % k;
    };
    const n = 24;
    const questions: { id: string; weight: number; reversed: boolean }[] = [];
    const answers: Record<string, string[]>[] = Array.from({ length: n }, () => ({}));
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        if (random(3) === 0) continue;
        const id = `d${i}-${j}`;
        // Weights like MDGP's real distances; some reversed questions answered differently by a third person.
        questions.push({ id, weight: random(100_000) / 1000, reversed: random(10) === 0 });
        answers[i][id] = ['yes'];
        answers[j][id] = [random(5) === 0 ? 'no' : 'yes'];
        if (random(4) === 0) answers[random(n)][id] = ['maybe'];
      }
    const people = answers.map((a, i) => ({ id: `p${i}`, answers: a }));
    const instance = tablesInstance.parse({
      kind: 'tables',
      rounds: 1,
      objective: 'similar',
      tables: [{ id: 'T', seats: n, vip: false }],
      questions,
      people,
    });
    const matrix = scoreMatrix(instance)!;
    const scorer = pairScorer(questions, answers);
    let nonZero = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const expected = pairScore(questions, answers[i], answers[j]);
        expect(matrix[i * n + j]).toBe(expected);
        expect(scorer(i, j)).toBe(expected);
        if (expected > 0) nonZero++;
      }
    expect(nonZero).toBeGreaterThan(n);
  });
});
