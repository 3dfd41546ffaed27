import { and, asc, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Language, ListParams } from '../../../contracts/http';
import type { ParticipantStatus } from '../../../contracts/participants';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { listPage, searchCondition } from '../../db/list';
import {
  files,
  groups,
  mailMessages,
  participantGroups,
  participants,
  personSearchText,
  persons,
  profileFields,
  projects,
  roles,
} from '../../db/schema';
import { listOrder } from './list-order';

export * from './list-order';
export * from './persons-repository';

export type ParticipantListParams = ListParams & {
  roleId?: string;
  groupId?: string;
  status?: ParticipantStatus;
  language: Language;
};

/** The columns of a list row (the list's page, the exports' batches, the report's page). */
export const rowColumns = {
  id: participants.id,
  personId: participants.personId,
  roleId: participants.roleId,
  status: participants.status,
  profile: participants.profile,
  inscriptionSentAt: participants.inscriptionSentAt,
  createdAt: participants.createdAt,
  updatedAt: participants.updatedAt,
  version: participants.version,
  firstName: persons.firstName,
  lastName: persons.lastName,
  email: persons.email,
  organisation: persons.organisation,
  jobTitle: persons.jobTitle,
  phone: persons.phone,
  phonePro: persons.phonePro,
  language: persons.language,
  pictureFileId: persons.pictureFileId,
  cvFileId: persons.cvFileId,
  cvName: sql<
    string | null
  >`(select ${files.originalName} from ${files} where ${files.id} = ${persons.cvFileId})`,
  videoUrl: persons.videoUrl,
  roleNameFr: roles.nameFr,
  roleNameEn: roles.nameEn,
};

/** The participants of one project of one company, with their person and role. */
function scoped(companyId: string, projectId: string) {
  return and(eq(participants.companyId, companyId), eq(participants.projectId, projectId));
}

export function baseSelect(db: Executor) {
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

/** The list's filters on participants alone: without a search, counting needs no join with persons. */
export function participantFilters(companyId: string, projectId: string, params: ParticipantListParams) {
  return and(
    scoped(companyId, projectId),
    params.roleId ? eq(participants.roleId, params.roleId) : undefined,
    params.status ? eq(participants.status, params.status) : undefined,
    params.groupId
      ? sql`exists (select 1 from ${participantGroups} where ${participantGroups.participantId} = ${participants.id} and ${participantGroups.groupId} = ${params.groupId})`
      : undefined,
  );
}

export function listWhere(companyId: string, projectId: string, params: ParticipantListParams) {
  return and(
    participantFilters(companyId, projectId, params),
    // Always true (a participant's person is of its company), but it lets the planner read the persons in name
    // order through persons_company_names_idx instead of sorting the whole company (100,000 rows: 196 → 10 ms).
    eq(persons.companyId, companyId),
    searchCondition(params.q, [personSearchText(persons)]),
  );
}

/**
 * The list's total, joined with persons only to search them, and whether the project is this company's: the project
 * check rides with the count instead of a statement of its own beside the page and the count (three statements at
 * once on 2 cores slowed the page; the activity list does the same, bench/README.md).
 */
export function listCount(db: Executor, companyId: string, projectId: string, params: ParticipantListParams) {
  const columns = {
    n: count(),
    projectFound: sql<boolean>`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${projects.companyId} = ${companyId})`,
  };
  if (!params.q?.trim()) {
    return db
      .select(columns)
      .from(participants)
      .where(participantFilters(companyId, projectId, params));
  }
  return db
    .select(columns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(listWhere(companyId, projectId, params));
}

/** A page of the list, with its total; `projectFound` false when the project is not this company's. */
export async function listParticipants(
  db: Executor,
  companyId: string,
  projectId: string,
  params: ParticipantListParams,
) {
  let projectFound = false;
  const page = await pageOfParticipants(db, params, listWhere(companyId, projectId, params), async () => {
    const [row] = await listCount(db, companyId, projectId, params);
    projectFound = row.projectFound;
    return row.n;
  });
  return { ...page, projectFound };
}

/** A page of the participants matching `where` in the list's order, with `count` run beside it (the report's too). */
export function pageOfParticipants(
  db: Executor,
  params: ParticipantListParams,
  where: SQL | undefined,
  count: () => Promise<number>,
) {
  return listPage(
    params,
    ({ limit, offset }) =>
      baseSelect(db)
        .where(where)
        .orderBy(...listOrder(params))
        .limit(limit)
        .offset(offset),
    count,
  );
}

/**
 * U1 export: the rows of the list (same filters and sort), every one of them, read in batches so that 100,000
 * participants never sit in memory at once.
 */
export async function* exportParticipants(
  db: Executor,
  companyId: string,
  projectId: string,
  params: Omit<ParticipantListParams, 'page' | 'pageSize'>,
  batchSize = 1000,
) {
  const listParams = { ...params, page: 1, pageSize: batchSize };
  yield* rowBatches(db, listWhere(companyId, projectId, listParams), listOrder(listParams), batchSize);
}

/**
 * The rows of a `where` in this order, `batchSize` at a time (the exports: the list's, the report's). The ids come
 * first, in order, in one statement (100,000 ids: a few MB); then each batch's rows by id. Pages by OFFSET would
 * sort and skip everything before each batch again: quadratic in the rows (PF3, issue 21).
 */
export async function* rowBatches(db: Executor, where: SQL | undefined, order: SQL[], batchSize: number) {
  const ordered = await db
    .select({ id: participants.id })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId))
    .where(where)
    .orderBy(...order);
  for (let at = 0; at < ordered.length; at += batchSize) {
    const ids = ordered.slice(at, at + batchSize).map((r) => r.id);
    const rows = await baseSelect(db).where(anyOf(participants.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // A row deleted since the ids were read is left out.
    const batch = ids.flatMap((id) => byId.get(id) ?? []);
    if (batch.length) yield batch;
  }
}

/** U1 info window: the outbox messages sent to this address in this project, newest first. */
export async function listEmailsTo(db: Executor, companyId: string, projectId: string, email: string) {
  return db
    .select({
      id: mailMessages.id,
      kind: mailMessages.kind,
      subject: mailMessages.subject,
      status: mailMessages.status,
      createdAt: mailMessages.createdAt,
      sentAt: mailMessages.sentAt,
    })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.companyId, companyId),
        eq(mailMessages.projectId, projectId),
        eq(sql`lower(${mailMessages.toEmail})`, email.toLowerCase()),
      ),
    )
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(200);
}

