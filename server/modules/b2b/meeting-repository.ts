import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { meetingSessions, meetings, participants, persons } from '../../db/schema';

const partA = alias(participants, 'meeting_part_a');
const partB = alias(participants, 'meeting_part_b');
const personA = alias(persons, 'meeting_person_a');
const personB = alias(persons, 'meeting_person_b');

const meetingColumns = {
  id: meetings.id,
  sessionId: meetings.sessionId,
  sessionName: meetingSessions.name,
  slot: meetings.slot,
  tableNumber: meetings.tableNumber,
  startsAt: meetings.startsAt,
  endsAt: meetings.endsAt,
  mode: meetings.mode,
  weight: meetings.weight,
  origin: meetings.origin,
  updatedAt: meetings.updatedAt,
  aId: meetings.participantA,
  aFirstName: personA.firstName,
  aLastName: personA.lastName,
  aEmail: personA.email,
  aOrganisation: personA.organisation,
  bId: meetings.participantB,
  bFirstName: personB.firstName,
  bLastName: personB.lastName,
  bEmail: personB.email,
  bOrganisation: personB.organisation,
};
export type MeetingRow = {
  id: string;
  sessionId: string | null;
  sessionName: string | null;
  slot: number;
  tableNumber: number;
  startsAt: Date;
  endsAt: Date;
  mode: string;
  weight: number;
  origin: string;
  updatedAt: Date;
  aId: string;
  aFirstName: string;
  aLastName: string;
  aEmail: string;
  aOrganisation: string | null;
  bId: string;
  bFirstName: string;
  bLastName: string;
  bEmail: string;
  bOrganisation: string | null;
};

const selectMeetings = (db: Executor) =>
  db
    .select(meetingColumns)
    .from(meetings)
    .leftJoin(meetingSessions, eq(meetingSessions.id, meetings.sessionId))
    .innerJoin(partA, eq(partA.id, meetings.participantA))
    .innerJoin(personA, eq(personA.id, partA.personId))
    .innerJoin(partB, eq(partB.id, meetings.participantB))
    .innerJoin(personB, eq(personB.id, partB.personId));

/** A session's meetings by slot and table. */
export async function sessionMeetings(db: Executor, sessionId: string): Promise<MeetingRow[]> {
  return selectMeetings(db)
    .where(eq(meetings.sessionId, sessionId))
    .orderBy(asc(meetings.slot), asc(meetings.tableNumber), asc(meetings.id));
}

export async function findMeeting(
  db: Executor,
  sessionId: string,
  id: string,
): Promise<MeetingRow | undefined> {
  const [row] = await selectMeetings(db).where(and(eq(meetings.sessionId, sessionId), eq(meetings.id, id)));
  return row;
}

/** A participant's meetings (every session and pairing of the project), by start. */
export async function participantMeetings(
  db: Executor,
  projectId: string,
  participantId: string,
): Promise<MeetingRow[]> {
  return participantsMeetings(db, projectId, [participantId]);
}

/** `participantMeetings` for many participants at once: every meeting of one of them (once), by start. */
export async function participantsMeetings(
  db: Executor,
  projectId: string,
  participantIds: readonly string[],
): Promise<MeetingRow[]> {
  return selectMeetings(db)
    .where(
      and(
        eq(meetings.projectId, projectId),
        or(anyOf(meetings.participantA, participantIds), anyOf(meetings.participantB, participantIds)),
      ),
    )
    .orderBy(asc(meetings.startsAt), asc(meetings.id));
}

/** The project's meetings (every session) overlapping [from, to), or all when no range is given, by start. */
export async function projectMeetings(
  db: Executor,
  companyId: string,
  projectId: string,
  range?: { from: Date; to: Date },
): Promise<MeetingRow[]> {
  return selectMeetings(db)
    .where(
      and(
        eq(meetings.companyId, companyId),
        eq(meetings.projectId, projectId),
        range ? lt(meetings.startsAt, range.to) : undefined,
        range ? gt(meetings.endsAt, range.from) : undefined,
      ),
    )
    .orderBy(asc(meetings.startsAt), asc(meetings.tableNumber), asc(meetings.id));
}

/** The pairs who met in a session (its meetings), unordered. */
export async function metPairs(db: Executor, sessionId: string): Promise<[string, string][]> {
  const rows = await db
    .select({ a: meetings.participantA, b: meetings.participantB })
    .from(meetings)
    .where(eq(meetings.sessionId, sessionId));
  return rows.map((r) => [r.a, r.b]);
}

/** Replaces every meeting of the session by these (in the caller's transaction). */
export async function replaceMeetings(
  db: Executor,
  owner: { companyId: string; projectId: string; sessionId: string },
  rows: Omit<typeof meetings.$inferInsert, 'companyId' | 'projectId' | 'sessionId'>[],
) {
  await db.delete(meetings).where(eq(meetings.sessionId, owner.sessionId));
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(meetings).values(rows.slice(i, i + 500).map((row) => ({ ...owner, ...row })));
  }
}

export async function insertMeeting(db: Executor, row: typeof meetings.$inferInsert) {
  const [inserted] = await db.insert(meetings).values(row).returning({ id: meetings.id });
  return inserted.id;
}

export async function moveMeeting(
  db: Executor,
  id: string,
  values: { slot: number; tableNumber: number; startsAt: Date; endsAt: Date },
) {
  await db
    .update(meetings)
    .set({ ...values, origin: 'manual', updatedAt: new Date() })
    .where(eq(meetings.id, id));
}

export async function deleteMeeting(db: Executor, id: string) {
  await db.delete(meetings).where(eq(meetings.id, id));
}

/** After a session's edit: its meetings' times follow its start, slot length, break and mode. */
export async function retimeMeetings(db: Executor, sessionId: string, mode: string) {
  await db.execute(sql`
    update ${meetings} set
      starts_at = s.starts_at + (${meetings.slot} * (s.slot_minutes + s.break_minutes)) * interval '1 minute',
      ends_at = s.starts_at + (${meetings.slot} * (s.slot_minutes + s.break_minutes) + s.slot_minutes) * interval '1 minute',
      mode = ${mode},
      updated_at = now()
    from ${meetingSessions} s
    where s.id = ${meetings.sessionId} and ${meetings.sessionId} = ${sessionId}`);
}
