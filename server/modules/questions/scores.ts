import type { WeightsInput } from '../../../contracts/question-answers';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { type ScoreMatrix, triangleIndex } from '../../matching/scores';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';
import * as scoreRepo from './score-repository';
import { deleteFiles, idsKey, queueScores, scoresChanged } from './score-runs';
import { assertProject } from './service';

/** Q2: networking weights, the score status, a pair's score, the reset, and `loadScores` for the pairing. */

export async function scoreStatus(db: Executor, projectId: string) {
  // In turn: the weights' change reads the status inside its transaction.
  const sets = await scoreRepo.listSets(db, projectId);
  const revision = await scoreRepo.projectRevision(db, projectId);
  const ready = sets.find((s) => s.status === 'ready');
  const running = sets.find((s) => s.status === 'running');
  const queued = sets.some((s) => s.status === 'queued');
  const status =
    running || queued ? 'computing' : !ready ? 'none' : ready.answersRevision < revision ? 'stale' : 'ready';
  return {
    status: status as 'none' | 'ready' | 'computing' | 'stale',
    progress: running?.progress ?? (status === 'ready' ? 100 : 0),
    participantCount: ready?.participantCount ?? null,
    computedAt: ready?.finishedAt?.toISOString() ?? null,
  };
}

async function weightList(db: Executor, auth: AuthContext, projectId: string) {
  const rows = (await repo.listQuestions(db, auth.companyId, projectId, false)).filter(
    (q) => q.row.usedForMatching,
  );
  return {
    items: rows.map(({ row }) => ({
      id: row.id,
      title: { fr: row.titleFr, en: row.titleEn },
      weight: row.weight,
      reversed: row.reversed,
      linkedQuestionId: row.linkedQuestionId,
    })),
    scores: await scoreStatus(db, projectId),
  };
}

export async function listWeights(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  return weightList(deps.db, auth, projectId);
}

/** Saves every weight in one transaction; a question not of this list is a field error naming its line. */
export async function saveWeights(deps: Deps, auth: AuthContext, projectId: string, input: WeightsInput) {
  await deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const current = new Set((await weightList(tx, auth, projectId)).items.map((q) => q.id));
    for (const [index, item] of input.items.entries()) {
      if (!current.has(item.id))
        throw AppError.field(`items.${index}.id`, 'validation.questions.unknownQuestion');
      await repo.updateQuestion(tx, item.id, { weight: item.weight, reversed: item.reversed });
    }
  });
  await scoresChanged(deps, projectId);
  return weightList(deps.db, auth, projectId);
}

/** Throws every stored score of the project away, and queues a fresh computation. */
export async function resetScores(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const sets = await scoreRepo.listSets(deps.db, projectId);
  await scoreRepo.deleteSets(
    deps.db,
    sets.map((s) => s.id),
  );
  for (const s of sets) await deleteFiles(deps, projectId, s.id);
  await scoreRepo.bumpRevision(deps.db, projectId);
  await queueScores(deps, projectId);
  return { ok: true as const };
}

export interface LoadedScores {
  scoreSetId: string;
  participantIds: string[];
  matrix: ScoreMatrix;
}

/** The newest ready scores read back, kept for the next call while they are the newest. */
const cache = new Map<string, LoadedScores>();

/** The newest ready scores of the project (participant ids in the matrix's order), or null when none is ready. */
export async function loadScores(deps: Deps, projectId: string): Promise<LoadedScores | null> {
  const ready = (await scoreRepo.listSets(deps.db, projectId)).find((s) => s.status === 'ready');
  if (!ready?.storageKey || !ready.scale) return null;
  const cached = cache.get(projectId);
  if (cached?.scoreSetId === ready.id) return cached;
  const [bin, ids] = await Promise.all([
    deps.storage.get(ready.storageKey),
    deps.storage.get(idsKey(projectId, ready.id)),
  ]);
  if (!bin || !ids) return null;
  const participantIds = JSON.parse(ids.bytes.toString('utf8')) as string[];
  const n = participantIds.length;
  const copy = new Uint8Array(bin.bytes.byteLength);
  copy.set(bin.bytes);
  const values = new Uint16Array(copy.buffer);
  const scale = Number(ready.scale);
  const loaded = {
    scoreSetId: ready.id,
    participantIds,
    matrix: {
      n,
      scale,
      values,
      get: (i: number, j: number) => (i === j ? 0 : values[triangleIndex(n, i, j)] / scale),
    },
  };
  cache.set(projectId, loaded);
  return loaded;
}

export async function getPairScore(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  a: string | undefined,
  b: string | undefined,
) {
  await assertProject(deps.db, auth, projectId);
  if (!a) throw AppError.field('a', 'validation.required');
  if (!b) throw AppError.field('b', 'validation.required');
  const scores = await scoreStatus(deps.db, projectId);
  const loaded = await loadScores(deps, projectId);
  const i = loaded?.participantIds.indexOf(a) ?? -1;
  const j = loaded?.participantIds.indexOf(b) ?? -1;
  if (!loaded || i < 0 || j < 0) return { score: null, maximum: null, scores };
  return {
    score: Math.round(loaded.matrix.get(i, j) * 100) / 100,
    maximum: Math.round((65535 / loaded.matrix.scale) * 100) / 100,
    scores,
  };
}
