import { and, asc, eq, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { SeatTable } from '../../../contracts/pairings';
import type { Executor } from '../../db/client';
import {
  activityCategories,
  activityTableAssignments,
  activityTables,
  matchGroupMembers,
  matchGroups,
  pairingAbsences,
  pairingRules,
  pairingSeats,
  pairings,
  participantAnswers,
  participants,
  persons,
  questionChoices,
  roles,
} from '../../db/schema';
import type { Scope } from './repository';

/** M4 and the live adjustment: the queries of the seats screen (every one scoped by the pairing or the project). */

export async function categoryTables(db: Executor, categoryId: string): Promise<SeatTable['table'][]> {
  return db
    .select({
      id: activityTables.id,
      number: activityTables.number,
      name: activityTables.name,
      vip: activityTables.vip,
      seats: activityTables.seats,
    })
    .from(activityTables)
    .where(eq(activityTables.categoryId, categoryId))
    .orderBy(asc(activityTables.number));
}

/** A table of the project (any category), or undefined: another company's or project's table is not found. */
export async function findProjectTable(db: Executor, scope: Scope, tableId: string) {
  const [row] = await db
    .select({
      id: activityTables.id,
      categoryId: activityTables.categoryId,
      number: activityTables.number,
      name: activityTables.name,
      vip: activityTables.vip,
      seats: activityTables.seats,
    })
    .from(activityTables)
    .innerJoin(activityCategories, eq(activityCategories.id, activityTables.categoryId))
    .where(
      and(
        eq(activityTables.id, tableId),
        eq(activityTables.companyId, scope.companyId),
        eq(activityTables.projectId, scope.projectId),
      ),
    );
  return row;
}

/**
 * The seats of one round of the pairing, narrowed by `more` (a participant, a table, some tables): the one scope of
 * the seat lookups below.
 */
function roundSeats(pairingId: string, round: number, ...more: (SQL | undefined)[]) {
  return and(eq(pairingSeats.pairingId, pairingId), eq(pairingSeats.round, round), ...more);
}

export async function findSeat(db: Executor, pairingId: string, round: number, participantId: string) {
  const [row] = await db
    .select({ tableId: pairingSeats.tableId })
    .from(pairingSeats)
    .where(roundSeats(pairingId, round, eq(pairingSeats.participantId, participantId)));
  return row;
}

const countSeats = (db: Executor, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(pairingSeats)
    .where(where)
    .then(([row]) => row.n);

export async function roundExists(db: Executor, pairingId: string, round: number) {
  return (await countSeats(db, roundSeats(pairingId, round))) > 0;
}

export async function countAtTable(db: Executor, pairingId: string, round: number, tableId: string) {
  return countSeats(db, roundSeats(pairingId, round, eq(pairingSeats.tableId, tableId)));
}

export async function setSeatTable(
  db: Executor,
  pairingId: string,
  round: number,
  participantId: string,
  tableId: string,
) {
  await db
    .update(pairingSeats)
    .set({ tableId })
    .where(roundSeats(pairingId, round, eq(pairingSeats.participantId, participantId)));
}

/** The people at some tables of one round, in the seats screen's order (last name, first name). */
export async function peopleAt(db: Executor, pairingId: string, round: number, tableIds: string[]) {
  return db
    .select({
      tableId: pairingSeats.tableId,
      participantId: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      company: persons.organisation,
    })
    .from(pairingSeats)
    .innerJoin(participants, eq(participants.id, pairingSeats.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(roundSeats(pairingId, round, inArray(pairingSeats.tableId, tableIds)))
    .orderBy(
      asc(sql`${persons.lastName} collate "und-x-icu"`),
      asc(sql`${persons.firstName} collate "und-x-icu"`),
      asc(participants.id),
    );
}

/** A participant of the project with who they are (name, e-mail, organisation, role in the reader's language). */
export async function findParticipant(db: Executor, scope: Scope, participantId: string) {
  const [row] = await db
    .select({
      id: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      company: persons.organisation,
      roleFr: roles.nameFr,
      roleEn: roles.nameEn,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId))
    .where(
      and(
        eq(participants.id, participantId),
        eq(participants.companyId, scope.companyId),
        eq(participants.projectId, scope.projectId),
      ),
    );
  return row;
}

/** Members of the pairing's VIP groups among `ids`. */
export async function vipsAmong(db: Executor, pairingId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: matchGroupMembers.participantId })
    .from(matchGroupMembers)
    .innerJoin(matchGroups, eq(matchGroups.id, matchGroupMembers.groupId))
    .where(
      and(
        eq(matchGroups.pairingId, pairingId),
        eq(matchGroups.vip, true),
        inArray(matchGroupMembers.participantId, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The people a « ne rencontre jamais » rule of the pairing keeps away from `participantId`. */
export async function blockedPartners(db: Executor, pairingId: string, participantId: string) {
  const rules = await db
    .select({ a: pairingRules.groupAId, b: pairingRules.groupBId })
    .from(pairingRules)
    .where(and(eq(pairingRules.pairingId, pairingId), eq(pairingRules.kind, 'never')));
  if (!rules.length) return new Set<string>();
  const groupIds = [...new Set(rules.flatMap((r) => [r.a, r.b]))];
  const members = await db
    .select({ groupId: matchGroupMembers.groupId, id: matchGroupMembers.participantId })
    .from(matchGroupMembers)
    .where(inArray(matchGroupMembers.groupId, groupIds));
  const byGroup = new Map<string, Set<string>>();
  for (const m of members) byGroup.set(m.groupId, (byGroup.get(m.groupId) ?? new Set()).add(m.id));
  const out = new Set<string>();
  for (const rule of rules) {
    const a = byGroup.get(rule.a) ?? new Set<string>();
    const b = byGroup.get(rule.b) ?? new Set<string>();
    if (a.has(participantId)) for (const id of b) out.add(id);
    if (b.has(participantId)) for (const id of a) out.add(id);
  }
  out.delete(participantId);
  return out;
}

/**
 * Who `participantId` already sat with: at their table in the rounds of this pairing before `round`, and in the
 * project's pairings marked « Déjà tenu ».
 */
export async function metPartners(
  db: Executor,
  scope: Scope,
  pairingId: string,
  participantId: string,
  round: number,
) {
  const mine = db
    .select({ pairingId: pairingSeats.pairingId, round: pairingSeats.round, tableId: pairingSeats.tableId })
    .from(pairingSeats)
    .innerJoin(pairings, eq(pairings.id, pairingSeats.pairingId))
    .where(
      and(
        eq(pairingSeats.participantId, participantId),
        eq(pairings.companyId, scope.companyId),
        eq(pairings.projectId, scope.projectId),
        or(
          and(eq(pairingSeats.pairingId, pairingId), lt(pairingSeats.round, round)),
          and(ne(pairingSeats.pairingId, pairingId), eq(pairings.held, true)),
        ),
      ),
    )
    .as('mine');
  const rows = await db
    .selectDistinct({ id: pairingSeats.participantId })
    .from(pairingSeats)
    .innerJoin(
      mine,
      and(
        eq(mine.pairingId, pairingSeats.pairingId),
        eq(mine.round, pairingSeats.round),
        eq(mine.tableId, pairingSeats.tableId),
      ),
    )
    .where(ne(pairingSeats.participantId, participantId));
  return new Set(rows.map((r) => r.id));
}

/** The tables a participant was given in the category (J7 assignment). */
export async function assignedTables(db: Executor, categoryId: string, participantId: string) {
  const rows = await db
    .select({ tableId: activityTableAssignments.tableId })
    .from(activityTableAssignments)
    .where(
      and(
        eq(activityTableAssignments.categoryId, categoryId),
        eq(activityTableAssignments.participantId, participantId),
      ),
    );
  return rows.map((r) => r.tableId);
}

/** A participant's answers to one question, in the question's order. */
export async function answersTo(db: Executor, projectId: string, questionId: string, participantId: string) {
  const rows = await db
    .select({ choiceId: participantAnswers.choiceId })
    .from(participantAnswers)
    .innerJoin(questionChoices, eq(questionChoices.id, participantAnswers.choiceId))
    .where(
      and(
        eq(participantAnswers.projectId, projectId),
        eq(participantAnswers.questionId, questionId),
        eq(participantAnswers.participantId, participantId),
      ),
    )
    .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  return rows.map((r) => r.choiceId);
}

// ---------- absences ----------

export async function listAbsences(db: Executor, pairingId: string) {
  return db
    .select({ participantId: pairingAbsences.participantId, fromRound: pairingAbsences.fromRound })
    .from(pairingAbsences)
    .where(eq(pairingAbsences.pairingId, pairingId))
    .orderBy(asc(pairingAbsences.fromRound), asc(pairingAbsences.participantId));
}

export async function setAbsence(
  db: Executor,
  scope: Scope & { pairingId: string },
  participantId: string,
  fromRound: number,
) {
  await db
    .insert(pairingAbsences)
    .values({ ...scope, participantId, fromRound })
    .onConflictDoUpdate({
      target: [pairingAbsences.pairingId, pairingAbsences.participantId],
      set: { fromRound },
    });
}

export async function deleteAbsence(db: Executor, pairingId: string, participantId: string) {
  const rows = await db
    .delete(pairingAbsences)
    .where(and(eq(pairingAbsences.pairingId, pairingId), eq(pairingAbsences.participantId, participantId)))
    .returning({ id: pairingAbsences.participantId });
  return rows.length > 0;
}

/** Every seat of the rounds before `fromRound` (the rounds already held, kept by a resumed generation). */
export async function seatsBefore(db: Executor, pairingId: string, fromRound: number) {
  return db
    .select({
      round: pairingSeats.round,
      tableId: pairingSeats.tableId,
      participantId: pairingSeats.participantId,
    })
    .from(pairingSeats)
    .where(and(eq(pairingSeats.pairingId, pairingId), lt(pairingSeats.round, fromRound)))
    .orderBy(asc(pairingSeats.round), asc(pairingSeats.participantId));
}
