import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import * as repo from './repository';
import { effectiveAnswers, type ScoringPerson, type ScoringQuestion, scoreProject } from './score-input';
import * as scoreRepo from './score-repository';

/**
 * Q2: the scores job. A change of answers or weights bumps `projects.answers_revision` and queues a computation:
 * one `queued` score set per project at most, so a burst of changes makes one computation (the job reads the newest
 * answers when it starts; a change during it queues the next). A computation claims its set under a lock of the
 * project's row (never two running per project), beats a heartbeat every few seconds, writes the matrix to the file
 * storage, then marks the set ready and supersedes the older ones (deleting their files). A running set whose
 * heartbeat stopped (its process was stopped) is queued again by `recoverScores`, at start and every minute.
 */

export const SCORES_JOB = 'questions.scores';
export const SCORES_RECOVER_JOB = 'questions.scores-recover';
const HEARTBEAT_MS = 5_000;
/** A running set silent for this long was lost. */
export const LOST_AFTER_MS = 60_000;

export const binKey = (projectId: string, setId: string) => `scores/${projectId}/${setId}.bin`;
export const idsKey = (projectId: string, setId: string) => `scores/${projectId}/${setId}-ids.json`;

/** Computations running in this process without pg-boss (tests, JOBS=false): their promise, by project. */
const inProcess = new Map<string, Promise<void>>();
const rerun = new Set<string>();

/** Resolves once this process's computations of the project are done (tests; pg-boss jobs are not awaited). */
export async function scoresSettled(projectId: string) {
  while (inProcess.has(projectId)) await inProcess.get(projectId);
}

/** Resolves once every computation running in this process without pg-boss is done (the app's close waits). */
export async function allScoresSettled() {
  while (inProcess.size) await Promise.all([...inProcess.values()]);
}

/** Answers or weights changed: the scores are stale, a computation is queued. */
export async function scoresChanged(deps: Deps, projectId: string) {
  await scoreRepo.bumpRevision(deps.db, projectId);
  await queueScores(deps, projectId);
}

export async function queueScores(deps: Deps, projectId: string) {
  const created = await deps.db.transaction(async (tx) => {
    const project = await scoreRepo.lockProject(tx, projectId);
    if (!project) return false;
    const sets = await scoreRepo.listSets(tx, projectId);
    if (sets.some((s) => s.status === 'queued')) return false;
    await scoreRepo.insertSet(tx, { companyId: project.companyId, projectId, status: 'queued' });
    return true;
  });
  if (created) await sendJob(deps, projectId);
}

async function sendJob(deps: Deps, projectId: string) {
  const queue = deps.jobs.boss ? await deps.jobs.boss.getQueue(SCORES_JOB).catch(() => null) : null;
  if (queue) {
    await deps.jobs.send(SCORES_JOB, { projectId }, { retryLimit: 1, singletonKey: projectId });
    return;
  }
  // A loop already running here goes round once more when it is done.
  rerun.add(projectId);
  if (inProcess.has(projectId)) return;
  const loop = async () => {
    while (rerun.delete(projectId)) await runScoresJob(deps, { projectId });
  };
  const run = loop()
    .catch((error) => console.error('scores job failed:', String((error as Error).message).slice(0, 300)))
    .finally(() => inProcess.delete(projectId));
  inProcess.set(projectId, run);
}

/** Claims the project's queued set, unless one is running: the set, with the revision it computes. */
async function claim(deps: Deps, projectId: string) {
  return deps.db.transaction(async (tx) => {
    const project = await scoreRepo.lockProject(tx, projectId);
    if (!project) return null;
    const sets = await scoreRepo.listSets(tx, projectId);
    if (sets.some((s) => s.status === 'running')) return null;
    const queued = sets.filter((s) => s.status === 'queued').at(-1);
    if (!queued) return null;
    const now = deps.now();
    await scoreRepo.updateSet(tx, queued.id, {
      status: 'running',
      progress: 0,
      answersRevision: project.answersRevision,
      startedAt: now,
      heartbeatAt: now,
    });
    return { ...queued, answersRevision: project.answersRevision };
  });
}

/** The job: computes the queued sets of the project, one after the other, until none is left. */
export async function runScoresJob(deps: Deps, data: { projectId: string }) {
  for (;;) {
    const set = await claim(deps, data.projectId);
    if (!set) return;
    try {
      await compute(deps, set);
    } catch (error) {
      await scoreRepo.updateRunning(deps.db, set.id, {
        status: 'failed',
        error: String((error as Error).message).slice(0, 500),
        finishedAt: deps.now(),
      });
    }
  }
}

