import { and, asc, count, eq, gte, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Language } from '../../../contracts/http';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { humanOrder } from '../../db/list';
import {
  activities,
  activityCategories,
  activityHosts,
  activityMembers,
  calendarFeeds,
  participants,
  persons,
} from '../../db/schema';

/** The activities of one project of one company. */
const scoped = (companyId: string, projectId: string) =>
  and(eq(activities.companyId, companyId), eq(activities.projectId, projectId));

const dated = and(eq(activities.noDate, false), isNotNull(activities.startsAt));
const endsAt = sql`(${activities.startsAt} + ${activities.durationMinutes} * interval '1 minute')`;

export type CalendarRow = {
  id: string;
  titleFr: string;
  titleEn: string;
  type: string;
  sectionId: string | null;
  sectionNameFr: string | null;
  sectionNameEn: string | null;
  location: string | null;
  /** Never null here: only dated activities are read. */
  startsAt: Date | null;
  durationMinutes: number;
  backgroundColor: string | null;
  updatedAt: Date;
};

const calendarColumns = {
  id: activities.id,
  titleFr: activities.titleFr,
  titleEn: activities.titleEn,
  type: activities.type,
  sectionId: activities.sectionId,
  sectionNameFr: activityCategories.nameFr,
  sectionNameEn: activityCategories.nameEn,
  location: activities.location,
  startsAt: activities.startsAt,
  durationMinutes: activities.durationMinutes,
  backgroundColor: activities.backgroundColor,
  updatedAt: activities.updatedAt,
};

/** The dated activities that overlap [from, to): started before `to`, not ended before `from`; by start. */
export async function listDatedBetween(
  db: Executor,
  companyId: string,
  projectId: string,
  from: Date,
  to: Date,
): Promise<CalendarRow[]> {
  return db
    .select(calendarColumns)
    .from(activities)
    .leftJoin(activityCategories, eq(activityCategories.id, activities.sectionId))
    .where(
      and(
        scoped(companyId, projectId),
        dated,
        lt(activities.startsAt, to),
        // An activity of no duration at `from` is shown; one that ends exactly at `from` is not.
        or(sql`${endsAt} > ${from}`, gte(activities.startsAt, from)),
      ),
    )
    .orderBy(asc(activities.startsAt), asc(activities.id));
}

/** The activities without date (the first `limit`, by title in the reader's language) and their number. */
export async function listUndated(
  db: Executor,
  companyId: string,
  projectId: string,
  language: Language,
  limit: number,
) {
  const where = and(
    scoped(companyId, projectId),
    or(eq(activities.noDate, true), sql`${activities.startsAt} is null`),
  );
  const title = language === 'en' ? activities.titleEn : activities.titleFr;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: activities.id,
        titleFr: activities.titleFr,
        titleEn: activities.titleEn,
        type: activities.type,
      })
      .from(activities)
      .where(where)
      .orderBy(asc(humanOrder(title)), asc(activities.id))
      .limit(limit),
    db.select({ n: count() }).from(activities).where(where),
  ]);
  return { items, total: total.n };
}

/** Every dated activity of the project (its feed), by start. */
export async function listDated(db: Executor, projectId: string): Promise<CalendarRow[]> {
  return db
    .select(calendarColumns)
    .from(activities)
    .leftJoin(activityCategories, eq(activityCategories.id, activities.sectionId))
    .where(and(eq(activities.projectId, projectId), dated))
    .orderBy(asc(activities.startsAt), asc(activities.id));
}

/** The dated activities a participant is inscribed in (activity_members) or hosts (activity_hosts), by start. */
export async function listDatedOfParticipant(
  db: Executor,
  projectId: string,
  participantId: string,
): Promise<CalendarRow[]> {
  const inscribed = sql`exists (select 1 from ${activityMembers} where ${activityMembers.activityId} = ${activities.id} and ${activityMembers.participantId} = ${participantId})`;
  const hosting = sql`exists (select 1 from ${activityHosts} where ${activityHosts.activityId} = ${activities.id} and ${activityHosts.participantId} = ${participantId})`;
  return db
    .select(calendarColumns)
    .from(activities)
    .leftJoin(activityCategories, eq(activityCategories.id, activities.sectionId))
    .where(and(eq(activities.projectId, projectId), dated, or(inscribed, hosting)))
    .orderBy(asc(activities.startsAt), asc(activities.id));
}

