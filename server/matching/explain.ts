/**
 * X1 explanations: why two people score what they score, and why someone got fewer meetings than they asked for, in
 * codes the UI puts into words. Computed from the instance and the result only, like the checker.
 */
import type { MeetingsInstance, MeetingsResult } from './instance';
import type { Answers, ScoreQuestion } from './score';

export interface ScoreLine {
  question: string;
  weight: number;
  reversed: boolean;
  /** The answers both gave (empty when none in common). */
  shared: string[];
  /** False when either person did not answer: the question then counts 0. */
  answeredByBoth: boolean;
  points: number;
}

/** A pair's score, question by question: Σ points is the pair's score (score.ts). */
export function scoreBreakdown(questions: readonly ScoreQuestion[], a: Answers, b: Answers): ScoreLine[] {
  return questions.map((q) => {
    const left = a[q.id] ?? [];
    const right = b[q.id] ?? [];
    const answeredByBoth = left.length > 0 && right.length > 0;
    const shared = left.filter((x) => right.includes(x));
    const matched = shared.length > 0;
    const points = answeredByBoth ? q.weight * (q.reversed ? (matched ? 0 : 1) : matched ? 1 : 0) : 0;
    return { question: q.id, weight: q.weight, reversed: q.reversed, shared, answeredByBoth, points };
  });
}

/**
 * Why a request was not placed, the first that applies:
 * - blocked: the pair may not meet (a rule); alreadyMet: they met in an earlier session (both set by the caller,
 *   whose requests were removed before solving);
 * - availability: no slot where both are free;
 * - cap: one of them already has as many meetings as allowed (`person` says who);
 * - calendar: in every common free slot one of them is already in another meeting;
 * - capacity: in the slots where both are free, every table is taken;
 * - placeable: a slot with both free and a table left exists (the result can take it: place it by hand).
 */
export type UnplacedReason =
  | { code: 'blocked' }
  | { code: 'alreadyMet' }
  | { code: 'availability' }
  | { code: 'cap'; person: string; cap: number }
  | { code: 'calendar'; slots: number[] }
  | { code: 'capacity'; slots: number[] }
  | { code: 'placeable'; slots: number[] };

export interface Shortfall {
  person: string;
  requested: number;
  placed: number;
  unplaced: { other: string; weight: number; reason: UnplacedReason }[];
}

const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

export function explainMeetings(
  instance: MeetingsInstance,
  result: MeetingsResult,
  context: {
    blocked?: [string, string][];
    met?: [string, string][];
    removed?: { a: string; b: string; weight: number }[];
  } = {},
): Shortfall[] {
  const blocked = new Set((context.blocked ?? []).map(([a, b]) => key(a, b)));
  const met = new Set((context.met ?? []).map(([a, b]) => key(a, b)));
  const byId = new Map(instance.people.map((p) => [p.id, p]));
  const placed = new Set(result.meetings.map((m) => key(m.a, m.b)));
  const count = new Map<string, number>();
  const busy = new Map<string, Set<number>>();
  const perSlot = new Map<number, number>();
  for (const m of result.meetings) {
    for (const id of [m.a, m.b]) {
      count.set(id, (count.get(id) ?? 0) + 1);
      if (!busy.has(id)) busy.set(id, new Set());
      busy.get(id)?.add(m.slot);
    }
    perSlot.set(m.slot, (perSlot.get(m.slot) ?? 0) + 1);
  }

  const reasonFor = (a: string, b: string): UnplacedReason => {
    if (blocked.has(key(a, b))) return { code: 'blocked' };
    if (met.has(key(a, b))) return { code: 'alreadyMet' };
    const freeB = new Set(byId.get(b)?.available ?? []);
    const common = [...new Set(byId.get(a)?.available ?? [])]
      .filter((slot) => freeB.has(slot) && slot >= 0 && slot < instance.slots)
      .sort((x, y) => x - y);
    if (common.length === 0) return { code: 'availability' };
    for (const id of [a, b]) {
      const cap = byId.get(id)?.max ?? 0;
      if ((count.get(id) ?? 0) >= cap) return { code: 'cap', person: id, cap };
    }
    const bothFree = common.filter((slot) => !busy.get(a)?.has(slot) && !busy.get(b)?.has(slot));
    if (bothFree.length === 0) return { code: 'calendar', slots: common };
    const open = bothFree.filter((slot) => (perSlot.get(slot) ?? 0) < instance.tables);
    return open.length === 0 ? { code: 'capacity', slots: bothFree } : { code: 'placeable', slots: open };
  };

  const all = [...instance.requests, ...(context.removed ?? [])];
  const byPerson = new Map<string, Shortfall>();
  for (const request of all) {
    for (const [me, other] of [
      [request.a, request.b],
      [request.b, request.a],
    ] as const) {
      let entry = byPerson.get(me);
      if (!entry) {
        entry = { person: me, requested: 0, placed: 0, unplaced: [] };
        byPerson.set(me, entry);
      }
      entry.requested += 1;
      if (placed.has(key(request.a, request.b))) entry.placed += 1;
      else entry.unplaced.push({ other, weight: request.weight, reason: reasonFor(request.a, request.b) });
    }
  }
  return [...byPerson.values()].filter((s) => s.unplaced.length > 0);
}
