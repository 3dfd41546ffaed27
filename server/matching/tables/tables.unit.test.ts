import { describe, expect, it } from 'vitest';
import {
  type TablesInstance,
  type TablesInstanceInput,
  type TablesResult,
  tablesInstance,
} from '../instance';
import { pairScore } from '../score';
import { differenceRows } from './difference';
import { solveTables } from './index';
import { Rng } from './rng';

/** An independent recount of a result (no solver code): what a caller checks. */
function recount(instance: TablesInstance, result: TablesResult) {
  const problems: string[] = [];
  const people = new Map(instance.people.map((p) => [p.id, p]));
  const absentFrom = new Map(instance.absent.map((a) => [a.person, a.fromRound]));
  const seats = new Map(instance.tables.map((t) => [t.id, t.seats]));
  const vipTables = new Set(instance.tables.filter((t) => t.vip).map((t) => t.id));
  const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const meetings = new Map<string, number>();
  for (const [a, b] of instance.met) meetings.set(key(a, b), 1);
  const blocked = new Set(instance.blocked.map(([a, b]) => key(a, b)));
  let blockedTogether = 0;
  let vipMisplaced = 0;
  let score = 0;
  const satisfied = new Set<string>();
  const totalVipSeats = instance.tables.filter((t) => t.vip).reduce((sum, t) => sum + t.seats, 0);
  expect(result.rounds).toHaveLength(instance.rounds);
  result.rounds.forEach((round, r) => {
    expect(round.map((t) => t.table)).toEqual(instance.tables.map((t) => t.id));
    const seen = new Map<string, string>();
    for (const { table, people: seated } of round) {
      if (seated.length > seats.get(table)!) problems.push(`round ${r}: ${table} holds ${seated.length}`);
      for (const id of seated) {
        if (seen.has(id)) problems.push(`round ${r}: ${id} seated twice`);
        seen.set(id, table);
        const person = people.get(id)!;
        if (vipTables.has(table) && !person.vip) vipMisplaced++;
        if (person.tables.includes(table)) satisfied.add(id);
      }
      for (let a = 0; a < seated.length; a++)
        for (let b = a + 1; b < seated.length; b++) {
          const k = key(seated[a], seated[b]);
          meetings.set(k, (meetings.get(k) ?? 0) + 1);
          if (blocked.has(k)) blockedTogether++;
          score += pairScore(
            instance.questions,
            people.get(seated[a])!.answers,
            people.get(seated[b])!.answers,
          );
        }
    }
    const present = instance.people.filter((p) => (absentFrom.get(p.id) ?? Number.POSITIVE_INFINITY) > r);
    const vips = present.filter((p) => p.vip);
    if (vips.length <= totalVipSeats)
      for (const p of vips) if (!vipTables.has(seen.get(p.id) ?? '')) vipMisplaced++;
    const totalSeats = [...seats.values()].reduce((sum, s) => sum + s, 0);
    if (present.length <= totalSeats)
      for (const p of present) if (!seen.has(p.id)) problems.push(`round ${r}: ${p.id} not seated`);
    for (const [id] of seen) {
      if ((absentFrom.get(id) ?? Number.POSITIVE_INFINITY) <= r)
        problems.push(`round ${r}: absent ${id} seated`);
    }
    for (const f of instance.fixed.filter((f) => f.round === r))
      if (seen.get(f.person) !== f.table) problems.push(`round ${r}: fixed ${f.person} moved`);
  });
  let repeats = 0;
  for (const count of meetings.values()) if (count > 1) repeats += count - 1;
  const choosers = instance.people.filter((p) => p.tables.length);
  const chosenTablesMet = choosers.length
    ? choosers.filter((p) => satisfied.has(p.id)).length / choosers.length
    : 1;
  return { problems, repeats, blockedTogether, vipMisplaced, score, chosenTablesMet };
}

