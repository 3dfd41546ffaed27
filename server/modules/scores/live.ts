import { createHash } from 'node:crypto';
import type { Deps } from '../../deps';
import type { Answers } from '../../matching/score';
import type { ScoreMatrix } from '../../matching/scores';
import { effectiveAnswers, scoreProject } from '../questions/score-input';
import { readScoringInput } from '../questions/score-runs';

/**
 * M5: the scores computed NOW from the answers and the current weights, with the very computation the scores job
 * uses (`readScoringInput`, `effectiveAnswers`, `scoreProject`: the fast kernel plus the linked pairs). The matrix is
 * kept per project while its input (questions, weights, every person's effective answers) is the same, so paging
 * through 2 M pairs computes them once.
 */

export interface LiveScores {
  /** Identifies the input: the same key, the same matrix. */
  key: string;
  /** Participant ids in the matrix's order (registration order). */
  ids: string[];
  index: Map<string, number>;
  groupIds: Set<string>[];
  questions: Awaited<ReturnType<typeof readScoringInput>>['questions'];
  /** Own answers (question id → choice ids), before the standard values. */
  own: Map<string, string[]>[];
  answers: Answers[];
  matrix: ScoreMatrix;
  /** Σ weights of the questions scored (the highest score); 0: nothing to score. */
  total: number;
}

/**
 * The matrix of the last input seen, per project (only the matrix: the rest is read fresh at each request), for the
 * `KEPT_PROJECTS` projects viewed last: a matrix is 8 MB at 2,000 people and 100 MB at 10,000.
 */
const cache = new Map<string, { key: string; matrix: ScoreMatrix }>();
const KEPT_PROJECTS = 4;

/** Keeps `value` for `projectId` and forgets the least recently kept projects past KEPT_PROJECTS (Map order). */
export function keepRecent<T>(kept: Map<string, T>, projectId: string, value: T) {
  kept.delete(projectId);
  kept.set(projectId, value);
  for (const stale of kept.keys()) {
    if (kept.size <= KEPT_PROJECTS) break;
    kept.delete(stale);
  }
}

function inputKey(questions: LiveScores['questions'], ids: string[], answers: Answers[]) {
  const hash = createHash('sha1');
  for (const q of questions) hash.update(`${q.id}:${q.weight}:${q.reversed}:${q.linkedQuestionId ?? ''};`);
  hash.update('|');
  ids.forEach((id, k) => {
    hash.update(id);
    for (const [question, chosen] of Object.entries(answers[k]))
      hash.update(`${question}=${[...chosen].sort().join(',')};`);
  });
  return hash.digest('hex');
}

export async function liveScores(deps: Deps, projectId: string): Promise<LiveScores> {
  const { questions, people } = await readScoringInput(deps, projectId);
  const answers = effectiveAnswers(questions, people);
  const ids = people.map((p) => p.id);
  const key = inputKey(questions, ids, answers);
  const cached = cache.get(projectId);
  // Memberships and own answers are taken from this read: a group change alone keeps the matrix, not the groups.
  const matrix = cached?.key === key ? cached.matrix : await scoreProject(questions, answers, { threads: 2 });
  keepRecent(cache, projectId, { key, matrix });
  return {
    key,
    ids,
    index: new Map(ids.map((id, k) => [id, k])),
    groupIds: people.map((p) => p.groupIds),
    questions,
    own: people.map((p) => p.answers),
    answers,
    matrix,
    total: questions.reduce((sum, q) => sum + q.weight, 0),
  };
}

/** Forgets the kept scores (the bench measures a first computation; tests never need it). */
export function forgetLiveScores() {
  cache.clear();
}
