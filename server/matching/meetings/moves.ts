import type { Random } from './random';
import type { Schedule } from './schedule';

/** Slots of a full slot scanned for a meeting to move elsewhere (the rest are left for another try). */
const FULL_SLOT_TRIES = 6;

/**
 * The two moves the search is made of: placing a request by moving the meetings in its way to other slots (an
 * ejection chain, nothing taken out), and placing it by taking out lighter meetings (an exchange, that then tries to
 * put those back elsewhere).
 */
export class Moves {
  private budget = 0;
  private rotate = false;
  /** Weight under which two totals count as equal (sums of non-integer weights). */
  readonly epsilon: number;

  constructor(
    private readonly schedule: Schedule,
    private readonly random: Random,
  ) {
    let heaviest = 0;
    for (const w of schedule.problem.weight) heaviest = Math.max(heaviest, w);
    this.epsilon = heaviest * 1e-9;
  }

  /**
   * Places the unplaced request r, in a free common slot or by moving blocking meetings to other slots, up to
   * `depth` moves deep and `budget` slots examined. `rotate`: start at a random common slot, else the earliest.
   */
  insert(r: number, depth: number, budget: number, rotate: boolean): boolean {
    const { reqA, reqB, cap } = this.schedule.problem;
    const { degree } = this.schedule;
    if (degree[reqA[r]] >= cap[reqA[r]] || degree[reqB[r]] >= cap[reqB[r]]) return false;
    this.budget = budget;
    this.rotate = rotate;
    return this.chain(r, depth);
  }

  private chain(r: number, depth: number): boolean {
    const schedule = this.schedule;
    const { commonStart, commonSlots, reqA, reqB, slots, tables } = schedule.problem;
    const start = commonStart[r];
    const n = commonStart[r + 1] - start;
    const offset = this.rotate && n > 1 ? this.random.int(0, n - 1) : 0;
    for (let k = 0; k < n; k++) {
      const s = commonSlots[start + ((k + offset) % n)];
      if (schedule.canPlace(r, s)) {
        schedule.set(r, s);
        return true;
      }
    }
    if (depth === 0) return false;
    const a = reqA[r];
    const b = reqB[r];
    for (let k = 0; k < n; k++) {
      if (--this.budget < 0) return false;
      const s = commonSlots[start + ((k + offset) % n)];
      const blockA = schedule.busy[a * slots + s];
      const blockB = schedule.busy[b * slots + s];
      const mark = schedule.mark();
      if (blockA >= 0) schedule.set(blockA, -1);
      if (blockB >= 0) schedule.set(blockB, -1);
      if (schedule.used[s] >= tables) {
        // Both free but every table taken: move one of the slot's meetings elsewhere.
        const used = schedule.used[s];
        const first = this.rotate ? this.random.int(0, used - 1) : 0;
        for (let t = 0; t < Math.min(FULL_SLOT_TRIES, used); t++) {
          const other = schedule.members[s * schedule.stride + ((first + t) % used)];
          const inner = schedule.mark();
          schedule.set(other, -1);
          schedule.set(r, s);
          if (this.chain(other, depth - 1)) return true;
          schedule.undo(inner);
          if (this.budget < 0) break;
        }
        schedule.undo(mark);
        continue;
      }
      schedule.set(r, s);
      if ((blockA < 0 || this.chain(blockA, depth - 1)) && (blockB < 0 || this.chain(blockB, depth - 1)))
        return true;
      schedule.undo(mark);
    }
    return false;
  }

  /**
   * Places the unplaced request r by taking out what stands in the cheapest of its common slots — the meetings of
   * its two people there, one more meeting of a person at their cap, one meeting of a slot whose tables are all
   * taken — when they weigh less than r (or as much, with `allowEqual`), then tries to put them back elsewhere.
   * Returns the change of the total weight (never negative); 0 and nothing changed when no slot is worth it.
   */
  exchange(r: number, depth: number, budget: number, allowEqual: boolean): number {
    const schedule = this.schedule;
    const { commonStart, commonSlots, reqA, reqB, slots, tables, cap, weight } = schedule.problem;
    const a = reqA[r];
    const b = reqB[r];
    const start = commonStart[r];
    const n = commonStart[r + 1] - start;
    const offset = n > 1 ? this.random.int(0, n - 1) : 0;
    let bestCost = allowEqual ? weight[r] + this.epsilon : weight[r] - this.epsilon;
    let bestSlot = -1;
    const victims = [-1, -1, -1, -1, -1];
    const bestVictims = [-1, -1, -1, -1, -1];
    for (let k = 0; k < n; k++) {
      const s = commonSlots[start + ((k + offset) % n)];
      victims[0] = schedule.busy[a * slots + s];
      victims[1] = schedule.busy[b * slots + s];
      let cost = (victims[0] >= 0 ? weight[victims[0]] : 0) + (victims[1] >= 0 ? weight[victims[1]] : 0);
      if (cost >= bestCost) continue;
      victims[2] =
        schedule.degree[a] - (victims[0] >= 0 ? 1 : 0) >= cap[a] ? this.lightestOf(a, victims[0]) : -1;
      victims[3] =
        schedule.degree[b] - (victims[1] >= 0 ? 1 : 0) >= cap[b] ? this.lightestOf(b, victims[1]) : -1;
      if (victims[2] >= 0) cost += weight[victims[2]];
      if (victims[3] >= 0) cost += weight[victims[3]];
      if (cost >= bestCost) continue;
      const freed = (victims[0] >= 0 ? 1 : 0) + (victims[1] >= 0 ? 1 : 0);
      victims[4] = schedule.used[s] - freed >= tables ? this.lightestIn(s, victims[0], victims[1]) : -1;
      if (victims[4] >= 0) cost += weight[victims[4]];
      if (cost >= bestCost) continue;
      bestCost = cost;
      bestSlot = s;
      for (let v = 0; v < 5; v++) bestVictims[v] = victims[v];
    }
    if (bestSlot < 0) return 0;
    const before = schedule.weight;
    for (const v of bestVictims) if (v >= 0) schedule.set(v, -1);
    schedule.set(r, bestSlot);
    const taken = bestVictims.filter((v) => v >= 0).sort((x, y) => weight[y] - weight[x]);
    for (const v of taken) this.insert(v, depth, budget, true);
    return schedule.weight - before;
  }

  /** The lightest placed meeting of person p other than `except`, or −1. */
  private lightestOf(p: number, except: number): number {
    const { personStart, personRequests, weight } = this.schedule.problem;
    let best = -1;
    for (let i = personStart[p]; i < personStart[p + 1]; i++) {
      const q = personRequests[i];
      if (q !== except && this.schedule.slotOf[q] >= 0 && (best < 0 || weight[q] < weight[best])) best = q;
    }
    return best;
  }

  /** The lightest meeting of slot s other than the two given, or −1. */
  private lightestIn(s: number, exceptA: number, exceptB: number): number {
    const schedule = this.schedule;
    const { weight } = schedule.problem;
    const stride = schedule.stride;
    let best = -1;
    for (let i = 0; i < schedule.used[s]; i++) {
      const q = schedule.members[s * stride + i];
      if (q !== exceptA && q !== exceptB && (best < 0 || weight[q] < weight[best])) best = q;
    }
    return best;
  }
}
