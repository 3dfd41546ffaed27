import { and, asc, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  activities,
  activityMembers,
  activityTables,
  pairingAbsences,
  pairingGenerations,
  pairingMeetingSets,
  pairingMeetings,
  pairingSeats,
  participants,
  persons,
} from '../../db/schema';

/** M6: the rows behind the meetings generated from a pairing (docs/matching/pairing-meetings.md). */

export interface Scope {
  companyId: string;
  projectId: string;
}

/** Which seats the meetings follow after a change: one round, the rounds from one on, one person; none: all. */
export interface SeatScope {
  round?: number;
  fromRound?: number;
  participantId?: string;
}

/** The scope as conditions on a round column and a participant column. */
function within(only: SeatScope, round: AnyPgColumn, participant: AnyPgColumn) {
  return and(
    only.round === undefined ? undefined : sql`${round} = ${only.round}`,
    only.fromRound === undefined ? undefined : sql`${round} >= ${only.fromRound}`,
    only.participantId === undefined ? undefined : sql`${participant} = ${only.participantId}`,
  );
}

/** A seat whose person is not marked absent from its round (« Marquer absent »): the seats a meeting counts. */
const present = sql`not exists (select 1 from ${pairingAbsences}
  where ${pairingAbsences.pairingId} = ${pairingSeats.pairingId}
    and ${pairingAbsences.participantId} = ${pairingSeats.participantId}
    and ${pairingAbsences.fromRound} <= ${pairingSeats.round})`;

/** The seat's table has its meeting in the seat's round. */
const meetingOfSeat = and(
  eq(pairingMeetings.pairingId, pairingSeats.pairingId),
  eq(pairingMeetings.round, pairingSeats.round),
  eq(pairingMeetings.tableId, pairingSeats.tableId),
);

/**
 * Each round's tables with people, with what a meeting's title and location need, by round then table number; with
 * `unmet`, only the tables of that scope where someone present sits and which have no meeting yet (a move to a table
 * empty when the meetings were generated).
 */
export async function seatedTables(db: Executor, pairingId: string, unmet?: SeatScope) {
  return db
    .selectDistinct({
      round: pairingSeats.round,
      tableId: activityTables.id,
      number: activityTables.number,
      name: activityTables.name,
      location: activityTables.location,
    })
    .from(pairingSeats)
    .innerJoin(activityTables, eq(activityTables.id, pairingSeats.tableId))
    .where(
      and(
        eq(pairingSeats.pairingId, pairingId),
        unmet && within(unmet, pairingSeats.round, pairingSeats.participantId),
        unmet && present,
        unmet && sql`not exists (select 1 from ${pairingMeetings} where ${meetingOfSeat})`,
      ),
    )
    .orderBy(asc(pairingSeats.round), asc(activityTables.number));
}

/** The latest done generation of the pairing's seats (null: none, e.g. seats written by a seed). */
export async function latestDoneGeneration(db: Executor, pairingId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: pairingGenerations.id })
    .from(pairingGenerations)
    .where(and(eq(pairingGenerations.pairingId, pairingId), eq(pairingGenerations.status, 'done')))
    .orderBy(desc(pairingGenerations.finishedAt), desc(pairingGenerations.createdAt))
    .limit(1);
  return row?.id ?? null;
}

export async function findSet(db: Executor, pairingId: string) {
  const [row] = await db.select().from(pairingMeetingSets).where(eq(pairingMeetingSets.pairingId, pairingId));
  return row;
}

/** The earliest dated activity of a category: the form's default start. */
export async function firstActivityStart(db: Executor, projectId: string, categoryId: string) {
  const [row] = await db
    .select({ startsAt: sql<Date | null>`min(${activities.startsAt})`.mapWith(activities.startsAt) })
    .from(activities)
    .where(
      and(
        eq(activities.projectId, projectId),
        eq(activities.categoryId, categoryId),
        eq(activities.noDate, false),
        isNotNull(activities.startsAt),
      ),
    );
  return row?.startsAt ?? null;
}

