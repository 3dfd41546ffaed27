/**
 * X10 pre-flight: before a generation, what each person can expect and the settings that cannot work, computed from
 * the instance alone (no solving). Each finding has a code the UI translates, and the figures it names.
 */
import type { MeetingsInstance, TablesInstance } from './instance';
import { tablesToUse } from './tables/model';

export type TablesFinding =
  | { code: 'seatsShort'; people: number; seats: number }
  | { code: 'roundsBeyondBound'; rounds: number; bound: number; repeatsAtLeast: number }
  | { code: 'vipSeatsShort'; vips: number; vipSeats: number }
  | { code: 'chosenTableOverbooked'; table: string; choosers: number; places: number }
  | { code: 'togetherBeyondReach'; pairs: number; atMost: number };

export interface TablesPreflight {
  people: number;
  /** People per table when everyone is spread evenly over the tables (the largest table's count). */
  tableSize: number;
  /** The most rounds without anyone meeting someone twice: ⌊(n − 1) / (k − 1)⌋. */
  roundsBound: number;
  /** Distinct people each person meets, predicted (k − 1 per round, at most everyone else). */
  predictedMeetingsPerPerson: number;
  findings: TablesFinding[];
}

export function tablesPreflight(instance: TablesInstance): TablesPreflight {
  const n = instance.people.length;
  const seats = instance.tables.reduce((sum, t) => sum + t.seats, 0);
  const findings: TablesFinding[] = [];
  if (seats < n) findings.push({ code: 'seatsShort', people: n, seats });

  // Spread evenly over the tables the solver uses (tablesToUse), capped by each table's seats.
  const tableSeats = instance.tables.map((t) => t.seats);
  const used = Math.max(1, tablesToUse(n, instance.rounds, tableSeats));
  const tableSize = n === 0 ? 0 : Math.min(Math.max(...tableSeats), Math.ceil(n / used));
  const perRound = Math.max(0, tableSize - 1);
  const roundsBound = perRound === 0 ? 0 : Math.floor((n - 1) / perRound);
  const repeatsAtLeast = Math.ceil((n * Math.max(0, instance.rounds * perRound - (n - 1))) / 2);
  if (perRound > 0 && instance.rounds > roundsBound) {
    findings.push({ code: 'roundsBeyondBound', rounds: instance.rounds, bound: roundsBound, repeatsAtLeast });
  }

  const vips = instance.people.filter((p) => p.vip).length;
  const vipSeats = instance.tables.filter((t) => t.vip).reduce((sum, t) => sum + t.seats, 0);
  if (vips > vipSeats) findings.push({ code: 'vipSeatsShort', vips, vipSeats });

  // A table chosen by more people than it can seat over every round leaves some of them elsewhere.
  const choosers = new Map<string, number>();
  for (const person of instance.people) {
    for (const table of new Set(person.tables)) choosers.set(table, (choosers.get(table) ?? 0) + 1);
  }
  for (const table of instance.tables) {
    const count = choosers.get(table.id) ?? 0;
    const places = table.seats * instance.rounds;
    if (count > places)
      findings.push({ code: 'chosenTableOverbooked', table: table.id, choosers: count, places });
  }

  // « rencontre » pairs: each person meets at most rounds × (table size − 1) people, so at most
  // ⌊Σ_i min(i's pairs, that) / 2⌋ pairs can share a table.
  const pairs = togetherCount(instance);
  if (pairs.count > 0) {
    const reach = instance.rounds * perRound;
    let ends = 0;
    for (const degree of pairs.degrees.values()) ends += Math.min(degree, reach);
    const atMost = Math.min(pairs.count, Math.floor(ends / 2));
    if (atMost < pairs.count) findings.push({ code: 'togetherBeyondReach', pairs: pairs.count, atMost });
  }

  return {
    people: n,
    tableSize,
    roundsBound,
    predictedMeetingsPerPerson: Math.min(Math.max(0, n - 1), instance.rounds * perRound),
    findings,
  };
}

/** The distinct `together` pairs of known people, and each person's number of them. */
function togetherCount(instance: TablesInstance): { count: number; degrees: Map<string, number> } {
  const known = new Set(instance.people.map((p) => p.id));
  const seen = new Set<string>();
  const degrees = new Map<string, number>();
  for (const [a, b] of instance.together) {
    if (a === b || !known.has(a) || !known.has(b)) continue;
    const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
    if (seen.has(key)) continue;
    seen.add(key);
    degrees.set(a, (degrees.get(a) ?? 0) + 1);
    degrees.set(b, (degrees.get(b) ?? 0) + 1);
  }
  return { count: seen.size, degrees };
}

export type MeetingsFinding =
  | { code: 'requestsBeyondCap'; person: string; requested: number; cap: number }
  | { code: 'noCommonSlot'; a: string; b: string }
  | { code: 'noAvailability'; person: string; requested: number }
  | { code: 'tablesShort'; requested: number; places: number };

export interface MeetingsPreflight {
  /** Per person: requested meetings, and the most they can get (cap, free slots, requests with a common slot). */
  people: { id: string; requested: number; predicted: number }[];
  findings: MeetingsFinding[];
}

export function meetingsPreflight(instance: MeetingsInstance): MeetingsPreflight {
  const byId = new Map(instance.people.map((p) => [p.id, p]));
  const requested = new Map<string, number>();
  const reachable = new Map<string, number>();
  const findings: MeetingsFinding[] = [];
  const freeSlots = (id: string) =>
    new Set((byId.get(id)?.available ?? []).filter((slot) => slot >= 0 && slot < instance.slots));

  for (const request of instance.requests) {
    for (const id of [request.a, request.b]) requested.set(id, (requested.get(id) ?? 0) + 1);
    const mine = freeSlots(request.a);
    const common = [...freeSlots(request.b)].some((slot) => mine.has(slot));
    if (common) {
      for (const id of [request.a, request.b]) reachable.set(id, (reachable.get(id) ?? 0) + 1);
    } else if (mine.size > 0 && freeSlots(request.b).size > 0) {
      findings.push({ code: 'noCommonSlot', a: request.a, b: request.b });
    }
  }

  const people = instance.people.map((person) => {
    const count = requested.get(person.id) ?? 0;
    const free = freeSlots(person.id).size;
    if (count > person.max)
      findings.push({ code: 'requestsBeyondCap', person: person.id, requested: count, cap: person.max });
    if (count > 0 && free === 0)
      findings.push({ code: 'noAvailability', person: person.id, requested: count });
    return {
      id: person.id,
      requested: count,
      predicted: Math.min(person.max, free, reachable.get(person.id) ?? 0),
    };
  });

  const places = instance.slots * instance.tables;
  if (instance.requests.length > places) {
    findings.push({ code: 'tablesShort', requested: instance.requests.length, places });
  }
  return { people, findings };
}
