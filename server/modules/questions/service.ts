import type {
  AudienceInput,
  QuestionCreateValues,
  QuestionPairingInput,
  QuestionPermissionsInput,
  QuestionSettingsValues,
} from '../../../contracts/questions';
import type { Executor } from '../../db/client';
import { questions } from '../../db/schema';
import { claimVersion } from '../../db/versioned-update';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { auditTrail, changedFields } from '../audit/record';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';
import { scoresChanged } from './score-runs';

/** Q1: the questions of a project (list, create, tabs of the edition, archive, order, delete). */

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
export const auditQuestion = auditTrail('question');

/** The project of the caller's company, or 404. */
export async function assertProject(db: Executor, auth: AuthContext, projectId: string) {
  const project = await findProject(db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

/** The question of this project of the caller's company, or 404. */
export async function getQuestionRow(db: Executor, auth: AuthContext, projectId: string, questionId: string) {
  const found = await repo.findQuestion(db, auth.companyId, projectId, questionId);
  if (!found) throw AppError.notFound();
  return found;
}

const summary = (found: { row: repo.QuestionRow; choiceCount: number; answerCount: number }) => ({
  id: found.row.id,
  title: { fr: found.row.titleFr, en: found.row.titleEn },
  kind: found.row.kind as 'single' | 'multiple',
  status: found.row.status as 'active' | 'archived',
  usedForMatching: found.row.usedForMatching,
  weight: found.row.weight,
  isMandatory: found.row.isMandatory,
  linkedQuestionId: found.row.linkedQuestionId,
  position: found.row.position,
  choiceCount: found.choiceCount,
  answerCount: found.answerCount,
});

/** A question's own values as the API names them: what the audit log compares (its counts left out). */
const facts = (q: repo.QuestionRow) => ({
  ...summary({ row: q, choiceCount: 0, answerCount: 0 }),
  help: { fr: q.helpFr, en: q.helpEn },
  maxChoices: q.maxChoices,
  visibility: q.visibility,
  participantCanEdit: q.participantCanEdit,
  reversed: q.reversed,
});

/** Everything the edition page shows. */
export async function loadDetail(db: Executor, auth: AuthContext, projectId: string, questionId: string) {
  const found = await getQuestionRow(db, auth, projectId, questionId);
  const q = found.row;
  const [categories, choices, standardValues, audience, linked] = await Promise.all([
    repo.listCategories(db, questionId),
    repo.listChoices(db, [questionId]),
    repo.listStandardValues(db, [questionId]),
    repo.listAudience(db, [questionId]),
    q.linkedQuestionId ? repo.findQuestion(db, auth.companyId, projectId, q.linkedQuestionId) : undefined,
  ]);
  return {
    ...summary(found),
    help: { fr: q.helpFr, en: q.helpEn },
    maxChoices: q.maxChoices,
    visibility: q.visibility as 'organisers' | 'participants',
    participantCanEdit: q.participantCanEdit,
    reversed: q.reversed,
    linkedQuestion: linked
      ? { id: linked.row.id, title: { fr: linked.row.titleFr, en: linked.row.titleEn } }
      : null,
    categories: categories.map((c) => ({
      id: c.id,
      label: { fr: c.labelFr, en: c.labelEn },
      position: c.position,
    })),
    choices: choices.map(({ row, answerCount }) => ({
      id: row.id,
      label: { fr: row.labelFr, en: row.labelEn },
      categoryId: row.categoryId,
      linkedChoiceId: row.linkedChoiceId,
      position: row.position,
      answerCount,
    })),
    standardValues: standardValues.map((s) => ({
      id: s.id,
      choiceId: s.choiceId,
      roleId: s.roleId,
      groupId: s.groupId,
      position: s.position,
    })),
    groupIds: audience.filter((a) => a.groupId).map((a) => a.groupId as string),
    roleIds: audience.filter((a) => a.roleId).map((a) => a.roleId as string),
    version: q.version,
  };
}

export async function listQuestions(deps: Deps, auth: AuthContext, projectId: string, archived: boolean) {
  await assertProject(deps.db, auth, projectId);
  return { items: (await repo.listQuestions(deps.db, auth.companyId, projectId, archived)).map(summary) };
}

export async function getQuestion(deps: Deps, auth: AuthContext, projectId: string, questionId: string) {
  return loadDetail(deps.db, auth, projectId, questionId);
}

export async function createQuestion(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: QuestionCreateValues,
) {
  const id = await deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const made = await repo.insertQuestion(tx, {
      companyId: auth.companyId,
      projectId,
      titleFr: input.title.fr,
      titleEn: input.title.en,
      kind: input.kind,
      position: await repo.nextQuestionPosition(tx, projectId),
    });
    await auditQuestion(tx, auth, { action: 'create', projectId, entityId: made, label: input.title.fr });
    return made;
  });
  return loadDetail(deps.db, auth, projectId, id);
}

