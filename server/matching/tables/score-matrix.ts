/**
 * All pair scores of one instance as an n × n matrix (matching.md, "Scores from the questionnaire"), with the same
 * arithmetic as `pairScore` (server/matching/score.ts): each question's answers become a bitset per person, and
 * a question adds its weight when the bitsets meet (reversed: when they do not), in the questions' order.
 */
import type { TablesInstance } from '../instance';

/** Past this many people a dense matrix stops being reasonable (8 bytes × n², 32 MB at 2,000). */
export const DENSE_SCORES_LIMIT = 4000;

export function scoreMatrix(instance: TablesInstance): Float64Array | null {
  const n = instance.people.length;
  const questions = instance.questions.filter((q) => q.weight !== 0);
  if (!questions.length || n > DENSE_SCORES_LIMIT) return null;

  // One bitset per (question, person): words[q] words each; an unanswered question is all zeros.
  const layouts = questions.map((q) => {
    const bits = new Map<string, number>();
    for (const p of instance.people)
      for (const a of p.answers[q.id] ?? []) if (!bits.has(a)) bits.set(a, bits.size);
    const words = Math.max(1, Math.ceil(bits.size / 32));
    const sets = new Uint32Array(n * words);
    const answered = new Uint8Array(n);
    instance.people.forEach((p, i) => {
      const answers = p.answers[q.id] ?? [];
      if (answers.length) answered[i] = 1;
      for (const a of answers) {
        const bit = bits.get(a)!;
        sets[i * words + (bit >>> 5)] |= 1 << (bit & 31);
      }
    });
    return { weight: q.weight, reversed: q.reversed, words, sets, answered };
  });

  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let total = 0;
      for (const { weight, reversed, words, sets, answered } of layouts) {
        if (!answered[i] || !answered[j]) continue;
        let shared = false;
        for (let w = 0; w < words; w++) {
          if (sets[i * words + w] & sets[j * words + w]) {
            shared = true;
            break;
          }
        }
        if (shared !== reversed) total += weight;
      }
      matrix[i * n + j] = total;
      matrix[j * n + i] = total;
    }
  }
  return matrix;
}
