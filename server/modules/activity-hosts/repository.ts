import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activities, activityHosts, participants, persons, projects } from '../../db/schema';

/** V5: the only SQL of activity hosts; every query is scoped by company and project. */

const hostColumns = {
  id: activityHosts.id,
  email: activityHosts.email,
  firstName: activityHosts.firstName,
  lastName: activityHosts.lastName,
  participantId: activityHosts.participantId,
  createdAt: activityHosts.createdAt,
};
export type HostRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  participantId: string | null;
  createdAt: Date;
};

const hostScope = (companyId: string, projectId: string, activityId: string) =>
  and(
    eq(activityHosts.companyId, companyId),
    eq(activityHosts.projectId, projectId),
    eq(activityHosts.activityId, activityId),
  );

/**
 * The activity of this project and company, locked until the transaction ends: two additions or edits of hosts of
 * the same activity take turns, so the unique e-mail is checked before the index would refuse it.
 */
export async function lockActivity(db: Executor, companyId: string, projectId: string, activityId: string) {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, companyId),
        eq(activities.projectId, projectId),
        eq(activities.id, activityId),
      ),
    )
    .for('update');
  return rows.length > 0;
}

export async function listHosts(db: Executor, companyId: string, projectId: string, activityId: string) {
  return db
    .select(hostColumns)
    .from(activityHosts)
    .where(hostScope(companyId, projectId, activityId))
    .orderBy(
      sql`${activityHosts.lastName} collate "und-x-icu"`,
      sql`${activityHosts.firstName} collate "und-x-icu"`,
      asc(activityHosts.id),
    );
}

export async function findHost(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
  hostId: string,
): Promise<HostRow | undefined> {
  const [row] = await db
    .select(hostColumns)
    .from(activityHosts)
    .where(and(hostScope(companyId, projectId, activityId), eq(activityHosts.id, hostId)));
  return row;
}

/** Whether another host of the activity has this e-mail (case ignored, as the unique index compares). */
export async function emailTaken(db: Executor, activityId: string, email: string, exceptId?: string) {
  const rows = await db
    .select({ id: activityHosts.id })
    .from(activityHosts)
    .where(
      and(
        eq(activityHosts.activityId, activityId),
        sql`lower(${activityHosts.email}) = lower(${email})`,
        exceptId ? ne(activityHosts.id, exceptId) : undefined,
      ),
    );
  return rows.length > 0;
}

/** The participant of the project whose person has this e-mail, if any. */
export async function findParticipantByEmail(
  db: Executor,
  companyId: string,
  projectId: string,
  email: string,
) {
  const [row] = await db
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(
      and(
        eq(participants.companyId, companyId),
        eq(participants.projectId, projectId),
        sql`lower(${persons.email}) = lower(${email})`,
      ),
    );
  return row?.id ?? null;
}

/** The person of the company with this e-mail (the spec's EntityFirstName, EntityName), if any. */
export async function findPersonByEmail(db: Executor, companyId: string, email: string) {
  const [row] = await db
    .select({ firstName: persons.firstName, lastName: persons.lastName, language: persons.language })
    .from(persons)
    .where(and(eq(persons.companyId, companyId), sql`lower(${persons.email}) = lower(${email})`));
  return row;
}

export interface HostFields {
  email: string;
  firstName: string;
  lastName: string;
  participantId: string | null;
}

export async function insertHost(
  db: Executor,
  scope: { companyId: string; projectId: string; activityId: string },
  fields: HostFields,
) {
  const [row] = await db
    .insert(activityHosts)
    .values({ ...scope, ...fields })
    .returning({ id: activityHosts.id });
  return row.id;
}

export async function updateHost(db: Executor, hostId: string, fields: HostFields) {
  await db
    .update(activityHosts)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(activityHosts.id, hostId));
}

export async function deleteHost(db: Executor, hostId: string) {
  await db.delete(activityHosts).where(eq(activityHosts.id, hostId));
}

/** What the host's e-mail tells: the activity with its project's zone, language and names. */
export async function findMailContext(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
) {
  const [row] = await db
    .select({
      titleFr: activities.titleFr,
      titleEn: activities.titleEn,
      noDate: activities.noDate,
      startsAt: activities.startsAt,
      durationMinutes: activities.durationMinutes,
      location: activities.location,
      timeZone: projects.timeZone,
      defaultLanguage: projects.defaultLanguage,
      projectNameFr: projects.nameFr,
      projectNameEn: projects.nameEn,
      projectEmail: projects.projectEmail,
    })
    .from(activities)
    .innerJoin(projects, eq(projects.id, activities.projectId))
    .where(
      and(
        eq(activities.companyId, companyId),
        eq(activities.projectId, projectId),
        eq(activities.id, activityId),
      ),
    );
  return row;
}