/** RS4: a tab's save claims the question (docs/conflicts.md). */
const claimQuestion = (tx: Executor, auth: AuthContext, projectId: string, id: string, version?: number) =>
  claimVersion(tx, auth, { table: questions, id, projectId }, version);

/** Changes that alter the scores (weights, kinds, archive) queue a new computation after they are saved. */
async function change(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  questionId: string,
  values: Partial<typeof questions.$inferInsert>,
  affectsScores: boolean,
  /** RS4: the version the tab loaded (left out: last write wins); a status change sends none and moves none. */
  version?: number | 'unversioned',
) {
  await deps.db.transaction(async (tx) => {
    const before = await getQuestionRow(tx, auth, projectId, questionId);
    if (version !== 'unversioned') await claimQuestion(tx, auth, projectId, questionId, version);
    await repo.updateQuestion(tx, questionId, values);
    const after = (await getQuestionRow(tx, auth, projectId, questionId)).row;
    const fields = changedFields(facts(before.row), facts(after));
    await auditQuestion(tx, auth, {
      action: 'update',
      projectId,
      entityId: questionId,
      label: after.titleFr,
      fields,
    });
  });
  if (affectsScores) await scoresChanged(deps, projectId);
  return loadDetail(deps.db, auth, projectId, questionId);
}

export async function saveSettings(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  questionId: string,
  input: QuestionSettingsValues,
) {
  return change(
    deps,
    auth,
    projectId,
    questionId,
    {
      titleFr: input.title.fr,
      titleEn: input.title.en,
      helpFr: input.help.fr,
      helpEn: input.help.en,
      kind: input.kind,
      maxChoices: input.kind === 'single' ? null : input.maxChoices,
      isMandatory: input.isMandatory,
    },
    false,
    input.version,
  );
}

export async function savePairing(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  questionId: string,
  { version, ...input }: QuestionPairingInput,
) {
  return change(deps, auth, projectId, questionId, input, true, version);
}

export async function savePermissions(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  questionId: string,
  { version, ...input }: QuestionPermissionsInput,
) {
  return change(deps, auth, projectId, questionId, input, false, version);
}

export async function setStatus(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  questionId: string,
  status: 'active' | 'archived',
) {
  return change(deps, auth, projectId, questionId, { status }, true, 'unversioned');
}

export async function saveAudience(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  questionId: string,
  input: AudienceInput,
) {
  await deps.db.transaction(async (tx) => {
    const { row } = await getQuestionRow(tx, auth, projectId, questionId);
    await claimQuestion(tx, auth, projectId, questionId, input.version);
    const audience = (rows: { groupId: string | null; roleId: string | null }[]) => ({
      groupIds: rows.flatMap((a) => a.groupId ?? []).sort(),
      roleIds: rows.flatMap((a) => a.roleId ?? []).sort(),
    });
    const before = audience(await repo.listAudience(tx, [questionId]));
    const groupIds = [...new Set(input.groupIds)];
    const roleIds = [...new Set(input.roleIds)];
    if ((await repo.countOwned(tx, 'groups', projectId, groupIds)) !== groupIds.length)
      throw AppError.field('groupIds', 'validation.questions.unknownGroup');
    if ((await repo.countOwned(tx, 'roles', projectId, roleIds)) !== roleIds.length)
      throw AppError.field('roleIds', 'validation.questions.unknownRole');
    await repo.replaceAudience(tx, { companyId: auth.companyId, projectId, questionId }, groupIds, roleIds);
    const fields = changedFields(before, audience(await repo.listAudience(tx, [questionId])));
    await auditQuestion(tx, auth, {
      action: 'update',
      projectId,
      entityId: questionId,
      label: row.titleFr,
      fields,
    });
  });
  return loadDetail(deps.db, auth, projectId, questionId);
}

export async function deleteQuestion(deps: Deps, auth: AuthContext, projectId: string, questionId: string) {
  const found = await deps.db.transaction(async (tx) => {
    const gone = await getQuestionRow(tx, auth, projectId, questionId);
    await repo.deleteQuestion(tx, questionId);
    await auditQuestion(tx, auth, {
      action: 'delete',
      projectId,
      entityId: questionId,
      label: gone.row.titleFr,
    });
    return gone;
  });
  if (found.row.usedForMatching && found.row.status === 'active') await scoresChanged(deps, projectId);
  return { ok: true as const };
}

/** The new order names every question of the project exactly once (archived ones too). */
export async function reorderQuestions(deps: Deps, auth: AuthContext, projectId: string, ids: string[]) {
  await deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    const current = new Set(
      (await repo.listQuestions(tx, auth.companyId, projectId, true)).map((q) => q.row.id),
    );
    assertSameSet(current, ids);
    await repo.place(tx, questions, projectId, ids);
  });
  return listQuestions(deps, auth, projectId, true);
}

/** An order must name every item exactly once: anything else is refused. */
export function assertSameSet(current: Set<string>, ids: string[]) {
  const valid =
    ids.length === current.size && new Set(ids).size === ids.length && ids.every((id) => current.has(id));
  if (!valid) throw new AppError('questions.orderMismatch', 'validation');
}
