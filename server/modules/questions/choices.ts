import type { Localized } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import { questionChoiceCategories, questionChoices, questionStandardValues } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { auditTrail, changedFields } from '../audit/record';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';
import { scoresChanged } from './score-runs';
import { assertSameSet, auditQuestion, getQuestionRow, loadDetail } from './service';

/**
 * Q1: the choices of a question (with their categories), its standard values, and the linked question whose choices
 * mirror them: a choice added, renamed, deleted or moved on one side is added, renamed, deleted or moved on the
 * other (each choice knows its mirror through `linked_choice_id`).
 */

type Scope = { deps: Deps; auth: AuthContext; projectId: string; questionId: string };

/** Issue 22: a choice's change in the audit log, in its transaction (a mirror's change goes with it unrecorded). */
const audit = auditTrail('choice');
const auditChoice = (
  tx: Executor,
  scope: Scope,
  action: 'create' | 'update' | 'delete',
  choice: { id: string; labelFr: string },
  fields?: string[],
) =>
  audit(tx, scope.auth, {
    action,
    projectId: scope.projectId,
    entityId: choice.id,
    label: choice.labelFr,
    fields,
  });
/** A change of a question's categories or standard values: an update of the question naming that list. */
const listChanged = (tx: Executor, scope: Scope, question: repo.QuestionRow, field: string) =>
  auditQuestion(tx, scope.auth, {
    action: 'update',
    projectId: scope.projectId,
    entityId: question.id,
    label: question.titleFr,
    fields: [field],
  });

async function inQuestion<T>(scope: Scope, work: (tx: Executor, question: repo.QuestionRow) => Promise<T>) {
  const { deps, auth, projectId, questionId } = scope;
  await deps.db.transaction(async (tx) => {
    const found = await getQuestionRow(tx, auth, projectId, questionId);
    await repo.lockQuestion(tx, questionId);
    await work(tx, found.row);
  });
  return loadDetail(deps.db, auth, projectId, questionId);
}

async function findChoice(tx: Executor, questionId: string, choiceId: string) {
  const choice = (await repo.listChoices(tx, [questionId])).find((c) => c.row.id === choiceId);
  if (!choice) throw AppError.notFound();
  return choice.row;
}

async function assertCategory(tx: Executor, questionId: string, categoryId: string | null) {
  if (categoryId === null) return;
  const categories = await repo.listCategories(tx, questionId);
  if (!categories.some((c) => c.id === categoryId))
    throw AppError.field('categoryId', 'validation.questions.unknownCategory');
}

/** Adds choices at the end of the question, and their mirrors at the end of the linked question. */
export async function addChoices(
  tx: Executor,
  question: repo.QuestionRow,
  labels: { label: Localized; categoryId: string | null }[],
) {
  const owner = { companyId: question.companyId, projectId: question.projectId };
  const start = await repo.nextPosition(tx, questionChoices, question.id);
  const added = await repo.insertChoices(
    tx,
    labels.map((l, i) => ({
      ...owner,
      questionId: question.id,
      labelFr: l.label.fr,
      labelEn: l.label.en,
      categoryId: l.categoryId,
      position: start + i,
    })),
  );
  if (question.linkedQuestionId && added.length) {
    const linkedStart = await repo.nextPosition(tx, questionChoices, question.linkedQuestionId);
    const mirrors = await repo.insertChoices(
      tx,
      added.map((c, i) => ({
        ...owner,
        questionId: question.linkedQuestionId as string,
        labelFr: c.labelFr,
        labelEn: c.labelEn,
        linkedChoiceId: c.id,
        position: linkedStart + i,
      })),
    );
    for (const [i, mirror] of mirrors.entries())
      await repo.updateChoice(tx, added[i].id, { linkedChoiceId: mirror.id });
  }
  return added;
}

export function createChoice(scope: Scope, input: { label: Localized; categoryId: string | null }) {
  return inQuestion(scope, async (tx, question) => {
    await assertCategory(tx, question.id, input.categoryId);
    const [made] = await addChoices(tx, question, [input]);
    await auditChoice(tx, scope, 'create', made);
  });
}

