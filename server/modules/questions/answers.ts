import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { participantAnswers, participantGroups, participants, questionChoices } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';
import { scoresChanged } from './score-runs';

/**
 * Q1: a participant's answers. The questions asked to a participant are the active ones whose audience is empty
 * (everyone) or names their role or one of their groups. Saving checks every choice against its question and the
 * question's limit (single: one; multiple: at most max choices) and replaces the answers of the questions sent.
 */

async function findParticipant(db: Executor, companyId: string, projectId: string, participantId: string) {
  const [row] = await db
    .select({ id: participants.id, roleId: participants.roleId })
    .from(participants)
    .where(
      and(
        eq(participants.companyId, companyId),
        eq(participants.projectId, projectId),
        eq(participants.id, participantId),
      ),
    );
  if (!row) throw AppError.notFound();
  const groups = await db
    .select({ groupId: participantGroups.groupId })
    .from(participantGroups)
    .where(eq(participantGroups.participantId, participantId));
  return { ...row, groupIds: new Set(groups.map((g) => g.groupId)) };
}

/** The active questions of the project with their choices (categories first, in order), for asking and checking. */
export const loadActiveQuestions = (db: Executor, projectId: string) => loadQuestions(db, projectId, false);

/** The questions of the project (the archived ones too when asked: the participant import names them). */
export async function loadQuestions(db: Executor, projectId: string, withArchived: boolean) {
  const rows = (await repo.listQuestionsOfProject(db, projectId)).filter(
    (q) => withArchived || q.status === 'active',
  );
  const ids = rows.map((q) => q.id);
  // In turn: saving a participant's answers reads the questions inside its transaction.
  const choices = await repo.listChoices(db, ids);
  const audience = await repo.listAudience(db, ids);
  const categories = await repo.listCategoriesOf(db, ids);
  return rows.map((q) => {
    const cats = categories.filter((c) => c.questionId === q.id);
    const catOrder = new Map(cats.map((c, i) => [c.id, i]));
    const own = choices
      .filter((c) => c.row.questionId === q.id)
      .map((c) => c.row)
      .sort(
        (a, b) =>
          (a.categoryId ? (catOrder.get(a.categoryId) ?? 0) : -1) -
            (b.categoryId ? (catOrder.get(b.categoryId) ?? 0) : -1) || a.position - b.position,
      );
    const asked = audience.filter((a) => a.questionId === q.id);
    return {
      row: q,
      choices: own.map((c) => {
        const category = cats.find((cat) => cat.id === c.categoryId);
        return {
          id: c.id,
          label: { fr: c.labelFr, en: c.labelEn },
          category: category ? { fr: category.labelFr, en: category.labelEn } : null,
        };
      }),
      roleIds: new Set(asked.map((a) => a.roleId).filter(Boolean)),
      groupIds: new Set(asked.map((a) => a.groupId).filter(Boolean)),
    };
  });
}
export type ActiveQuestion = Awaited<ReturnType<typeof loadActiveQuestions>>[number];

export const isAskedTo = (q: ActiveQuestion, person: { roleId: string; groupIds: Set<string> }) =>
  (q.roleIds.size === 0 && q.groupIds.size === 0) ||
  q.roleIds.has(person.roleId) ||
  [...person.groupIds].some((g) => q.groupIds.has(g));

/** A participant's answers, each question's choices in the question's order (as the form lists them). */
async function answersOf(db: Executor, participantId: string) {
  const rows = await db
    .select({ questionId: participantAnswers.questionId, choiceId: participantAnswers.choiceId })
    .from(participantAnswers)
    .innerJoin(questionChoices, eq(questionChoices.id, participantAnswers.choiceId))
    .where(eq(participantAnswers.participantId, participantId))
    .orderBy(questionChoices.position, questionChoices.id);
  const answers: Record<string, string[]> = {};
  for (const r of rows) answers[r.questionId] = [...(answers[r.questionId] ?? []), r.choiceId];
  return answers;
}

/**
 * Who reads or writes the answers: the organiser (every question asked to the person), or the participant on their
 * personal page (only the questions whose answers participants see — visibility `participants` — and they change
 * only those they may edit).
 */
export type AnswerViewer = 'organiser' | 'participant';

const visibleTo = (q: ActiveQuestion, viewer: AnswerViewer) =>
  viewer === 'organiser' || q.row.visibility === 'participants';
const editableBy = (q: ActiveQuestion, viewer: AnswerViewer) =>
  viewer === 'organiser' || q.row.participantCanEdit;

/** One participant of a project of a company: whose answers, seen by whom. */
export interface AnswerScope {
  companyId: string;
  projectId: string;
  participantId: string;
  viewer: AnswerViewer;
}