function expectConsistent(instance: TablesInstance, result: TablesResult) {
  const counted = recount(instance, result);
  expect(counted.problems).toEqual([]);
  expect(result.stats.repeats).toBe(counted.repeats);
  expect(result.stats.blockedTogether).toBe(counted.blockedTogether);
  expect(result.stats.vipMisplaced).toBe(counted.vipMisplaced);
  expect(result.stats.score).toBeCloseTo(counted.score, 6);
  expect(result.stats.chosenTablesMet).toBeCloseTo(counted.chosenTablesMet, 9);
  return counted;
}

/** A seeded generator for the tests' instances (independent of the solver's). */
function lcg(seed: number) {
  let state = seed >>> 0;
  return (k: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % k;
  };
}

function build(options: {
  tables: number;
  seats: number;
  rounds: number;
  people?: number;
  objective?: 'similar' | 'diverse' | 'none';
  questions?: number;
  seed?: number;
  extra?: Partial<TablesInstanceInput>;
}): TablesInstance {
  const random = lcg(options.seed ?? 1);
  const n = options.people ?? options.tables * options.seats;
  const questions = Array.from({ length: options.questions ?? 0 }, (_, q) => ({
    id: `q${q}`,
    weight: 1 + random(3),
    reversed: q % 5 === 4,
  }));
  const input: TablesInstanceInput = {
    kind: 'tables',
    rounds: options.rounds,
    objective: options.objective ?? (questions.length ? 'similar' : 'none'),
    tables: Array.from({ length: options.tables }, (_, t) => ({
      id: `T${t + 1}`,
      seats: options.seats,
      vip: false,
    })),
    questions,
    people: Array.from({ length: n }, (_, i) => ({
      id: `p${i}`,
      answers: Object.fromEntries(
        questions
          .filter(() => random(6) > 0)
          .map((q) => [q.id, random(2) ? [`a${random(4)}`] : ['a0', `a${random(4)}`]]),
      ),
    })),
    ...options.extra,
  };
  return tablesInstance.parse(input);
}

const quick = { seed: 1, timeLimitSeconds: 30 };

describe('differenceRows', () => {
  it('gives rows whose differences are distinct in every column, for prime and composite orders', () => {
    for (const [order, rows, columns] of [
      [12, 8, 6],
      [11, 11, 11],
      [10, 5, 6],
      [16, 8, 8],
    ]) {
      const table = differenceRows(order, rows, columns, new Rng(3));
      expect(table).not.toBeNull();
      for (let g = 0; g < rows; g++)
        for (let h = 0; h < g; h++) {
          const differences = new Set<number>();
          for (let j = 0; j < columns; j++)
            differences.add((((table![g * columns + j] - table![h * columns + j]) % order) + order) % order);
          expect(differences.size).toBe(columns);
        }
    }
    expect(differenceRows(6, 7, 3, new Rng(1))).toBeNull();
  });
});

