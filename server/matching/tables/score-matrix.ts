/**
 * All pair scores of one instance as an n × n matrix (matching.md, "Scores from the questionnaire"), with the same
 * arithmetic as `pairScore` (server/matching/score.ts): each question's answers become a bitset per person, and
 * a question adds its weight when the bitsets meet (reversed: when they do not), in the questions' order; a linked
 * question when one's offers meet the other's seeks, either way (`link`, as in pairScore).
 */
import type { TablesInstance } from '../instance';

/** Past this many people a dense matrix stops being reasonable (8 bytes × n², 32 MB at 2,000). */
export const DENSE_SCORES_LIMIT = 4000;

export function scoreMatrix(instance: TablesInstance): Float64Array | null {
  const n = instance.people.length;
  const questions = instance.questions.filter((q) => q.weight !== 0);
  if (!questions.length || n > DENSE_SCORES_LIMIT) return null;

  // One bitset per (question, person): words[q] words each; an unanswered question is all zeros. A linked question
  // has two: `sets` what a person offers (mirrored onto the seek question's choices) and `seeks` what they seek.
  const layouts = questions.map((q) => {
    const link = q.link;
    const bits = new Map<string, number>();
    const bit = (a: string) => {
      if (!bits.has(a)) bits.set(a, bits.size);
      return bits.get(a)!;
    };
    const offered = (p: (typeof instance.people)[number]) =>
      link
        ? (p.answers[link.offer] ?? []).flatMap((c) =>
            Object.hasOwn(link.mirrors, c) ? [link.mirrors[c]] : [],
          )
        : (p.answers[q.id] ?? []);
    const sought = (p: (typeof instance.people)[number]) => (link ? (p.answers[link.seek] ?? []) : []);
    for (const p of instance.people) for (const a of [...offered(p), ...sought(p)]) bit(a);
    const words = Math.max(1, Math.ceil(bits.size / 32));
    const sets = new Uint32Array(n * words);
    const seeks = link ? new Uint32Array(n * words) : null;
    const answered = new Uint8Array(n);
    instance.people.forEach((p, i) => {
      const answeredHere = link
        ? Boolean(p.answers[link.offer]?.length || p.answers[link.seek]?.length)
        : Boolean(p.answers[q.id]?.length);
      if (answeredHere) answered[i] = 1;
      for (const a of offered(p)) sets[i * words + (bit(a) >>> 5)] |= 1 << (bit(a) & 31);
      if (seeks) for (const a of sought(p)) seeks[i * words + (bit(a) >>> 5)] |= 1 << (bit(a) & 31);
    });
    return { weight: q.weight, reversed: q.reversed, words, sets, seeks, answered };
  });

  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      let total = 0;
      for (const { weight, reversed, words, sets, seeks, answered } of layouts) {
        if (!answered[i] || !answered[j]) continue;
        let shared = false;
        for (let w = 0; w < words; w++) {
          const a = i * words + w;
          const b = j * words + w;
          if (seeks ? (sets[a] & seeks[b]) | (sets[b] & seeks[a]) : sets[a] & sets[b]) {
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
