import { describe, expect, it } from 'vitest';
import { type Answers, pairScore } from '../../matching/score';
import { triangleIndex } from '../../matching/scores';
import type { ScoringQuestion } from '../questions/score-input';
import { scoreProject } from '../questions/score-input';
import { breakdownLines } from './breakdown';
import { averages, decodePair, overallAverage, pairCount, QUANTUM, sortedPairs } from './pairs';

// A 4-person matrix of quantised values: (0,1) 30, (0,2) 20, (0,3) 0, (1,2) 20, (1,3) 10, (2,3) 0.
const n = 4;
const table: Record<string, number> = { '0,1': 30, '0,2': 20, '0,3': 0, '1,2': 20, '1,3': 10, '2,3': 0 };
const value = (i: number, j: number) => table[i < j ? `${i},${j}` : `${j},${i}`];
const decoded = (keys: Float64Array) =>
  [...keys].map((key) => decodePair(n, key)).map(({ i, j, value: v }) => `${i}-${j}:${v}`);

describe('sortedPairs', () => {
  it('lists each unordered pair once when from and to overlap, best first, ties in index order', () => {
    const all = [0, 1, 2, 3];
    expect(decoded(sortedPairs(n, all, all, value))).toEqual([
      '0-1:30',
      '0-2:20',
      '1-2:20',
      '1-3:10',
      '0-3:0',
      '2-3:0',
    ]);
    expect(pairCount(all, all)).toBe(6);
  });

  it('keeps the « from » person first, and leaves a person with themself out', () => {
    expect(decoded(sortedPairs(n, [3], [0, 1, 2, 3], value))).toEqual(['3-1:10', '3-0:0', '3-2:0']);
    expect(decoded(sortedPairs(n, [2, 3], [1, 2], value))).toEqual(['2-1:20', '3-1:10', '3-2:0']);
    expect(pairCount([2, 3], [1, 2])).toBe(3);
    expect(decoded(sortedPairs(n, [1], [1], value))).toEqual([]);
  });
});

describe('averages', () => {
  it('averages each « from » person against « to », best first, and every pair once overall', () => {
    const rows = averages([0, 3], [0, 1, 2], value);
    expect(rows).toEqual([
      { index: 0, count: 2, value: 25 },
      { index: 3, count: 3, value: 10 / 3 },
    ]);
    expect(overallAverage(n, [0, 1, 2, 3], [0, 1, 2, 3], value)).toEqual({ value: 80 / 6, pairs: 6 });
    expect(averages([1], [1], value)).toEqual([{ index: 1, count: 0, value: null }]);
    expect(QUANTUM).toBe(65535);
  });
});

describe('breakdownLines', () => {
  it('sums to the score the job computes, linked questions included', async () => {
    const offer: ScoringQuestion = {
      id: 'a-offer',
      kind: 'multiple',
      weight: 30,
      reversed: false,
      linkedQuestionId: 'b-seek',
      mirrors: new Map([
        ['o1', 's1'],
        ['o2', 's2'],
      ]),
      standardValues: [],
    };
    const seek: ScoringQuestion = {
      ...offer,
      id: 'b-seek',
      weight: 10,
      reversed: true,
      linkedQuestionId: 'a-offer',
      mirrors: new Map([
        ['s1', 'o1'],
        ['s2', 'o2'],
      ]),
    };
    const sector: ScoringQuestion = {
      ...offer,
      id: 'c-sector',
      weight: 5,
      linkedQuestionId: null,
      mirrors: new Map(),
    };
    const questions = [offer, seek, sector];
    const answers: Answers[] = [
      { 'a-offer': ['o1'], 'c-sector': ['x'] },
      { 'b-seek': ['s1'], 'c-sector': ['x'] },
      { 'b-seek': ['s2'] },
      { 'c-sector': ['x'] },
      {},
    ];
    const matrix = await scoreProject(questions, answers, { threads: 1 });
    for (let i = 0; i < answers.length; i++) {
      for (let j = i + 1; j < answers.length; j++) {
        const lines = breakdownLines(questions, answers[i], answers[j]);
        const sum = lines.reduce((s, line) => s + line.points, 0);
        expect(sum).toBeCloseTo(matrix.values[triangleIndex(answers.length, i, j)] / matrix.scale, 2);
      }
    }
    const met = breakdownLines(questions, answers[0], answers[1]);
    expect(met.map((l) => [l.questionId, l.matched, l.points])).toEqual([
      ['a-offer', true, 30],
      ['b-seek', true, 0],
      ['c-sector', true, 5],
    ]);
    // The plain question alone is pairScore's.
    expect(breakdownLines([sector], answers[0], answers[3])[0].points).toBe(
      pairScore([sector], answers[0], answers[3]),
    );
  });
});
