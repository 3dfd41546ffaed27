import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import {
  activities,
  activityCategories,
  activityMembers,
  activityTables,
  matchGroupMembers,
  matchGroups,
  pairingChoices,
  pairingGenerations,
  pairings,
  participants,
  questionChoices,
  questions,
} from '../../db/schema';

/** The company and project every statement of this module is scoped by. */
export interface Scope {
  companyId: string;
  projectId: string;
}

const inScope = (scope: Scope) =>
  and(eq(pairings.companyId, scope.companyId), eq(pairings.projectId, scope.projectId));

/** The latest generation's status of each pairing. */
const latestStatus = sql<string | null>`(select g.status from ${pairingGenerations} g
  where g.pairing_id = ${pairings.id} order by g.created_at desc limit 1)`;

const listColumns = {
  id: pairings.id,
  name: pairings.name,
  categoryId: pairings.categoryId,
  categoryFr: activityCategories.nameFr,
  categoryEn: activityCategories.nameEn,
  rounds: pairings.rounds,
  algorithm: pairings.algorithm,
  objective: pairings.objective,
  held: pairings.held,
  choiceCount: pairings.choiceCount,
  questionId: pairings.questionId,
  generationStatus: latestStatus,
};
export type PairingRow = {
  id: string;
  name: string;
  categoryId: string;
  categoryFr: string;
  categoryEn: string;
  rounds: number;
  algorithm: number;
  objective: string;
  held: boolean;
  choiceCount: number | null;
  questionId: string | null;
  generationStatus: string | null;
};

export async function listPairings(db: Executor, scope: Scope, params: ListParams) {
  const where = and(inScope(scope), searchCondition(params.q, [pairings.name]));
  const order = orderBy(
    params,
    { name: humanOrder(pairings.name), createdAt: pairings.createdAt },
    [asc(pairings.createdAt)],
    pairings.id,
  );
  return listPage<PairingRow>(
    params,
    ({ limit, offset }) =>
      db
        .select(listColumns)
        .from(pairings)
        .innerJoin(activityCategories, eq(activityCategories.id, pairings.categoryId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(pairings).where(where))[0].n,
  );
}

export async function findPairing(db: Executor, scope: Scope, pairingId: string, lock = false) {
  const query = db
    .select(listColumns)
    .from(pairings)
    .innerJoin(activityCategories, eq(activityCategories.id, pairings.categoryId))
    .where(and(inScope(scope), eq(pairings.id, pairingId)));
  const [row] = lock ? await query.for('update', { of: pairings }) : await query;
  return row as PairingRow | undefined;
}

export type PairingValues = {
  name: string;
  categoryId: string;
  rounds: number;
  algorithm: number;
  objective: string;
  choiceCount: number | null;
  questionId: string | null;
  held: boolean;
};

export async function insertPairing(db: Executor, scope: Scope, values: PairingValues) {
  const [row] = await db
    .insert(pairings)
    .values({ ...scope, ...values })
    .returning({ id: pairings.id });
  return row.id;
}

export async function updatePairing(db: Executor, pairingId: string, values: PairingValues) {
  await db
    .update(pairings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(pairings.id, pairingId));
}

export async function deletePairing(db: Executor, pairingId: string) {
  await db.delete(pairings).where(eq(pairings.id, pairingId));
}

export async function choiceIdsOf(db: Executor, pairingId: string) {
  const rows = await db
    .select({ id: pairingChoices.choiceId })
    .from(pairingChoices)
    .innerJoin(questionChoices, eq(questionChoices.id, pairingChoices.choiceId))
    .where(eq(pairingChoices.pairingId, pairingId))
    .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  return rows.map((r) => r.id);
}

export async function setChoices(db: Executor, pairingId: string, choiceIds: string[]) {
  await db.delete(pairingChoices).where(eq(pairingChoices.pairingId, pairingId));
  if (choiceIds.length)
    await db.insert(pairingChoices).values(choiceIds.map((choiceId) => ({ pairingId, choiceId })));
}

/** A meeting category (kind `category`) of the project. */
export async function findCategory(db: Executor, scope: Scope, categoryId: string) {
  const [row] = await db
    .select({ id: activityCategories.id })
    .from(activityCategories)
    .where(
      and(
        eq(activityCategories.companyId, scope.companyId),
        eq(activityCategories.projectId, scope.projectId),
        eq(activityCategories.id, categoryId),
        eq(activityCategories.kind, 'category'),
      ),
    );
  return row;
}

export async function findQuestion(db: Executor, scope: Scope, questionId: string) {
  const [row] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.companyId, scope.companyId),
        eq(questions.projectId, scope.projectId),
        eq(questions.id, questionId),
      ),
    );
  return row;
}

