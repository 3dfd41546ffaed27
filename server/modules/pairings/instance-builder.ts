import { choiceCountMode, type Objective } from '../../../contracts/pairings';
import { type TablesInstance, TOGETHER_LIMIT } from '../../matching/instance';
import type { ScoreQuestion } from '../../matching/score';

/**
 * M3: a pairing's tables instance (server/matching/instance.ts) from what the database holds, as plain data: how
 * each legacy algorithm maps onto the solvers (docs/matching/pairings.md, "The algorithm values").
 */

export interface PairingData {
  rounds: number;
  algorithm: number;
  objective: Objective;
  choiceCount: number | null;
  /** The pairing's question, with its weight; null when none. */
  question: { id: string; weight: number; reversed: boolean } | null;
  /** The ticked choices, in the question's order. */
  choiceIds: string[];
  /** The questionnaire's questions used for matching (weight > 0), when the pairing has no question; a linked pair's
   * two carry its `link`. */
  questions: ScoreQuestion[];
  /** The category's tables, by number. */
  tables: { id: string; seats: number; vip: boolean }[];
  /** Who is seated: the groups' members (else every participant), with the tables they were assigned (J7). */
  people: { id: string; vip: boolean; assigned: string[] }[];
  /** participant → question → choices ticked (in the question's order). */
  answers: Map<string, Map<string, string[]>>;
  /** `never` rules: each side's members. */
  neverRules: { a: string[]; b: string[] }[];
  /** `meets` rules (« rencontre »): each side's members. */
  meetRules: { a: string[]; b: string[] }[];
  /** Tables of pairings already held: the people who sat together. */
  heldTables: string[][];
}

/** Ordered pair key, so that a pair is listed once whatever its order. */
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

function pairsOf(keys: Set<string>): [string, string][] {
  return [...keys].sort().map((k) => k.split('\u0000') as [string, string]);
}

/** The table themes of 7 and of the number-of-choices modes: table i shows the choice i modulo the choices. */
export function tableThemes(tables: { id: string }[], themes: string[]): Map<string, string[]> {
  const byChoice = new Map<string, string[]>(themes.map((c) => [c, []]));
  if (!themes.length) return byChoice;
  tables.forEach((table, i) => {
    byChoice.get(themes[i % themes.length])?.push(table.id);
  });
  return byChoice;
}

type ThemeData = Pick<PairingData, 'algorithm' | 'question' | 'choiceIds' | 'choiceCount' | 'tables'>;

/** 7 and the number-of-choices modes: each ticked choice of the pairing's question is a table theme. */
export function themesOf(data: ThemeData): Map<string, string[]> {
  const themed = data.algorithm === 7 || choiceCountMode(data.algorithm);
  return themed && data.question ? tableThemes(data.tables, data.choiceIds) : new Map<string, string[]>();
}

/**
 * A person's chosen tables (soft): the tables the J7 assignment gave them, and the tables of the themes they ticked
 * (their first N answers in the number-of-choices modes). The seats screen highlights the same tables.
 */
export function chosenTables(
  data: ThemeData,
  themes: Map<string, string[]>,
  assigned: string[],
  answers: Map<string, string[]> | undefined,
): string[] {
  const tables = new Set(assigned);
  if (themes.size && data.question) {
    const ticked = new Set(data.choiceIds);
    let mine = (answers?.get(data.question.id) ?? []).filter((c) => ticked.has(c));
    if (choiceCountMode(data.algorithm)) mine = mine.slice(0, data.choiceCount ?? 1);
    for (const choice of mine) for (const table of themes.get(choice) ?? []) tables.add(table);
  }
  return [...tables];
}

/** More « rencontre » pairs than an instance may carry (TOGETHER_LIMIT): the generation refuses to start. */
export class TooManyTogetherPairs extends Error {
  constructor(readonly pairs: number) {
    super(`${pairs} « rencontre » pairs, at most ${TOGETHER_LIMIT}`);
  }
}

