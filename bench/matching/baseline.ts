/**
 * The plain references each bar line of `npm run bench -- matching` is measured against, run on the same instance
 * with the same time limit (matching.md, "Plain JavaScript baselines"):
 * - rotation (R1–R6): simulated annealing over swaps of two people of one round at different tables, the cost being
 *   the repeats (and blocked pairs, VIP seats), stopped at 0 or at the time limit;
 * - scores (R7, G1–G3): a greedy seating (each table grown with the person who adds the most score and no repeat)
 *   then a plain first-improvement swap descent on (hard violations × 10⁶ + people away from the tables they chose
 *   × 10⁴ − score), stopped when a sweep finds no improving swap or at the time limit (chosen tables rank between
 *   hard rules and score, as in solveTables, so that G3's BKS is a seating of the same problem);
 * - meetings (B): one greedy pass, heaviest request first, in the earliest slot both are free with a table left;
 * - scores (S): a plain single-thread loop calling `pairScore` on every pair's answer arrays.
 * Simple on purpose: no absent people or fixed seats (the bench's instances have none); a chosen table is asked in
 * every round (G3 has one).
 */
import type {
  MeetingsInstance,
  MeetingsResult,
  TablesInstance,
  TablesResult,
} from '../../server/matching/instance';
import { seededRandom } from '../../server/matching/random';
import { type Answers, pairScore, type ScoreQuestion } from '../../server/matching/score';
import { computeScoresHere } from '../../server/matching/scores';

const HARD = 1e6;
/**
 * A person who chose tables seated elsewhere (per round): above any score change of one swap (G3: at most 2 × 11
 * table-mates × 60), below a hard violation, as solveTables ranks chosen tables between the two.
 */
const CHOSEN = 1e4;

export type BaselineTables = Pick<TablesResult, 'rounds'> & { seconds: number };

interface State {
  n: number;
  /** members[r][t]: the people at table t in round r. */
  members: number[][][];
  /** counts[i·n + j]: rounds i and j share a table, plus 1 for a pair in `met`. */
  counts: Uint8Array;
  bad: Uint8Array;
  score: Float64Array;
  vip: Uint8Array;
  tableVip: Uint8Array;
  sign: number;
  /** miss[i · T + t]: CHOSEN when i chose tables and t is not one of them, else 0. */
  miss: Float64Array;
  T: number;
}

function prepare(instance: TablesInstance): State {
  const n = instance.people.length;
  const index = new Map(instance.people.map((p, i) => [p.id, i]));
  const pairs = (list: [string, string][]) => {
    const flags = new Uint8Array(n * n);
    for (const [a, b] of list) {
      const i = index.get(a);
      const j = index.get(b);
      if (i === undefined || j === undefined) continue;
      flags[i * n + j] = 1;
      flags[j * n + i] = 1;
    }
    return flags;
  };
  const score = new Float64Array(n * n);
  const sign = instance.objective === 'similar' ? 1 : instance.objective === 'diverse' ? -1 : 0;
  if (sign !== 0 && instance.questions.length) {
    const scores = computeScoresHere(instance.questions, instance.people);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) score[i * n + j] = score[j * n + i] = scores.get(i, j);
    }
  }
  return {
    n,
    members: [],
    counts: pairs(instance.met),
    bad: pairs(instance.blocked),
    score,
    vip: Uint8Array.from(instance.people, (p) => (p.vip ? 1 : 0)),
    tableVip: Uint8Array.from(instance.tables, (t) => (t.vip ? 1 : 0)),
    sign,
    miss: Float64Array.from({ length: n * instance.tables.length }, (_, k) => {
      const person = instance.people[Math.floor(k / instance.tables.length)];
      const table = instance.tables[k % instance.tables.length];
      return person.tables.length && !person.tables.includes(table.id) ? CHOSEN : 0;
    }),
    T: instance.tables.length,
  };
}

/** Table sizes as even as the seats allow for n people. */
function sizes(instance: TablesInstance): number[] {
  const out = instance.tables.map(() => 0);
  let left = instance.people.length;
  while (left > 0) {
    let placed = false;
    for (let t = 0; t < out.length && left > 0; t++) {
      if (out[t] < instance.tables[t].seats) {
        out[t]++;
        left--;
        placed = true;
      }
    }
    if (!placed) break;
  }
  return out;
}

/** What person p adds next to `others` (hard violations weighed HARD, score by the objective's sign). */
function added(s: State, p: number, others: number[], skip: number, table: number): number {
  let cost = (s.vip[p] !== s.tableVip[table] ? HARD : 0) + s.miss[p * s.T + table];
  for (const x of others) {
    if (x === skip || x === p) continue;
    const k = p * s.n + x;
    cost += (s.counts[k] >= 1 ? HARD : 0) + (s.bad[k] ? HARD : 0) - s.sign * s.score[k];
  }
  return cost;
}