/** The activity ids of the meetings generated from the pairing. */
export async function meetingIds(db: Executor, pairingId: string): Promise<string[]> {
  const rows = await db
    .select({ id: pairingMeetings.activityId })
    .from(pairingMeetings)
    .where(eq(pairingMeetings.pairingId, pairingId));
  return rows.map((r) => r.id);
}

/**
 * The members of the pairing's meetings, and those added after the generation: a later created_at than the set's
 * (the generation's rows all carry its transaction's time; compared in SQL, at the database's microseconds).
 */
export async function memberCounts(db: Executor, pairingId: string) {
  const [row] = await db
    .select({
      members: count(),
      addedByHand:
        sql<number>`count(*) filter (where ${activityMembers.createdAt} > ${pairingMeetingSets.createdAt})`.mapWith(
          Number,
        ),
    })
    .from(activityMembers)
    .innerJoin(pairingMeetings, eq(pairingMeetings.activityId, activityMembers.activityId))
    .innerJoin(pairingMeetingSets, eq(pairingMeetingSets.pairingId, pairingMeetings.pairingId))
    .where(eq(pairingMeetings.pairingId, pairingId));
  return { members: row?.members ?? 0, addedByHand: row?.addedByHand ?? 0 };
}

/**
 * Deletes the meetings (their members and links go with them). A generated meeting another activity was attached
 * to by hand would refuse its deletion: such children are detached first (they stay on the programme).
 */
export async function deleteMeetings(db: Executor, projectId: string, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(activities)
    .set({ parentId: null })
    .where(and(eq(activities.projectId, projectId), inArray(activities.parentId, ids)));
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .delete(activities)
      .where(and(eq(activities.projectId, projectId), inArray(activities.id, ids.slice(i, i + 1000))));
  }
}

const BATCH = 500;