export function updateChoice(
  scope: Scope,
  choiceId: string,
  input: { label: Localized; categoryId: string | null },
) {
  return inQuestion(scope, async (tx, question) => {
    const choice = await findChoice(tx, question.id, choiceId);
    await assertCategory(tx, question.id, input.categoryId);
    await repo.updateChoice(tx, choice.id, {
      labelFr: input.label.fr,
      labelEn: input.label.en,
      categoryId: input.categoryId,
    });
    const was = { label: { fr: choice.labelFr, en: choice.labelEn }, categoryId: choice.categoryId };
    await auditChoice(tx, scope, 'update', { ...choice, labelFr: input.label.fr }, changedFields(was, input));
    if (choice.linkedChoiceId)
      await repo.updateChoice(tx, choice.linkedChoiceId, {
        labelFr: input.label.fr,
        labelEn: input.label.en,
      });
  });
}

export async function deleteChoice(scope: Scope, choiceId: string) {
  const detail = await inQuestion(scope, async (tx, question) => {
    const choice = await findChoice(tx, question.id, choiceId);
    await repo.deleteChoices(tx, [choice.id, ...(choice.linkedChoiceId ? [choice.linkedChoiceId] : [])]);
    await auditChoice(tx, scope, 'delete', choice);
  });
  // Its answers went with it.
  await scoresChanged(scope.deps, scope.projectId);
  return detail;
}

export function reorderChoices(
  scope: Scope,
  layout: { ids: string[]; categoryIds?: string[]; categoryOf?: Record<string, string | null> },
) {
  const { ids } = layout;
  return inQuestion(scope, async (tx, question) => {
    const choices = await repo.listChoices(tx, [question.id]);
    assertSameSet(new Set(choices.map((c) => c.row.id)), ids);
    const categories = new Set((await repo.listCategories(tx, question.id)).map((c) => c.id));
    if (layout.categoryIds) {
      assertSameSet(categories, layout.categoryIds);
      await repo.place(tx, questionChoiceCategories, question.projectId, layout.categoryIds);
    }
    for (const [choiceId, categoryId] of Object.entries(layout.categoryOf ?? {})) {
      const choice = choices.find((c) => c.row.id === choiceId);
      if (!choice || (categoryId !== null && !categories.has(categoryId)))
        throw AppError.field(`categoryOf.${choiceId}`, 'validation.questions.unknownCategory');
      if (choice.row.categoryId !== categoryId) await repo.updateChoice(tx, choiceId, { categoryId });
    }
    await repo.place(tx, questionChoices, question.projectId, ids);
    if (!question.linkedQuestionId) return;
    // The mirrors follow in the same order; the linked question's own choices (without a mirror) stay after them.
    const mirrorOf = new Map(choices.map((c) => [c.row.id, c.row.linkedChoiceId]));
    const mirrored = ids.map((id) => mirrorOf.get(id)).filter((id): id is string => Boolean(id));
    const others = (await repo.listChoices(tx, [question.linkedQuestionId]))
      .map((c) => c.row.id)
      .filter((id) => !mirrored.includes(id));
    await repo.place(tx, questionChoices, question.projectId, [...mirrored, ...others]);
  });
}

// ---------- categories ----------

export function createCategory(scope: Scope, label: Localized) {
  return inQuestion(scope, async (tx, question) => {
    await repo.insertCategories(tx, [
      {
        companyId: question.companyId,
        projectId: question.projectId,
        questionId: question.id,
        labelFr: label.fr,
        labelEn: label.en,
        position: await repo.nextPosition(tx, questionChoiceCategories, question.id),
      },
    ]);
    await listChanged(tx, scope, question, 'categories');
  });
}

async function findCategory(tx: Executor, questionId: string, categoryId: string) {
  const category = (await repo.listCategories(tx, questionId)).find((c) => c.id === categoryId);
  if (!category) throw AppError.notFound();
  return category;
}

export function updateCategory(scope: Scope, categoryId: string, label: Localized) {
  return inQuestion(scope, async (tx, question) => {
    await findCategory(tx, question.id, categoryId);
    await repo.updateCategory(tx, categoryId, label);
    await listChanged(tx, scope, question, 'categories');
  });
}

export function deleteCategory(scope: Scope, categoryId: string) {
  return inQuestion(scope, async (tx, question) => {
    await findCategory(tx, question.id, categoryId);
    await repo.deleteCategory(tx, categoryId);
    await listChanged(tx, scope, question, 'categories');
  });
}

export function reorderCategories(scope: Scope, ids: string[]) {
  return inQuestion(scope, async (tx, question) => {
    assertSameSet(new Set((await repo.listCategories(tx, question.id)).map((c) => c.id)), ids);
    await repo.place(tx, questionChoiceCategories, question.projectId, ids);
  });
}

// ---------- standard values ----------

