/**
 * All pair scores of one instance as an n × n matrix (matching.md, "Scores from the questionnaire"), with the same
 * arithmetic as `pairScore` (server/matching/score.ts): each question's answers become a bitset per person who
 * answered it, and a question adds its weight when two bitsets meet (reversed: when they do not), in the questions'
 * order; a linked question when one's offers meet the other's seeks, either way (`link`, as in pairScore).
 *
 * Two loops give the same sums: over pairs, then questions (a questionnaire everyone answers), or over questions,
 * then the pairs of the people who answered each (a questionnaire answered in part: O(Σ answerers²) instead of
 * O(n² · questions); the MDGP benchmark's one question per pair).
 */
import type { TablesInstance } from '../instance';
import { questionReaders } from '../score';

/** Past this many people a dense matrix stops being reasonable (8 bytes × n², 32 MB at 2,000). */
export const DENSE_SCORES_LIMIT = 4000;

interface Layout {
  weight: number;
  reversed: boolean;
  words: number;
  /** The people who answered, ascending. */
  answerers: Int32Array;
  /** Bitsets of what each answerer offers (its own answers, or mirrored offers), at (person or rank) × words. */
  sets: Uint32Array;
  /** Linked questions: bitsets of what each answerer seeks. */
  seeks: Uint32Array | null;
}

type Question = TablesInstance['questions'][number];
type Person = TablesInstance['people'][number];

/** The answerers of each question, in O(answers): a question is answered when one key it reads is not empty. */
function answerersOf(questions: Question[], people: Person[]): Int32Array[] {
  const readers = questionReaders(questions);
  const lists: number[][] = questions.map(() => []);
  people.forEach((p, i) => {
    for (const [key, values] of Object.entries(p.answers)) {
      if (!values?.length) continue;
      for (const k of readers.get(key) ?? []) {
        const list = lists[k];
        if (list[list.length - 1] !== i) list.push(i);
      }
    }
  });
  return lists.map((list) => Int32Array.from(list));
}

/** Bitsets of one question, at person × words (`byPerson`) or at the answerer's rank × words. */
function layoutOf(q: Question, answerers: Int32Array, people: Person[], byPerson: boolean): Layout {
  const link = q.link;
  const bits = new Map<string, number>();
  const bit = (a: string) => {
    if (!bits.has(a)) bits.set(a, bits.size);
    return bits.get(a)!;
  };
  const offered = (p: Person) =>
    link
      ? (p.answers[link.offer] ?? []).flatMap((c) =>
          Object.hasOwn(link.mirrors, c) ? [link.mirrors[c]] : [],
        )
      : (p.answers[q.id] ?? []);
  const sought = (p: Person) => (link ? (p.answers[link.seek] ?? []) : []);
  for (const i of answerers) for (const a of [...offered(people[i]), ...sought(people[i])]) bit(a);
  const words = Math.max(1, Math.ceil(bits.size / 32));
  const rows = byPerson ? people.length : answerers.length;
  const sets = new Uint32Array(rows * words);
  const seeks = link ? new Uint32Array(rows * words) : null;
  answerers.forEach((i, rank) => {
    const row = (byPerson ? i : rank) * words;
    for (const a of offered(people[i])) sets[row + (bit(a) >>> 5)] |= 1 << (bit(a) & 31);
    if (seeks) for (const a of sought(people[i])) seeks[row + (bit(a) >>> 5)] |= 1 << (bit(a) & 31);
  });
  return { weight: q.weight, reversed: q.reversed, words, answerers, sets, seeks };
}

/** Whether rows a and b (offsets into the layout's bitsets) share an answer (or offer ↔ seek, either way). */
function shares({ words, sets, seeks }: Layout, a: number, b: number): boolean {
  for (let w = 0; w < words; w++) {
    if (seeks ? (sets[a + w] & seeks[b + w]) | (sets[b + w] & seeks[a + w]) : sets[a + w] & sets[b + w])
      return true;
  }
  return false;
}

export function scoreMatrix(instance: TablesInstance): Float64Array | null {
  const n = instance.people.length;
  const questions = instance.questions.filter((q) => q.weight !== 0);
  if (!questions.length || n > DENSE_SCORES_LIMIT) return null;
  const answerers = answerersOf(questions, instance.people);
  const pairsOfAnswerers = answerers.reduce((sum, a) => sum + (a.length * (a.length - 1)) / 2, 0);
  const byQuestion = 2 * pairsOfAnswerers < ((n * (n - 1)) / 2) * questions.length;
  const layouts = questions.map((q, k) => layoutOf(q, answerers[k], instance.people, !byQuestion));
  const matrix = new Float64Array(n * n);

  if (byQuestion) {
    // Question by question, into the upper triangle: each pair's sum still runs in the questions' order.
    for (const layout of layouts) {
      const { weight, reversed, words, answerers: who } = layout;
      for (let x = 0; x < who.length; x++) {
        const row = who[x] * n;
        for (let y = x + 1; y < who.length; y++)
          if (shares(layout, x * words, y * words) !== reversed) matrix[row + who[y]] += weight;
      }
    }
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) matrix[j * n + i] = matrix[i * n + j];
    return matrix;
  }

  const answered = layouts.map(({ answerers: who }) => {
    const flags = new Uint8Array(n);
    for (const i of who) flags[i] = 1;
    return flags;
  });
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let total = 0;
      for (let k = 0; k < layouts.length; k++) {
        if (!answered[k][i] || !answered[k][j]) continue;
        const layout = layouts[k];
        if (shares(layout, i * layout.words, j * layout.words) !== layout.reversed) total += layout.weight;
      }
      matrix[i * n + j] = total;
      matrix[j * n + i] = total;
    }
  }
  return matrix;
}
