import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A seeded generator (pure-rand's xoroshiro128+): the only source of chance of the meetings solver. */
export interface Random {
  /** An integer in [from, to], both included. */
  int(from: number, to: number): number;
  /** A number in [0, 1). */
  float(): number;
}

export function createRandom(seed: number): Random {
  const rng = xoroshiro128plus(seed | 0);
  return {
    int: (from, to) => uniformInt(rng, from, to),
    float: () => uniformFloat64(rng),
  };
}

/** Shuffles `items` in place (Fisher–Yates) and returns them. */
export function shuffle<T extends { [index: number]: number; length: number }>(items: T, random: Random): T {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    const item = items[i];
    items[i] = items[j];
    items[j] = item;
  }
  return items;
}