describe('solveTables', () => {
  it('seats 15 people in 7 rounds of 5 tables of 3 without anyone meeting twice (Kirkman)', async () => {
    const instance = build({ tables: 5, seats: 3, rounds: 7 });
    const result = await solveTables(instance, quick);
    expectConsistent(instance, result);
    expect(result.stats.repeats).toBe(0);
    expect(result.stats.bound.repeatsAtLeast).toBe(0);
  });

  it('builds structured instances without repeats: Latin squares (7-7-8, 10-10-4), subspaces (8-4-9), difference rows (12 tables × 8 × 6 rounds, 96 people; 11 × 5 × 11)', async () => {
    for (const [tables, seats, rounds] of [
      [7, 7, 8],
      [10, 10, 4],
      [8, 4, 9],
      [12, 8, 6],
      [11, 5, 11],
    ]) {
      const instance = build({ tables, seats, rounds });
      const result = await solveTables(instance, quick);
      expectConsistent(instance, result);
      expect(result.stats.repeats).toBe(0);
    }
  });

  it('reports the repeats no seating avoids (6-6-8: each person has 40 seats beside them, 35 others)', async () => {
    const instance = build({ tables: 6, seats: 6, rounds: 8 });
    const result = await solveTables(instance, { seed: 1, timeLimitSeconds: 0.2 });
    expectConsistent(instance, result);
    expect(result.stats.bound.repeatsAtLeast).toBe(90);
    expect(result.stats.repeats).toBeGreaterThanOrEqual(90);
  });

  it('uses as few tables as keep everyone from meeting twice, and leaves the excess unseated', async () => {
    // 10 people at 4 tables of 5 for 3 rounds: 2 full tables would force repeats (3 rounds × 4 > 9 others), and so
    // would 3 (tables of 4 in round 2 need people from 4 different tables of round 1): all 4 are used.
    const roomy = build({ tables: 4, seats: 5, rounds: 3, people: 10 });
    const roomyResult = await solveTables(roomy, { seed: 1, timeLimitSeconds: 0.3 });
    expectConsistent(roomy, roomyResult);
    for (const round of roomyResult.rounds) {
      const sizes = round.map((t) => t.people.length).filter((size) => size > 0);
      expect(sizes.sort()).toEqual([2, 2, 3, 3]);
    }
    // 48 people at 24 tables of 6 for 3 rounds: 8 full tables, 5 new people a round.
    const demo = build({ tables: 24, seats: 6, rounds: 3, people: 48 });
    const demoResult = await solveTables(demo, { seed: 1, timeLimitSeconds: 0.3 });
    expect(expectConsistent(demo, demoResult).repeats).toBe(0);
    for (const round of demoResult.rounds)
      expect(round.map((t) => t.people.length).filter((size) => size > 0)).toEqual(Array(8).fill(6));

    const crowded = build({ tables: 2, seats: 4, rounds: 3, people: 10 });
    const crowdedResult = await solveTables(crowded, { seed: 1, timeLimitSeconds: 0.3 });
    expectConsistent(crowded, crowdedResult);
    for (const round of crowdedResult.rounds) expect(round.flatMap((t) => t.people)).toHaveLength(8);
  });

  it('keeps fixed seats, leaves absent people out and never seats met or blocked pairs together', async () => {
    const base = build({ tables: 4, seats: 4, rounds: 3 });
    const instance = tablesInstance.parse({
      ...base,
      fixed: [
        { round: 0, table: 'T1', person: 'p0' },
        { round: 0, table: 'T1', person: 'p1' },
        { round: 1, table: 'T4', person: 'p2' },
      ],
      absent: [{ person: 'p15', fromRound: 1 }],
      met: [['p3', 'p4']],
      blocked: [
        ['p5', 'p6'],
        ['p7', 'p8'],
      ],
    });
    const result = await solveTables(instance, quick);
    const counted = expectConsistent(instance, result);
    expect(counted.repeats).toBe(0);
    expect(counted.blockedTogether).toBe(0);
    expect(result.rounds[0][0].people).toEqual(expect.arrayContaining(['p0', 'p1']));
    expect(result.rounds[1][3].people).toContain('p2');
    expect(result.rounds[2].flatMap((t) => t.people)).not.toContain('p15');
  });

  it('seats VIPs at VIP tables, and only them, when they fit', async () => {
    const base = build({ tables: 4, seats: 6, rounds: 1, questions: 6 });
    const instance = tablesInstance.parse({
      ...base,
      tables: base.tables.map((t, index) => ({ ...t, vip: index === 0 })),
      people: base.people.map((p, index) => ({ ...p, vip: index % 4 === 0 })),
      blocked: [['p0', 'p1']],
    });
    const result = await solveTables(instance, quick);
    const counted = expectConsistent(instance, result);
    expect(counted.vipMisplaced).toBe(0);
    expect(counted.blockedTogether).toBe(0);
    for (const round of result.rounds)
      expect(round[0].people.every((id) => Number(id.slice(1)) % 4 === 0)).toBe(true);
  });

  it('seats people at the tables they chose', async () => {
    const base = build({ tables: 3, seats: 4, rounds: 1, questions: 4 });
    const instance = tablesInstance.parse({
      ...base,
      people: base.people.map((p, index) => ({ ...p, tables: index < 4 ? ['T2'] : index < 6 ? ['T3'] : [] })),
    });
    const result = await solveTables(instance, quick);
    expectConsistent(instance, result);
    expect(result.stats.chosenTablesMet).toBe(1);
    expect(result.rounds[0][1].people.sort()).toEqual(['p0', 'p1', 'p2', 'p3']);
  });

  it('seats every « together » pair at one table at least once, without a repeat or a blocked pair', async () => {
    // 24 people, 6 tables of 4, 3 rounds: 12 pairs to bring together (p0 with 4 partners), two blocked pairs.
    const base = build({ tables: 6, seats: 4, rounds: 3, questions: 6, seed: 5 });
    const together: [string, string][] = [
      ['p0', 'p1'],
      ['p0', 'p7'],
      ['p0', 'p13'],
      ['p0', 'p19'],
      ['p2', 'p3'],
      ['p4', 'p20'],
      ['p5', 'p11'],
      ['p6', 'p12'],
      ['p8', 'p9'],
      ['p10', 'p23'],
      ['p14', 'p15'],
      ['p16', 'p22'],
    ];
    for (const objective of ['none', 'similar'] as const) {
      const instance = tablesInstance.parse({
        ...base,
        objective,
        together,
        blocked: [
          ['p0', 'p2'],
          ['p1', 'p3'],
        ],
      });
      const result = await solveTables(instance, quick);
      const counted = expectConsistent(instance, result);
      expect(result.stats.togetherUnmet).toBe(0);
      expect(counted.repeats).toBe(0);
      expect(counted.blockedTogether).toBe(0);
      for (const [a, b] of together)
        expect(
          result.rounds.some((round) => round.some((t) => t.people.includes(a) && t.people.includes(b))),
        ).toBe(true);
    }
  }, 30_000);

  it('keeps a « together » pair apart when they are also blocked, and counts it unmet', async () => {
    const base = build({ tables: 4, seats: 3, rounds: 2 });
    const instance = tablesInstance.parse({
      ...base,
      together: [
        ['p0', 'p1'],
        ['p2', 'p3'],
      ],
      blocked: [['p0', 'p1']],
    });
    const result = await solveTables(instance, quick);
    const counted = expectConsistent(instance, result);
    expect(counted.blockedTogether).toBe(0);
    expect(result.stats.togetherUnmet).toBe(1);
  });

  it('sums the pair scores of the people seated together, higher for similar than for diverse', async () => {
    const similar = build({ tables: 5, seats: 4, rounds: 2, questions: 8, seed: 3 });
    const diverse = tablesInstance.parse({ ...similar, objective: 'diverse' });
    const high = await solveTables(similar, quick);
    const low = await solveTables(diverse, quick);
    expectConsistent(similar, high);
    expectConsistent(diverse, low);
    expect(high.stats.score).toBeGreaterThan(low.stats.score);
    expect(high.stats.score).toBeLessThanOrEqual(high.stats.bound.scoreAtMost);
    expect(high.stats.repeats).toBe(0);
  });

  it('gives the same seating for the same seed', async () => {
    const instance = build({ tables: 4, seats: 3, rounds: 3, questions: 5, seed: 9 });
    const first = await solveTables(instance, { seed: 42, timeLimitSeconds: 30 });
    const second = await solveTables(instance, { seed: 42, timeLimitSeconds: 30 });
    expect(second.rounds).toEqual(first.rounds);
    expect(second.stats.score).toBe(first.stats.score);
    // Two whole solves: 0.6 to 2.7 s each on a loaded 2-core machine, past vitest's default 5 s.
  }, 30_000);

  it('returns a valid seating at once when aborted, and reports progress', async () => {
    const instance = build({ tables: 8, seats: 4, rounds: 10, questions: 4 });
    const controller = new AbortController();
    controller.abort();
    const result = await solveTables(instance, { seed: 1, timeLimitSeconds: 30, signal: controller.signal });
    expectConsistent(instance, result);

    const fractions: number[] = [];
    // Past the bound of 7 rounds, so that no construction ends the search before a report (6-6-4 may be built at once).
    await solveTables(build({ tables: 6, seats: 6, rounds: 8 }), {
      seed: 1,
      timeLimitSeconds: 0.3,
      onProgress: ({ fraction }) => fractions.push(fraction),
    });
    expect(fractions.length).toBeGreaterThan(0);
    for (const fraction of fractions) expect(fraction).toBeGreaterThanOrEqual(0);
  });
});
