/**
 * The questionnaire score of two people (matching.md, "Scores from the questionnaire"), plainly: the reference that
 * faster implementations (worker threads, compact storage) are tested against.
 * score(i, j) = Σ_q w_q · s_q(i, j), s_q = 1 when i and j share an answer to q (0 otherwise), reversed: 1 − that;
 * a person who did not answer q (no answer at all) contributes 0 for q, reversed or not.
 *
 * A linked pair (« Ce que j'offre » ↔ « Ce que je cherche », docs/matching/questionnaire.md): both of its questions
 * carry the same `link`; for each, s = 1 when what one offers (answers to `offer`, through `mirrors`) is among what
 * the other seeks (answers to `seek`), in either direction; a person who answered neither side contributes 0.
 */
export interface ScoreQuestion {
  id: string;
  weight: number;
  reversed: boolean;
  /** Only on the two questions of a linked pair (optional: every other question compares its own answers). */
  link?: ScoreLink;
}

export interface ScoreLink {
  /** The « offer » question's id: its answers are mirrored onto the « seek » question's choices. */
  offer: string;
  seek: string;
  /** Choice of `offer` → the mirrored choice of `seek`. */
  mirrors: Readonly<Record<string, string>>;
}

export type Answers = Record<string, readonly string[]>;

/** s_q of two people before weight and reversal: true / false, or null when either did not answer (counts 0). */
export function questionMatch(q: ScoreQuestion, a: Answers, b: Answers): boolean | null {
  const link = q.link;
  if (link) {
    const answered = (x: Answers) => Boolean(x[link.offer]?.length || x[link.seek]?.length);
    if (!answered(a) || !answered(b)) return null;
    const offers = (x: Answers, y: Answers) =>
      (x[link.offer] ?? []).some((choice) => {
        const mirror = Object.hasOwn(link.mirrors, choice) ? link.mirrors[choice] : undefined;
        return mirror !== undefined && (y[link.seek] ?? []).includes(mirror);
      });
    return offers(a, b) || offers(b, a);
  }
  const left = a[q.id];
  const right = b[q.id];
  if (!left?.length || !right?.length) return null;
  return left.some((x) => right.includes(x));
}

export function pairScore(questions: readonly ScoreQuestion[], a: Answers, b: Answers): number {
  let total = 0;
  for (const q of questions) {
    const shared = questionMatch(q, a, b);
    if (shared === null) continue;
    total += q.weight * (q.reversed ? (shared ? 0 : 1) : shared ? 1 : 0);
  }
  return total;
}
