/**
 * The seating being searched: for each round, people in slots grouped by table (table T is the bucket of people left
 * unseated for lack of seats), with incremental counts that make a swap's effect O(1) to evaluate:
 * - count[i·n + j]: meetings of the pair so far (`met` pairs start at one);
 * - met1 / met2 [(r·n + i)·(T+1) + t]: people at table t in round r whom i met at least once / at least twice;
 * - blockedAt [same index]: people at table t in round r blocked with i;
 * - gain [same index, when there are scores]: Σ score(i, x) over the people x at table t in round r (the delta
 *   matrix of Lai & Hao's swap search).
 * Hard cost H = WB · blockedTogether + WV · vipMisplaced + repeats, with weights that make the order lexicographic
 * (blocked pairs, then VIP placement, then repeats). Moving a person costs O(n + table size · rounds).
 */
import type { Model } from './model';

export class Seating {
  readonly n: number;
  readonly T: number;
  readonly R: number;
  /** slot → person, per round at r * n + slot. */
  readonly slotPerson: Int32Array;
  /** person → slot in its round (r * n + i), -1 when absent. */
  readonly personSlot: Int32Array;
  /** person → table (r * n + i): 0..T-1, T when unseated for lack of seats, -1 when absent. */
  readonly tableOf: Int32Array;
  /** First slot of table t in round r at r * (T + 2) + t; the entry t = T + 1 ends the round. */
  readonly tableStart: Int32Array;
  readonly count: Uint16Array;
  readonly met1: Uint16Array;
  readonly met2: Uint16Array;
  readonly blockedAt: Uint16Array | null;
  readonly gain: Float64Array | null;
  readonly movable: Uint8Array;
  readonly weightBlocked: number;
  readonly weightVip: number;
  readonly hasVip: boolean;
  private readonly blockedWith: Int32Array[] | null;

  constructor(
    readonly model: Model,
    readonly scores: Float64Array | null,
  ) {
    const { n, T, R, sizes, present, fixedTable } = model;
    this.n = n;
    this.T = T;
    this.R = R;
    this.slotPerson = new Int32Array(R * n).fill(-1);
    this.personSlot = new Int32Array(R * n).fill(-1);
    this.tableOf = new Int32Array(R * n).fill(-1);
    this.tableStart = new Int32Array(R * (T + 2));
    this.count = new Uint16Array(n * n);
    this.met1 = new Uint16Array(R * n * (T + 1));
    this.met2 = new Uint16Array(R * n * (T + 1));
    this.blockedAt = model.blocked ? new Uint16Array(R * n * (T + 1)) : null;
    this.gain = scores ? new Float64Array(R * n * (T + 1)) : null;
    this.movable = new Uint8Array(R * n);
    for (let r = 0; r < R; r++) {
      let at = 0;
      for (let t = 0; t <= T; t++) {
        this.tableStart[r * (T + 2) + t] = at;
        at += sizes[r * (T + 1) + t];
      }
      this.tableStart[r * (T + 2) + T + 1] = at;
      for (let i = 0; i < n; i++)
        this.movable[r * n + i] = present[r * n + i] && fixedTable[r * n + i] < 0 ? 1 : 0;
    }
    this.blockedWith = null;
    if (model.blocked) {
      const lists: number[][] = Array.from({ length: n }, () => []);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (model.blocked[i * n + j]) lists[i].push(j);
      this.blockedWith = lists.map((list) => Int32Array.from(list));
    }
    this.hasVip = model.vipPerson.some((v) => v === 1) || model.vipTable.some((v) => v === 1);
    const maxRepeats = (n * n * R) / 2 + 1;
    this.weightVip = maxRepeats;
    this.weightBlocked = maxRepeats * (n * R + 1);
    this.clear();
  }

  clear() {
    const { n, count } = this;
    count.fill(0);
    this.met1.fill(0);
    this.met2.fill(0);
    this.blockedAt?.fill(0);
    this.gain?.fill(0);
    this.tableOf.fill(-1);
    for (const [i, j] of this.model.met) {
      count[i * n + j] = 1;
      count[j * n + i] = 1;
    }
  }

  start(r: number, t: number): number {
    return this.tableStart[r * (this.T + 2) + t];
  }

  end(r: number, t: number): number {
    return this.tableStart[r * (this.T + 2) + t + 1];
  }

  /** Index of (round r, person i, table t) in met1, met2, blockedAt and gain. */
  at(r: number, i: number, t: number): number {
    return (r * this.n + i) * (this.T + 1) + t;
  }

