import { describe, expect, it } from 'vitest';
import { checkResult } from './checker';
import {
  type MeetingsInstance,
  type MeetingsResult,
  meetingsInstance,
  type TablesInstance,
  type TablesResult,
  tablesInstance,
} from './instance';

const stats = (over: Partial<TablesResult['stats']> = {}): TablesResult['stats'] => ({
  repeats: 0,
  blockedTogether: 0,
  vipMisplaced: 0,
  score: 0,
  chosenTablesMet: 1,
  seconds: 0.1,
  bound: { repeatsAtLeast: 0, scoreAtMost: 100 },
  ...over,
});

// Six people, two tables of three, two rounds; q: p1, p2, p3 answer "a", the others "b".
const tables: TablesInstance = tablesInstance.parse({
  kind: 'tables',
  rounds: 2,
  objective: 'similar',
  tables: [
    { id: 'T1', seats: 3, vip: false },
    { id: 'T2', seats: 3, vip: true },
  ],
  questions: [{ id: 'q', weight: 2, reversed: false }],
  people: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id, i) => ({
    id,
    vip: i >= 3,
    tables: id === 'p1' ? ['T1'] : id === 'p4' ? ['T1'] : [],
    answers: { q: [i < 3 ? 'a' : 'b'] },
  })),
  blocked: [['p1', 'p4']],
  met: [['p5', 'p6']],
});

const seat = (...rounds: string[][][]): TablesResult['rounds'] =>
  rounds.map((round) => round.map((people, k) => ({ table: `T${k + 1}`, people })));

describe('checkTables', () => {
  it('recounts a good result and finds nothing wrong', () => {
    const result = {
      rounds: seat(
        [
          ['p1', 'p2', 'p3'],
          ['p4', 'p5', 'p6'],
        ],
        [
          ['p1', 'p2', 'p4'],
          ['p3', 'p5', 'p6'],
        ],
      ),
      stats: stats({ repeats: 4, blockedTogether: 1, vipMisplaced: 2, score: 16, chosenTablesMet: 1 }),
    };
    const { stats: counted, violations } = checkResult(tables, result);
    // p1–p2 together twice (1), p5–p6 met before and together twice (2); score 2 per pair with the same answer.
    expect(counted).toMatchObject({
      repeats: 3,
      blockedTogether: 1,
      score: 6 + 6 + 2 + 2,
      chosenTablesMet: 1,
    });
    // Round 2: p3 (not VIP) at the VIP table, p4 (VIP) outside it while a VIP seat is taken by p3.
    expect((counted as TablesResult['stats']).vipMisplaced).toBe(2);
    expect(violations).toEqual(['stats.repeats reported 4, recounted 3']);
  });

  it('counts the « together » pairs who never shared a table, each pair once', () => {
    const instance = tablesInstance.parse({
      ...tables,
      together: [
        ['p1', 'p2'],
        ['p2', 'p1'],
        ['p1', 'p4'],
        ['p3', 'p6'],
        ['p5', 'p6'],
      ],
    });
    const rounds = seat(
      [
        ['p1', 'p2', 'p3'],
        ['p4', 'p5', 'p6'],
      ],
      [
        ['p1', 'p5', 'p6'],
        ['p2', 'p3', 'p4'],
      ],
    );
    // Met: p1–p2 (round 1), p5–p6 (met before, and again: still counts as sharing a table here); unmet: p1–p4, p3–p6.
    const { stats: counted, violations } = checkResult(instance, {
      rounds,
      stats: stats({ togetherUnmet: 1 }),
    });
    expect((counted as TablesResult['stats']).togetherUnmet).toBe(2);
    expect(violations).toContain('stats.togetherUnmet reported 1, recounted 2');
    expect((checkResult(tables, { rounds }).stats as TablesResult['stats']).togetherUnmet).toBe(0);
  });

  it('names people seated twice, left out, unknown, absent, over the seats, and fixed seats moved', () => {
    const instance = tablesInstance.parse({
      ...tables,
      absent: [{ person: 'p6', fromRound: 1 }],
      fixed: [{ round: 1, table: 'T2', person: 'p5' }],
    });
    const result = {
      rounds: seat(
        [
          ['p1', 'p2', 'p3', 'p4'],
          ['p5', 'p1', 'zed'],
        ],
        [
          ['p1', 'p2', 'p5'],
          ['p3', 'p4', 'p6'],
        ],
      ),
      stats: stats(),
    };
    const { violations } = checkResult(instance, result);
    expect(violations).toEqual(
      expect.arrayContaining([
        'round 0: table T1 holds 4 people for 3 seats',
        'round 0: p1 seated twice (tables T1 and T2)',
        'round 0: unknown person "zed" at table T2',
        'round 0: p6 is present but not seated',
        'round 1: p6 is absent from round 1 but seated at T2',
        'fixed seat not kept: p5 in round 1 at T1, not T2',
      ]),
    );
  });

  it('names a table below its minimum (minSeats)', () => {
    const instance = tablesInstance.parse({
      ...tables,
      rounds: 1,
      tables: [
        { id: 'T1', seats: 5, vip: false, minSeats: 2 },
        { id: 'T2', seats: 5, vip: false, minSeats: 2 },
      ],
      met: [],
    });
    const { violations } = checkResult(instance, {
      rounds: seat([['p1', 'p2', 'p3', 'p4', 'p5'], ['p6']]),
    });
    expect(violations).toContain('round 0: table T2 holds 1 people, fewer than its 2 at least');
  });

  it('refuses rounds missing or tables out of order, and a bound the result beats', () => {
    const result = {
      rounds: [
        [
          { table: 'T2', people: ['p4', 'p5', 'p6'] },
          { table: 'T1', people: ['p1', 'p2', 'p3'] },
        ],
      ],
      stats: stats({ score: 12, bound: { repeatsAtLeast: 1, scoreAtMost: 4 } }),
    };
    const { violations, stats: counted } = checkResult(tables, result);
    expect(counted).toMatchObject({ repeats: 1, score: 12, chosenTablesMet: 0.5 });
    expect(violations).toEqual(
      expect.arrayContaining([
        '1 rounds, expected 2',
        "round 0: the tables are not the instance's, in its order (T2, T1)",
        'stats.chosenTablesMet reported 1, recounted 0.5',
        'stats.bound.scoreAtMost 4 is below the score 12',
      ]),
    );
  });
});