/** What the computation reads: the active questions used for matching, every participant and their answers. */
export async function readScoringInput(deps: Deps, projectId: string) {
  const rows = (await repo.listQuestionsOfProject(deps.db, projectId)).filter(
    (q) => q.status === 'active' && q.usedForMatching,
  );
  const ids = rows.map((q) => q.id);
  const [choices, standardValues, { rows: people, memberships }, answers] = await Promise.all([
    repo.listChoices(deps.db, ids),
    repo.listStandardValues(deps.db, ids),
    scoreRepo.listScoredParticipants(deps.db, projectId),
    scoreRepo.listProjectAnswers(deps.db, projectId),
  ]);
  const questions: ScoringQuestion[] = rows.map((q) => ({
    id: q.id,
    kind: q.kind as 'single' | 'multiple',
    weight: q.weight,
    reversed: q.reversed,
    linkedQuestionId: q.linkedQuestionId,
    mirrors: new Map(
      choices
        .filter((c) => c.row.questionId === q.id && c.row.linkedChoiceId)
        .map((c) => [c.row.id, c.row.linkedChoiceId as string]),
    ),
    standardValues: standardValues.filter((s) => s.questionId === q.id),
  }));
  const scored = new Set(ids);
  const byId = new Map<string, ScoringPerson>(
    people.map((p) => [
      p.id,
      { id: p.id, roleId: p.roleId, groupIds: new Set<string>(), answers: new Map() },
    ]),
  );
  for (const m of memberships) byId.get(m.participantId)?.groupIds.add(m.groupId);
  for (const a of answers) {
    const person = byId.get(a.participantId);
    if (!person || !scored.has(a.questionId)) continue;
    person.answers.set(a.questionId, [...(person.answers.get(a.questionId) ?? []), a.choiceId]);
  }
  return { questions, people: [...byId.values()] };
}

async function compute(deps: Deps, set: scoreRepo.ScoreSetRow) {
  const { projectId } = set;
  let progress = 5;
  const beat = setInterval(() => {
    void scoreRepo
      .updateRunning(deps.db, set.id, { heartbeatAt: deps.now(), progress })
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    const { questions, people } = await readScoringInput(deps, projectId);
    progress = 20;
    await scoreRepo.updateRunning(deps.db, set.id, { progress, heartbeatAt: deps.now() });
    const matrix = await scoreProject(questions, effectiveAnswers(questions, people), { threads: 2 });
    progress = 90;
    const bin = binKey(projectId, set.id);
    const order = idsKey(projectId, set.id);
    await deps.storage.put(
      bin,
      new Uint8Array(matrix.values.buffer, matrix.values.byteOffset, matrix.values.byteLength),
      'application/octet-stream',
    );
    await deps.storage.put(order, Buffer.from(JSON.stringify(people.map((p) => p.id))), 'application/json');
    const superseded = await deps.db.transaction(async (tx) => {
      await scoreRepo.lockProject(tx, projectId);
      const done = await scoreRepo.updateRunning(tx, set.id, {
        status: 'ready',
        progress: 100,
        scale: String(matrix.scale),
        participantCount: people.length,
        storageKey: bin,
        finishedAt: deps.now(),
      });
      if (!done) return null;
      const older = (await scoreRepo.listSets(tx, projectId)).filter(
        (s) => s.status === 'ready' && s.id !== set.id,
      );
      for (const s of older) await scoreRepo.updateSet(tx, s.id, { status: 'superseded', storageKey: null });
      return older;
    });
    // Reset or re-queued meanwhile: what this run wrote is nobody's.
    const drop = superseded === null ? [set.id] : superseded.map((s) => s.id);
    for (const id of drop) await deleteFiles(deps, projectId, id);
  } finally {
    clearInterval(beat);
  }
}

export async function deleteFiles(deps: Deps, projectId: string, setId: string) {
  await deps.storage.delete(binKey(projectId, setId)).catch(() => undefined);
  await deps.storage.delete(idsKey(projectId, setId)).catch(() => undefined);
}

/** Running sets whose process is gone are queued again; queued sets get a job (theirs may have been lost). */
export async function recoverScores(deps: Deps) {
  const lost = await scoreRepo.listLostRunning(deps.db, new Date(deps.now().getTime() - LOST_AFTER_MS));
  for (const set of lost) {
    await deps.db.transaction(async (tx) => {
      await scoreRepo.lockProject(tx, set.projectId);
      const sets = await scoreRepo.listSets(tx, set.projectId);
      // One queued set per project: a lost run whose project already has one simply goes.
      if (sets.some((s) => s.status === 'queued')) await scoreRepo.deleteSets(tx, [set.id]);
      else
        await scoreRepo.updateRunning(tx, set.id, {
          status: 'queued',
          progress: 0,
          startedAt: null,
          heartbeatAt: null,
        });
    });
  }
  for (const projectId of await scoreRepo.projectsWithQueued(deps.db)) await sendJob(deps, projectId);
}

export function questionJobs(deps: () => Deps): JobDefinition[] {
  return [
    { name: SCORES_JOB, run: async (data) => runScoresJob(deps(), data as { projectId: string }) },
    { name: SCORES_RECOVER_JOB, cron: '* * * * *', run: async () => recoverScores(deps()) },
  ];
}
