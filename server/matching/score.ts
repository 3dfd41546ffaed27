/**
 * The questionnaire score of two people (matching.md, "Scores from the questionnaire"), plainly: the reference that
 * faster implementations (worker threads, compact storage) are tested against.
 * score(i, j) = Σ_q w_q · s_q(i, j), s_q = 1 when i and j share an answer to q (0 otherwise), reversed: 1 − that;
 * a person who did not answer q (no answer at all) contributes 0 for q, reversed or not.
 */
export interface ScoreQuestion {
  id: string;
  weight: number;
  reversed: boolean;
}

export type Answers = Record<string, readonly string[]>;

export function pairScore(questions: readonly ScoreQuestion[], a: Answers, b: Answers): number {
  let total = 0;
  for (const q of questions) {
    const left = a[q.id];
    const right = b[q.id];
    if (!left?.length || !right?.length) continue;
    const shared = left.some((x) => right.includes(x));
    total += q.weight * (q.reversed ? (shared ? 0 : 1) : shared ? 1 : 0);
  }
  return total;
}