  /** 1 when person i at table t of round r is misplaced (a non-VIP at a VIP table, a VIP elsewhere if they fit). */
  vipCost(r: number, i: number, t: number): number {
    const { vipTable, vipPerson, vipFits } = this.model;
    if (t < this.T && vipTable[t]) return vipPerson[i] ? 0 : 1;
    return vipPerson[i] && vipFits[r] ? 1 : 0;
  }

  /** Seats the people of round r from `order` (persons listed table by table, sizes as in the model). */
  seatRound(r: number, order: ArrayLike<number>) {
    const base = r * this.n;
    // Slots still holding the previous seating's people would be read as table-mates by join().
    this.slotPerson.fill(-1, base, base + this.n);
    for (let t = 0; t <= this.T; t++) {
      for (let s = this.start(r, t); s < this.end(r, t); s++) {
        const i = order[s];
        this.slotPerson[base + s] = i;
        this.personSlot[base + i] = s;
        this.join(r, i, t);
      }
    }
  }

  /** Pair (i, j) meets once more (+1) or once less (-1): crossing 1 or 2 updates met1/met2 in every round. */
  private meet(i: number, j: number, sign: number) {
    const { n, R, T, count, tableOf } = this;
    const before = count[i * n + j];
    const after = before + sign;
    count[i * n + j] = after;
    count[j * n + i] = after;
    const level = sign > 0 ? after : before;
    if (level !== 1 && level !== 2) return;
    const table = level === 1 ? this.met1 : this.met2;
    for (let r = 0; r < R; r++) {
      const ti = tableOf[r * n + i];
      const tj = tableOf[r * n + j];
      if (tj >= 0 && tj < T) table[(r * n + i) * (T + 1) + tj] += sign;
      if (ti >= 0 && ti < T) table[(r * n + j) * (T + 1) + ti] += sign;
    }
  }

  /** Adds person i to table t of round r (slots already set): its meetings and its share of everyone's counts. */
  private join(r: number, i: number, t: number) {
    const { n, T, count, slotPerson, scores } = this;
    this.tableOf[r * n + i] = t;
    if (t === T) return;
    const row = i * n;
    const stride = T + 1;
    const base = r * n;
    for (let x = 0; x < n; x++) {
      const c = count[row + x];
      if (c === 0 || x === i) continue;
      const k = (base + x) * stride + t;
      this.met1[k]++;
      if (c >= 2) this.met2[k]++;
    }
    if (this.blockedWith) for (const x of this.blockedWith[i]) this.blockedAt![(base + x) * stride + t]++;
    if (scores) {
      const gain = this.gain!;
      for (let x = 0; x < n; x++) gain[(base + x) * stride + t] += scores[row + x];
    }
    for (let s = this.start(r, t), e = this.end(r, t); s < e; s++) {
      const x = slotPerson[base + s];
      if (x !== i && x >= 0 && this.tableOf[base + x] === t) this.meet(i, x, 1);
    }
  }

  /** Takes person i out of its table in round r (its slot is reused by the caller). */
  private leave(r: number, i: number) {
    const { n, T, count, slotPerson, scores } = this;
    const base = r * n;
    const t = this.tableOf[base + i];
    if (t === T) return;
    for (let s = this.start(r, t), e = this.end(r, t); s < e; s++) {
      const x = slotPerson[base + s];
      if (x !== i) this.meet(i, x, -1);
    }
    const row = i * n;
    const stride = T + 1;
    for (let x = 0; x < n; x++) {
      const c = count[row + x];
      if (c === 0 || x === i) continue;
      const k = (base + x) * stride + t;
      this.met1[k]--;
      if (c >= 2) this.met2[k]--;
    }
    if (this.blockedWith) for (const x of this.blockedWith[i]) this.blockedAt![(base + x) * stride + t]--;
    if (scores) {
      const gain = this.gain!;
      for (let x = 0; x < n; x++) gain[(base + x) * stride + t] -= scores[row + x];
    }
  }

  /** The change of H if a and b (round r, different tables) swap seats. O(1). */
  swapDelta(r: number, a: number, b: number): number {
    const { n, T, count, met1, met2 } = this;
    const ta = this.tableOf[r * n + a];
    const tb = this.tableOf[r * n + b];
    const ka = (r * n + a) * (T + 1);
    const kb = (r * n + b) * (T + 1);
    const together = (ta < T ? 1 : 0) + (tb < T ? 1 : 0);
    let delta = met1[kb + ta] + met1[ka + tb] - met2[ka + ta] - met2[kb + tb];
    if (count[a * n + b] >= 1) delta -= together;
    if (this.hasVip || this.blockedAt) delta += this.extraDelta(r, a, b);
    return delta;
  }

