import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Language, ListParams } from '../../../contracts/http';
import type { ParticipantStatus } from '../../../contracts/participants';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import {
  groups,
  participantGroups,
  participants,
  persons,
  profileFields,
  projects,
  roles,
} from '../../db/schema';

export type ParticipantListParams = ListParams & {
  roleId?: string;
  groupId?: string;
  status?: ParticipantStatus;
  language: Language;
};

export type PersonRow = typeof persons.$inferSelect;
export type PersonFields = Pick<
  typeof persons.$inferInsert,
  'email' | 'firstName' | 'lastName' | 'organisation' | 'jobTitle' | 'phone' | 'phonePro' | 'language'
>;

const rowColumns = {
  id: participants.id,
  personId: participants.personId,
  roleId: participants.roleId,
  status: participants.status,
  profile: participants.profile,
  inscriptionSentAt: participants.inscriptionSentAt,
  createdAt: participants.createdAt,
  updatedAt: participants.updatedAt,
  firstName: persons.firstName,
  lastName: persons.lastName,
  email: persons.email,
  organisation: persons.organisation,
  jobTitle: persons.jobTitle,
  phone: persons.phone,
  phonePro: persons.phonePro,
  language: persons.language,
  roleNameFr: roles.nameFr,
  roleNameEn: roles.nameEn,
};

/** The participants of one project of one company, with their person and role. */
function scoped(companyId: string, projectId: string) {
  return and(eq(participants.companyId, companyId), eq(participants.projectId, projectId));
}

function baseSelect(db: Executor) {
  return db
    .select(rowColumns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId));
}

export async function findProject(db: Executor, companyId: string, projectId: string) {
  const [row] = await db
    .select({
      id: projects.id,
      nameFr: projects.nameFr,
      nameEn: projects.nameEn,
      startsOn: projects.startsOn,
      endsOn: projects.endsOn,
      timeZone: projects.timeZone,
      projectEmail: projects.projectEmail,
      supportEmail: projects.supportEmail,
    })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row;
}

export async function findParticipant(db: Executor, companyId: string, projectId: string, id: string) {
  const [row] = await baseSelect(db).where(and(scoped(companyId, projectId), eq(participants.id, id)));
  return row;
}
export type ParticipantRow = NonNullable<Awaited<ReturnType<typeof findParticipant>>>;

function listWhere(companyId: string, projectId: string, params: ParticipantListParams) {
  return and(
    scoped(companyId, projectId),
    params.roleId ? eq(participants.roleId, params.roleId) : undefined,
    params.status ? eq(participants.status, params.status) : undefined,
    params.groupId
      ? sql`exists (select 1 from ${participantGroups} where ${participantGroups.participantId} = ${participants.id} and ${participantGroups.groupId} = ${params.groupId})`
      : undefined,
    searchCondition(params.q, [persons.firstName, persons.lastName, persons.email, persons.organisation]),
  );
}

function listOrder(params: ParticipantListParams): SQL[] {
  const roleName = params.language === 'en' ? roles.nameEn : roles.nameFr;
  return orderBy(
    params,
    {
      lastName: humanOrder(persons.lastName),
      firstName: humanOrder(persons.firstName),
      email: persons.email,
      organisation: humanOrder(sql`coalesce(${persons.organisation}, '')`),
      role: humanOrder(roleName),
      createdAt: participants.createdAt,
    },
    [asc(humanOrder(persons.lastName)), asc(humanOrder(persons.firstName))],
    participants.id,
  );
}

export async function listParticipants(
  db: Executor,
  companyId: string,
  projectId: string,
  params: ParticipantListParams,
) {
  const where = listWhere(companyId, projectId, params);
  return listPage(
    params,
    ({ limit, offset }) =>
      baseSelect(db)
        .where(where)
        .orderBy(...listOrder(params))
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(participants)
          .innerJoin(persons, eq(persons.id, participants.personId))
          .where(where)
      )[0].n,
  );
}

/** The groups of some participants (one page of the list), in the groups' order. */
export async function listGroupsOf(db: Executor, participantIds: string[]) {
  if (!participantIds.length) return [];
  return db
    .select({
      participantId: participantGroups.participantId,
      id: groups.id,
      nameFr: groups.nameFr,
      nameEn: groups.nameEn,
    })
    .from(participantGroups)
    .innerJoin(groups, eq(groups.id, participantGroups.groupId))
    .where(inArray(participantGroups.participantId, participantIds))
    .orderBy(asc(groups.position), asc(groups.id));
}

