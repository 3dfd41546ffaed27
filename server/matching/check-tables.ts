/**
 * The independent recount of a table-rounds result (matching.md: "stats are recomputed from the result by an
 * independent checker, never trusted from the solver"). Written from the rules, sharing no code with the solver:
 * only the reference `pairScore` (through `pairScorer`, the same sum reading only the questions both answered).
 */
import type { TablesInstance, TablesResult } from './instance';
import { pairScorer } from './score';

export interface TablesCheck {
  /** Every figure recounted from the seats; `seconds` and `bound` are the solver's (a bound is a claim). */
  stats: TablesResult['stats'];
  /** What breaks the rules: seating, seats, fixed and absent people, unknown ids, stats reported wrongly. */
  violations: string[];
}

/** A result to check: its stats, when given, are compared with the recount. */
export type CheckedTables = Pick<TablesResult, 'rounds'> & { stats?: Partial<TablesResult['stats']> };

const pairKey = (a: number, b: number) => (a < b ? `${a},${b}` : `${b},${a}`);

/**
 * repeats: for each pair, the times they shared a table beyond the first (every time for a pair in `met`);
 * blockedTogether: times (round, blocked pair) shared a table; vipMisplaced: per round, non-VIPs at VIP tables plus
 * VIPs outside them beyond those the VIP seats cannot hold; score: Σ pairScore over rounds, tables and pairs at a
 * table; chosenTablesMet: share of the people who chose tables seated at least once at one of them (1 if nobody chose);
 * togetherUnmet: `together` pairs (deduplicated) who never shared a table in these rounds.
 */