/**
 * The « rencontre » pairs: every (member of A, member of B), both seated, a ≠ b, each pair once, leaving out the
 * pairs a « ne rencontre jamais » rule blocks (the hard rule wins). `requested` counts them; past TOGETHER_LIMIT
 * (two groups of 1,000 make 1 M pairs) `pairs` is empty and `requested` may be the sum of A × B before removing
 * duplicates (computed exactly up to 4 × the limit).
 */
export function togetherPairs(
  data: Pick<PairingData, 'people' | 'meetRules' | 'neverRules'>,
  blocked?: Set<string>,
): { pairs: [string, string][]; requested: number } {
  const seated = new Set(data.people.map((p) => p.id));
  const sides = data.meetRules.map((rule) => ({
    a: [...new Set(rule.a.filter((id) => seated.has(id)))],
    b: [...new Set(rule.b.filter((id) => seated.has(id)))],
  }));
  const estimate = sides.reduce((sum, rule) => sum + rule.a.length * rule.b.length, 0);
  if (estimate > 4 * TOGETHER_LIMIT) return { pairs: [], requested: estimate };
  const never = blocked ?? blockedPairs(data, seated);
  const keys = new Set<string>();
  for (const rule of sides)
    for (const a of rule.a)
      for (const b of rule.b) {
        const key = pairKey(a, b);
        if (a !== b && !never.has(key)) keys.add(key);
      }
  if (keys.size > TOGETHER_LIMIT) return { pairs: [], requested: keys.size };
  return { pairs: pairsOf(keys), requested: keys.size };
}

function blockedPairs(data: Pick<PairingData, 'neverRules'>, seated: Set<string>): Set<string> {
  const blocked = new Set<string>();
  for (const rule of data.neverRules)
    for (const a of rule.a)
      for (const b of rule.b) if (a !== b && seated.has(a) && seated.has(b)) blocked.add(pairKey(a, b));
  return blocked;
}

/** The instance; throws TooManyTogetherPairs past TOGETHER_LIMIT « rencontre » pairs. */
export function buildTablesInstance(data: PairingData): TablesInstance {
  const seated = new Set(data.people.map((p) => p.id));
  const ticked = new Set(data.choiceIds);
  const themes = themesOf(data);

  // The scores: the pairing's question (its ticked choices only, when some are), else the questionnaire's.
  const questions = data.objective === 'none' ? [] : data.question ? [data.question] : data.questions;
  const answersOf = (personId: string) => {
    const mine = data.answers.get(personId);
    const out: Record<string, string[]> = {};
    if (!mine) return out;
    for (const q of questions) {
      const chosen = mine.get(q.id) ?? [];
      const kept = data.question && ticked.size ? chosen.filter((c) => ticked.has(c)) : chosen;
      if (kept.length) out[q.id] = kept;
    }
    return out;
  };

  const people = data.people.map((p) => ({
    id: p.id,
    vip: p.vip,
    tables: chosenTables(data, themes, p.assigned, data.answers.get(p.id)),
    answers: answersOf(p.id),
  }));

  const blocked = blockedPairs(data, seated);
  const together = togetherPairs(data, blocked);
  if (together.requested > TOGETHER_LIMIT) throw new TooManyTogetherPairs(together.requested);

  const met = new Set<string>();
  for (const table of data.heldTables) {
    const here = table.filter((p) => seated.has(p));
    for (let i = 0; i < here.length; i++)
      for (let j = i + 1; j < here.length; j++) met.add(pairKey(here[i], here[j]));
  }

  return {
    kind: 'tables',
    rounds: data.rounds,
    objective: data.objective,
    tables: data.tables,
    questions,
    people,
    blocked: pairsOf(blocked),
    met: pairsOf(met),
    together: together.pairs,
    fixed: [],
    absent: [],
  };
}