export async function createStandardValue(
  scope: Scope,
  input: { choiceId: string; roleId: string | null; groupId: string | null },
) {
  const detail = await inQuestion(scope, async (tx, question) => {
    if (input.roleId !== null && input.groupId !== null)
      throw AppError.field('groupId', 'validation.questions.roleOrGroup');
    const choices = await repo.listChoices(tx, [question.id]);
    if (!choices.some((c) => c.row.id === input.choiceId))
      throw AppError.field('choiceId', 'validation.questions.unknownChoice');
    if (input.roleId && (await repo.countOwned(tx, 'roles', question.projectId, [input.roleId])) !== 1)
      throw AppError.field('roleId', 'validation.questions.unknownRole');
    if (input.groupId && (await repo.countOwned(tx, 'groups', question.projectId, [input.groupId])) !== 1)
      throw AppError.field('groupId', 'validation.questions.unknownGroup');
    await repo.insertStandardValue(tx, {
      companyId: question.companyId,
      projectId: question.projectId,
      questionId: question.id,
      ...input,
      position: await repo.nextPosition(tx, questionStandardValues, question.id),
    });
    await listChanged(tx, scope, question, 'standardValues');
  });
  await scoresChanged(scope.deps, scope.projectId);
  return detail;
}

export async function deleteStandardValue(scope: Scope, standardValueId: string) {
  const detail = await inQuestion(scope, async (tx, question) => {
    const values = await repo.listStandardValues(tx, [question.id]);
    if (!values.some((v) => v.id === standardValueId)) throw AppError.notFound();
    await repo.deleteStandardValue(tx, standardValueId);
    await listChanged(tx, scope, question, 'standardValues');
  });
  await scoresChanged(scope.deps, scope.projectId);
  return detail;
}

export async function reorderStandardValues(scope: Scope, ids: string[]) {
  const detail = await inQuestion(scope, async (tx, question) => {
    assertSameSet(new Set((await repo.listStandardValues(tx, [question.id])).map((v) => v.id)), ids);
    await repo.place(tx, questionStandardValues, question.projectId, ids);
  });
  // The first standard value that fits a participant is the one applied: the order changes the scores.
  await scoresChanged(scope.deps, scope.projectId);
  return detail;
}

// ---------- the linked question ----------

/**
 * Creates a question linked to this one (« Ce que j'offre » → « Ce que je cherche »): same kind and settings, the
 * given titles, the same categories and a mirror of every choice. A question already linked is refused.
 */
export async function createLinkedQuestion(scope: Scope, title: Localized) {
  const { deps, auth, projectId } = scope;
  let linkedId = '';
  await inQuestion(scope, async (tx, question) => {
    if (question.linkedQuestionId) throw new AppError('questions.alreadyLinked', 'conflict');
    const owner = { companyId: question.companyId, projectId: question.projectId };
    linkedId = await repo.insertQuestion(tx, {
      ...owner,
      titleFr: title.fr,
      titleEn: title.en,
      kind: question.kind,
      maxChoices: question.maxChoices,
      usedForMatching: question.usedForMatching,
      weight: question.weight,
      linkedQuestionId: question.id,
      position: await repo.nextQuestionPosition(tx, question.projectId),
    });
    await repo.updateQuestion(tx, question.id, { linkedQuestionId: linkedId });
    const categories = await repo.listCategories(tx, question.id);
    const copies = await repo.insertCategories(
      tx,
      categories.map((c) => ({
        ...owner,
        questionId: linkedId,
        labelFr: c.labelFr,
        labelEn: c.labelEn,
        position: c.position,
      })),
    );
    const categoryCopy = new Map(categories.map((c, i) => [c.id, copies[i].id]));
    const choices = await repo.listChoices(tx, [question.id]);
    const mirrors = await repo.insertChoices(
      tx,
      choices.map(({ row }) => ({
        ...owner,
        questionId: linkedId,
        labelFr: row.labelFr,
        labelEn: row.labelEn,
        categoryId: row.categoryId ? (categoryCopy.get(row.categoryId) ?? null) : null,
        linkedChoiceId: row.id,
        position: row.position,
      })),
    );
    for (const [i, mirror] of mirrors.entries())
      await repo.updateChoice(tx, choices[i].row.id, { linkedChoiceId: mirror.id });
    await auditQuestion(tx, auth, { action: 'create', projectId, entityId: linkedId, label: title.fr });
  });
  await scoresChanged(deps, projectId);
  return loadDetail(deps.db, auth, projectId, linkedId);
}
