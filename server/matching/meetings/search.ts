import { Moves } from './moves';
import { AlternatingPaths } from './paths';
import type { MeetingsProblem } from './problem';
import { type Random, shuffle } from './random';
import { Schedule } from './schedule';

/** Depth and work of an ejection chain (moves of blocking meetings, slots examined). */
const CHAIN_DEPTH = 2;
const CHAIN_BUDGET = 60;
/** Length of the late-acceptance history: a step may lose weight if it still beats the weight of that many steps ago. */
const HISTORY = 40;
/** Share of the steps that take meetings out of a slot rather than around a person. */
const SLOT_STEPS = 0.25;

/**
 * The search: a greedy start (heaviest request first, into its earliest common slot, moving blocking meetings
 * when that frees one), improvement sweeps over the requests left out, then a large neighbourhood search — take
 * out every meeting of a person and some of theirs, put back the heaviest requests around them first — whose steps
 * are kept when they weigh no less than the current schedule, than the one of HISTORY steps ago (late acceptance,
 * Burke & Bykov), or than the best less the lightest request (record-to-record travel). The best schedule seen is
 * kept apart.
 */
export class MeetingsSearch {
  readonly schedule: Schedule;
  private readonly moves: Moves;
  private readonly paths: AlternatingPaths;
  private readonly stamp: Int32Array;
  private stampValue = 0;
  private readonly order: Int32Array;
  private readonly people: Int32Array;
  /** Iterations of the neighbourhood search done, and the last one that raised the weight. */
  iterations = 0;
  lastImprovement = 0;
  /** The heaviest schedule seen (slot of each request) and its weight. */
  readonly best: Int32Array;
  bestWeight = 0;
  private readonly history = new Float64Array(HISTORY);
  /** The lightest request's weight: how far below the best a step may fall (record-to-record travel). */
  private readonly lightest: number;

  constructor(
    readonly problem: MeetingsProblem,
    private readonly random: Random,
  ) {
    this.schedule = new Schedule(problem);
    this.moves = new Moves(this.schedule, random);
    this.paths = new AlternatingPaths(this.schedule, this.moves);
    const R = problem.weight.length;
    this.stamp = new Int32Array(R);
    this.best = new Int32Array(R).fill(-1);
    this.lightest = problem.weight.reduce((least, w) => Math.min(least, w), Number.POSITIVE_INFINITY);
    const order = shuffle(
      Int32Array.from({ length: R }, (_, r) => r),
      random,
    );
    const { weight } = problem;
    this.order = Int32Array.from([...order].sort((x, y) => weight[y] - weight[x]));
    const people: number[] = [];
    for (let p = 0; p < problem.personIds.length; p++)
      if (problem.personStart[p + 1] > problem.personStart[p]) people.push(p);
    this.people = Int32Array.from(people);
  }

  /** Places every request it can, heaviest first; `shouldStop` is asked now and then. */
  greedy(shouldStop: () => boolean): void {
    for (let i = 0; i < this.order.length; i++) {
      if ((i & 255) === 255 && shouldStop()) break;
      this.moves.insert(this.order[i], CHAIN_DEPTH, CHAIN_BUDGET, false);
    }
    this.schedule.commit();
    this.keepIfBest();
    this.history.fill(this.schedule.weight);
  }

  /** Puts the heaviest schedule seen back in place. */
  restoreBest(): void {
    if (this.schedule.weight < this.bestWeight) this.schedule.load(this.best);
  }

  private keepIfBest(): boolean {
    if (this.schedule.weight <= this.bestWeight + this.moves.epsilon) return false;
    this.best.set(this.schedule.slotOf);
    this.bestWeight = this.schedule.weight;
    return true;
  }

  /** One sweep over the requests left out, heaviest first: chain insertion, else a profitable exchange. */
  sweep(shouldStop: () => boolean): boolean {
    const { slotOf } = this.schedule;
    const before = this.schedule.weight;
    for (let i = 0; i < this.order.length; i++) {
      if ((i & 255) === 255 && shouldStop()) break;
      const r = this.order[i];
      if (slotOf[r] >= 0) continue;
      if (this.moves.insert(r, CHAIN_DEPTH + 1, CHAIN_BUDGET * 4, true)) continue;
      if (this.moves.exchange(r, CHAIN_DEPTH, CHAIN_BUDGET, false) > 0) continue;
      this.paths.augment(r, CHAIN_DEPTH, CHAIN_BUDGET);
    }
    this.schedule.commit();
    this.keepIfBest();
    this.history.fill(this.schedule.weight);
    return this.schedule.weight > before + this.moves.epsilon;
  }