export async function insertActivities(db: Executor, rows: (typeof activities.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(activities).values(rows.slice(i, i + BATCH));
}

export async function insertLinks(db: Executor, rows: (typeof pairingMeetings.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 2 * BATCH)
    await db.insert(pairingMeetings).values(rows.slice(i, i + 2 * BATCH));
}

/**
 * The meetings' members follow the seats (one statement): within `only`, each person seated and not absent becomes a
 * member of their table's meeting of the round, and the members the seats had put elsewhere in those rounds leave.
 * A member the seats put there carries the set's time as created_at (whenever written), so that members added by
 * hand (later) are told apart, and are never removed here. A person who changes table keeps their status (confirmed,
 * attended…) in the new meeting. Nothing happens without a meeting set. Returns how many memberships were added
 * and removed, and which (activity, participant), for their automatic notifications (J5).
 */
export async function followSeats(db: Executor, pairingId: string, only: SeatScope = {}) {
  // Both drivers answer { rows } (PGlite's results and pg's QueryResult).
  const result = (await db.execute(sql`
    with meeting_set as (
      select ${pairingMeetingSets.createdAt} as created_at from ${pairingMeetingSets}
      where ${pairingMeetingSets.pairingId} = ${pairingId}
    ),
    wanted as (
      select ${pairingSeats.companyId} as company_id, ${pairingSeats.projectId} as project_id,
        ${pairingMeetings.activityId} as activity_id, ${pairingSeats.participantId} as participant_id,
        ${pairingSeats.round} as round
      from ${pairingSeats} join ${pairingMeetings} on ${meetingOfSeat}
      where ${pairingSeats.pairingId} = ${pairingId} and ${present}
        ${sqlAnd(within(only, pairingSeats.round, pairingSeats.participantId))}
    ),
    removed as (
      delete from ${activityMembers} using ${pairingMeetings}, meeting_set
      where ${pairingMeetings.activityId} = ${activityMembers.activityId}
        and ${pairingMeetings.pairingId} = ${pairingId}
        ${sqlAnd(within(only, pairingMeetings.round, activityMembers.participantId))}
        and ${activityMembers.createdAt} <= meeting_set.created_at
        and not exists (select 1 from wanted w
          where w.activity_id = ${activityMembers.activityId} and w.participant_id = ${activityMembers.participantId})
      returning ${activityMembers.participantId} as participant_id, ${pairingMeetings.round} as round,
        ${activityMembers.status} as status, ${activityMembers.activityId} as activity_id
    ),
    added as (
      insert into ${activityMembers} (company_id, project_id, activity_id, participant_id, status, created_at)
      select w.company_id, w.project_id, w.activity_id, w.participant_id, coalesce(r.status, 'registered'),
        meeting_set.created_at
      from wanted w cross join meeting_set
      left join removed r on r.participant_id = w.participant_id and r.round = w.round
      on conflict (activity_id, participant_id) do nothing
      returning activity_id, participant_id
    )
    select 'in' as direction, activity_id, participant_id from added
    union all select 'out', activity_id, participant_id from removed`)) as unknown as {
    rows: { direction: 'in' | 'out'; activity_id: string; participant_id: string }[];
  };
  const pairs = (direction: 'in' | 'out') =>
    result.rows
      .filter((row) => row.direction === direction)
      .map((row) => ({ targetId: row.activity_id, participantId: row.participant_id }));
  const joined = pairs('in');
  const left = pairs('out');
  return { added: joined.length, removed: left.length, joined, left };
}

const sqlAnd = (condition: SQL | undefined) => (condition ? sql`and ${condition}` : sql``);

/**
 * A resumed generation's seats, followed by the meetings: the set now stands for it, unless it was already out of
 * date (built from another generation than `previous`, the latest done before this one).
 */
export async function setSeatsGeneration(
  db: Executor,
  pairingId: string,
  generationId: string,
  previous: string | null,
) {
  await db
    .update(pairingMeetingSets)
    .set({ seatsGenerationId: generationId })
    .where(
      and(
        eq(pairingMeetingSets.pairingId, pairingId),
        sql`${pairingMeetingSets.seatsGenerationId} is not distinct from ${previous}`,
      ),
    );
}

export async function replaceSet(db: Executor, row: typeof pairingMeetingSets.$inferInsert) {
  await db.delete(pairingMeetingSets).where(eq(pairingMeetingSets.pairingId, row.pairingId));
  const [saved] = await db.insert(pairingMeetingSets).values(row).returning();
  return saved;
}

/** The Excel workbook's rows: round → table → people, with e-mail and organisation, by name. */
export async function exportRows(db: Executor, pairingId: string) {
  return db
    .select({
      round: pairingSeats.round,
      tableNumber: activityTables.number,
      tableName: activityTables.name,
      tableVip: activityTables.vip,
      participantId: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      email: persons.email,
      company: persons.organisation,
    })
    .from(pairingSeats)
    .innerJoin(activityTables, eq(activityTables.id, pairingSeats.tableId))
    .innerJoin(participants, eq(participants.id, pairingSeats.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(eq(pairingSeats.pairingId, pairingId))
    .orderBy(
      asc(pairingSeats.round),
      asc(activityTables.number),
      asc(sql`${persons.lastName} collate "und-x-icu"`),
      asc(sql`${persons.firstName} collate "und-x-icu"`),
      asc(participants.id),
    );
}

/** Each round's time, from its generated meetings (the earliest start, the latest end); none before generation. */
export async function roundTimes(db: Executor, pairingId: string) {
  const end = sql`${activities.startsAt} + make_interval(mins => ${activities.durationMinutes})`;
  return db
    .select({
      round: pairingMeetings.round,
      start: sql<Date>`min(${activities.startsAt})`.mapWith(activities.startsAt),
      end: sql<Date>`max(${end})`.mapWith(activities.startsAt),
    })
    .from(pairingMeetings)
    .innerJoin(activities, eq(activities.id, pairingMeetings.activityId))
    .where(
      and(
        eq(pairingMeetings.pairingId, pairingId),
        eq(activities.noDate, false),
        isNotNull(activities.startsAt),
      ),
    )
    .groupBy(pairingMeetings.round)
    .orderBy(asc(pairingMeetings.round));
}

/** Rooms still waiting for a job that could not be queued: failed, with the reason shown on the link tab. */
export async function failRooms(db: Executor, ids: string[], reason: string) {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(activities)
      .set({ videoRoomStatus: 'failed', videoRoomError: reason })
      .where(and(inArray(activities.id, ids.slice(i, i + 1000)), eq(activities.videoRoomStatus, 'pending')));
  }
}