/** The groups of some participants (one page of the list), in the groups' order. */
/** The statement of the groups of these participants, in the groups' order (the list's and the export's). */
export function groupsOfQuery(db: Executor, participantIds: string[]) {
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

export async function listGroupsOf(db: Executor, participantIds: string[]) {
  if (!participantIds.length) return [];
  return groupsOfQuery(db, participantIds);
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

/** Of these ids, those that are groups of the project. */
export async function findGroups(db: Executor, projectId: string, groupIds: string[]) {
  if (!groupIds.length) return [];
  return db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.projectId, projectId), inArray(groups.id, groupIds)));
}

/**
 * The participant's groups become exactly these (groups of the project, checked by the caller). Answers the groups
 * they joined and those they left.
 */
export async function setGroupsOf(db: Executor, participantId: string, groupIds: string[]) {
  const left = await db
    .delete(participantGroups)
    .where(
      and(
        eq(participantGroups.participantId, participantId),
        groupIds.length ? notInArray(participantGroups.groupId, groupIds) : undefined,
      ),
    )
    .returning({ groupId: participantGroups.groupId });
  const joined = groupIds.length
    ? await db
        .insert(participantGroups)
        .values(groupIds.map((groupId) => ({ participantId, groupId })))
        .onConflictDoNothing()
        .returning({ groupId: participantGroups.groupId })
    : [];
  return { joined: joined.map((row) => row.groupId), left: left.map((row) => row.groupId) };
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

/** Puts the project's participants among `ids` in the group; those already in it are left as they are. Answers who joined. */
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
  if (!found.length) return [];
  const added = await db
    .insert(participantGroups)
    .values(found.map((p) => ({ participantId: p.id, groupId })))
    .onConflictDoNothing()
    .returning({ id: participantGroups.participantId });
  return added.map((row) => row.id);
}

/** A participant as the in / out lists of an activity or a match group show it (with its role). */
export const candidateColumns = {
  participantId: participants.id,
  firstName: persons.firstName,
  lastName: persons.lastName,
  email: persons.email,
  organisation: persons.organisation,
  roleFr: roles.nameFr,
  roleEn: roles.nameEn,
};

export type CandidateRow = {
  participantId: string;
  firstName: string;
  lastName: string;
  email: string;
  organisation: string | null;
  roleFr: string;
  roleEn: string;
};
