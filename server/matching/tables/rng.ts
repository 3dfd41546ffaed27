/**
 * A small seeded generator (SplitMix32-style mixing over a 32-bit counter, then xorshift): the solver's only source
 * of randomness, so the same seed gives the same search.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < 4; i++) this.nextU32();
  }

  nextU32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** An integer in [0, k). */
  int(k: number): number {
    return Math.floor(this.next() * k);
  }

  shuffle<T>(items: T[] | Int32Array): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const x = items[i];
      items[i] = items[j];
      items[j] = x;
    }
  }
}
