/**
 * The instance in numbers: people, tables and rounds as indexes, the seats each table takes in each round, who can
 * be seated when, fixed seats, blocked pairs, VIP flags and chosen tables. Everything the search reads is a typed
 * array; ids stay here and come back only in the result.
 */
import type { TablesInstance } from '../instance';

export interface Model {
  /** People, tables (without the unseated bucket), rounds. */
  n: number;
  T: number;
  R: number;
  personIds: string[];
  tableIds: string[];
  vipPerson: Uint8Array;
  vipTable: Uint8Array;
  /** present[r * n + i]: i is to be seated (or left unseated for lack of seats) in round r. */
  present: Uint8Array;
  /** fixedTable[r * n + i]: the table i must keep in round r, or -1. */
  fixedTable: Int32Array;
  /**
   * sizes[r * (T + 1) + t]: how many people table t takes in round r; t = T is the bucket of people left unseated
   * because the seats run out. VIP tables take the VIPs first. In each kind of table, as few tables are used as
   * `tablesToUse` says (full tables, unless that forces repeats), and the people are spread evenly (water-filling)
   * between those tables' fixed people and their seats.
   */
  sizes: Int32Array;
  /**
   * minSeats[t]: the fewest people table t takes in every round (`minSeats` of the instance; -1 for a table without
   * one), or null when no table has one. Such tables are always used; `sizes` respects the minimums.
   */
  minSeats: Int32Array | null;
  /** The seats of each table. */
  seats: Int32Array;
  /** vipFits[r]: the round's VIPs all fit at VIP tables, so a VIP elsewhere counts as misplaced. */
  vipFits: Uint8Array;
  /** blocked[i * n + j] = 1 for pairs that must never share a table (null when there is none). */
  blocked: Uint8Array | null;
  /** Pairs who already met before this session (each counts as one meeting already). */
  met: [number, number][];
  /** chosen[i * T + t] = 1 when i chose table t (null when nobody chose). */
  chosen: Uint8Array | null;
  choosers: number;
  /** `together` pairs (deduplicated, i ≠ j): pair k is (togetherPairs[2k], togetherPairs[2k + 1]). */
  togetherPairs: Int32Array;
  /**
   * The pairs of each person (CSR): for k in [togetherStart[i], togetherStart[i + 1]), i's partner is
   * togetherPartner[k] and the pair's index is togetherPair[k].
   */
  togetherStart: Int32Array;
  togetherPartner: Int32Array;
  togetherPair: Int32Array;
}

function indexOf(ids: string[], what: string): Map<string, number> {
  const map = new Map<string, number>();
  ids.forEach((id, index) => {
    if (map.has(id)) throw new Error(`solveTables: ${what} "${id}" appears twice`);
    map.set(id, index);
  });
  return map;
}

function lookup(map: Map<string, number>, id: string, where: string): number {
  const index = map.get(id);
  if (index === undefined) throw new Error(`solveTables: ${where} names unknown "${id}"`);
  return index;
}

/** Spreads `total` people over tables [lo, hi] as evenly as possible (the smallest table grows first). */
function waterFill(
  tables: number[],
  lo: Int32Array,
  hi: Int32Array,
  total: number,
  out: Int32Array,
  base: number,
) {
  let left = total;
  for (const t of tables) {
    out[base + t] = lo[t];
    left -= lo[t];
  }
  while (left > 0) {
    let best = -1;
    for (const t of tables) {
      if (out[base + t] >= hi[t]) continue;
      if (best < 0 || out[base + t] < out[base + best]) best = t;
    }
    if (best < 0) break;
    out[base + best]++;
    left--;
  }
}

/**
 * How many of `seats` (the seats of each table of one kind) to use for `people` over `rounds` rounds: the fewest that
 * seat everyone, and more while a table that full would make someone meet a person twice (a table of k people
 * meets k − 1 a round, and there are `others` people to meet; from the second round on, no table may hold more people
 * than there are tables, or two of them sat together before); every table when no count avoids repeats. 48 people
 * at 24 tables of 6 for 3 rounds use 8 full tables (5 new people a round) rather than 2 or 3 at each of the 24.
 */
