import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import {
  activityCategories,
  activityTables,
  meetingCaps,
  meetingRequests,
  meetingSessions,
  meetings,
  participantGroups,
  participants,
  persons,
} from '../../db/schema';

// ---------- sessions ----------

const metSession = alias(meetingSessions, 'met_session');

const tableCount = sql<number>`(select count(*)::int from ${activityTables} where ${activityTables.categoryId} = ${meetingSessions.tableCategoryId})`;
const requestCount = sql<number>`(select count(*)::int from ${meetingRequests} where ${meetingRequests.sessionId} = ${meetingSessions.id})`;
const meetingCount = sql<number>`(select count(*)::int from ${meetings} where ${meetings.sessionId} = ${meetingSessions.id})`;

const sessionColumns = {
  id: meetingSessions.id,
  companyId: meetingSessions.companyId,
  projectId: meetingSessions.projectId,
  name: meetingSessions.name,
  startsAt: meetingSessions.startsAt,
  slotMinutes: meetingSessions.slotMinutes,
  breakMinutes: meetingSessions.breakMinutes,
  slotCount: meetingSessions.slotCount,
  tablesPerSlot: meetingSessions.tablesPerSlot,
  tableCategoryId: meetingSessions.tableCategoryId,
  tableCategoryNameFr: activityCategories.nameFr,
  tableCategoryNameEn: activityCategories.nameEn,
  categoryTables: tableCount,
  defaultCap: meetingSessions.defaultCap,
  mode: meetingSessions.mode,
  roleIds: meetingSessions.roleIds,
  groupIds: meetingSessions.groupIds,
  metSessionId: meetingSessions.metSessionId,
  metSessionName: metSession.name,
  requestCount,
  meetingCount,
};

export type SessionRow = {
  id: string;
  companyId: string;
  projectId: string;
  name: string;
  startsAt: Date;
  slotMinutes: number;
  breakMinutes: number;
  slotCount: number;
  tablesPerSlot: number | null;
  tableCategoryId: string | null;
  tableCategoryNameFr: string | null;
  tableCategoryNameEn: string | null;
  categoryTables: number;
  defaultCap: number;
  mode: string;
  roleIds: string[];
  groupIds: string[];
  metSessionId: string | null;
  metSessionName: string | null;
  requestCount: number;
  meetingCount: number;
};

const scope = (companyId: string, projectId: string) =>
  and(eq(meetingSessions.companyId, companyId), eq(meetingSessions.projectId, projectId));

const selectSessions = (db: Executor) =>
  db
    .select(sessionColumns)
    .from(meetingSessions)
    .leftJoin(activityCategories, eq(activityCategories.id, meetingSessions.tableCategoryId))
    .leftJoin(metSession, eq(metSession.id, meetingSessions.metSessionId));

export async function listSessions(db: Executor, companyId: string, projectId: string, params: ListParams) {
  const where = and(scope(companyId, projectId), searchCondition(params.q, [meetingSessions.name]));
  return listPage(
    params,
    ({ limit, offset }) =>
      selectSessions(db)
        .where(where)
        .orderBy(
          ...orderBy(
            params,
            { name: humanOrder(meetingSessions.name), startsAt: meetingSessions.startsAt },
            [asc(meetingSessions.startsAt)],
            meetingSessions.id,
          ),
        )
        .limit(limit)
        .offset(offset) as Promise<SessionRow[]>,
    async () => (await db.select({ n: count() }).from(meetingSessions).where(where))[0].n,
  );
}

export async function findSession(
  db: Executor,
  companyId: string,
  projectId: string,
  id: string,
): Promise<SessionRow | undefined> {
  const [row] = await selectSessions(db).where(and(scope(companyId, projectId), eq(meetingSessions.id, id)));
  return row as SessionRow | undefined;
}

