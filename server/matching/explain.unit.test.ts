import { describe, expect, it } from 'vitest';
import { explainMeetings, scoreBreakdown } from './explain';
import { meetingsInstance } from './instance';
import { pairScore } from './score';

const questions = [
  { id: 'sector', weight: 3, reversed: false },
  { id: 'size', weight: 2, reversed: true },
  { id: 'lang', weight: 1, reversed: false },
];

describe('scoreBreakdown', () => {
  it('gives each question its points, summing to the pair score', () => {
    const a = { sector: ['it', 'health'], size: ['small'], lang: ['fr'] };
    const b = { sector: ['health'], size: ['large'] };
    const lines = scoreBreakdown(questions, a, b);
    expect(lines).toEqual([
      { question: 'sector', weight: 3, reversed: false, shared: ['health'], answeredByBoth: true, points: 3 },
      { question: 'size', weight: 2, reversed: true, shared: [], answeredByBoth: true, points: 2 },
      { question: 'lang', weight: 1, reversed: false, shared: [], answeredByBoth: false, points: 0 },
    ]);
    expect(lines.reduce((sum, l) => sum + l.points, 0)).toBe(pairScore(questions, a, b));
  });
});

describe('explainMeetings', () => {
  const instance = meetingsInstance.parse({
    kind: 'meetings',
    slots: 3,
    tables: 1,
    people: [
      { id: 'ann', available: [0, 1, 2], max: 1 },
      { id: 'bob', available: [0, 1, 2], max: 3 },
      { id: 'cat', available: [0, 1, 2], max: 3 },
      { id: 'dan', available: [2], max: 3 },
      { id: 'eve', available: [0], max: 3 },
    ],
    requests: [
      { a: 'ann', b: 'bob', weight: 5 },
      { a: 'ann', b: 'cat', weight: 1 },
      { a: 'dan', b: 'eve', weight: 2 },
      { a: 'bob', b: 'cat', weight: 2 },
      { a: 'cat', b: 'dan', weight: 1 },
    ],
  });

  it('names, for each request left out, the constraint that stopped it', () => {
    // Slot 0: ann–bob; slot 1: bob–cat; slot 2: left empty, so cat–dan could go there.
    const result = {
      meetings: [
        { a: 'ann', b: 'bob', slot: 0, table: 0 },
        { a: 'bob', b: 'cat', slot: 1, table: 0 },
      ],
      stats: { weight: 7, bound: 7, seconds: 0 },
    };
    const shortfalls = explainMeetings(instance, result, {
      blocked: [['bob', 'eve']],
      removed: [{ a: 'bob', b: 'eve', weight: 1 }],
    });
    const reasons = Object.fromEntries(
      shortfalls.flatMap((s) => s.unplaced.map((u) => [`${s.person}→${u.other}`, u.reason])),
    );
    expect(reasons['ann→cat']).toEqual({ code: 'cap', person: 'ann', cap: 1 });
    expect(reasons['dan→eve']).toEqual({ code: 'availability' });
    expect(reasons['cat→dan']).toEqual({ code: 'placeable', slots: [2] });
    expect(reasons['bob→eve']).toEqual({ code: 'blocked' });
    const ann = shortfalls.find((s) => s.person === 'ann');
    expect(ann).toMatchObject({ requested: 2, placed: 1 });
  });

  it('tells a full slot (capacity) from a person busy elsewhere (calendar)', () => {
    const small = meetingsInstance.parse({
      kind: 'meetings',
      slots: 1,
      tables: 1,
      people: ['a', 'b', 'c', 'd'].map((id) => ({ id, available: [0], max: 2 })),
      requests: [
        { a: 'a', b: 'b', weight: 3 },
        { a: 'c', b: 'd', weight: 1 },
        { a: 'a', b: 'c', weight: 1 },
      ],
    });
    const result = {
      meetings: [{ a: 'a', b: 'b', slot: 0, table: 0 }],
      stats: { weight: 3, bound: 3, seconds: 0 },
    };
    const reasons = Object.fromEntries(
      explainMeetings(small, result).flatMap((s) =>
        s.unplaced.map((u) => [`${s.person}→${u.other}`, u.reason]),
      ),
    );
    expect(reasons['c→d']).toEqual({ code: 'capacity', slots: [0] });
    expect(reasons['a→c']).toEqual({ code: 'calendar', slots: [0] });
  });
});