const meetings: MeetingsInstance = meetingsInstance.parse({
  kind: 'meetings',
  slots: 3,
  tables: 1,
  people: [
    { id: 'a', available: [0, 1, 2], max: 2 },
    { id: 'b', available: [0, 1], max: 1 },
    { id: 'c', available: [1, 2], max: 2 },
  ],
  requests: [
    { a: 'a', b: 'b', weight: 3 },
    { a: 'c', b: 'a', weight: 2 },
    { a: 'b', b: 'c', weight: 1 },
  ],
});

describe('checkMeetings', () => {
  it('recounts the weight of a good result', () => {
    const result: MeetingsResult = {
      meetings: [
        { a: 'a', b: 'b', slot: 0, table: 0 },
        { a: 'a', b: 'c', slot: 2, table: 0 },
      ],
      stats: { weight: 5, bound: 5, seconds: 0 },
    };
    expect(checkResult(meetings, result)).toEqual({
      stats: { weight: 5, bound: 5, seconds: 0 },
      violations: [],
    });
  });

  it('names every rule broken', () => {
    const result: MeetingsResult = {
      meetings: [
        { a: 'a', b: 'b', slot: 2, table: 0 },
        { a: 'b', b: 'a', slot: 1, table: 0 },
        { a: 'c', b: 'b', slot: 1, table: 0 },
        { a: 'a', b: 'c', slot: 1, table: 3 },
        { a: 'x', b: 'a', slot: 0, table: 0 },
      ],
      stats: { weight: 9, bound: 4, seconds: 0 },
    };
    const { violations, stats: counted } = checkResult(meetings, result);
    expect(counted.weight).toBe(3 + 1 + 2);
    expect(violations).toEqual(
      expect.arrayContaining([
        'meeting 0 (a–b, slot 2, table 0): b is not available in slot 2',
        'meeting 1 (b–a, slot 1, table 0): its request is placed more than once',
        'meeting 2 (c–b, slot 1, table 0): b is booked twice in slot 1',
        'meeting 2 (c–b, slot 1, table 0): the table is taken twice in that slot',
        'meeting 3 (a–c, slot 1, table 3): no table 3 (0–0)',
        'meeting 3 (a–c, slot 1, table 3): a is booked twice in slot 1',
        'meeting 4 (x–a, slot 0, table 0): unknown person x',
        'slot 1: 3 meetings for 1 tables',
        'b: 3 meetings, at most 1',
        'stats.weight reported 9, recounted 6',
        'stats.bound 4 is below the weight placed 6',
      ]),
    );
  });
});
