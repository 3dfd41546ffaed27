import { and, asc, count, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import {
  groupCategories,
  groups,
  participantGroups,
  participants,
  personSearchText,
  persons,
  projects,
  roles,
} from '../../db/schema';

/** Every query is scoped to one company and one project: another's row is simply not found. */
export interface Scope {
  companyId: string;
  projectId: string;
}

export type NameValues = { nameFr: string; nameEn: string };

export async function projectExists(db: Executor, scope: Scope) {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, scope.companyId), eq(projects.id, scope.projectId)));
  return !!row;
}

// ---------- categories ----------

const inCategoryScope = (scope: Scope) =>
  and(eq(groupCategories.companyId, scope.companyId), eq(groupCategories.projectId, scope.projectId));

export async function listCategories(db: Executor, scope: Scope) {
  return db
    .select({
      id: groupCategories.id,
      nameFr: groupCategories.nameFr,
      nameEn: groupCategories.nameEn,
      position: groupCategories.position,
    })
    .from(groupCategories)
    .where(inCategoryScope(scope))
    .orderBy(asc(groupCategories.position), asc(groupCategories.createdAt), asc(groupCategories.id));
}

export async function findCategory(db: Executor, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: groupCategories.id, nameFr: groupCategories.nameFr, nameEn: groupCategories.nameEn })
    .from(groupCategories)
    .where(and(inCategoryScope(scope), eq(groupCategories.id, id)));
  return row;
}

export async function insertCategory(db: Executor, scope: Scope, name: NameValues) {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${groupCategories.position}), -1)::int + 1` })
    .from(groupCategories)
    .where(inCategoryScope(scope));
  const [row] = await db
    .insert(groupCategories)
    .values({ ...scope, ...name, position: next })
    .returning({ id: groupCategories.id });
  return row.id;
}

export async function updateCategory(db: Executor, scope: Scope, id: string, name: NameValues) {
  await db
    .update(groupCategories)
    .set({ ...name, updatedAt: new Date() })
    .where(and(inCategoryScope(scope), eq(groupCategories.id, id)));
}

export async function deleteCategory(db: Executor, scope: Scope, id: string) {
  await db.delete(groupCategories).where(and(inCategoryScope(scope), eq(groupCategories.id, id)));
}

export async function placeCategories(db: Executor, scope: Scope, rows: { id: string; position: number }[]) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${groupCategories} set position = v.position
    from (values ${values}) as v(id, position)
    where ${groupCategories}.id = v.id and ${groupCategories}.company_id = ${scope.companyId}
      and ${groupCategories}.project_id = ${scope.projectId}`);
}

// ---------- groups ----------

const inGroupScope = (scope: Scope) =>
  and(eq(groups.companyId, scope.companyId), eq(groups.projectId, scope.projectId));

const memberCount = sql<number>`(select count(*)::int from ${participantGroups} where ${participantGroups}.group_id = ${groups}.id)`;

const groupColumns = {
  id: groups.id,
  categoryId: groups.categoryId,
  nameFr: groups.nameFr,
  nameEn: groups.nameEn,
  position: groups.position,
  memberCount,
};

export type GroupRow = {
  id: string;
  categoryId: string;
  nameFr: string;
  nameEn: string;
  memberCount: number;
};

/** The groups of the project, in their stored order within each category. */
export async function listGroups(db: Executor, scope: Scope): Promise<GroupRow[]> {
  return db
    .select(groupColumns)
    .from(groups)
    .where(inGroupScope(scope))
    .orderBy(asc(groups.position), asc(groups.createdAt), asc(groups.id));
}

export async function findGroup(db: Executor, scope: Scope, id: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .where(and(inGroupScope(scope), eq(groups.id, id)));
  return row;
}

export async function countGroupsInCategory(db: Executor, scope: Scope, categoryId: string) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(groups)
    .where(and(inGroupScope(scope), eq(groups.categoryId, categoryId)));
  return n;
}

async function nextGroupPosition(db: Executor, scope: Scope, categoryId: string) {
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${groups.position}), -1)::int + 1` })
    .from(groups)
    .where(and(inGroupScope(scope), eq(groups.categoryId, categoryId)));
  return next;
}

export async function insertGroup(db: Executor, scope: Scope, categoryId: string, name: NameValues) {
  const position = await nextGroupPosition(db, scope, categoryId);
  const [row] = await db
    .insert(groups)
    .values({ ...scope, categoryId, ...name, position })
    .returning({ id: groups.id });
  return row.id;
}

/** Renames a group; moved to another category, it goes to that category's end. */
export async function updateGroup(
  db: Executor,
  scope: Scope,
  id: string,
  values: NameValues & { categoryId: string; moved: boolean },
) {
  const { moved, ...rest } = values;
  const position = moved ? await nextGroupPosition(db, scope, values.categoryId) : undefined;
  await db
    .update(groups)
    .set({ ...rest, ...(position === undefined ? {} : { position }), updatedAt: new Date() })
    .where(and(inGroupScope(scope), eq(groups.id, id)));
}

export async function deleteGroup(db: Executor, scope: Scope, id: string) {
  await db.delete(groups).where(and(inGroupScope(scope), eq(groups.id, id)));
}

export async function placeGroups(
  db: Executor,
  scope: Scope,
  rows: { id: string; categoryId: string; position: number }[],
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.categoryId}::uuid, ${r.position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${groups} set category_id = v.category_id, position = v.position
    from (values ${values}) as v(id, category_id, position)
    where ${groups}.id = v.id and ${groups}.company_id = ${scope.companyId}
      and ${groups}.project_id = ${scope.projectId}`);
}

