import { and, asc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Objective } from '../../../contracts/pairings';
import type { Executor } from '../../db/client';
import {
  activityTableAssignments,
  activityTables,
  matchGroupMembers,
  matchGroups,
  pairingRules,
  pairingSeats,
  pairings,
  participantAnswers,
  participants,
  questionChoices,
  questions,
} from '../../db/schema';
import { listStandardValues } from '../questions/repository';
import { effectiveAnswers, scoreQuestions } from '../questions/score-input';
import { listScoredParticipants } from '../questions/score-repository';
import type { PairingData } from './instance-builder';
import { choiceIdsOf, type PairingRow } from './repository';

/** M3: reads what buildTablesInstance needs for one pairing (the job's read, by ids the request checked). */
export async function loadPairingData(
  db: Executor,
  pairing: PairingRow,
  projectId: string,
): Promise<PairingData> {
  const objective = pairing.objective as Objective;
  const [question] = pairing.questionId
    ? await db
        .select({ id: questions.id, weight: questions.weight, reversed: questions.reversed })
        .from(questions)
        .where(eq(questions.id, pairing.questionId))
    : [];
  const scoring =
    objective === 'none' || question
      ? []
      : await db
          .select({
            id: questions.id,
            kind: questions.kind,
            weight: questions.weight,
            reversed: questions.reversed,
            linkedQuestionId: questions.linkedQuestionId,
          })
          .from(questions)
          .where(
            and(
              eq(questions.projectId, projectId),
              eq(questions.status, 'active'),
              eq(questions.usedForMatching, true),
              gt(questions.weight, 0),
            ),
          )
          .orderBy(asc(questions.position), asc(questions.id));

  const tables = await db
    .select({ id: activityTables.id, seats: activityTables.seats, vip: activityTables.vip })
    .from(activityTables)
    .where(eq(activityTables.categoryId, pairing.categoryId))
    .orderBy(asc(activityTables.number));

  const groups = await db
    .select({ id: matchGroups.id })
    .from(matchGroups)
    .where(eq(matchGroups.pairingId, pairing.id));
  const members = groups.length
    ? await db
        .select({
          id: matchGroupMembers.participantId,
          vip: sql<boolean>`bool_or(${matchGroups.vip})`,
        })
        .from(matchGroupMembers)
        .innerJoin(matchGroups, eq(matchGroups.id, matchGroupMembers.groupId))
        .where(eq(matchGroups.pairingId, pairing.id))
        .groupBy(matchGroupMembers.participantId)
        .orderBy(asc(matchGroupMembers.participantId))
    : (
        await db
          .select({ id: participants.id })
          .from(participants)
          .where(eq(participants.projectId, projectId))
          .orderBy(asc(participants.id))
      ).map((p) => ({ ...p, vip: false }));

  const assignments = await db
    .select({
      participantId: activityTableAssignments.participantId,
      tableId: activityTableAssignments.tableId,
    })
    .from(activityTableAssignments)
    .where(eq(activityTableAssignments.categoryId, pairing.categoryId));
  const assigned = new Map<string, string[]>();
  for (const a of assignments)
    assigned.set(a.participantId, [...(assigned.get(a.participantId) ?? []), a.tableId]);

  const questionIds = [...(question ? [question.id] : []), ...scoring.map((q) => q.id)];
  const answerRows = questionIds.length
    ? await db
        .select({
          participantId: participantAnswers.participantId,
          questionId: participantAnswers.questionId,
          choiceId: participantAnswers.choiceId,
        })
        .from(participantAnswers)
        .innerJoin(questionChoices, eq(questionChoices.id, participantAnswers.choiceId))
        .where(
          and(
            eq(participantAnswers.projectId, projectId),
            inArray(participantAnswers.questionId, questionIds),
          ),
        )
        .orderBy(asc(questionChoices.position), asc(questionChoices.id))
    : [];
  const answers: PairingData['answers'] = new Map();
  for (const row of answerRows) {
    const mine = answers.get(row.participantId) ?? new Map<string, string[]>();
    mine.set(row.questionId, [...(mine.get(row.questionId) ?? []), row.choiceId]);
    answers.set(row.participantId, mine);
  }
  await applyStandardValues(db, projectId, scoring, answers);

  const rules = await db
    .select({ a: pairingRules.groupAId, b: pairingRules.groupBId, kind: pairingRules.kind })
    .from(pairingRules)
    .where(eq(pairingRules.pairingId, pairing.id))
    .orderBy(asc(pairingRules.createdAt), asc(pairingRules.id));
  const membersOf = async (groupId: string) =>
    (
      await db
        .select({ id: matchGroupMembers.participantId })
        .from(matchGroupMembers)
        .where(eq(matchGroupMembers.groupId, groupId))
    ).map((m) => m.id);
  const groupMembers = new Map<string, string[]>();
  const sideOf = async (groupId: string) => {
    if (!groupMembers.has(groupId)) groupMembers.set(groupId, await membersOf(groupId));
    return groupMembers.get(groupId) ?? [];
  };
  const neverRules = [];
  const meetRules = [];
  for (const rule of rules) {
    const sides = { a: await sideOf(rule.a), b: await sideOf(rule.b) };
    if (rule.kind === 'never') neverRules.push(sides);
    else if (rule.kind === 'meets') meetRules.push(sides);
  }

  const heldSeats = await db
    .select({
      pairingId: pairingSeats.pairingId,
      round: pairingSeats.round,
      tableId: pairingSeats.tableId,
      participantId: pairingSeats.participantId,
    })
    .from(pairingSeats)
    .innerJoin(pairings, eq(pairings.id, pairingSeats.pairingId))
    .where(and(eq(pairings.projectId, projectId), eq(pairings.held, true), ne(pairings.id, pairing.id)));
  const heldTables = new Map<string, string[]>();
  for (const s of heldSeats) {
    const key = `${s.pairingId}/${s.round}/${s.tableId}`;
    heldTables.set(key, [...(heldTables.get(key) ?? []), s.participantId]);
  }

  return {
    rounds: pairing.rounds,
    algorithm: pairing.algorithm,
    objective,
    choiceCount: pairing.choiceCount,
    question: question ?? null,
    choiceIds: question ? await choiceIdsOf(db, pairing.id) : [],
    questions: await withLinks(db, scoring),
    tables,
    people: members.map((m) => ({ id: m.id, vip: m.vip, assigned: assigned.get(m.id) ?? [] })),
    answers,
    neverRules,
    meetRules,
    heldTables: [...heldTables.values()],
  };
}

