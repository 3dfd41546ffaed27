/**
 * Placeholder until the fast computation lands (bitsets, worker threads): same shape, plain loops over pairScore.
 * Every pair's score quantised to uint16 over the upper triangle (i < j, row-major); score ≈ value / scale.
 */
import { type Answers, pairScore, type ScoreQuestion } from '../score';

export interface ScoreMatrix {
  n: number;
  scale: number;
  values: Uint16Array;
  get(i: number, j: number): number;
}

export function triangleIndex(n: number, i: number, j: number): number {
  const [a, b] = i < j ? [i, j] : [j, i];
  return a * n - (a * (a + 1)) / 2 + (b - a - 1);
}

export async function computeScores(
  questions: readonly ScoreQuestion[],
  people: readonly { answers: Answers }[],
  _options: { threads?: number } = {},
): Promise<ScoreMatrix> {
  const n = people.length;
  const total = questions.reduce((sum, q) => sum + q.weight, 0);
  const scale = total > 0 ? 65535 / total : 1;
  const values = new Uint16Array((n * (n - 1)) / 2);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      values[triangleIndex(n, i, j)] = Math.round(
        pairScore(questions, people[i].answers, people[j].answers) * scale,
      );
    }
  }
  return { n, scale, values, get: (i, j) => (i === j ? 0 : values[triangleIndex(n, i, j)] / scale) };
}