/**
 * `listDatedOfParticipant` for many participants at once (e-mails to a list): one row per participant and activity
 * (inscribed or hosting, once even when both), by participant then start.
 */
export async function listDatedOfParticipants(
  db: Executor,
  projectId: string,
  participantIds: readonly string[],
): Promise<(CalendarRow & { participantId: string })[]> {
  const theirs = db
    .select({
      activityId: activityMembers.activityId,
      participantId: sql<string>`${activityMembers.participantId}`.as('participant_id'),
    })
    .from(activityMembers)
    .where(anyOf(activityMembers.participantId, participantIds))
    .union(
      db
        .select({
          activityId: activityHosts.activityId,
          participantId: sql<string>`${activityHosts.participantId}`.as('participant_id'),
        })
        .from(activityHosts)
        .where(anyOf(activityHosts.participantId, participantIds)),
    )
    .as('theirs');
  return db
    .select({ ...calendarColumns, participantId: theirs.participantId })
    .from(activities)
    .innerJoin(theirs, eq(theirs.activityId, activities.id))
    .leftJoin(activityCategories, eq(activityCategories.id, activities.sectionId))
    .where(and(eq(activities.projectId, projectId), dated))
    .orderBy(asc(theirs.participantId), asc(activities.startsAt), asc(activities.id));
}

/** A participant of this project of this company, with the person's name and language, or undefined. */
export async function findParticipant(db: Executor, companyId: string, projectId: string, id: string) {
  const [row] = await participantsWhere(db, companyId, projectId, eq(participants.id, id));
  return row;
}

/** `findParticipant` for many at once (e-mails to a list), with their e-mail address; those of the project only. */
export async function findParticipants(
  db: Executor,
  companyId: string,
  projectId: string,
  ids: readonly string[],
) {
  return participantsWhere(db, companyId, projectId, anyOf(participants.id, ids));
}

function participantsWhere(db: Executor, companyId: string, projectId: string, which: SQL) {
  return db
    .select({
      id: participants.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      language: persons.language,
      email: persons.email,
    })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(eq(participants.companyId, companyId), eq(participants.projectId, projectId), which));
}

// ---------- feeds ----------

const ownerOf = (projectId: string, participantId: string | null) =>
  and(
    eq(calendarFeeds.projectId, projectId),
    participantId === null
      ? sql`${calendarFeeds.participantId} is null`
      : eq(calendarFeeds.participantId, participantId),
  );

/** The feed of the project (participantId null) or of one participant, or undefined. */
export async function findFeed(db: Executor, projectId: string, participantId: string | null) {
  const [row] = await db
    .select({ token: calendarFeeds.token, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(ownerOf(projectId, participantId));
  return row;
}

/** Gives the owner's feed this token, replacing the one it had (in one statement: two at once never collide). */
export async function saveFeedToken(
  db: Executor,
  owner: { companyId: string; projectId: string; participantId: string | null },
  token: string,
  now: Date,
) {
  await db.execute(sql`
    insert into ${calendarFeeds} (company_id, project_id, participant_id, token, created_at)
    values (${owner.companyId}, ${owner.projectId}, ${owner.participantId}, ${token}, ${now})
    on conflict (project_id, coalesce(participant_id, '00000000-0000-0000-0000-000000000000'::uuid))
    do update set token = excluded.token, created_at = excluded.created_at`);
}

/** The feeds of these participants of the project (those that have one). */
export async function findFeeds(db: Executor, projectId: string, participantIds: readonly string[]) {
  return db
    .select({ participantId: calendarFeeds.participantId, token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.projectId, projectId), anyOf(calendarFeeds.participantId, participantIds)));
}

/**
 * Gives a feed to each of these participants who has none (in one statement; a feed made meanwhile is kept, never
 * replaced). Returns the feeds written.
 */
export async function insertMissingFeeds(
  db: Executor,
  rows: { companyId: string; projectId: string; participantId: string; token: string; createdAt: Date }[],
) {
  if (rows.length === 0) return [];
  return db
    .insert(calendarFeeds)
    .values(rows)
    .onConflictDoNothing()
    .returning({ participantId: calendarFeeds.participantId, token: calendarFeeds.token });
}

/** The feed a token opens, whatever the company (the token is the only key of the public address). */
export async function findFeedByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      companyId: calendarFeeds.companyId,
      projectId: calendarFeeds.projectId,
      participantId: calendarFeeds.participantId,
    })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.token, token));
  return row;
}
