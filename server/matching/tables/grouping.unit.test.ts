import { describe, expect, it } from 'vitest';
import { checkTables } from '../checker';
import { tablesInstance } from '../instance';
import { Budget } from './budget';
import { GroupingSearch } from './grouping';
import { Grouping } from './groups';
import { solveTables } from './index';
import { Rng } from './rng';

/** A random symmetric score matrix with a zero diagonal. */
function randomScores(n: number, rng: Rng): Float64Array {
  const d = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const v = Math.round(rng.next() * 100_000) / 1000;
      d[i * n + j] = v;
      d[j * n + i] = v;
    }
  return d;
}

/** One question a pair (weight = the pair's score), as the bench's MDGP lines spell distances out. */
function pairQuestions(d: Float64Array, n: number) {
  const questions = [];
  const answers: Record<string, string[]>[] = Array.from({ length: n }, () => ({}));
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      questions.push({ id: `q${i}-${j}`, weight: d[i * n + j], reversed: false });
      answers[i][`q${i}-${j}`] = ['y'];
      answers[j][`q${i}-${j}`] = ['y'];
    }
  return { questions, people: answers.map((a, i) => ({ id: `p${i}`, answers: a })) };
}

describe('Grouping', () => {
  it('keeps the delta matrix and the value equal to a recount after random moves and swaps', () => {
    const rng = new Rng(3);
    const n = 30;
    const G = 4;
    const d = randomScores(n, rng);
    const grouping = new Grouping(n, G, d);
    for (let i = 0; i < n; i++) grouping.add(i, i % G);
    for (let step = 0; step < 500; step++) {
      const i = rng.int(n);
      const j = rng.int(n);
      if (grouping.group[i] === grouping.group[j]) {
        const g = rng.int(G);
        if (g === grouping.group[i]) continue;
        const expected = grouping.value + grouping.moveDelta(i, g);
        grouping.move(i, g);
        expect(grouping.value).toBeCloseTo(expected, 6);
      } else {
        const expected = grouping.value + grouping.swapDelta(i, j);
        grouping.swap(i, j);
        expect(grouping.value).toBeCloseTo(expected, 6);
      }
    }
    expect(grouping.value).toBeCloseTo(grouping.recount(), 6);
    for (let x = 0; x < n; x++)
      for (let g = 0; g < G; g++) {
        let sum = 0;
        for (let y = 0; y < n; y++) if (grouping.group[y] === g) sum += d[x * n + y];
        expect(grouping.to(x, g)).toBeCloseTo(sum, 6);
      }
    for (let g = 0; g < G; g++) {
      const people = [...grouping.group.keys()].filter((x) => grouping.group[x] === g);
      expect(grouping.size[g]).toBe(people.length);
      expect([...grouping.members.subarray(g * n, g * n + grouping.size[g])].sort((a, b) => a - b)).toEqual(
        people,
      );
    }
  });

  it('finds the best grouping of a small instance (checked by enumerating every split of 8 into 2 × 4)', () => {
    const rng = new Rng(11);
    const n = 8;
    const d = randomScores(n, rng);
    let best = 0;
    for (let mask = 0; mask < 1 << n; mask++) {
      if ((mask & 1) === 0 || mask.toString(2).replaceAll('0', '').length !== 4) continue;
      let value = 0;
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) if (((mask >> i) & 1) === ((mask >> j) & 1)) value += d[i * n + j];
      best = Math.max(best, value);
    }
    const bounds = { lo: Int32Array.of(4, 4), hi: Int32Array.of(4, 4) };
    const movers = Int32Array.from({ length: n }, (_, i) => i);
    const budget = new Budget({ seed: 1, timeLimitSeconds: 60, workLimit: 2000 });
    const found = new GroupingSearch(
      n,
      2,
      d,
      movers,
      bounds,
      new Rng(1),
      budget,
      Number.POSITIVE_INFINITY,
    ).run(new Int32Array(n).fill(-1));
    expect(found.value).toBeCloseTo(best, 6);
  });
});

describe('solveTables on one round of scores only (the grouping search)', () => {
  it('keeps every table between its minimum and its seats, and reports the score the checker counts', async () => {
    const n = 40;
    const d = randomScores(n, new Rng(5));
    const seats = [6, 8, 10, 12, 14];
    const minimums = [4, 8, 6, 2, 9];
    const instance = tablesInstance.parse({
      kind: 'tables',
      rounds: 1,
      objective: 'similar',
      tables: seats.map((s, t) => ({ id: `T${t}`, seats: s, vip: false, minSeats: minimums[t] })),
      ...pairQuestions(d, n),
    });
    const result = await solveTables(instance, { seed: 2, timeLimitSeconds: 60, workLimit: 3000 });
    const { stats, violations } = checkTables(instance, result);
    expect(violations).toEqual([]);
    result.rounds[0].forEach((table, t) => {
      expect(table.people.length).toBeGreaterThanOrEqual(minimums[t]);
      expect(table.people.length).toBeLessThanOrEqual(seats[t]);
    });
    expect(result.stats.score).toBeCloseTo(stats.score, 6);
    // Sizes that differ from the even spread: the search chose them (similar: larger tables hold more pairs).
    expect(result.rounds[0].map((t) => t.people.length)).not.toEqual([8, 8, 8, 8, 8]);
  });

  it('gives the same seating for the same seed when stopped by work, and keeps fixed seats', async () => {
    const n = 24;
    const d = randomScores(n, new Rng(8));
    const instance = tablesInstance.parse({
      kind: 'tables',
      rounds: 1,
      objective: 'diverse',
      tables: [0, 1, 2, 3].map((t) => ({ id: `T${t}`, seats: 6, vip: false })),
      ...pairQuestions(d, n),
      fixed: [
        { round: 0, table: 'T2', person: 'p0' },
        { round: 0, table: 'T2', person: 'p1' },
      ],
    });
    const options = { seed: 4, timeLimitSeconds: 60, workLimit: 1500 };
    const first = await solveTables(instance, options);
    const second = await solveTables(instance, options);
    expect(second.rounds).toEqual(first.rounds);
    expect(checkTables(instance, first).violations).toEqual([]);
    expect(first.rounds[0][2].people).toEqual(expect.arrayContaining(['p0', 'p1']));
  });

  it('keeps the minimums over several rounds too (sizes from the water-filling, not the grouping search)', async () => {
    const instance = tablesInstance.parse({
      kind: 'tables',
      rounds: 3,
      objective: 'none',
      tables: [
        { id: 'A', seats: 10, vip: false, minSeats: 7 },
        { id: 'B', seats: 10, vip: false },
        { id: 'C', seats: 10, vip: false, minSeats: 5 },
      ],
      people: Array.from({ length: 16 }, (_, i) => ({ id: `p${i}` })),
    });
    const result = await solveTables(instance, { seed: 1, timeLimitSeconds: 60, workLimit: 500 });
    expect(checkTables(instance, result).violations).toEqual([]);
    for (const round of result.rounds) {
      expect(round[0].people.length).toBeGreaterThanOrEqual(7);
      expect(round[2].people.length).toBeGreaterThanOrEqual(5);
    }
    const tooMany = tablesInstance.parse({
      ...instance,
      tables: instance.tables.map((t) => ({ ...t, minSeats: 6 })),
    });
    await expect(solveTables(tooMany, { seed: 1, timeLimitSeconds: 1 })).rejects.toThrow(/minimums/);
  });
});