/** The question's choices, in its order. */
export async function choicesOfQuestion(db: Executor, questionId: string) {
  const rows = await db
    .select({ id: questionChoices.id })
    .from(questionChoices)
    .where(eq(questionChoices.questionId, questionId))
    .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  return rows.map((r) => r.id);
}

/** How many would be seated (the groups' members, else every participant) and the largest table's seats. */
export async function seatingSize(db: Executor, scope: Scope, pairingId: string, categoryId: string) {
  const [grouped] = await db
    .select({ n: sql<number>`count(distinct ${matchGroupMembers.participantId})::int` })
    .from(matchGroupMembers)
    .innerJoin(matchGroups, eq(matchGroups.id, matchGroupMembers.groupId))
    .where(eq(matchGroups.pairingId, pairingId));
  const [groups] = await db
    .select({ n: count() })
    .from(matchGroups)
    .where(eq(matchGroups.pairingId, pairingId));
  const people = groups.n > 0 ? grouped.n : await countParticipants(db, scope);
  const [seats] = await db
    .select({ s: max(activityTables.seats) })
    .from(activityTables)
    .where(eq(activityTables.categoryId, categoryId));
  return { people, seats: seats.s ?? 0 };
}

export async function countParticipants(db: Executor, scope: Scope) {
  const [row] = await db
    .select({ n: count() })
    .from(participants)
    .where(and(eq(participants.companyId, scope.companyId), eq(participants.projectId, scope.projectId)));
  return row.n;
}

// ---------- the form's options ----------

export async function categoryOptions(db: Executor, scope: Scope) {
  return db
    .select({
      id: activityCategories.id,
      nameFr: activityCategories.nameFr,
      nameEn: activityCategories.nameEn,
      tables: sql<number>`count(${activityTables.id})::int`,
      vipTables: sql<number>`count(${activityTables.id}) filter (where ${activityTables.vip})::int`,
      seats: sql<number>`coalesce(max(${activityTables.seats}), 0)::int`,
    })
    .from(activityCategories)
    .leftJoin(activityTables, eq(activityTables.categoryId, activityCategories.id))
    .where(
      and(
        eq(activityCategories.companyId, scope.companyId),
        eq(activityCategories.projectId, scope.projectId),
        eq(activityCategories.kind, 'category'),
      ),
    )
    .groupBy(activityCategories.id)
    .orderBy(asc(activityCategories.position), asc(activityCategories.id));
}

export async function questionOptions(db: Executor, scope: Scope) {
  const list = await db
    .select({ id: questions.id, titleFr: questions.titleFr, titleEn: questions.titleEn })
    .from(questions)
    .where(
      and(
        eq(questions.companyId, scope.companyId),
        eq(questions.projectId, scope.projectId),
        eq(questions.status, 'active'),
      ),
    )
    .orderBy(asc(questions.position), asc(questions.id));
  const choices = list.length
    ? await db
        .select({
          id: questionChoices.id,
          questionId: questionChoices.questionId,
          labelFr: questionChoices.labelFr,
          labelEn: questionChoices.labelEn,
        })
        .from(questionChoices)
        .where(
          inArray(
            questionChoices.questionId,
            list.map((q) => q.id),
          ),
        )
        .orderBy(asc(questionChoices.position), asc(questionChoices.id))
    : [];
  return list.map((q) => ({
    id: q.id,
    title: { fr: q.titleFr, en: q.titleEn },
    choices: choices
      .filter((c) => c.questionId === q.id)
      .map((c) => ({ id: c.id, label: { fr: c.labelFr, en: c.labelEn } })),
  }));
}

export async function activityOptions(db: Executor, scope: Scope) {
  return db
    .select({
      id: activities.id,
      titleFr: activities.titleFr,
      titleEn: activities.titleEn,
      members: sql<number>`(select count(*) from ${activityMembers} m where m.activity_id = ${activities.id})::int`,
    })
    .from(activities)
    .where(and(eq(activities.companyId, scope.companyId), eq(activities.projectId, scope.projectId)))
    .orderBy(desc(activities.createdAt), asc(activities.id))
    .limit(500);
}
