/**
 * The all-pairs kernel: the quantised scores of rows [from, to) of the upper triangle, from the encoded answers
 * (`encode.ts`). Pure and self-contained, so that the calling thread and the worker threads run the same code and
 * write the same bytes.
 */
import { type EncodedAnswers, rowStart } from './encode';

/**
 * Writes round(score(i, j) · scale) for every i in [from, to) and j > i into `values` (the upper triangle, row after
 * row). The score is summed in float64 and rounded once, so a stored value is within 0.5 / scale of the exact score.
 */
export function scoreRows(
  encoded: EncodedAnswers,
  values: Uint16Array,
  scale: number,
  from: number,
  to: number,
): void {
  const { n, questions: q, ids, groupStart, tableStart } = encoded;
  const groups = groupStart.length - 1;
  if (q === 0) {
    values.fill(0, rowStart(n, from), rowStart(n, to));
    return;
  }
  const table = new Float64Array(encoded.tableSize);
  // What each set of question k adds with person i's set, per question (reused per row).
  const adds = encoded.setCounts.reduce((m, c) => Math.max(m, c), 0);
  const contribution = new Float64Array(adds);
  for (let i = from; i < to; i++) {
    for (let g = 0; g < groups; g++) {
      const start = tableStart[g];
      let size = 1;
      table[start] = 0;
      for (let k = groupStart[g]; k < groupStart[g + 1]; k++) {
        rowContribution(encoded, k, encoded.sets[i * q + k], contribution);
        const count = encoded.setCounts[k];
        // Mixed radix: entry (c, d) = entry c of the questions before + what set d of question k adds.
        for (let c = size - 1; c >= 0; c--) {
          const before = table[start + c];
          const base = start + c * count;
          for (let d = 0; d < count; d++) table[base + d] = before + contribution[d];
        }
        size *= count;
      }
    }
    let out = rowStart(n, i);
    // Scaled once per entry, so that a pair is look-ups, one addition each, and a rounding (scores are ≥ 0).
    for (let e = 0; e < table.length; e++) table[e] *= scale;
    let base = (i + 1) * groups;
    const end = n * groups;
    if (groups % 4 === 0) {
      for (; base < end; base += groups) {
        let s = 0;
        for (let g = 0; g < groups; g += 4) {
          s +=
            table[ids[base + g]] +
            table[ids[base + g + 1]] +
            table[ids[base + g + 2]] +
            table[ids[base + g + 3]];
        }
        values[out++] = (s + 0.5) | 0;
      }
    } else {
      for (; base < end; base += groups) {
        let s = 0;
        for (let g = 0; g < groups; g++) s += table[ids[base + g]];
        values[out++] = (s + 0.5) | 0;
      }
    }
  }
}

/** contribution[d] = what a person whose set of question k is d adds to a score with a person whose set is `mine`. */
function rowContribution(encoded: EncodedAnswers, k: number, mine: number, contribution: Float64Array): void {
  const count = encoded.setCounts[k];
  if (mine === 0) {
    contribution.fill(0, 0, count);
    return;
  }
  const words = encoded.setWords[k];
  const bits = encoded.setBits[k];
  contribution[0] = 0;
  if (encoded.linked[k]) {
    // Offers then searches: a match when one's offers meet the other's searches, either way.
    const stride = 2 * words;
    for (let d = 1; d < count; d++) {
      let shared = 0;
      for (let w = 0; w < words; w++)
        shared |=
          (bits[mine * stride + w] & bits[d * stride + words + w]) |
          (bits[d * stride + w] & bits[mine * stride + words + w]);
      contribution[d] = shared !== 0 ? encoded.ifShared[k] : encoded.ifNot[k];
    }
    return;
  }
  for (let d = 1; d < count; d++) {
    let shared = 0;
    for (let w = 0; w < words; w++) shared |= bits[mine * words + w] & bits[d * words + w];
    contribution[d] = shared !== 0 ? encoded.ifShared[k] : encoded.ifNot[k];
  }
}