  /** The blocked and VIP part of swapDelta (for callers that inline the repeats part). */
  extraDelta(r: number, a: number, b: number): number {
    const { n, T } = this;
    const ta = this.tableOf[r * n + a];
    const tb = this.tableOf[r * n + b];
    let delta = 0;
    const blockedAt = this.blockedAt;
    if (blockedAt) {
      const ka = (r * n + a) * (T + 1);
      const kb = (r * n + b) * (T + 1);
      let blocked = blockedAt[kb + ta] + blockedAt[ka + tb] - blockedAt[ka + ta] - blockedAt[kb + tb];
      if (this.model.blocked![a * n + b]) blocked -= (ta < T ? 1 : 0) + (tb < T ? 1 : 0);
      delta += this.weightBlocked * blocked;
    }
    if (this.hasVip)
      delta +=
        this.weightVip *
        (this.vipCost(r, a, tb) + this.vipCost(r, b, ta) - this.vipCost(r, a, ta) - this.vipCost(r, b, tb));
    return delta;
  }

  scoreDeltaOrZero(r: number, a: number, b: number): number {
    return this.gain ? this.scoreDelta(r, a, b) : 0;
  }

  /** The change of the score sum if a and b (round r, different tables) swap seats. O(1). */
  scoreDelta(r: number, a: number, b: number): number {
    const { n, T } = this;
    const gain = this.gain!;
    const ta = this.tableOf[r * n + a];
    const tb = this.tableOf[r * n + b];
    const ka = (r * n + a) * (T + 1);
    const kb = (r * n + b) * (T + 1);
    const ab = this.scores![a * n + b];
    let delta = 0;
    if (tb < T) delta += gain[ka + tb] - ab - gain[kb + tb];
    if (ta < T) delta += gain[kb + ta] - ab - gain[ka + ta];
    return delta;
  }

  swap(r: number, a: number, b: number) {
    const base = r * this.n;
    const ta = this.tableOf[base + a];
    const tb = this.tableOf[base + b];
    this.leave(r, a);
    this.leave(r, b);
    const sa = this.personSlot[base + a];
    const sb = this.personSlot[base + b];
    this.slotPerson[base + sa] = b;
    this.slotPerson[base + sb] = a;
    this.personSlot[base + a] = sb;
    this.personSlot[base + b] = sa;
    this.tableOf[base + a] = -1;
    this.tableOf[base + b] = -1;
    this.join(r, a, tb);
    this.join(r, b, ta);
  }

  /** H and its parts, recounted from the seating. */
  hardCost(): { cost: number; repeats: number; blocked: number; vip: number } {
    const { n, R, T, count } = this;
    let repeats = 0;
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) if (count[i * n + j] > 1) repeats += count[i * n + j] - 1;
    let blocked = 0;
    let vip = 0;
    for (let r = 0; r < R; r++) {
      for (let t = 0; t <= T; t++) {
        const s1 = this.end(r, t);
        for (let s = this.start(r, t); s < s1; s++) {
          const i = this.slotPerson[r * n + s];
          vip += this.vipCost(r, i, t);
          if (t < T && this.model.blocked)
            for (let u = s + 1; u < s1; u++)
              blocked += this.model.blocked[i * n + this.slotPerson[r * n + u]];
        }
      }
    }
    return { cost: repeats + this.weightVip * vip + this.weightBlocked * blocked, repeats, blocked, vip };
  }

  /** Person i (seated in round r) has a blocked or repeated table-mate, or is a VIP misplacement. O(1). */
  inConflict(r: number, i: number): boolean {
    const t = this.tableOf[r * this.n + i];
    if (t < 0) return false;
    if (this.hasVip && this.vipCost(r, i, t)) return true;
    const k = this.at(r, i, t);
    return this.met2[k] > 0 || (this.blockedAt !== null && this.blockedAt[k] > 0);
  }

  snapshot(): Int32Array {
    return this.slotPerson.slice();
  }

  /** Restores a snapshot taken by `snapshot()`, recounting everything. */
  restore(slots: Int32Array) {
    const { n, R, T } = this;
    this.clear();
    for (let r = 0; r < R; r++) this.seatRound(r, slots.slice(r * n, r * n + this.end(r, T)));
  }
}
