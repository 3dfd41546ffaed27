/**
 * Every person's answers in the form the all-pairs kernel (`kernel.ts`) reads.
 *
 * Per question, each distinct *set* of answers gets an id (0: did not answer); each set is also a bitset of its
 * answers (Uint32 words), so two sets share an answer when their words AND to something other than 0. Questions are
 * packed in groups whose sets combine into one id per group (mixed radix); for one person i, a table per group gives
 * what every combination adds to i's score with someone (built once per row from the bitsets), so a pair costs one
 * table look-up per group instead of one AND per question. With 20 questions of 3–6 choices and 1–2 answers (at most
 * 22 sets each), groups hold 2 questions (22² = 484 entries) and a pair costs 10 look-ups.
 *
 * A linked pair (score.ts `link`) is one entry of its own: a person's set is the pair (what they offer, mirrored onto
 * the « seek » choices; what they seek), as two bitsets over the « seek » choices (id 0: answered neither side); two
 * sets match when one's offers AND the other's searches are not 0, in either direction; what a match adds is the sum
 * of both questions' weights (each with its reversed flag). So the kernel scores linked pairs in the same pass.
 */
import type { Answers, ScoreLink, ScoreQuestion } from '../score';

export interface EncodedAnswers {
  n: number;
  /** Questions kept (weight > 0), in order. */
  questions: number;
  /** Per kept question: what both answering adds when they share an answer, and when they do not. */
  ifShared: Float64Array;
  ifNot: Float64Array;
  /** Σ weights of the kept questions: the highest score a pair can get. */
  total: number;
  /** Per kept question: distinct sets (id 0 = unanswered included), words per set, and the sets' words. */
  setCounts: Int32Array;
  setWords: Int32Array;
  /**
   * setBits[q]: setCounts[q] × setWords[q] words (set 0 is all zeros); for a linked pair, 2 × setWords[q] words a
   * set: the offers, then the searches.
   */
  setBits: Int32Array[];
  /** 1 for a linked pair's entry. */
  linked: Uint8Array;
  /** n × questions: each person's set id per question. */
  sets: Uint16Array;
  /** Groups: the questions of group g are groupStart[g] … groupStart[g+1]−1; tableStart[g]: its table's offset. */
  groupStart: Int32Array;
  tableStart: Int32Array;
  /** Σ table sizes. */
  tableSize: number;
  /** n × groups: each person's entry in each group's table, offset included. */
  ids: Int32Array;
}

