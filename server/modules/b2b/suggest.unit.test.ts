import { describe, expect, it } from 'vitest';
import { suggestions, weightOfRank } from './suggest';

const questions = [
  { id: 'sector', weight: 2, reversed: false },
  { id: 'size', weight: 1, reversed: true },
];

describe('questionnaire suggestions', () => {
  it('spread the ranks over the weights 5 to 1', () => {
    expect([0, 1, 2, 3, 4].map((rank) => weightOfRank(rank, 5))).toEqual([5, 4, 3, 2, 1]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((rank) => weightOfRank(rank, 10))).toEqual([
      5, 5, 4, 4, 3, 3, 2, 2, 1, 1,
    ]);
    expect(weightOfRank(0, 1)).toBe(5);
  });

  it('give each person their best partners by score (ties by id), never a skipped pair nor a score of 0', () => {
    const answers = new Map([
      ['a', { sector: ['energy'], size: ['small'] }],
      ['b', { sector: ['energy'], size: ['large'] }],
      ['c', { sector: ['energy'], size: ['small'] }],
      ['d', { sector: ['food'], size: ['small'] }],
    ]);
    const found = suggestions(
      ['d', 'c', 'b', 'a'],
      questions,
      answers,
      2,
      (x, y) => x + y === 'ac' || x + y === 'ca',
    );
    const of = (id: string) =>
      found.filter((s) => s.requesterId === id).map((s) => `${s.requestedId}:${s.weight}`);
    // a–b: 2 (sector) + 1 (reversed size differs) = 3; a–c skipped; a–d: 0.
    expect(of('a')).toEqual(['b:5']);
    // b–a 3, b–c 3 (tie: by id), b–d 1.
    expect(of('b')).toEqual(['a:5', 'c:3']);
    expect(of('d')).toEqual(['b:5']);
    expect(suggestions(['a', 'b', 'c', 'd'], questions, answers, 2, () => false)).toEqual(
      suggestions(['d', 'c', 'b', 'a'], questions, answers, 2, () => false),
    );
  });
});