export function tablesToUse(people: number, rounds: number, seats: number[], others = people - 1): number {
  if (people <= 0) return 0;
  const largest = [...seats].sort((a, b) => b - a);
  let fewest = 0;
  for (let room = 0; fewest < largest.length && room < people; fewest++) room += largest[fewest];
  for (let k = Math.max(1, fewest); k <= seats.length; k++) {
    const size = Math.ceil(people / k);
    // From the second round on, a table's people must come from different tables of the first: size ≤ k.
    if (rounds * (size - 1) <= others && (rounds < 2 || size <= k)) return k;
  }
  return seats.length;
}

/**
 * The tables of `tables` to use, `count` at least: those with fixed people or a minimum (`lo`), then the most
 * chosen, then in order; more in that order while their seats cannot hold `people` (tables of different sizes).
 */
function pickTables(
  tables: number[],
  count: number,
  people: number,
  seats: Int32Array,
  lo: Int32Array,
  chosenBy: Int32Array,
): number[] {
  const order = [...tables].sort((a, b) => lo[b] - lo[a] || chosenBy[b] - chosenBy[a] || a - b);
  const picked: number[] = [];
  let room = 0;
  for (const t of order) {
    if (picked.length >= count && room >= people && lo[t] === 0) continue;
    picked.push(t);
    room += seats[t];
  }
  return picked;
}

export function buildModel(instance: TablesInstance): Model {
  const personIds = instance.people.map((p) => p.id);
  const tableIds = instance.tables.map((t) => t.id);
  const personIndex = indexOf(personIds, 'person');
  const tableIndex = indexOf(tableIds, 'table');
  const n = personIds.length;
  const T = tableIds.length;
  const R = instance.rounds;

  const vipPerson = Uint8Array.from(instance.people, (p) => (p.vip ? 1 : 0));
  const vipTable = Uint8Array.from(instance.tables, (t) => (t.vip ? 1 : 0));
  const seats = Int32Array.from(instance.tables, (t) => t.seats);

  const fixedTable = new Int32Array(R * n).fill(-1);
  for (const f of instance.fixed) {
    if (f.round >= R)
      throw new Error(`solveTables: a fixed seat is in round ${f.round}, past the last round`);
    const i = lookup(personIndex, f.person, 'fixed.person');
    const t = lookup(tableIndex, f.table, 'fixed.table');
    const at = f.round * n + i;
    if (fixedTable[at] >= 0 && fixedTable[at] !== t)
      throw new Error(`solveTables: "${f.person}" is fixed at two tables in round ${f.round}`);
    fixedTable[at] = t;
  }

  const present = new Uint8Array(R * n).fill(1);
  for (const a of instance.absent) {
    const i = lookup(personIndex, a.person, 'absent.person');
    for (let r = a.fromRound; r < R; r++) if (fixedTable[r * n + i] < 0) present[r * n + i] = 0;
  }

  const sizes = new Int32Array(R * (T + 1));
  const vipFits = new Uint8Array(R);
  const vipTables: number[] = [];
  const otherTables: number[] = [];
  for (let t = 0; t < T; t++) (vipTable[t] ? vipTables : otherTables).push(t);
  const vipSeats = vipTables.reduce((sum, t) => sum + seats[t], 0);
  const otherSeats = otherTables.reduce((sum, t) => sum + seats[t], 0);
  const fixedCount = new Int32Array(T);
  const minSeats = instance.tables.some((t) => t.minSeats !== undefined)
    ? Int32Array.from(instance.tables, (t) => (t.minSeats === undefined ? -1 : Math.min(t.seats, t.minSeats)))
    : null;
  /** lo[t]: the fewest people table t takes in the round being sized (its fixed people, its minimum). */
  const lo = new Int32Array(T);
  const chosenBy = new Int32Array(T);
  for (const p of instance.people) {
    for (const id of new Set(p.tables)) {
      const t = tableIndex.get(id);
      if (t !== undefined) chosenBy[t]++;
    }
  }
  const use = (tables: number[], people: number, everyone: number) => {
    const count = tablesToUse(
      people,
      R,
      tables.map((t) => seats[t]),
      everyone - 1,
    );
    return pickTables(tables, count, people, seats, lo, chosenBy);
  };
  for (let r = 0; r < R; r++) {
    fixedCount.fill(0);
    let people = 0;
    let vips = 0;
    for (let i = 0; i < n; i++) {
      if (!present[r * n + i]) continue;
      people++;
      if (vipPerson[i]) vips++;
      const t = fixedTable[r * n + i];
      if (t >= 0) fixedCount[t]++;
    }
    let fixedVip = 0;
    let fixedOther = 0;
    for (let t = 0; t < T; t++) {
      if (fixedCount[t] > seats[t])
        throw new Error(`solveTables: ${fixedCount[t]} people are fixed at "${tableIds[t]}" in round ${r}`);
      lo[t] = Math.max(fixedCount[t], minSeats?.[t] ?? 0, 0);
      if (vipTable[t]) fixedVip += lo[t];
      else fixedOther += lo[t];
    }
    if (fixedVip + fixedOther > people)
      throw new Error(
        `solveTables: the tables' minimums (minSeats, fixed seats) ask for ${fixedVip + fixedOther} people in round ${r}, who are ${people}`,
      );
    vipFits[r] = vips <= vipSeats ? 1 : 0;
    let toVip = Math.min(vipSeats, vips + Math.max(0, people - vips - otherSeats));
    toVip = Math.min(vipSeats, Math.max(toVip, fixedVip), people - fixedOther);
    const toOther = Math.max(fixedOther, Math.min(otherSeats, people - toVip));
    const base = r * (T + 1);
    waterFill(use(vipTables, toVip, people), lo, seats, toVip, sizes, base);
    waterFill(use(otherTables, toOther, people), lo, seats, toOther, sizes, base);
    sizes[base + T] = people - toVip - toOther;
  }

  let blocked: Uint8Array | null = null;
  for (const [a, b] of instance.blocked) {
    const i = lookup(personIndex, a, 'blocked');
    const j = lookup(personIndex, b, 'blocked');
    if (i === j) continue;
    blocked ??= new Uint8Array(n * n);
    blocked[i * n + j] = 1;
    blocked[j * n + i] = 1;
  }
  const met: [number, number][] = [];
  for (const [a, b] of instance.met) {
    const i = lookup(personIndex, a, 'met');
    const j = lookup(personIndex, b, 'met');
    if (i !== j) met.push([i, j]);
  }

  let chosen: Uint8Array | null = null;
  let choosers = 0;
  instance.people.forEach((p, i) => {
    if (!p.tables.length) return;
    chosen ??= new Uint8Array(n * T);
    choosers++;
    for (const id of p.tables) chosen[i * T + lookup(tableIndex, id, `people.${i}.tables`)] = 1;
  });

  const together = togetherOf(instance, personIndex, n);

  return {
    ...together,
    n,
    T,
    R,
    personIds,
    tableIds,
    vipPerson,
    vipTable,
    present,
    fixedTable,
    sizes,
    minSeats,
    seats,
    vipFits,
    blocked,
    met,
    chosen,
    choosers,
  };
}