/**
 * The questionnaire's answers as the scores job and the scores screen read them (`effectiveAnswers`): a person who
 * did not answer a scored question gets the standard values that fit them (their role, one of their groups, or
 * everyone), so that « Profils semblables » seats together the people the scores screen calls close. The pairing's
 * own question (its themes) keeps the answers given: a table chosen is a person's own choice.
 */
async function applyStandardValues(
  db: Executor,
  projectId: string,
  scoring: { id: string; kind: string }[],
  answers: PairingData['answers'],
) {
  const standardValues = await listStandardValues(
    db,
    scoring.map((q) => q.id),
  );
  if (!standardValues.length) return;
  const { rows, memberships } = await listScoredParticipants(db, projectId);
  const groupIds = new Map(rows.map((p) => [p.id, new Set<string>()]));
  for (const m of memberships) groupIds.get(m.participantId)?.add(m.groupId);
  const people = rows.map((p) => ({
    id: p.id,
    roleId: p.roleId,
    groupIds: groupIds.get(p.id) ?? new Set<string>(),
    answers: answers.get(p.id) ?? new Map<string, string[]>(),
  }));
  const questionsScored = scoring.map((q) => ({
    id: q.id,
    kind: q.kind as 'single' | 'multiple',
    standardValues: standardValues.filter((s) => s.questionId === q.id),
  }));
  effectiveAnswers(questionsScored, people).forEach((effective, k) => {
    answers.set(people[k].id, new Map(Object.entries(effective).map(([q, chosen]) => [q, [...chosen]])));
  });
}

/**
 * The questions with the `link` of a linked pair whose two questions are both scored (« Ce que j'offre » ↔ « Ce que
 * je cherche »): the same rule as the scores job (scoreQuestions), so that « Profils semblables » seats together
 * the people the scores screen calls close.
 */
async function withLinks(
  db: Executor,
  scoring: { id: string; weight: number; reversed: boolean; linkedQuestionId: string | null }[],
) {
  const linked = scoring.filter((q) => q.linkedQuestionId);
  const mirrors = linked.length
    ? await db
        .select({
          id: questionChoices.id,
          questionId: questionChoices.questionId,
          linkedChoiceId: questionChoices.linkedChoiceId,
        })
        .from(questionChoices)
        .where(
          and(
            inArray(
              questionChoices.questionId,
              linked.map((q) => q.id),
            ),
            isNotNull(questionChoices.linkedChoiceId),
          ),
        )
    : [];
  return scoreQuestions(
    scoring.map((q) => ({
      ...q,
      mirrors: new Map(
        mirrors.filter((c) => c.questionId === q.id).map((c) => [c.id, c.linkedChoiceId as string]),
      ),
    })),
  );
}