async function present(db: Executor, scope: AnswerScope) {
  const person = await findParticipant(db, scope.companyId, scope.projectId, scope.participantId);
  const questions = (await loadActiveQuestions(db, scope.projectId)).filter(
    (q) => isAskedTo(q, person) && visibleTo(q, scope.viewer),
  );
  const answers = await answersOf(db, scope.participantId);
  return {
    questions: questions.map((q) => ({
      id: q.row.id,
      title: { fr: q.row.titleFr, en: q.row.titleEn },
      help: { fr: q.row.helpFr, en: q.row.helpEn },
      kind: q.row.kind as 'single' | 'multiple',
      maxChoices: q.row.maxChoices,
      isMandatory: q.row.isMandatory,
      editable: editableBy(q, scope.viewer),
      choices: q.choices,
    })),
    answers: Object.fromEntries(
      questions.filter((q) => answers[q.row.id]).map((q) => [q.row.id, answers[q.row.id]]),
    ),
  };
}

export function getParticipantAnswers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  participantId: string,
) {
  return present(deps.db, { companyId: auth.companyId, projectId, participantId, viewer: 'organiser' });
}

/** The questions and answers a participant sees on their personal page. */
export const getOwnAnswers = (deps: Deps, scope: Omit<AnswerScope, 'viewer'>) =>
  present(deps.db, { ...scope, viewer: 'participant' });

/** The most choices a question takes. */
export const choiceLimit = (q: Pick<repo.QuestionRow, 'kind' | 'maxChoices'>) =>
  q.kind === 'single' ? 1 : (q.maxChoices ?? Number.POSITIVE_INFINITY);

/**
 * Why these choices cannot be a participant's answer to the question (a locale key and its values), or null: the
 * rule of the answers endpoint and of the participant import (Q1).
 */
export function answerProblem(
  q: Pick<ActiveQuestion, 'row' | 'choices'>,
  choiceIds: readonly string[],
): { message: string; values?: Record<string, number> } | null {
  const valid = new Set(q.choices.map((c) => c.id));
  if (!choiceIds.every((id) => valid.has(id))) return { message: 'validation.questions.unknownChoice' };
  const limit = choiceLimit(q.row);
  if (new Set(choiceIds).size > limit)
    return { message: 'validation.questions.tooManyChoices', values: { maximum: limit } };
  return null;
}

/** Replaces the answers of the given questions (already checked) of one participant. */
export async function writeAnswers(
  tx: Executor,
  owner: { companyId: string; projectId: string },
  participantId: string,
  answers: Record<string, string[]>,
) {
  const questionIds = Object.keys(answers);
  if (questionIds.length === 0) return;
  await tx
    .delete(participantAnswers)
    .where(
      and(
        eq(participantAnswers.participantId, participantId),
        inArray(participantAnswers.questionId, questionIds),
      ),
    );
  const rows = Object.entries(answers).flatMap(([questionId, choiceIds]) =>
    [...new Set(choiceIds)].map((choiceId) => ({ ...owner, participantId, questionId, choiceId })),
  );
  if (rows.length) await tx.insert(participantAnswers).values(rows);
}

export function saveParticipantAnswers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  participantId: string,
  answers: Record<string, string[]>,
) {
  return saveAnswers(
    deps,
    { companyId: auth.companyId, projectId, participantId, viewer: 'organiser' },
    answers,
  );
}

/** The participant's own answers, from their personal page: only the questions they see and may edit. */
export const saveOwnAnswers = (
  deps: Deps,
  scope: Omit<AnswerScope, 'viewer'>,
  answers: Record<string, string[]>,
) => saveAnswers(deps, { ...scope, viewer: 'participant' }, answers);

async function saveAnswers(deps: Deps, scope: AnswerScope, answers: Record<string, string[]>) {
  const { companyId, projectId, participantId } = scope;
  await deps.db.transaction(async (tx) => {
    const person = await findParticipant(tx, companyId, projectId, participantId);
    const questions = new Map((await loadActiveQuestions(tx, projectId)).map((q) => [q.row.id, q]));
    for (const [questionId, choiceIds] of Object.entries(answers)) {
      const field = `answers.${questionId}`;
      const q = questions.get(questionId);
      if (!q || !isAskedTo(q, person) || !visibleTo(q, scope.viewer))
        throw AppError.field(field, 'validation.questions.notAsked');
      if (!editableBy(q, scope.viewer)) throw AppError.field(field, 'validation.questions.notEditable');
      const problem = answerProblem(q, choiceIds);
      if (problem) throw AppError.field(field, problem.message, problem.values);
    }
    await writeAnswers(tx, { companyId, projectId }, participantId, answers);
  });
  await scoresChanged(deps, projectId);
  return present(deps.db, scope);
}