// ---------- what the form offers ----------

export async function listRoles(db: Executor, projectId: string) {
  return db
    .select({ id: roles.id, nameFr: roles.nameFr, nameEn: roles.nameEn })
    .from(roles)
    .where(eq(roles.projectId, projectId))
    .orderBy(asc(roles.position), asc(roles.id));
}

export async function listGroups(db: Executor, projectId: string) {
  return db
    .select({ id: groups.id, nameFr: groups.nameFr, nameEn: groups.nameEn })
    .from(groups)
    .where(eq(groups.projectId, projectId))
    .orderBy(asc(groups.position), asc(groups.id));
}

/** The organiser's own profile fields that are active (standard fields are columns of persons). */
export async function listOwnProfileFields(db: Executor, projectId: string) {
  return db
    .select()
    .from(profileFields)
    .where(
      and(
        eq(profileFields.projectId, projectId),
        isNull(profileFields.standardKey),
        eq(profileFields.isActive, true),
      ),
    )
    .orderBy(asc(profileFields.position), asc(profileFields.id));
}

export async function findRole(db: Executor, projectId: string, roleId: string) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.projectId, projectId), eq(roles.id, roleId)));
  return row;
}

export async function findGroup(db: Executor, projectId: string, groupId: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.projectId, projectId), eq(groups.id, groupId)));
  return row;
}

// ---------- persons ----------

/** The person of the company known by this e-mail (case ignored). */
export async function findPersonByEmail(db: Executor, companyId: string, email: string) {
  const [row] = await db
    .select()
    .from(persons)
    .where(and(eq(persons.companyId, companyId), eq(sql`lower(${persons.email})`, email.toLowerCase())));
  return row;
}

export async function insertPerson(db: Executor, companyId: string, fields: PersonFields) {
  const [row] = await db
    .insert(persons)
    .values({ ...fields, companyId })
    .returning();
  return row;
}

export async function updatePerson(
  db: Executor,
  companyId: string,
  id: string,
  fields: Partial<PersonFields>,
) {
  await db
    .update(persons)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(persons.companyId, companyId), eq(persons.id, id)));
}

/** Another person of the company already uses this e-mail. */
export async function emailTakenByOther(db: Executor, companyId: string, personId: string, email: string) {
  const [row] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(
      and(
        eq(persons.companyId, companyId),
        ne(persons.id, personId),
        eq(sql`lower(${persons.email})`, email.toLowerCase()),
      ),
    );
  return Boolean(row);
}

// ---------- participants ----------

export async function isRegistered(db: Executor, projectId: string, personId: string) {
  const [row] = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(eq(participants.projectId, projectId), eq(participants.personId, personId)));
  return Boolean(row);
}

export async function insertParticipant(db: Executor, row: typeof participants.$inferInsert) {
  const [created] = await db.insert(participants).values(row).returning({ id: participants.id });
  return created;
}

export async function updateParticipantRow(
  db: Executor,
  companyId: string,
  projectId: string,
  id: string,
  patch: Partial<
    Pick<typeof participants.$inferInsert, 'roleId' | 'status' | 'profile' | 'inscriptionSentAt'>
  >,
) {
  const [row] = await db
    .update(participants)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(scoped(companyId, projectId), eq(participants.id, id)))
    .returning({ id: participants.id });
  return row;
}

/** Ids of another project or company are simply not counted. */
export async function deleteParticipants(db: Executor, companyId: string, projectId: string, ids: string[]) {
  const deleted = await db
    .delete(participants)
    .where(and(scoped(companyId, projectId), inArray(participants.id, ids)))
    .returning({ id: participants.id });
  return deleted.length;
}

/** Puts the project's participants among `ids` in the group; those already in it are left as they are. */
export async function addToGroup(
  db: Executor,
  companyId: string,
  projectId: string,
  ids: string[],
  groupId: string,
) {
  const found = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(scoped(companyId, projectId), inArray(participants.id, ids)));
  if (!found.length) return 0;
  const added = await db
    .insert(participantGroups)
    .values(found.map((p) => ({ participantId: p.id, groupId })))
    .onConflictDoNothing()
    .returning({ id: participantGroups.participantId });
  return added.length;
}