function seat(s: State, r: number, t: number, p: number, sign: 1 | -1) {
  for (const x of s.members[r][t]) {
    if (x === p) continue;
    s.counts[p * s.n + x] += sign;
    s.counts[x * s.n + p] += sign;
  }
}

/** The seats found: the bench recounts their figures with the checker (the baselines report none). */
function result(instance: TablesInstance, s: State): Pick<TablesResult, 'rounds'> {
  return {
    rounds: s.members.map((round) =>
      round.map((people, t) => ({
        table: instance.tables[t].id,
        people: people.map((i) => instance.people[i].id),
      })),
    ),
  };
}

/** Swap a (at table ta) and b (at tb) of round r: the change of cost. */
function swapDelta(s: State, r: number, ta: number, a: number, tb: number, b: number): number {
  const A = s.members[r][ta];
  const B = s.members[r][tb];
  // Counts include this round's seating: leaving a table removes those meetings first.
  let before = 0;
  let after = 0;
  for (const x of A) {
    if (x === a) continue;
    const ka = a * s.n + x;
    before += (s.counts[ka] >= 2 ? HARD : 0) + (s.bad[ka] ? HARD : 0) - s.sign * s.score[ka];
    const kb = b * s.n + x;
    after += (s.counts[kb] >= 1 ? HARD : 0) + (s.bad[kb] ? HARD : 0) - s.sign * s.score[kb];
  }
  for (const y of B) {
    if (y === b) continue;
    const kb = b * s.n + y;
    before += (s.counts[kb] >= 2 ? HARD : 0) + (s.bad[kb] ? HARD : 0) - s.sign * s.score[kb];
    const ka = a * s.n + y;
    after += (s.counts[ka] >= 1 ? HARD : 0) + (s.bad[ka] ? HARD : 0) - s.sign * s.score[ka];
  }
  before += (s.vip[a] !== s.tableVip[ta] ? HARD : 0) + (s.vip[b] !== s.tableVip[tb] ? HARD : 0);
  after += (s.vip[b] !== s.tableVip[ta] ? HARD : 0) + (s.vip[a] !== s.tableVip[tb] ? HARD : 0);
  before += s.miss[a * s.T + ta] + s.miss[b * s.T + tb];
  after += s.miss[b * s.T + ta] + s.miss[a * s.T + tb];
  return after - before;
}

function applySwap(s: State, r: number, ta: number, ia: number, tb: number, ib: number) {
  const a = s.members[r][ta][ia];
  const b = s.members[r][tb][ib];
  seat(s, r, ta, a, -1);
  seat(s, r, tb, b, -1);
  s.members[r][ta][ia] = b;
  s.members[r][tb][ib] = a;
  seat(s, r, ta, b, 1);
  seat(s, r, tb, a, 1);
}

/**
 * Rotation baseline: random seating, then simulated annealing over swaps (temperature from 0.5 down to 0.05 over the
 * time limit), until the cost (repeats, blocked pairs, VIP seats) is 0.
 */
export function annealTables(
  instance: TablesInstance,
  seed: number,
  timeLimitSeconds: number,
): BaselineTables {
  const started = performance.now();
  const random = seededRandom(seed);
  const s = prepare(instance);
  const tableSizes = sizes(instance);
  for (let r = 0; r < instance.rounds; r++) {
    const order = [...Array(s.n).keys()];
    for (let i = order.length - 1; i > 0; i--) {
      const k = Math.floor(random() * (i + 1));
      [order[i], order[k]] = [order[k], order[i]];
    }
    const round: number[][] = [];
    s.members.push(round);
    let next = 0;
    tableSizes.forEach((size, t) => {
      round.push([]);
      for (const p of order.slice(next, next + size)) {
        round[t].push(p);
        seat(s, r, t, p, 1);
      }
      next += size;
    });
  }
  const tables = instance.tables.length;
  const limit = timeLimitSeconds * 1000;
  let current = Number.POSITIVE_INFINITY;
  for (let step = 0; tables > 1; step++) {
    if ((step & 1023) === 0) {
      const elapsed = performance.now() - started;
      if (elapsed > limit) break;
      const fraction = elapsed / limit;
      current = 0.5 * (0.05 / 0.5) ** fraction;
      if (isSolved(s)) break;
    }
    const r = Math.floor(random() * instance.rounds);
    const ta = Math.floor(random() * tables);
    let tb = Math.floor(random() * (tables - 1));
    if (tb >= ta) tb++;
    const A = s.members[r][ta];
    const B = s.members[r][tb];
    if (!A.length || !B.length) continue;
    const ia = conflicted(s, A, ta, Math.floor(random() * A.length));
    const ib = Math.floor(random() * B.length);
    const delta = swapDelta(s, r, ta, A[ia], tb, B[ib]) / HARD;
    if (delta <= 0 || random() < Math.exp(-delta / current)) {
      applySwap(s, r, ta, ia, tb, ib);
    }
  }
  return { ...result(instance, s), seconds: (performance.now() - started) / 1000 };
}

