import type { MeetingsInstance, MeetingsResult } from '../instance';

/**
 * The tests' own reading of a meetings result, written apart from the solver: every rule of the model checked
 * again, and the weight placed recounted from the instance.
 */
export function recountMeetings(
  instance: MeetingsInstance,
  result: MeetingsResult,
): { weight: number; errors: string[] } {
  const errors: string[] = [];
  const people = new Map(
    instance.people.map((p) => [p.id, { free: new Set(p.available), max: p.max, count: 0 }]),
  );
  const requested = new Map<string, number>();
  for (const { a, b, weight } of instance.requests) {
    const key = [a, b].sort().join('\u0000');
    requested.set(key, Math.max(requested.get(key) ?? 0, weight));
  }
  const seenPair = new Set<string>();
  const seenPersonSlot = new Set<string>();
  const seenTable = new Set<string>();
  let weight = 0;
  for (const m of result.meetings) {
    const where = `${m.a}–${m.b} in slot ${m.slot}`;
    const key = [m.a, m.b].sort().join('\u0000');
    if (!requested.has(key)) errors.push(`${where}: not requested`);
    if (seenPair.has(key)) errors.push(`${where}: placed twice`);
    seenPair.add(key);
    weight += requested.get(key) ?? 0;
    if (!Number.isInteger(m.slot) || m.slot < 0 || m.slot >= instance.slots)
      errors.push(`${where}: no such slot`);
    if (!Number.isInteger(m.table) || m.table < 0 || m.table >= instance.tables)
      errors.push(`${where}: no such table ${m.table}`);
    if (seenTable.has(`${m.slot}/${m.table}`)) errors.push(`${where}: table ${m.table} taken twice`);
    seenTable.add(`${m.slot}/${m.table}`);
    for (const id of [m.a, m.b]) {
      const person = people.get(id);
      if (!person) {
        errors.push(`${where}: unknown person ${id}`);
        continue;
      }
      if (!person.free.has(m.slot)) errors.push(`${where}: ${id} is not free then`);
      if (seenPersonSlot.has(`${id}/${m.slot}`)) errors.push(`${where}: ${id} booked twice (code 4)`);
      seenPersonSlot.add(`${id}/${m.slot}`);
      person.count++;
    }
  }
  for (const [id, person] of people)
    if (person.count > person.max) errors.push(`${id}: ${person.count} meetings, at most ${person.max}`);
  return { weight, errors };
}
