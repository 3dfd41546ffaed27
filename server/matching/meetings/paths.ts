import type { Moves } from './moves';
import type { Schedule } from './schedule';

/** Requests added per path beyond the first, and path nodes examined per search. */
const EXTRA_ADDITIONS = 2;
const NODE_BUDGET = 3000;

/**
 * Alternating paths over the people's caps (the b-matching side of the problem): add a request left out whose
 * person is at their cap, take out one of that person's meetings, which frees the other person of that meeting to
 * take one of their own requests left out, and so on — kept when the weight added exceeds the weight taken out and
 * the added requests find slots (ejection chains).
 */
export class AlternatingPaths {
  /** +1 added, −1 taken out, 0 untouched, per request, for the path being built. */
  private readonly inPath: Int8Array;
  /** Change of each person's meetings along the path being built. */
  private readonly delta: Int32Array;
  private readonly added: number[] = [];
  private readonly removed: number[] = [];
  private bestGain = 0;
  private bestAdded: number[] = [];
  private bestRemoved: number[] = [];
  private nodes = 0;

  constructor(
    private readonly schedule: Schedule,
    private readonly moves: Moves,
  ) {
    this.inPath = new Int8Array(schedule.slotOf.length);
    this.delta = new Int32Array(schedule.problem.cap.length);
  }

  /** Tries to place the request r (left out) along the best path found; returns the weight gained (0: nothing). */
  augment(r: number, depth: number, budget: number): number {
    const { reqA, reqB, weight } = this.schedule.problem;
    this.bestGain = this.moves.epsilon;
    this.bestAdded = [];
    this.bestRemoved = [];
    this.nodes = NODE_BUDGET;
    this.add(r);
    const a = reqA[r];
    const b = reqB[r];
    const [first, second] = this.spare(a) ? [b, a] : [a, b];
    if (this.spare(first)) this.record(weight[r]);
    else if (this.spare(second)) this.open(first, weight[r], EXTRA_ADDITIONS);
    else {
      // Both at their cap: one of `first`'s meetings goes, then the path goes on from `second`.
      for (const m of this.meetingsByWeight(first)) {
        if (this.inPath[m] !== 0) continue;
        this.remove(m);
        this.open(second, weight[r] - weight[m], EXTRA_ADDITIONS);
        this.undoRemove(m);
      }
    }
    this.undoAdd(r);
    if (this.bestAdded.length === 0) return 0;

    const schedule = this.schedule;
    const before = schedule.weight;
    const mark = schedule.mark();
    for (const m of this.bestRemoved) schedule.set(m, -1);
    for (const q of this.bestAdded)
      if (!this.moves.insert(q, depth, budget, true)) {
        schedule.undo(mark);
        return 0;
      }
    if (schedule.weight <= before + this.moves.epsilon) {
      schedule.undo(mark);
      return 0;
    }
    return schedule.weight - before;
  }

  /** Person x holds one meeting too many: take one out, then stop or go on from the person it frees. */
  private open(x: number, gain: number, additions: number): void {
    const { reqA, reqB, weight } = this.schedule.problem;
    for (const m of this.meetingsByWeight(x)) {
      if (--this.nodes < 0) return;
      if (this.inPath[m] !== 0) continue;
      const afterRemoval = gain - weight[m];
      // Even adding `additions` more of the heaviest weight cannot pay for it: no need to look further.
      if (afterRemoval + additions * this.heaviest() <= this.bestGain) continue;
      this.remove(m);
      if (afterRemoval > this.bestGain) this.record(afterRemoval);
      if (additions > 0) {
        const y = reqA[m] === x ? reqB[m] : reqA[m];
        for (const q of this.leftOutByWeight(y)) {
          if (this.inPath[q] !== 0) continue;
          const z = reqA[q] === y ? reqB[q] : reqA[q];
          const gained = afterRemoval + weight[q];
          this.add(q);
          if (this.spare(z)) {
            if (gained > this.bestGain) this.record(gained);
          } else this.open(z, gained, additions - 1);
          this.undoAdd(q);
          if (this.nodes < 0) break;
        }
      }
      this.undoRemove(m);
    }
  }

  private heaviestWeight = -1;
  private heaviest(): number {
    if (this.heaviestWeight < 0)
      for (const w of this.schedule.problem.weight) this.heaviestWeight = Math.max(this.heaviestWeight, w);
    return this.heaviestWeight;
  }

  /** True when person p can take one more meeting, counting the path being built. */
  private spare(p: number): boolean {
    return this.schedule.degree[p] + this.delta[p] < this.schedule.problem.cap[p];
  }

  private record(gain: number): void {
    this.bestGain = gain;
    this.bestAdded = [...this.added];
    this.bestRemoved = [...this.removed];
  }

  private add(r: number): void {
    this.inPath[r] = 1;
    this.added.push(r);
    this.delta[this.schedule.problem.reqA[r]]++;
    this.delta[this.schedule.problem.reqB[r]]++;
  }

  private undoAdd(r: number): void {
    this.inPath[r] = 0;
    this.added.pop();
    this.delta[this.schedule.problem.reqA[r]]--;
    this.delta[this.schedule.problem.reqB[r]]--;
  }

  private remove(m: number): void {
    this.inPath[m] = -1;
    this.removed.push(m);
    this.delta[this.schedule.problem.reqA[m]]--;
    this.delta[this.schedule.problem.reqB[m]]--;
  }

  private undoRemove(m: number): void {
    this.inPath[m] = 0;
    this.removed.pop();
    this.delta[this.schedule.problem.reqA[m]]++;
    this.delta[this.schedule.problem.reqB[m]]++;
  }

  /** Placed requests of p, lightest first. */
  private meetingsByWeight(p: number): number[] {
    return this.requestsOf(p, true).sort(
      (x, y) => this.schedule.problem.weight[x] - this.schedule.problem.weight[y],
    );
  }

  /** Requests of p left out, heaviest first. */
  private leftOutByWeight(p: number): number[] {
    return this.requestsOf(p, false).sort(
      (x, y) => this.schedule.problem.weight[y] - this.schedule.problem.weight[x],
    );
  }

  private requestsOf(p: number, placed: boolean): number[] {
    const { personStart, personRequests } = this.schedule.problem;
    const list: number[] = [];
    for (let i = personStart[p]; i < personStart[p + 1]; i++) {
      const q = personRequests[i];
      if (this.schedule.slotOf[q] >= 0 === placed) list.push(q);
    }
    return list;
  }
}
