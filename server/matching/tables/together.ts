/**
 * `together` pairs (« rencontre » rules) in the score search: for each pair, the rounds its two people share a table,
 * and how many pairs shared one at least once. A swap's change is evaluated in O(pairs of the two people swapped),
 * and a targeted move proposes seating someone of an unmet pair at their partner's table.
 */
import type { Rng } from './rng';
import type { Seating } from './seating';

export class TogetherCounts {
  /** rounds[k]: rounds pair k shares a (real) table. */
  readonly rounds: Int32Array;
  met = 0;
  readonly pairs: number;

  constructor(private readonly seating: Seating) {
    this.pairs = seating.model.togetherPairs.length / 2;
    this.rounds = new Int32Array(this.pairs);
    this.recount();
  }

  recount() {
    const { n, R, T, tableOf, model } = this.seating;
    const pairs = model.togetherPairs;
    this.rounds.fill(0);
    this.met = 0;
    for (let k = 0; k < this.pairs; k++) {
      const i = pairs[2 * k];
      const j = pairs[2 * k + 1];
      for (let r = 0; r < R; r++) {
        const t = tableOf[r * n + i];
        if (t >= 0 && t < T && t === tableOf[r * n + j]) this.rounds[k]++;
      }
      if (this.rounds[k] > 0) this.met++;
    }
  }

  /** Change of the pairs met if x moves from table `from` to `to` in round r (`other` moves the other way). */
  private moveDelta(r: number, x: number, from: number, to: number, other: number): number {
    const { n, T, tableOf, model } = this.seating;
    const { togetherStart, togetherPartner, togetherPair } = model;
    let delta = 0;
    for (let k = togetherStart[x], end = togetherStart[x + 1]; k < end; k++) {
      const p = togetherPartner[k];
      if (p === other) continue; // the swapped two stay at different tables
      const tp = tableOf[r * n + p];
      if (tp < 0 || tp >= T) continue;
      const c = this.rounds[togetherPair[k]];
      if (tp === from && c === 1) delta--;
      else if (tp === to && c === 0) delta++;
    }
    return delta;
  }

  /** Change of the pairs met if a and b (round r, different tables) swap seats; call before the swap. */
  swapDelta(r: number, a: number, b: number): number {
    const { n, tableOf } = this.seating;
    const ta = tableOf[r * n + a];
    const tb = tableOf[r * n + b];
    return this.moveDelta(r, a, ta, tb, b) + this.moveDelta(r, b, tb, ta, a);
  }

  private apply(r: number, x: number, from: number, to: number, other: number) {
    const { n, T, tableOf, model } = this.seating;
    const { togetherStart, togetherPartner, togetherPair } = model;
    for (let k = togetherStart[x], end = togetherStart[x + 1]; k < end; k++) {
      const p = togetherPartner[k];
      if (p === other) continue;
      const tp = tableOf[r * n + p];
      if (tp < 0 || tp >= T) continue;
      const pair = togetherPair[k];
      if (tp === from) {
        if (--this.rounds[pair] === 0) this.met--;
      } else if (tp === to) {
        if (this.rounds[pair]++ === 0) this.met++;
      }
    }
  }

  /** Records a swap of a and b in round r; call before Seating.swap (the tables are read as they were). */
  recordSwap(r: number, a: number, b: number) {
    const { n, tableOf } = this.seating;
    const ta = tableOf[r * n + a];
    const tb = tableOf[r * n + b];
    this.apply(r, a, ta, tb, b);
    this.apply(r, b, tb, ta, a);
  }

  /**
   * A targeted swap: someone of an unmet pair (a few pairs drawn at random) trades seats with a person at their
   * partner's table in a round drawn at random. Null when none is found this time.
   */
  propose(rng: Rng, rounds: number[]): [number, number, number] | null {
    if (this.met >= this.pairs) return null;
    const { n, T, tableOf, movable, slotPerson, model } = this.seating;
    for (let tries = 0; tries < 8; tries++) {
      const k = rng.int(this.pairs);
      if (this.rounds[k] > 0) continue;
      const flip = rng.int(2);
      const x = model.togetherPairs[2 * k + flip];
      const y = model.togetherPairs[2 * k + 1 - flip];
      const r = rounds[rng.int(rounds.length)];
      if (!movable[r * n + x]) continue;
      const ty = tableOf[r * n + y];
      if (ty < 0 || ty >= T || ty === tableOf[r * n + x]) continue;
      const start = this.seating.start(r, ty);
      const z = slotPerson[r * n + start + rng.int(this.seating.end(r, ty) - start)];
      if (z === y || z < 0 || !movable[r * n + z]) continue;
      return [r, x, z];
    }
    return null;
  }
}