/** The `together` pairs, deduplicated, and each person's list of them. */
function togetherOf(
  instance: TablesInstance,
  personIndex: Map<string, number>,
  n: number,
): Pick<Model, 'togetherPairs' | 'togetherStart' | 'togetherPartner' | 'togetherPair'> {
  const seen = new Set<number>();
  const pairs: number[] = [];
  const degree = new Int32Array(n + 1);
  for (const [a, b] of instance.together) {
    const i = lookup(personIndex, a, 'together');
    const j = lookup(personIndex, b, 'together');
    if (i === j) continue;
    const key = Math.min(i, j) * n + Math.max(i, j);
    if (seen.has(key)) continue;
    seen.add(key);
    pairs.push(i, j);
    degree[i]++;
    degree[j]++;
  }
  const togetherStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) togetherStart[i + 1] = togetherStart[i] + degree[i];
  const fill = togetherStart.slice(0, n);
  const togetherPartner = new Int32Array(pairs.length);
  const togetherPair = new Int32Array(pairs.length);
  for (let k = 0; k < pairs.length / 2; k++) {
    const i = pairs[2 * k];
    const j = pairs[2 * k + 1];
    togetherPartner[fill[i]] = j;
    togetherPair[fill[i]++] = k;
    togetherPartner[fill[j]] = i;
    togetherPair[fill[j]++] = k;
  }
  return { togetherPairs: Int32Array.from(pairs), togetherStart, togetherPartner, togetherPair };
}