/** Every session of a project (the earlier-session choices, the agendas). */
export async function allSessions(db: Executor, projectId: string): Promise<SessionRow[]> {
  return (await selectSessions(db)
    .where(eq(meetingSessions.projectId, projectId))
    .orderBy(asc(meetingSessions.startsAt), asc(meetingSessions.id))) as SessionRow[];
}

export async function insertSession(db: Executor, row: typeof meetingSessions.$inferInsert) {
  const [inserted] = await db.insert(meetingSessions).values(row).returning({ id: meetingSessions.id });
  return inserted.id;
}

export async function updateSession(
  db: Executor,
  id: string,
  values: Partial<typeof meetingSessions.$inferInsert>,
) {
  await db
    .update(meetingSessions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(meetingSessions.id, id));
}

export async function deleteSession(db: Executor, id: string) {
  // Sessions that counted this one as met forget it (the foreign key sets null).
  await db.delete(meetingSessions).where(eq(meetingSessions.id, id));
}

// ---------- people ----------

export const personColumns = {
  id: participants.id,
  firstName: persons.firstName,
  lastName: persons.lastName,
  email: persons.email,
  organisation: persons.organisation,
};
export type PersonRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  organisation: string | null;
};

/** Who takes part in a session: every participant of the project, or those of its roles or groups. */
export function audienceCondition(session: Pick<SessionRow, 'roleIds' | 'groupIds'>): SQL | undefined {
  const parts: SQL[] = [];
  if (session.roleIds.length) parts.push(inArray(participants.roleId, session.roleIds));
  if (session.groupIds.length) {
    parts.push(
      sql`exists (select 1 from ${participantGroups} where ${participantGroups.participantId} = ${participants.id} and ${inArray(participantGroups.groupId, session.groupIds)})`,
    );
  }
  return parts.length ? or(...parts) : undefined;
}

/** The session's participants, by name. */
export async function sessionPeople(
  db: Executor,
  session: Pick<SessionRow, 'projectId' | 'roleIds' | 'groupIds'>,
  q?: string,
  limit?: number,
): Promise<PersonRow[]> {
  const query = db
    .select(personColumns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(
      and(
        eq(participants.projectId, session.projectId),
        audienceCondition(session),
        searchCondition(q, [persons.firstName, persons.lastName, persons.email, persons.organisation]),
      ),
    )
    .orderBy(asc(humanOrder(persons.lastName)), asc(humanOrder(persons.firstName)), asc(participants.id));
  return limit ? query.limit(limit) : query;
}

/** Participants of the project among these ids (any audience), with their names. */
export async function projectPeople(db: Executor, projectId: string, ids: string[]): Promise<PersonRow[]> {
  if (!ids.length) return [];
  return db
    .select(personColumns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(eq(participants.projectId, projectId), inArray(participants.id, ids)));
}

/** The project's participants by lower-case e-mail (the import's keys). */
export async function peopleByEmail(db: Executor, projectId: string, emails: string[]) {
  if (!emails.length) return new Map<string, PersonRow>();
  const rows = await db
    .select(personColumns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(eq(participants.projectId, projectId), inArray(sql`lower(${persons.email})`, emails)));
  return new Map(rows.map((r) => [r.email.toLowerCase(), r]));
}

/** Caps set for single people of the session (others have the session's default). */
export async function capsOf(db: Executor, sessionId: string) {
  const rows = await db
    .select({ participantId: meetingCaps.participantId, cap: meetingCaps.cap })
    .from(meetingCaps)
    .where(eq(meetingCaps.sessionId, sessionId));
  return new Map(rows.map((r) => [r.participantId, r.cap]));
}

export async function setCap(
  db: Executor,
  owner: { companyId: string; projectId: string; sessionId: string },
  participantId: string,
  cap: number | null,
) {
  await db
    .delete(meetingCaps)
    .where(and(eq(meetingCaps.sessionId, owner.sessionId), eq(meetingCaps.participantId, participantId)));
  if (cap !== null) await db.insert(meetingCaps).values({ ...owner, participantId, cap });
}