  /** One step of the neighbourhood search; true when it found a schedule heavier than the best. */
  step(): boolean {
    const schedule = this.schedule;
    const { weight } = this.problem;
    const { slotOf } = schedule;
    this.iterations++;
    if (this.people.length === 0) return false;
    const before = schedule.weight;
    const mark = schedule.mark();
    const candidates = this.random.float() < SLOT_STEPS ? this.destroySlot() : this.destroyPerson();
    const keys = new Float64Array(candidates.length);
    for (let i = 0; i < candidates.length; i++)
      keys[i] = weight[candidates[i]] * (1 + 0.02 * this.random.float());
    const byKey = candidates.map((_, i) => i).sort((x, y) => keys[y] - keys[x]);
    for (const i of byKey) {
      const r = candidates[i];
      if (slotOf[r] < 0) this.moves.insert(r, CHAIN_DEPTH, CHAIN_BUDGET, true);
    }
    for (const i of byKey) {
      const r = candidates[i];
      if (slotOf[r] < 0) this.moves.exchange(r, CHAIN_DEPTH, CHAIN_BUDGET, false);
    }
    const slot = this.iterations % HISTORY;
    const floor = Math.min(before, this.history[slot], this.bestWeight - this.lightest) - this.moves.epsilon;
    if (schedule.weight < floor) schedule.undo(mark);
    schedule.commit();
    this.history[slot] = schedule.weight;
    if (!this.keepIfBest()) return false;
    this.lastImprovement = this.iterations;
    return true;
  }

  /** Takes out every meeting of a person and about half of those of one to three of their partners. */
  private destroyPerson(): number[] {
    const { personStart, personRequests, reqA, reqB } = this.problem;
    const p = this.people[this.random.int(0, this.people.length - 1)];
    const touched = [p];
    const degreeOfP = personStart[p + 1] - personStart[p];
    const extra = Math.min(degreeOfP, this.random.int(1, 3));
    for (let k = 0; k < extra; k++) {
      const r = personRequests[personStart[p] + this.random.int(0, degreeOfP - 1)];
      touched.push(reqA[r] === p ? reqB[r] : reqA[r]);
    }
    return this.requestsOf(touched, (person) => person === p || this.random.float() < 0.5);
  }

  /** Takes out a few meetings of one slot (all of them when it holds few): tables for other requests. */
  private destroySlot(): number[] {
    const schedule = this.schedule;
    const { reqA, reqB, slots } = this.problem;
    const s = this.random.int(0, slots - 1);
    const used = schedule.used[s];
    const taken = Math.min(used, this.random.int(2, 8));
    const first = used > 0 ? this.random.int(0, used - 1) : 0;
    const touched: number[] = [];
    const removed: number[] = [];
    for (let k = 0; k < taken; k++)
      removed.push(schedule.members[s * schedule.stride + ((first + k) % used)]);
    for (const r of removed) {
      schedule.set(r, -1);
      touched.push(reqA[r], reqB[r]);
    }
    return this.requestsOf(touched, () => false);
  }

  /** The requests of the people `touched` (each once), taking out the placed ones `takeOut` names. */
  private requestsOf(touched: number[], takeOut: (person: number) => boolean): number[] {
    const { personStart, personRequests } = this.problem;
    const stamp = ++this.stampValue;
    const candidates: number[] = [];
    for (const q of touched) {
      for (let i = personStart[q]; i < personStart[q + 1]; i++) {
        const r = personRequests[i];
        if (this.stamp[r] === stamp) continue;
        this.stamp[r] = stamp;
        candidates.push(r);
        if (this.schedule.slotOf[r] >= 0 && takeOut(q)) this.schedule.set(r, -1);
      }
    }
    return candidates;
  }
}
