import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  participantAnswers,
  questionAudience,
  questionChoiceCategories,
  questionChoices,
  questionStandardValues,
  questions,
} from '../../db/schema';

/** Q1: the only SQL of the questions, their choices, categories, standard values and audience. */

export type QuestionRow = typeof questions.$inferSelect;

const count = (
  table: typeof participantAnswers | typeof questionChoices,
  column: 'question_id' | 'choice_id',
  of: string,
) =>
  sql<number>`(select count(*)::int from ${table} where ${table}.${sql.identifier(column)} = ${sql.raw(of)})`;

const distinctAnswerers = sql<number>`(select count(distinct ${participantAnswers.participantId})::int from ${participantAnswers} where ${participantAnswers}.question_id = "questions"."id")`;

export async function listQuestions(db: Executor, companyId: string, projectId: string, archived: boolean) {
  return db
    .select({
      row: questions,
      choiceCount: count(questionChoices, 'question_id', '"questions"."id"'),
      answerCount: distinctAnswerers,
    })
    .from(questions)
    .where(
      and(
        eq(questions.companyId, companyId),
        eq(questions.projectId, projectId),
        archived ? undefined : eq(questions.status, 'active'),
      ),
    )
    .orderBy(asc(questions.position), asc(questions.createdAt), asc(questions.id));
}

export async function findQuestion(db: Executor, companyId: string, projectId: string, questionId: string) {
  const [row] = await db
    .select({
      row: questions,
      choiceCount: count(questionChoices, 'question_id', '"questions"."id"'),
      answerCount: distinctAnswerers,
    })
    .from(questions)
    .where(
      and(
        eq(questions.companyId, companyId),
        eq(questions.projectId, projectId),
        eq(questions.id, questionId),
      ),
    );
  return row;
}

/** Locks the question until the transaction ends (edits of a linked pair, answers against max choices). */
export async function lockQuestion(db: Executor, questionId: string) {
  await db.execute(sql`select 1 from ${questions} where ${questions}.id = ${questionId} for update`);
}

export async function nextQuestionPosition(db: Executor, projectId: string) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${questions.position}) + 1, 0)::int` })
    .from(questions)
    .where(eq(questions.projectId, projectId));
  return row.next;
}

export async function insertQuestion(db: Executor, row: typeof questions.$inferInsert) {
  const [inserted] = await db.insert(questions).values(row).returning({ id: questions.id });
  return inserted.id;
}

export async function updateQuestion(
  db: Executor,
  questionId: string,
  values: Partial<typeof questions.$inferInsert>,
) {
  await db
    .update(questions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(questions.id, questionId));
}

export async function deleteQuestion(db: Executor, questionId: string) {
  await db.delete(questions).where(eq(questions.id, questionId));
}

/** Writes the positions of rows of one table at once (ids in their new order, all of one project). */
export async function place(
  db: Executor,
  table:
    | typeof questions
    | typeof questionChoices
    | typeof questionChoiceCategories
    | typeof questionStandardValues,
  projectId: string,
  ids: string[],
) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${table} set position = v.position
    from (values ${values}) as v(id, position)
    where ${table}.id = v.id and ${table}.project_id = ${projectId}`);
}

// ---------- the parts of one question ----------

export async function listCategories(db: Executor, questionId: string) {
  return listCategoriesOf(db, [questionId]);
}

/** The categories of several questions in one query, each question's in its order. */
export async function listCategoriesOf(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(questionChoiceCategories)
    .where(inArray(questionChoiceCategories.questionId, questionIds))
    .orderBy(
      asc(questionChoiceCategories.position),
      asc(questionChoiceCategories.createdAt),
      asc(questionChoiceCategories.id),
    );
}

export async function listChoices(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select({
      row: questionChoices,
      answerCount: count(participantAnswers, 'choice_id', '"question_choices"."id"'),
    })
    .from(questionChoices)
    .where(inArray(questionChoices.questionId, questionIds))
    .orderBy(asc(questionChoices.position), asc(questionChoices.createdAt), asc(questionChoices.id));
}

