/**
 * The independent recount of a one-to-one meetings result: every meeting checked against the instance's rules and
 * the weight placed summed again. Shares no code with the solver.
 */
import type { MeetingsInstance, MeetingsResult } from './instance';

export interface MeetingsCheck {
  /** weight recounted; `bound` and `seconds` are the solver's (a bound is a claim). */
  stats: MeetingsResult['stats'];
  /** Each rule broken: availability, double booking, caps, tables per slot, requests placed once, weight reported. */
  violations: string[];
}

/** A result to check: its stats, when given, are compared with the recount. */
export type CheckedMeetings = Pick<MeetingsResult, 'meetings'> & { stats?: Partial<MeetingsResult['stats']> };

export function checkMeetings(instance: MeetingsInstance, result: CheckedMeetings): MeetingsCheck {
  const violations: string[] = [];
  const people = new Map(instance.people.map((p) => [p.id, { available: new Set(p.available), max: p.max }]));
  // Requests by unordered pair; a pair requested twice may meet twice, the heaviest request counted first.
  const open = new Map<string, number[]>();
  for (const r of instance.requests) {
    const key = r.a < r.b ? `${r.a}\u0000${r.b}` : `${r.b}\u0000${r.a}`;
    open.set(
      key,
      [...(open.get(key) ?? []), r.weight].sort((x, y) => y - x),
    );
  }
  const busy = new Set<string>();
  const tableUsed = new Set<string>();
  const perSlot = new Map<number, number>();
  const perPerson = new Map<string, number>();
  let weight = 0;
  const meetings = Array.isArray(result.meetings) ? result.meetings : [];
  meetings.forEach((m, k) => {
    const where = `meeting ${k} (${m.a}–${m.b}, slot ${m.slot}, table ${m.table})`;
    const a = people.get(m.a);
    const b = people.get(m.b);
    if (!a || !b) {
      violations.push(`${where}: unknown person ${a ? m.b : m.a}`);
      return;
    }
    if (m.a === m.b) violations.push(`${where}: a person meets themself`);
    if (!Number.isInteger(m.slot) || m.slot < 0 || m.slot >= instance.slots) {
      violations.push(`${where}: no slot ${m.slot} (0–${instance.slots - 1})`);
    }
    if (!Number.isInteger(m.table) || m.table < 0 || m.table >= instance.tables) {
      violations.push(`${where}: no table ${m.table} (0–${instance.tables - 1})`);
    }
    for (const [id, person] of [
      [m.a, a],
      [m.b, b],
    ] as const) {
      if (!person.available.has(m.slot))
        violations.push(`${where}: ${id} is not available in slot ${m.slot}`);
      if (busy.has(`${id}\u0000${m.slot}`))
        violations.push(`${where}: ${id} is booked twice in slot ${m.slot}`);
      busy.add(`${id}\u0000${m.slot}`);
      perPerson.set(id, (perPerson.get(id) ?? 0) + 1);
    }
    if (tableUsed.has(`${m.slot}:${m.table}`))
      violations.push(`${where}: the table is taken twice in that slot`);
    tableUsed.add(`${m.slot}:${m.table}`);
    perSlot.set(m.slot, (perSlot.get(m.slot) ?? 0) + 1);
    const key = m.a < m.b ? `${m.a}\u0000${m.b}` : `${m.b}\u0000${m.a}`;
    const weights = open.get(key);
    if (!weights) violations.push(`${where}: nobody requested it`);
    else if (!weights.length) violations.push(`${where}: its request is placed more than once`);
    else weight += weights.shift() as number;
  });
  for (const [slot, count] of perSlot) {
    if (count > instance.tables)
      violations.push(`slot ${slot}: ${count} meetings for ${instance.tables} tables`);
  }
  for (const [id, count] of perPerson) {
    const max = people.get(id)?.max ?? 0;
    if (count > max) violations.push(`${id}: ${count} meetings, at most ${max}`);
  }
  const stats = {
    weight,
    bound: result.stats?.bound ?? 0,
    seconds: result.stats?.seconds ?? 0,
  };
  const reported = result.stats?.weight;
  if (reported !== undefined && Math.abs(reported - weight) > 1e-6 * Math.max(1, weight)) {
    violations.push(`stats.weight reported ${reported}, recounted ${weight}`);
  }
  if (result.stats?.bound !== undefined && result.stats.bound < weight - 1e-6 * Math.max(1, weight)) {
    violations.push(`stats.bound ${result.stats.bound} is below the weight placed ${weight}`);
  }
  return { stats, violations };
}
