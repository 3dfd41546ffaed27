import type { MeetingsInstance } from '../instance';
import { createRandom } from './random';

export interface MeetingsInstanceSpec {
  people: number;
  requests: number;
  slots: number;
  tables: number;
  /** Every person's maximum of meetings. */
  cap: number;
  seed: number;
}

/**
 * A realistic one-to-one meetings event, the same for the same spec: people `p1`…`pN`, each free in most slots
 * (about half have one busy block of 1 to a quarter of the slots, some a second short one: a talk, a lunch); each
 * request an unordered pair never asked twice, its first person drawn uniformly and its second by popularity (a few
 * exhibitors are asked by many, as on a real floor), with an integer weight 1–5.
 */
export function generateMeetingsInstance(spec: MeetingsInstanceSpec): MeetingsInstance {
  const { people, requests, slots, tables, cap, seed } = spec;
  if (people < 2) throw new Error('generateMeetingsInstance: at least 2 people');
  if (requests > (people * (people - 1)) / 2)
    throw new Error('generateMeetingsInstance: more requests than pairs of people');
  const random = createRandom(seed);
  const ids = Array.from({ length: people }, (_, i) => `p${i + 1}`);

  const persons = ids.map((id) => {
    const busy = new Uint8Array(slots);
    const blocks = random.float() < 0.5 ? (random.float() < 0.3 ? 2 : 1) : 0;
    for (let k = 0; k < blocks; k++) {
      const length = k === 0 ? random.int(1, Math.max(1, Math.floor(slots / 4))) : random.int(1, 2);
      const start = random.int(0, Math.max(0, slots - length));
      for (let s = start; s < Math.min(slots, start + length); s++) busy[s] = 1;
    }
    const available: number[] = [];
    for (let s = 0; s < slots; s++) if (!busy[s]) available.push(s);
    return { id, available, max: cap };
  });

  // Popularity of being asked: 1 / (rank + 10), ranks in a seeded order.
  const rankOf = Array.from({ length: people }, (_, i) => i);
  for (let i = people - 1; i > 0; i--) {
    const j = random.int(0, i);
    [rankOf[i], rankOf[j]] = [rankOf[j], rankOf[i]];
  }
  const cumulative = new Float64Array(people);
  let total = 0;
  for (let i = 0; i < people; i++) {
    total += 1 / (rankOf[i] + 10);
    cumulative[i] = total;
  }
  const popular = () => {
    const x = random.float() * total;
    let lo = 0;
    let hi = people - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };

  const seen = new Set<number>();
  const list: MeetingsInstance['requests'] = [];
  while (list.length < requests) {
    const a = random.int(0, people - 1);
    const b = list.length % 4 === 3 ? random.int(0, people - 1) : popular();
    if (a === b) continue;
    const key = Math.min(a, b) * people + Math.max(a, b);
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ a: ids[a], b: ids[b], weight: random.int(1, 5) });
  }
  return { kind: 'meetings', slots, tables, people: persons, requests: list };
}
