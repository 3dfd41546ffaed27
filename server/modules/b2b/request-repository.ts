import { type AnyColumn, and, asc, count, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { meetingBlockedPairs, meetingRequests, participants, persons } from '../../db/schema';

const requesterPart = alias(participants, 'requester_participant');
const requestedPart = alias(participants, 'requested_participant');
const requester = alias(persons, 'requester');
const requested = alias(persons, 'requested');

const requestColumns = {
  id: meetingRequests.id,
  weight: meetingRequests.weight,
  source: meetingRequests.source,
  requesterId: meetingRequests.requesterId,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  requesterEmail: requester.email,
  requesterOrganisation: requester.organisation,
  requestedId: meetingRequests.requestedId,
  requestedFirstName: requested.firstName,
  requestedLastName: requested.lastName,
  requestedEmail: requested.email,
  requestedOrganisation: requested.organisation,
};
export type RequestRow = {
  id: string;
  weight: number;
  source: string;
  requesterId: string;
  requesterFirstName: string;
  requesterLastName: string;
  requesterEmail: string;
  requesterOrganisation: string | null;
  requestedId: string;
  requestedFirstName: string;
  requestedLastName: string;
  requestedEmail: string;
  requestedOrganisation: string | null;
};

const selectRequests = (db: Executor) =>
  db
    .select(requestColumns)
    .from(meetingRequests)
    .innerJoin(requesterPart, eq(requesterPart.id, meetingRequests.requesterId))
    .innerJoin(requester, eq(requester.id, requesterPart.personId))
    .innerJoin(requestedPart, eq(requestedPart.id, meetingRequests.requestedId))
    .innerJoin(requested, eq(requested.id, requestedPart.personId));

const nameOf = (p: { lastName: AnyColumn; firstName: AnyColumn }) =>
  sql`(${p.lastName} || ' ' || ${p.firstName})`;

export async function listRequests(db: Executor, sessionId: string, params: ListParams) {
  const where = and(
    eq(meetingRequests.sessionId, sessionId),
    searchCondition(params.q, [
      sql`(${requester.firstName} || ' ' || ${requester.lastName} || ' ' || ${requester.email} || ' ' || coalesce(${requester.organisation}, ''))`,
      sql`(${requested.firstName} || ' ' || ${requested.lastName} || ' ' || ${requested.email} || ' ' || coalesce(${requested.organisation}, ''))`,
    ]),
  );
  return listPage(
    params,
    ({ limit, offset }) =>
      selectRequests(db)
        .where(where)
        .orderBy(
          ...orderBy(
            params,
            {
              requester: humanOrder(nameOf(requester)),
              requested: humanOrder(nameOf(requested)),
              weight: meetingRequests.weight,
              source: meetingRequests.source,
            },
            [asc(humanOrder(nameOf(requester))), asc(humanOrder(nameOf(requested)))],
            meetingRequests.id,
          ),
        )
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(meetingRequests)
          .innerJoin(requesterPart, eq(requesterPart.id, meetingRequests.requesterId))
          .innerJoin(requester, eq(requester.id, requesterPart.personId))
          .innerJoin(requestedPart, eq(requestedPart.id, meetingRequests.requestedId))
          .innerJoin(requested, eq(requested.id, requestedPart.personId))
          .where(where)
      )[0].n,
  );
}

export async function findRequest(
  db: Executor,
  sessionId: string,
  id: string,
): Promise<RequestRow | undefined> {
  const [row] = await selectRequests(db).where(
    and(eq(meetingRequests.sessionId, sessionId), eq(meetingRequests.id, id)),
  );
  return row;
}

/** Every request of a session (the instance, the export), in a stable order. */
export async function allRequests(db: Executor, sessionId: string): Promise<RequestRow[]> {
  return selectRequests(db)
    .where(eq(meetingRequests.sessionId, sessionId))
    .orderBy(asc(humanOrder(nameOf(requester))), asc(humanOrder(nameOf(requested))), asc(meetingRequests.id));
}

export async function insertRequest(db: Executor, row: typeof meetingRequests.$inferInsert) {
  const [inserted] = await db.insert(meetingRequests).values(row).returning({ id: meetingRequests.id });
  return inserted.id;
}

/** Many requests at once (500 a statement). */
export async function insertRequests(db: Executor, rows: (typeof meetingRequests.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(meetingRequests).values(rows.slice(i, i + 500));
}

export async function updateRequest(
  db: Executor,
  id: string,
  values: { requesterId: string; requestedId: string; weight: number },
) {
  await db
    .update(meetingRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(meetingRequests.id, id));
}

export async function deleteRequest(db: Executor, id: string) {
  await db.delete(meetingRequests).where(eq(meetingRequests.id, id));
}

/** The existing requests of a session as `requester→requested` → { id, weight }. */
export async function requestKeys(db: Executor, sessionId: string) {
  const rows = await db
    .select({
      id: meetingRequests.id,
      a: meetingRequests.requesterId,
      b: meetingRequests.requestedId,
      weight: meetingRequests.weight,
    })
    .from(meetingRequests)
    .where(eq(meetingRequests.sessionId, sessionId));
  return new Map(rows.map((r) => [`${r.a}>${r.b}`, { id: r.id, weight: r.weight }]));
}

// ---------- blocked pairs ----------

const personA = alias(persons, 'person_a');
const personB = alias(persons, 'person_b');
const partA = alias(participants, 'part_a');
const partB = alias(participants, 'part_b');

export async function listBlocked(db: Executor, sessionId: string) {
  return db
    .select({
      id: meetingBlockedPairs.id,
      aId: meetingBlockedPairs.participantA,
      aFirstName: personA.firstName,
      aLastName: personA.lastName,
      aEmail: personA.email,
      aOrganisation: personA.organisation,
      bId: meetingBlockedPairs.participantB,
      bFirstName: personB.firstName,
      bLastName: personB.lastName,
      bEmail: personB.email,
      bOrganisation: personB.organisation,
    })
    .from(meetingBlockedPairs)
    .innerJoin(partA, eq(partA.id, meetingBlockedPairs.participantA))
    .innerJoin(personA, eq(personA.id, partA.personId))
    .innerJoin(partB, eq(partB.id, meetingBlockedPairs.participantB))
    .innerJoin(personB, eq(personB.id, partB.personId))
    .where(eq(meetingBlockedPairs.sessionId, sessionId))
    .orderBy(asc(meetingBlockedPairs.createdAt), asc(meetingBlockedPairs.id));
}
export type BlockedRow = Awaited<ReturnType<typeof listBlocked>>[number];

export async function insertBlocked(db: Executor, row: typeof meetingBlockedPairs.$inferInsert) {
  const [inserted] = await db
    .insert(meetingBlockedPairs)
    .values(row)
    .returning({ id: meetingBlockedPairs.id });
  return inserted.id;
}

export async function deleteBlocked(db: Executor, sessionId: string, id: string) {
  const deleted = await db
    .delete(meetingBlockedPairs)
    .where(and(eq(meetingBlockedPairs.sessionId, sessionId), eq(meetingBlockedPairs.id, id)))
    .returning({ id: meetingBlockedPairs.id });
  return deleted.length > 0;
}

/** The blocked pairs of a session as unordered keys. */
export async function blockedPairs(db: Executor, sessionId: string): Promise<[string, string][]> {
  const rows = await db
    .select({ a: meetingBlockedPairs.participantA, b: meetingBlockedPairs.participantB })
    .from(meetingBlockedPairs)
    .where(eq(meetingBlockedPairs.sessionId, sessionId));
  return rows.map((r) => [r.a, r.b]);
}

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
