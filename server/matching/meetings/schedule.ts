import type { MeetingsProblem } from './problem';

/**
 * Which slot each request sits in, with what that implies (who is busy when, meetings per slot and per person),
 * every change written to an undo log so that a trial move can be taken back exactly.
 */
export class Schedule {
  /** Slot of request r, or −1 when not placed. */
  readonly slotOf: Int32Array;
  /** The request person p meets in slot s (at p * slots + s), or −1. */
  readonly busy: Int32Array;
  /** Meetings per slot. */
  readonly used: Int32Array;
  /** Meetings per person. */
  readonly degree: Int32Array;
  /** The requests in slot s: members[s * stride .. s * stride + used[s]). */
  readonly members: Int32Array;
  /** Room kept per slot in `members`: min(tables, requests). */
  readonly stride: number;
  private readonly position: Int32Array;
  private log = new Int32Array(1024);
  private logLength = 0;
  weight = 0;
  placed = 0;

  constructor(readonly problem: MeetingsProblem) {
    const R = problem.weight.length;
    const P = problem.personIds.length;
    this.slotOf = new Int32Array(R).fill(-1);
    this.busy = new Int32Array(P * problem.slots).fill(-1);
    this.used = new Int32Array(problem.slots);
    this.degree = new Int32Array(P);
    this.stride = Math.min(problem.tables, R);
    this.members = new Int32Array(problem.slots * this.stride);
    this.position = new Int32Array(R);
  }

  /** True when r can go to slot s as things stand: both free, a table left, both under their cap. */
  canPlace(r: number, s: number): boolean {
    const { reqA, reqB, slots, tables, cap } = this.problem;
    const a = reqA[r];
    const b = reqB[r];
    return (
      this.busy[a * slots + s] < 0 &&
      this.busy[b * slots + s] < 0 &&
      this.used[s] < tables &&
      this.degree[a] < cap[a] &&
      this.degree[b] < cap[b]
    );
  }

  /** Moves request r to slot s (−1: takes it out), logged. The caller keeps the constraints. */
  set(r: number, s: number): void {
    const old = this.slotOf[r];
    if (old === s) return;
    if (this.logLength + 2 > this.log.length) {
      const bigger = new Int32Array(this.log.length * 2);
      bigger.set(this.log);
      this.log = bigger;
    }
    this.log[this.logLength++] = r;
    this.log[this.logLength++] = old;
    this.apply(r, s);
  }

  /** A point to come back to with `undo`. */
  mark(): number {
    return this.logLength;
  }

  /** Takes back every change made since `mark`. */
  undo(mark: number): void {
    while (this.logLength > mark) {
      const old = this.log[--this.logLength];
      const r = this.log[--this.logLength];
      this.apply(r, old);
    }
  }

  /** Puts every request in the slot `slotOf` gives (a copy kept earlier), and forgets the log. */
  load(slotOf: Int32Array): void {
    for (let r = 0; r < slotOf.length; r++)
      if (this.slotOf[r] >= 0 && this.slotOf[r] !== slotOf[r]) this.apply(r, -1);
    for (let r = 0; r < slotOf.length; r++) if (slotOf[r] !== this.slotOf[r]) this.apply(r, slotOf[r]);
    this.logLength = 0;
  }

  /** Forgets the log (the current state becomes the one to keep). */
  commit(): void {
    this.logLength = 0;
  }

  private apply(r: number, s: number): void {
    const { reqA, reqB, slots, weight } = this.problem;
    const a = reqA[r];
    const b = reqB[r];
    const old = this.slotOf[r];
    if (old >= 0) {
      this.busy[a * slots + old] = -1;
      this.busy[b * slots + old] = -1;
      const last = this.members[old * this.stride + --this.used[old]];
      this.members[old * this.stride + this.position[r]] = last;
      this.position[last] = this.position[r];
      this.degree[a]--;
      this.degree[b]--;
      this.weight -= weight[r];
      this.placed--;
    }
    this.slotOf[r] = s;
    if (s >= 0) {
      this.busy[a * slots + s] = r;
      this.busy[b * slots + s] = r;
      this.position[r] = this.used[s];
      this.members[s * this.stride + this.used[s]++] = r;
      this.degree[a]++;
      this.degree[b]++;
      this.weight += weight[r];
      this.placed++;
    }
  }
}
