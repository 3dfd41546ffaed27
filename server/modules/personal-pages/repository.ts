import { and, asc, eq, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { humanOrder } from '../../db/list';
import {
  activityTables,
  pairingAbsences,
  pairingSeats,
  pairings,
  participants,
  personalPages,
  persons,
} from '../../db/schema';

export async function findPage(db: Executor, participantId: string) {
  const [row] = await db
    .select({ token: personalPages.token, createdAt: personalPages.createdAt })
    .from(personalPages)
    .where(eq(personalPages.participantId, participantId));
  return row;
}

/** Gives the participant's page this token, replacing the one it had (one statement: two at once never collide). */
export async function savePageToken(
  db: Executor,
  owner: { companyId: string; projectId: string; participantId: string },
  token: string,
  now: Date,
) {
  await db
    .insert(personalPages)
    .values({ ...owner, token, createdAt: now })
    .onConflictDoUpdate({ target: personalPages.participantId, set: { token, createdAt: now } });
}

export async function deletePage(db: Executor, participantId: string) {
  await db.delete(personalPages).where(eq(personalPages.participantId, participantId));
}

/** The pages of these participants (those that have one). */
export async function findPages(db: Executor, participantIds: readonly string[]) {
  return db
    .select({ participantId: personalPages.participantId, token: personalPages.token })
    .from(personalPages)
    .where(anyOf(personalPages.participantId, participantIds));
}

/**
 * Gives a page to each of these participants who has none (in one statement; a page made meanwhile by someone else is
 * kept, never replaced). Returns the pages written.
 */
export async function insertMissingPages(
  db: Executor,
  rows: { companyId: string; projectId: string; participantId: string; token: string; createdAt: Date }[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(personalPages)
    .values(rows)
    .onConflictDoNothing({ target: personalPages.participantId })
    .returning({ participantId: personalPages.participantId, token: personalPages.token });
}

/** The page a token opens, whatever the company (the token is the only key of the public address). */
export async function findPageByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      companyId: personalPages.companyId,
      projectId: personalPages.projectId,
      participantId: personalPages.participantId,
    })
    .from(personalPages)
    .where(eq(personalPages.token, token));
  return row;
}

const mate = alias(persons, 'mate');
const mateParticipant = alias(participants, 'mate_participant');
const mateSeat = alias(pairingSeats, 'mate_seat');

/**
 * The participant's seats in every pairing of the project, by pairing and round, each with the table and the other
 * people seated there (none when alone); rounds from an absence on are left out.
 */
export async function listSeats(db: Executor, projectId: string, participantId: string) {
  return seatsWhere(db, projectId, eq(pairingSeats.participantId, participantId));
}

/** `listSeats` for many participants at once (e-mails to a list), each row naming whose seat it is. */
export async function listSeatsOf(db: Executor, projectId: string, participantIds: readonly string[]) {
  return seatsWhere(db, projectId, anyOf(pairingSeats.participantId, participantIds));
}

function seatsWhere(db: Executor, projectId: string, whose: SQL) {
  return db
    .select({
      participantId: pairingSeats.participantId,
      pairingId: pairings.id,
      pairingName: pairings.name,
      round: pairingSeats.round,
      tableNumber: activityTables.number,
      tableName: activityTables.name,
      tableLocation: activityTables.location,
      mateFirstName: mate.firstName,
      mateLastName: mate.lastName,
      mateOrganisation: mate.organisation,
    })
    .from(pairingSeats)
    .innerJoin(pairings, eq(pairings.id, pairingSeats.pairingId))
    .innerJoin(activityTables, eq(activityTables.id, pairingSeats.tableId))
    .leftJoin(
      pairingAbsences,
      and(
        eq(pairingAbsences.pairingId, pairingSeats.pairingId),
        eq(pairingAbsences.participantId, pairingSeats.participantId),
      ),
    )
    .leftJoin(
      mateSeat,
      and(
        eq(mateSeat.pairingId, pairingSeats.pairingId),
        eq(mateSeat.round, pairingSeats.round),
        eq(mateSeat.tableId, pairingSeats.tableId),
        ne(mateSeat.participantId, pairingSeats.participantId),
      ),
    )
    .leftJoin(mateParticipant, eq(mateParticipant.id, mateSeat.participantId))
    .leftJoin(mate, eq(mate.id, mateParticipant.personId))
    .where(
      and(
        eq(pairingSeats.projectId, projectId),
        whose,
        or(isNull(pairingAbsences.fromRound), lt(pairingSeats.round, pairingAbsences.fromRound)),
      ),
    )
    .orderBy(
      asc(pairingSeats.participantId),
      asc(pairings.createdAt),
      asc(pairings.id),
      asc(pairingSeats.round),
      asc(humanOrder(mate.lastName)),
      asc(humanOrder(mate.firstName)),
    );
}