/** Below this, a per-row table costs less than the pairs it serves: picks the group size. */
function groupQuestions(setCounts: Int32Array, n: number): number[] {
  const q = setCounts.length;
  let best: number[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  const pairs = (n * (n - 1)) / 2;
  for (const limit of [1, 64, 256, 1024, 4096, 16384, 65536]) {
    const starts = [0];
    let product = 1;
    let tables = 0;
    for (let k = 0; k < q; k++) {
      if (k > starts[starts.length - 1] && product * setCounts[k] > limit) {
        tables += product;
        starts.push(k);
        product = 1;
      }
      product *= setCounts[k];
    }
    tables += q ? product : 0;
    const groups = q ? starts.length : 0;
    // A row builds every table (a few operations an entry); a pair reads one entry per group.
    const cost = n * tables * 2 + pairs * groups;
    if (cost < bestCost && tables <= 1 << 22) {
      bestCost = cost;
      best = starts;
    }
  }
  return q ? [...best, q] : [0];
}

/** Encodes `people`'s answers (questions of weight 0 are left out: they never count). */
/** One entry of the kernel: a plain question, or a linked pair (both questions' weights together). */
interface Entry {
  id: string;
  link: ScoreLink | null;
  ifShared: number;
  ifNot: number;
}

/** The questions of weight > 0 as entries, a linked pair's two questions merged into one. */
function entriesOf(questions: readonly ScoreQuestion[]): Entry[] {
  const entries: Entry[] = [];
  const byLink = new Map<string, Entry>();
  for (const question of questions) {
    if (!(question.weight > 0)) continue;
    const shared = question.reversed ? 0 : question.weight;
    const not = question.reversed ? question.weight : 0;
    const link = question.link;
    if (!link) {
      entries.push({ id: question.id, link: null, ifShared: shared, ifNot: not });
      continue;
    }
    const key = `${link.offer}\u0000${link.seek}`;
    const entry = byLink.get(key);
    if (entry) {
      entry.ifShared += shared;
      entry.ifNot += not;
      continue;
    }
    const made: Entry = { id: key, link, ifShared: shared, ifNot: not };
    byLink.set(key, made);
    entries.push(made);
  }
  return entries;
}

/** A person's answer bits for an entry (into `bits`, sorted); false when they answered nothing of it. */
function answerBitsOf(
  entry: Entry,
  answers: Answers,
  answerBit: Map<string, number>,
  bits: number[],
): boolean {
  const bitOf = (answer: string) => {
    let bit = answerBit.get(answer);
    if (bit === undefined) {
      bit = answerBit.size;
      answerBit.set(answer, bit);
    }
    return bit;
  };
  bits.length = 0;
  const link = entry.link;
  if (!link) {
    const chosen = answers[entry.id];
    if (!chosen?.length) return false;
    for (const answer of chosen) {
      const bit = bitOf(answer);
      if (!bits.includes(bit)) bits.push(bit);
    }
    if (bits.length > 1) bits.sort((x, y) => x - y);
    return true;
  }
  // Linked: offers as 2·bit, searches as 2·bit + 1, over the « seek » choices.
  const offered = answers[link.offer] ?? [];
  const sought = answers[link.seek] ?? [];
  if (!offered.length && !sought.length) return false;
  for (const answer of offered) {
    const mirror = Object.hasOwn(link.mirrors, answer) ? link.mirrors[answer] : undefined;
    if (mirror === undefined) continue;
    const bit = 2 * bitOf(mirror);
    if (!bits.includes(bit)) bits.push(bit);
  }
  for (const answer of sought) {
    const bit = 2 * bitOf(answer) + 1;
    if (!bits.includes(bit)) bits.push(bit);
  }
  if (bits.length > 1) bits.sort((x, y) => x - y);
  return true;
}

export function encodeAnswers(
  questions: readonly ScoreQuestion[],
  people: readonly { answers: Answers }[],
): EncodedAnswers {
  const kept = entriesOf(questions);
  const n = people.length;
  const q = kept.length;
  const sets = new Uint16Array(n * q);
  const setCounts = new Int32Array(q);
  const setWords = new Int32Array(q);
  const setBits: Int32Array[] = [];
  const answerBits = kept.map(() => new Map<string, number>());
  const setIds = kept.map(() => new Map<string, number>());
  const members: number[][][] = kept.map(() => [[]]);
  const bits: number[] = [];
  for (let i = 0; i < n; i++) {
    const answers = people[i].answers;
    for (let k = 0; k < q; k++) {
      if (!answerBitsOf(kept[k], answers, answerBits[k], bits)) continue;
      const key = bits.length === 1 ? `${bits[0]}` : bits.join(',');
      let id = setIds[k].get(key);
      if (id === undefined) {
        id = members[k].length;
        if (id > 0xffff)
          throw new RangeError(
            `question ${kept[k].id.replace('\u0000', ' ↔ ')}: more than 65,535 distinct answer sets`,
          );
        setIds[k].set(key, id);
        members[k].push([...bits]);
      }
      sets[i * q + k] = id;
    }
  }
  const linked = Uint8Array.from(kept, (entry) => (entry.link ? 1 : 0));
  for (let k = 0; k < q; k++) {
    const words = Math.max(1, Math.ceil(answerBits[k].size / 32));
    // A linked entry's set: its offers' words, then its searches' words.
    const stride = linked[k] ? 2 * words : words;
    const packed = new Int32Array(members[k].length * stride);
    members[k].forEach((m, id) => {
      for (const b of m) {
        const bit = linked[k] ? b >>> 1 : b;
        const at = id * stride + (linked[k] && b & 1 ? words : 0) + (bit >>> 5);
        packed[at] |= 1 << (bit & 31);
      }
    });
    setCounts[k] = members[k].length;
    setWords[k] = words;
    setBits.push(packed);
  }
  const ifShared = Float64Array.from(kept, (entry) => entry.ifShared);
  const ifNot = Float64Array.from(kept, (entry) => entry.ifNot);

  const starts = groupQuestions(setCounts, n);
  const groups = starts.length - 1;
  const groupStart = Int32Array.from(starts);
  const tableStart = new Int32Array(groups + 1);
  for (let g = 0; g < groups; g++) {
    let size = 1;
    for (let k = groupStart[g]; k < groupStart[g + 1]; k++) size *= setCounts[k];
    tableStart[g + 1] = tableStart[g] + size;
  }
  const ids = new Int32Array(n * groups);
  for (let i = 0; i < n; i++) {
    for (let g = 0; g < groups; g++) {
      let id = 0;
      for (let k = groupStart[g]; k < groupStart[g + 1]; k++) id = id * setCounts[k] + sets[i * q + k];
      ids[i * groups + g] = tableStart[g] + id;
    }
  }
  return {
    n,
    questions: q,
    ifShared,
    ifNot,
    total: kept.reduce((sum, entry) => sum + entry.ifShared + entry.ifNot, 0),
    setCounts,
    setWords,
    setBits,
    linked,
    sets,
    groupStart,
    tableStart,
    tableSize: tableStart[groups],
    ids,
  };
}

/** Where the pair (i, j), i < j, sits in the upper triangle stored row after row (row i holds j = i+1 … n−1). */
export function pairIndex(n: number, i: number, j: number): number {
  return i * n - (i * (i + 1)) / 2 + (j - i - 1);
}

/** The first pair of row i in the upper triangle (and, for i = n, the number of pairs). */
export function rowStart(n: number, i: number): number {
  return i * n - (i * (i + 1)) / 2;
}

/**
 * Row boundaries cutting the upper triangle into about `blocks` runs of rows with about the same number of pairs
 * (row i has n − 1 − i): [0, b1, …, n].
 */
export function balancedBlocks(n: number, blocks: number): number[] {
  const total = rowStart(n, n);
  const bounds = [0];
  let row = 0;
  for (let k = 1; k < blocks; k++) {
    const target = (total * k) / blocks;
    while (row < n && rowStart(n, row) < target) row++;
    if (row > bounds[bounds.length - 1] && row < n) bounds.push(row);
  }
  bounds.push(n);
  return bounds;
}
