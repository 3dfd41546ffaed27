import type { Answers, ScoreQuestion } from '../../matching/score';
import { computeScores, type ScoreMatrix } from '../../matching/scores';

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
 *   Both go to `computeScores` (the fast computation) with a `link` (score.ts), which scores them in the same pass.
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
  questions: readonly Pick<ScoringQuestion, 'id' | 'kind' | 'standardValues'>[],
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

/**
 * The questions as the score computation reads them: the two questions of a linked pair whose partner is also scored
 * carry the same `link` (the one with the smaller id offers, through its mirrors; the other seeks).
 */
export function scoreQuestions(
  questions: readonly Pick<ScoringQuestion, 'id' | 'weight' | 'reversed' | 'linkedQuestionId' | 'mirrors'>[],
): ScoreQuestion[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  return questions.map((q) => {
    const plain = { id: q.id, weight: q.weight, reversed: q.reversed };
    const other = q.linkedQuestionId ? byId.get(q.linkedQuestionId) : undefined;
    if (!other || other.id === q.id) return plain;
    const [offer, seek] = q.id < other.id ? [q, other] : [other, q];
    return { ...plain, link: { offer: offer.id, seek: seek.id, mirrors: Object.fromEntries(offer.mirrors) } };
  });
}

/** Every pair's score, linked pairs included, in one pass of the fast computation (server/matching/scores). */
export async function scoreProject(
  questions: readonly ScoringQuestion[],
  answers: readonly Answers[],
  options: { threads?: number } = {},
): Promise<ScoreMatrix> {
  return computeScores(
    scoreQuestions(questions),
    answers.map((a) => ({ answers: a })),
    options,
  );
}
