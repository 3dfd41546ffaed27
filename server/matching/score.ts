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

/** Which questions (indexes) read each answer key: a question its own id, a linked question its offer and seek. */
export function questionReaders(questions: readonly ScoreQuestion[]): Map<string, number[]> {
  const readers = new Map<string, number[]>();
  questions.forEach((q, k) => {
    for (const key of new Set(q.link ? [q.link.offer, q.link.seek] : [q.id])) {
      const list = readers.get(key);
      if (list) list.push(k);
      else readers.set(key, [k]);
    }
  });
  return readers;
}

/**
 * `pairScore` for many pairs of one questionnaire: the same sum in the same order (the same number, to the bit), but
 * each pair reads only the questions both people answered, O(their answers) instead of O(questions). What keeps the
 * checker fast on large questionnaires that each person answers only in part (the MDGP benchmark's one question per
 * pair: 114,960 questions at 480 people).
 */
export function pairScorer(
  questions: readonly ScoreQuestion[],
  people: readonly Answers[],
): (i: number, j: number) => number {
  const readers = questionReaders(questions);
  // A question is answered when one of the answers it reads is not empty (questionMatch's null otherwise).
  const answered = people.map((answers) => {
    const found = new Set<number>();
    for (const [key, values] of Object.entries(answers))
      if (values?.length) for (const k of readers.get(key) ?? []) found.add(k);
    return Int32Array.from(found).sort();
  });
  return (i, j) => {
    const left = answered[i];
    const right = answered[j];
    let total = 0;
    for (let x = 0, y = 0; x < left.length && y < right.length; ) {
      if (left[x] < right[y]) x++;
      else if (left[x] > right[y]) y++;
      else {
        const q = questions[left[x]];
        const shared = questionMatch(q, people[i], people[j]);
        if (shared !== null) total += q.weight * (q.reversed ? (shared ? 0 : 1) : shared ? 1 : 0);
        x++;
        y++;
      }
    }
    return total;
  };
}