/** From `start` on (cyclically), the first person of table `t` in a conflict there, else `start`. */
function conflicted(s: State, people: number[], t: number, start: number): number {
  for (let k = 0; k < people.length; k++) {
    const at = (start + k) % people.length;
    const a = people[at];
    if (s.vip[a] !== s.tableVip[t]) return at;
    for (const b of people) if (b !== a && (s.counts[a * s.n + b] >= 2 || s.bad[a * s.n + b])) return at;
  }
  return start;
}

function isSolved(s: State): boolean {
  for (const round of s.members) {
    for (let t = 0; t < round.length; t++) {
      for (const a of round[t]) {
        if (s.vip[a] !== s.tableVip[t]) return false;
        for (const b of round[t])
          if (a < b && (s.counts[a * s.n + b] >= 2 || s.bad[a * s.n + b])) return false;
      }
    }
  }
  return true;
}

/** Scores baseline: greedy seating round by round, then first-improvement swap descent. */
export function greedyDescentTables(
  instance: TablesInstance,
  seed: number,
  timeLimitSeconds: number,
): BaselineTables {
  const started = performance.now();
  const random = seededRandom(seed);
  const s = prepare(instance);
  const tableSizes = sizes(instance);
  for (let r = 0; r < instance.rounds; r++) {
    const round: number[][] = tableSizes.map(() => []);
    s.members.push(round);
    const free = new Set(Array.from({ length: s.n }, (_, i) => i));
    tableSizes.forEach((size, t) => {
      while (round[t].length < size && free.size) {
        let best = -1;
        let bestCost = Number.POSITIVE_INFINITY;
        for (const p of free) {
          const c = added(s, p, round[t], -1, t);
          if (c < bestCost) {
            bestCost = c;
            best = p;
          }
        }
        free.delete(best);
        round[t].push(best);
        seat(s, r, t, best, 1);
      }
    });
  }
  const limit = timeLimitSeconds * 1000;
  const tables = instance.tables.length;
  let sinceImproved = 0;
  const patience = s.n * s.n * instance.rounds;
  for (let step = 0; tables > 1 && sinceImproved < patience; step++) {
    if ((step & 1023) === 0 && performance.now() - started > limit) break;
    const r = Math.floor(random() * instance.rounds);
    const ta = Math.floor(random() * tables);
    let tb = Math.floor(random() * (tables - 1));
    if (tb >= ta) tb++;
    const A = s.members[r][ta];
    const B = s.members[r][tb];
    sinceImproved++;
    if (!A.length || !B.length) continue;
    const ia = Math.floor(random() * A.length);
    const ib = Math.floor(random() * B.length);
    if (swapDelta(s, r, ta, A[ia], tb, B[ib]) < -1e-9) {
      applySwap(s, r, ta, ia, tb, ib);
      sinceImproved = 0;
    }
  }
  return { ...result(instance, s), seconds: (performance.now() - started) / 1000 };
}

/** Meetings baseline: heaviest request first (ties: the instance's order), earliest common free slot. */
export function greedyMeetings(
  instance: MeetingsInstance,
): Pick<MeetingsResult, 'meetings'> & { seconds: number } {
  const started = performance.now();
  const people = new Map(instance.people.map((p) => [p.id, { free: new Set(p.available), left: p.max }]));
  const used = new Array(instance.slots).fill(0);
  const order = instance.requests
    .map((r, k) => ({ r, k }))
    .sort((x, y) => y.r.weight - x.r.weight || x.k - y.k);
  const meetings: MeetingsResult['meetings'] = [];
  for (const { r } of order) {
    const a = people.get(r.a);
    const b = people.get(r.b);
    if (!a || !b || r.a === r.b || a.left <= 0 || b.left <= 0) continue;
    for (let slot = 0; slot < instance.slots; slot++) {
      if (used[slot] >= instance.tables || !a.free.has(slot) || !b.free.has(slot)) continue;
      meetings.push({ a: r.a, b: r.b, slot, table: used[slot]++ });
      a.free.delete(slot);
      b.free.delete(slot);
      a.left--;
      b.left--;
      break;
    }
  }
  return { meetings, seconds: (performance.now() - started) / 1000 };
}

/**
 * Scores baseline: every pair of rows [0, rows) through `pairScore`, quantised like `computeScores`. Returns the
 * seconds and the values (for a byte comparison).
 */
export function plainScores(
  questions: readonly ScoreQuestion[],
  answers: readonly Answers[],
  rows = answers.length,
): { seconds: number; values: Uint16Array } {
  const started = performance.now();
  const n = answers.length;
  const total = questions.filter((q) => q.weight > 0).reduce((sum, q) => sum + q.weight, 0);
  const scale = total > 0 ? 65535 / total : 1;
  const values = new Uint16Array(rows * n - (rows * (rows + 1)) / 2);
  let out = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = i + 1; j < n; j++)
      values[out++] = Math.round(pairScore(questions, answers[i], answers[j]) * scale);
  }
  return { seconds: (performance.now() - started) / 1000, values };
}
