/**
 * Every person's answers in the form the all-pairs kernel (`kernel.ts`) reads.
 *
 * Per question, each distinct *set* of answers gets an id (0: did not answer); each set is also a bitset of its
 * answers (Uint32 words), so two sets share an answer when their words AND to something other than 0. Questions are
 * packed in groups whose sets combine into one id per group (mixed radix); for one person i, a table per group gives
 * what every combination adds to i's score with someone (built once per row from the bitsets), so a pair costs one
 * table look-up per group instead of one AND per question. With 20 questions of 3–6 choices and 1–2 answers (at most
 * 22 sets each), groups hold 2 questions (22² = 484 entries) and a pair costs 10 look-ups.
 */
import type { Answers, ScoreQuestion } from '../score';

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
  /** setBits[q]: setCounts[q] × setWords[q] words (set 0 is all zeros). */
  setBits: Int32Array[];
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
export function encodeAnswers(
  questions: readonly ScoreQuestion[],
  people: readonly { answers: Answers }[],
): EncodedAnswers {
  const kept = questions.filter((q) => q.weight > 0);
  const n = people.length;
  const q = kept.length;
  const sets = new Uint16Array(n * q);
  const setCounts = new Int32Array(q);
  const setWords = new Int32Array(q);
  const setBits: Int32Array[] = [];
  const keptIds = kept.map((question) => question.id);
  const answerBits = kept.map(() => new Map<string, number>());
  const setIds = kept.map(() => new Map<string, number>());
  const members: number[][][] = kept.map(() => [[]]);
  const bits: number[] = [];
  for (let i = 0; i < n; i++) {
    const answers = people[i].answers;
    for (let k = 0; k < q; k++) {
      const chosen = answers[keptIds[k]];
      if (!chosen?.length) continue;
      const answerBit = answerBits[k];
      bits.length = 0;
      for (const answer of chosen) {
        let bit = answerBit.get(answer);
        if (bit === undefined) {
          bit = answerBit.size;
          answerBit.set(answer, bit);
        }
        if (!bits.includes(bit)) bits.push(bit);
      }
      if (bits.length > 1) bits.sort((x, y) => x - y);
      const key = bits.length === 1 ? `${bits[0]}` : bits.join(',');
      let id = setIds[k].get(key);
      if (id === undefined) {
        id = members[k].length;
        if (id > 0xffff)
          throw new RangeError(`question ${keptIds[k]}: more than 65,535 distinct answer sets`);
        setIds[k].set(key, id);
        members[k].push([...bits]);
      }
      sets[i * q + k] = id;
    }
  }
  for (let k = 0; k < q; k++) {
    const words = Math.max(1, Math.ceil(answerBits[k].size / 32));
    const packed = new Int32Array(members[k].length * words);
    members[k].forEach((m, id) => {
      for (const b of m) packed[id * words + (b >>> 5)] |= 1 << (b & 31);
    });
    setCounts[k] = members[k].length;
    setWords[k] = words;
    setBits.push(packed);
  }
  const ifShared = new Float64Array(q);
  const ifNot = new Float64Array(q);
  kept.forEach((question, k) => {
    if (question.reversed) ifNot[k] = question.weight;
    else ifShared[k] = question.weight;
  });

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
    total: kept.reduce((sum, question) => sum + question.weight, 0),
    setCounts,
    setWords,
    setBits,
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
