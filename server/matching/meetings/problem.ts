import type { MeetingsInstance } from '../instance';

/**
 * A meetings instance in typed arrays, the form every part of the solver reads. People and requests become
 * indexes; a request keeps only the slots both people are free (its common slots).
 */
export interface MeetingsProblem {
  slots: number;
  tables: number;
  personIds: string[];
  /** Meetings a person can have at most: min(max, slots free). */
  cap: Int32Array;
  /** 1 when person p is free in slot s, at p * slots + s. */
  free: Uint8Array;
  /** Requests kept (see `dropped`): people a and b (indexes), weight. */
  reqA: Int32Array;
  reqB: Int32Array;
  weight: Float64Array;
  /** Common slots of request r: commonSlots[commonStart[r] .. commonStart[r + 1]), ascending. */
  commonStart: Int32Array;
  commonSlots: Int32Array;
  /** Requests of person p: personRequests[personStart[p] .. personStart[p + 1]). */
  personStart: Int32Array;
  personRequests: Int32Array;
  /** Requests left out: a pair asked again (the heaviest is kept), a person with herself, no common slot. */
  dropped: { duplicates: number; selfPairs: number; noCommonSlot: number };
  /** True when every weight is an integer (a bound can then be rounded down). */
  integral: boolean;
}

export function compileMeetings(instance: MeetingsInstance): MeetingsProblem {
  const { slots, tables } = instance;
  const personIds = instance.people.map((p) => p.id);
  const indexOf = new Map<string, number>();
  personIds.forEach((id, i) => {
    if (indexOf.has(id)) throw new Error(`people.${i}.id: "${id}" is given twice`);
    indexOf.set(id, i);
  });
  const P = personIds.length;
  const free = new Uint8Array(P * slots);
  const cap = new Int32Array(P);
  instance.people.forEach((person, p) => {
    let count = 0;
    for (const s of person.available) {
      if (s < slots && !free[p * slots + s]) {
        free[p * slots + s] = 1;
        count++;
      }
    }
    cap[p] = Math.min(person.max, count);
  });

  const dropped = { duplicates: 0, selfPairs: 0, noCommonSlot: 0 };
  const bestOfPair = new Map<number, number>();
  instance.requests.forEach((request, i) => {
    const a = indexOf.get(request.a);
    const b = indexOf.get(request.b);
    if (a === undefined) throw new Error(`requests.${i}.a: unknown person "${request.a}"`);
    if (b === undefined) throw new Error(`requests.${i}.b: unknown person "${request.b}"`);
    if (a === b) {
      dropped.selfPairs++;
      return;
    }
    const key = Math.min(a, b) * P + Math.max(a, b);
    const previous = bestOfPair.get(key);
    if (previous !== undefined) {
      dropped.duplicates++;
      if (instance.requests[previous].weight >= request.weight) return;
    }
    bestOfPair.set(key, i);
  });

  const kept: number[] = [];
  const common: number[] = [];
  const commonStartList: number[] = [0];
  for (const i of [...bestOfPair.values()].sort((x, y) => x - y)) {
    const a = indexOf.get(instance.requests[i].a)!;
    const b = indexOf.get(instance.requests[i].b)!;
    const before = common.length;
    if (cap[a] > 0 && cap[b] > 0)
      for (let s = 0; s < slots; s++) if (free[a * slots + s] && free[b * slots + s]) common.push(s);
    if (common.length === before) {
      dropped.noCommonSlot++;
      continue;
    }
    kept.push(i);
    commonStartList.push(common.length);
  }

  const R = kept.length;
  const reqA = new Int32Array(R);
  const reqB = new Int32Array(R);
  const weight = new Float64Array(R);
  let integral = true;
  const personStart = new Int32Array(P + 1);
  kept.forEach((i, r) => {
    const request = instance.requests[i];
    reqA[r] = indexOf.get(request.a)!;
    reqB[r] = indexOf.get(request.b)!;
    weight[r] = request.weight;
    if (!Number.isInteger(request.weight)) integral = false;
    personStart[reqA[r] + 1]++;
    personStart[reqB[r] + 1]++;
  });
  for (let p = 0; p < P; p++) personStart[p + 1] += personStart[p];
  const personRequests = new Int32Array(2 * R);
  const fill = personStart.slice(0, P);
  for (let r = 0; r < R; r++) {
    personRequests[fill[reqA[r]]++] = r;
    personRequests[fill[reqB[r]]++] = r;
  }
  return {
    slots,
    tables,
    personIds,
    cap,
    free,
    reqA,
    reqB,
    weight,
    commonStart: Int32Array.from(commonStartList),
    commonSlots: Int32Array.from(common),
    personStart,
    personRequests,
    dropped,
    integral,
  };
}
