import type { Answers, ScoreQuestion } from '../../matching/score';
import { computeScores, type ScoreMatrix, triangleIndex } from '../../matching/scores';

/**
 * Q2: from the questionnaire to the scores, as pure functions (the job reads the rows, these decide).
 *
 * - Each active question used for matching counts with its weight (matching.md: w_q · s_q, reversed: 1 − s_q; a
 *   person without an answer to q adds 0 for q).
 * - A participant who has not answered a question gets its standard values that fit them: those for their role,
 *   for one of their groups, or for everyone, in the standard values' order (a single-choice question takes the
 *   first that fits, a multiple-choice question all of them).
 * - A linked pair (« Ce que j'offre » ↔ « Ce que je cherche », choices mirrored): s = 1 when what one offers meets
 *   what the other seeks, in either direction (i's answers to q share a mirrored choice with j's answers to the
 *   linked question, or j's with i's); each of the two questions counts it with its own weight (and reversed flag).
 *   Plain questions go to `computeScores` (the fast computation); the linked pairs are added to its result here.
 */

export interface ScoringQuestion {
  id: string;
  kind: 'single' | 'multiple';
  weight: number;
  reversed: boolean;
  linkedQuestionId: string | null;
  /** Choice id → the mirrored choice's id on the linked question. */
  mirrors: Map<string, string>;
  standardValues: { choiceId: string; roleId: string | null; groupId: string | null }[];
}

export interface ScoringPerson {
  id: string;
  roleId: string;
  groupIds: Set<string>;
  /** Question id → chosen choice ids. */
  answers: Map<string, string[]>;
}

/** Each person's answers, standard values applied where they did not answer. */
export function effectiveAnswers(
  questions: readonly ScoringQuestion[],
  people: readonly ScoringPerson[],
): Answers[] {
  return people.map((person) => {
    const answers: Record<string, string[]> = {};
    for (const q of questions) {
      const own = person.answers.get(q.id);
      if (own?.length) {
        answers[q.id] = own;
        continue;
      }
      const fitting = q.standardValues
        .filter(
          (s) =>
            (s.roleId === null && s.groupId === null) ||
            s.roleId === person.roleId ||
            (s.groupId !== null && person.groupIds.has(s.groupId)),
        )
        .map((s) => s.choiceId);
      const chosen = q.kind === 'single' ? fitting.slice(0, 1) : [...new Set(fitting)];
      if (chosen.length) answers[q.id] = chosen;
    }
    return answers;
  });
}

/** The linked questions whose partner is also scored, as pairs (each pair once). */
function linkedPairs(questions: readonly ScoringQuestion[]) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const pairs: [ScoringQuestion, ScoringQuestion][] = [];
  for (const q of questions) {
    const other = q.linkedQuestionId ? byId.get(q.linkedQuestionId) : undefined;
    if (other && q.id < other.id) pairs.push([q, other]);
  }
  return pairs;
}

/** For one linked pair: 1 where one's offer meets the other's search (upper triangle), and who answered either side. */
function linkedMatches(pair: [ScoringQuestion, ScoringQuestion], answers: readonly Answers[]) {
  const n = answers.length;
  const [q, l] = pair;
  const met = new Uint8Array((n * (n - 1)) / 2);
  const answered = answers.map((a) => Boolean(a[q.id]?.length || a[l.id]?.length));
  // By choice of l: who chose its mirror on q, who chose it on l.
  const offering = new Map<string, number[]>();
  const seeking = new Map<string, number[]>();
  answers.forEach((a, i) => {
    for (const choice of a[q.id] ?? []) {
      const mirror = q.mirrors.get(choice);
      if (mirror) offering.set(mirror, [...(offering.get(mirror) ?? []), i]);
    }
    for (const choice of a[l.id] ?? []) seeking.set(choice, [...(seeking.get(choice) ?? []), i]);
  });
  for (const [choice, offerers] of offering) {
    for (const i of offerers) {
      for (const j of seeking.get(choice) ?? []) if (i !== j) met[triangleIndex(n, i, j)] = 1;
    }
  }
  return { met, answered };
}

/** Every pair's score: computeScores over the plain questions, plus the linked pairs. */
export async function scoreProject(
  questions: readonly ScoringQuestion[],
  answers: readonly Answers[],
  options: { threads?: number } = {},
): Promise<ScoreMatrix> {
  const pairs = linkedPairs(questions);
  const linkedIds = new Set(pairs.flat().map((q) => q.id));
  const plain: ScoreQuestion[] = questions
    .filter((q) => !linkedIds.has(q.id))
    .map((q) => ({ id: q.id, weight: q.weight, reversed: q.reversed }));
  const people = answers.map((a) => ({ answers: a }));
  const base = await computeScores(plain, people, options);
  if (pairs.length === 0) return base;

  const n = answers.length;
  const total = questions.reduce((sum, q) => sum + q.weight, 0);
  const scale = total > 0 ? 65535 / total : 1;
  const sums = new Float64Array(base.values.length);
  for (let k = 0; k < sums.length; k++) sums[k] = base.values[k] / base.scale;
  for (const pair of pairs) {
    const { met, answered } = linkedMatches(pair, answers);
    for (let i = 0; i < n; i++) {
      if (!answered[i]) continue;
      for (let j = i + 1; j < n; j++) {
        if (!answered[j]) continue;
        const k = triangleIndex(n, i, j);
        for (const q of pair) sums[k] += q.weight * (q.reversed ? 1 - met[k] : met[k]);
      }
    }
  }
  const values = new Uint16Array(sums.length);
  for (let k = 0; k < sums.length; k++) values[k] = Math.min(65535, Math.round(sums[k] * scale));
  return { n, scale, values, get: (i, j) => (i === j ? 0 : values[triangleIndex(n, i, j)] / scale) };
}