// ---------- members: participants ⋈ persons ⋈ roles ----------

const memberColumns = {
  participantId: participants.id,
  firstName: persons.firstName,
  lastName: persons.lastName,
  email: persons.email,
  roleFr: roles.nameFr,
  roleEn: roles.nameEn,
};

export type MemberRow = {
  participantId: string;
  firstName: string;
  lastName: string;
  email: string;
  roleFr: string;
  roleEn: string;
};

const inParticipantScope = (scope: Scope) =>
  and(
    eq(participants.companyId, scope.companyId),
    eq(participants.projectId, scope.projectId),
    eq(persons.companyId, scope.companyId),
  );

const participantsWithPersonAndRole = (db: Executor) =>
  db
    .select(memberColumns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId));

const isMemberOf = (groupId: string) =>
  sql`exists (select 1 from ${participantGroups} where ${participantGroups}.group_id = ${groupId}
    and ${participantGroups}.participant_id = ${participants}.id)`;

/** The participant list's search (names, e-mail, organisation), on the expression its trigram index serves. */
const personSearch = (q: string | undefined) => searchCondition(q, [personSearchText(persons)]);

export async function listMembers(
  db: Executor,
  scope: Scope,
  groupId: string,
  params: ListParams & { language: 'fr' | 'en' },
) {
  const where = and(inParticipantScope(scope), isMemberOf(groupId), personSearch(params.q));
  const roleName = params.language === 'en' ? roles.nameEn : roles.nameFr;
  const name = sql`${humanOrder(persons.lastName)}, ${humanOrder(persons.firstName)}`;
  const order: SQL[] = orderBy(
    params,
    { name: humanOrder(persons.lastName), email: persons.email, role: humanOrder(roleName) },
    [asc(name)],
    participants.id,
  );
  return listPage<MemberRow>(
    params,
    ({ limit, offset }) =>
      participantsWithPersonAndRole(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => {
      const [{ n }] = await db
        .select({ n: count() })
        .from(participants)
        .innerJoin(persons, eq(persons.id, participants.personId))
        .where(where);
      return n;
    },
  );
}

/** Participants of the project not in the group yet, found by name or e-mail. */
export async function listCandidates(db: Executor, scope: Scope, groupId: string, q: string | undefined) {
  return participantsWithPersonAndRole(db)
    .where(
      and(
        inParticipantScope(scope),
        notExists(
          db
            .select({ one: sql`1` })
            .from(participantGroups)
            .where(
              and(
                eq(participantGroups.groupId, groupId),
                eq(participantGroups.participantId, participants.id),
              ),
            ),
        ),
        personSearch(q),
      ),
    )
    .orderBy(humanOrder(persons.lastName), humanOrder(persons.firstName), asc(participants.id))
    .limit(20);
}

/** Which of these ids are participants of the project. */
export async function findParticipantIds(db: Executor, scope: Scope, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.companyId, scope.companyId),
        eq(participants.projectId, scope.projectId),
        inArray(participants.id, ids),
      ),
    );
  return rows.map((r) => r.id);
}

/** The participants of the project whose e-mail (any case) is one of these (given in lower case). */
export async function findParticipantsByEmails(db: Executor, scope: Scope, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({ id: participants.id, email: sql<string>`lower(${persons.email})` })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(inParticipantScope(scope), inArray(sql`lower(${persons.email})`, emails)));
}

/** Adds participants to a group; those already in it are left as they are. Answers the ids of those who joined. */
export async function addMembers(db: Executor, groupId: string, participantIds: string[]) {
  if (participantIds.length === 0) return [];
  const inserted = await db
    .insert(participantGroups)
    .values(participantIds.map((participantId) => ({ participantId, groupId })))
    .onConflictDoNothing()
    .returning({ participantId: participantGroups.participantId });
  return inserted.map((row) => row.participantId);
}

export async function removeMember(db: Executor, groupId: string, participantId: string) {
  const deleted = await db
    .delete(participantGroups)
    .where(and(eq(participantGroups.groupId, groupId), eq(participantGroups.participantId, participantId)))
    .returning({ participantId: participantGroups.participantId });
  return deleted.length;
}