export function checkTables(instance: TablesInstance, result: CheckedTables): TablesCheck {
  const violations: string[] = [];
  const index = new Map(instance.people.map((p, i) => [p.id, i]));
  const tableIndex = new Map(instance.tables.map((t, k) => [t.id, k]));
  const absentFrom = new Map<number, number>();
  for (const a of instance.absent) {
    const i = index.get(a.person);
    if (i !== undefined) absentFrom.set(i, Math.min(absentFrom.get(i) ?? a.fromRound, a.fromRound));
  }
  const met = new Set(
    instance.met.flatMap(([a, b]) => {
      const i = index.get(a);
      const j = index.get(b);
      return i === undefined || j === undefined || i === j ? [] : [pairKey(i, j)];
    }),
  );
  const blocked = new Set(
    instance.blocked.flatMap(([a, b]) => {
      const i = index.get(a);
      const j = index.get(b);
      return i === undefined || j === undefined || i === j ? [] : [pairKey(i, j)];
    }),
  );

  const rounds = Array.isArray(result.rounds) ? result.rounds : [];
  if (rounds.length !== instance.rounds)
    violations.push(`${rounds.length} rounds, expected ${instance.rounds}`);
  const together = new Map<string, number>();
  const chosenMet = new Set<number>();
  /** seatOf[r] : person → table id. */
  const seatOf: Map<number, string>[] = [];
  let blockedTogether = 0;
  let vipMisplaced = 0;
  let score = 0;
  const pairScore = pairScorer(
    instance.questions,
    instance.people.map((p) => p.answers),
  );

  rounds.forEach((round, r) => {
    const seated = new Map<number, string>();
    seatOf.push(seated);
    const ids = round.map((t) => t.table);
    if (ids.length !== instance.tables.length || ids.some((id, k) => id !== instance.tables[k].id)) {
      violations.push(`round ${r}: the tables are not the instance's, in its order (${ids.join(', ')})`);
    }
    let vipSeats = 0;
    let vipsPresent = 0;
    let vipsOutside = 0;
    for (const { table, people } of round) {
      const k = tableIndex.get(table);
      if (k === undefined) {
        violations.push(`round ${r}: unknown table "${table}"`);
        continue;
      }
      const spec = instance.tables[k];
      if (spec.vip) vipSeats += spec.seats;
      if (people.length > spec.seats) {
        violations.push(`round ${r}: table ${table} holds ${people.length} people for ${spec.seats} seats`);
      }
      if (spec.minSeats !== undefined && people.length < spec.minSeats) {
        violations.push(
          `round ${r}: table ${table} holds ${people.length} people, fewer than its ${spec.minSeats} at least`,
        );
      }
      const here: number[] = [];
      for (const id of people) {
        const i = index.get(id);
        if (i === undefined) {
          violations.push(`round ${r}: unknown person "${id}" at table ${table}`);
          continue;
        }
        const before = seated.get(i);
        if (before !== undefined) {
          violations.push(`round ${r}: ${id} seated twice (tables ${before} and ${table})`);
          continue;
        }
        seated.set(i, table);
        here.push(i);
        if (r >= (absentFrom.get(i) ?? Number.POSITIVE_INFINITY)) {
          violations.push(
            `round ${r}: ${id} is absent from round ${absentFrom.get(i)} but seated at ${table}`,
          );
        }
        const person = instance.people[i];
        if (person.tables.includes(table)) chosenMet.add(i);
        if (person.vip) {
          vipsPresent++;
          if (!spec.vip) vipsOutside++;
        } else if (spec.vip) {
          vipMisplaced++;
        }
      }
      for (let x = 0; x < here.length; x++) {
        for (let y = x + 1; y < here.length; y++) {
          const key = pairKey(here[x], here[y]);
          together.set(key, (together.get(key) ?? 0) + 1);
          if (blocked.has(key)) blockedTogether++;
          score += pairScore(here[x], here[y]);
        }
      }
    }
    // VIPs left outside because the VIP seats are too few are not misplaced.
    vipMisplaced += Math.max(0, vipsOutside - Math.max(0, vipsPresent - vipSeats));
    instance.people.forEach((p, i) => {
      const absent = r >= (absentFrom.get(i) ?? Number.POSITIVE_INFINITY);
      if (!absent && !seated.has(i)) violations.push(`round ${r}: ${p.id} is present but not seated`);
    });
  });

  let repeats = 0;
  for (const [key, times] of together) repeats += met.has(key) ? times : times - 1;
  for (const f of instance.fixed) {
    const i = index.get(f.person);
    const at = i === undefined ? undefined : seatOf[f.round]?.get(i);
    if (at !== f.table) {
      violations.push(
        `fixed seat not kept: ${f.person} in round ${f.round} at ${at ?? 'no table'}, not ${f.table}`,
      );
    }
  }
  // « rencontre » pairs that never shared a table in these rounds (each pair once, whatever its order).
  const wanted = new Set(
    instance.together.flatMap(([a, b]) => {
      const i = index.get(a);
      const j = index.get(b);
      return i === undefined || j === undefined || i === j ? [] : [pairKey(i, j)];
    }),
  );
  let togetherUnmet = 0;
  for (const key of wanted) if (!together.has(key)) togetherUnmet++;
  const choosers = instance.people.filter((p) => p.tables.length > 0).length;
  const stats: TablesResult['stats'] = {
    repeats,
    blockedTogether,
    vipMisplaced,
    score,
    chosenTablesMet: choosers ? chosenMet.size / choosers : 1,
    togetherUnmet,
    seconds: result.stats?.seconds ?? 0,
    bound: result.stats?.bound ?? { repeatsAtLeast: 0, scoreAtMost: 0 },
  };
  violations.push(...misreported(result.stats, stats));
  const bound = result.stats?.bound;
  if (bound && repeats < bound.repeatsAtLeast) {
    violations.push(`stats.bound.repeatsAtLeast ${bound.repeatsAtLeast} is above the repeats ${repeats}`);
  }
  if (bound && instance.objective === 'similar' && score > bound.scoreAtMost + 1e-6 * Math.max(1, score)) {
    violations.push(`stats.bound.scoreAtMost ${bound.scoreAtMost} is below the score ${score}`);
  }
  return { stats, violations };
}

/** The solver's figures that differ from the recount (scores compared to 1e-6 relative). */
function misreported(
  reported: Partial<TablesResult['stats']> | undefined,
  counted: TablesResult['stats'],
): string[] {
  if (!reported) return [];
  const out: string[] = [];
  for (const key of ['repeats', 'blockedTogether', 'vipMisplaced', 'togetherUnmet'] as const) {
    if (reported[key] !== undefined && reported[key] !== counted[key]) {
      out.push(`stats.${key} reported ${reported[key]}, recounted ${counted[key]}`);
    }
  }
  for (const key of ['score', 'chosenTablesMet'] as const) {
    const value = reported[key];
    if (value !== undefined && Math.abs(value - counted[key]) > 1e-6 * Math.max(1, Math.abs(counted[key]))) {
      out.push(`stats.${key} reported ${value}, recounted ${counted[key]}`);
    }
  }
  return out;
}