export async function listStandardValues(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(questionStandardValues)
    .where(inArray(questionStandardValues.questionId, questionIds))
    .orderBy(
      asc(questionStandardValues.position),
      asc(questionStandardValues.createdAt),
      asc(questionStandardValues.id),
    );
}

export async function listAudience(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(questionAudience)
    .where(inArray(questionAudience.questionId, questionIds))
    .orderBy(asc(questionAudience.position), asc(questionAudience.id));
}

export async function replaceAudience(
  db: Executor,
  owner: { companyId: string; projectId: string; questionId: string },
  groupIds: string[],
  roleIds: string[],
) {
  await db.delete(questionAudience).where(eq(questionAudience.questionId, owner.questionId));
  const rows = [
    ...groupIds.map((groupId, position) => ({ ...owner, groupId, roleId: null, position })),
    ...roleIds.map((roleId, position) => ({ ...owner, roleId, groupId: null, position })),
  ];
  if (rows.length) await db.insert(questionAudience).values(rows);
}

export async function nextPosition(
  db: Executor,
  table: typeof questionChoices | typeof questionChoiceCategories | typeof questionStandardValues,
  questionId: string,
) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${table.position}) + 1, 0)::int` })
    .from(table)
    .where(eq(table.questionId, questionId));
  return row.next;
}

export async function insertChoices(db: Executor, rows: (typeof questionChoices.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(questionChoices).values(rows).returning();
}

export async function updateChoice(
  db: Executor,
  choiceId: string,
  values: Partial<typeof questionChoices.$inferInsert>,
) {
  await db.update(questionChoices).set(values).where(eq(questionChoices.id, choiceId));
}

export async function deleteChoices(db: Executor, choiceIds: string[]) {
  if (choiceIds.length) await db.delete(questionChoices).where(inArray(questionChoices.id, choiceIds));
}

export async function insertCategories(db: Executor, rows: (typeof questionChoiceCategories.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(questionChoiceCategories).values(rows).returning();
}

export async function updateCategory(db: Executor, categoryId: string, label: { fr: string; en: string }) {
  await db
    .update(questionChoiceCategories)
    .set({ labelFr: label.fr, labelEn: label.en })
    .where(eq(questionChoiceCategories.id, categoryId));
}

export async function deleteCategory(db: Executor, categoryId: string) {
  await db.delete(questionChoiceCategories).where(eq(questionChoiceCategories.id, categoryId));
}

export async function insertStandardValue(db: Executor, row: typeof questionStandardValues.$inferInsert) {
  await db.insert(questionStandardValues).values(row);
}

export async function deleteStandardValue(db: Executor, id: string) {
  await db.delete(questionStandardValues).where(eq(questionStandardValues.id, id));
}

/** How many of these ids are rows of this project in the table (groups, roles): a check that none is foreign. */
export async function countOwned(db: Executor, table: 'groups' | 'roles', projectId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where project_id = ${projectId} and id in (${list})`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

/** Every question of a project (any status), in order: what the scores and the import read. */
export async function listQuestionsOfProject(db: Executor, projectId: string) {
  return db
    .select()
    .from(questions)
    .where(eq(questions.projectId, projectId))
    .orderBy(asc(questions.position), asc(questions.createdAt), asc(questions.id));
}

/** One chosen choice of one participant: a row of their answers as every reader of answers selects it. */
export const answerColumns = {
  participantId: participantAnswers.participantId,
  questionId: participantAnswers.questionId,
  choiceId: participantAnswers.choiceId,
};

/** The chosen choices of these participants (one row a choice), for the export and the import. */
export async function listAnswersOf(db: Executor, projectId: string, participantIds: string[]) {
  return db
    .select(answerColumns)
    .from(participantAnswers)
    .where(
      and(
        eq(participantAnswers.projectId, projectId),
        inArray(participantAnswers.participantId, participantIds),
      ),
    );
}
