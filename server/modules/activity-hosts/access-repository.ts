import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AccessKind } from '../../../contracts/activity-access';
import type { Executor } from '../../db/client';
import {
  activities,
  activityAccess,
  activityCategories,
  activityHosts,
  activityMembers,
  groups,
  participants,
  persons,
  roles,
} from '../../db/schema';

/** V2/V4: access rows (groups and roles), inscription figures and members of activities. */

/** Whose access: an activity, or a section or category (one row of activity_categories). */
export type AccessOwner = { activityId: string } | { categoryId: string };

const ownerCondition = (owner: AccessOwner) =>
  'activityId' in owner
    ? eq(activityAccess.activityId, owner.activityId)
    : eq(activityAccess.categoryId, owner.categoryId);

/** The entries of an owner, groups then roles, each in the project's order. */
export async function listAccess(db: Executor, companyId: string, projectId: string, owner: AccessOwner) {
  return db
    .select({
      id: activityAccess.id,
      groupId: activityAccess.groupId,
      roleId: activityAccess.roleId,
      groupNameFr: groups.nameFr,
      groupNameEn: groups.nameEn,
      roleNameFr: roles.nameFr,
      roleNameEn: roles.nameEn,
    })
    .from(activityAccess)
    .leftJoin(groups, eq(groups.id, activityAccess.groupId))
    .leftJoin(roles, eq(roles.id, activityAccess.roleId))
    .where(
      and(
        eq(activityAccess.companyId, companyId),
        eq(activityAccess.projectId, projectId),
        ownerCondition(owner),
      ),
    )
    .orderBy(
      sql`${activityAccess.roleId} is not null`,
      sql`coalesce(${groups.position}, ${roles.position})`,
      asc(activityAccess.createdAt),
      asc(activityAccess.id),
    );
}

export type AccessRow = Awaited<ReturnType<typeof listAccess>>[number];

/** A group or a role of this project and company, held until the transaction ends, or false. */
export async function holdTarget(
  db: Executor,
  companyId: string,
  projectId: string,
  kind: AccessKind,
  id: string,
) {
  const table = kind === 'group' ? groups : roles;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.projectId, projectId), eq(table.id, id)))
    .for('key share');
  return rows.length > 0;
}

/** A section or category of this project, locked while its access changes (additions take turns). */
export async function lockCategory(
  db: Executor,
  companyId: string,
  projectId: string,
  kind: 'section' | 'category',
  id: string,
) {
  const rows = await db
    .select({ id: activityCategories.id })
    .from(activityCategories)
    .where(
      and(
        eq(activityCategories.companyId, companyId),
        eq(activityCategories.projectId, projectId),
        eq(activityCategories.kind, kind),
        eq(activityCategories.id, id),
      ),
    )
    .for('update');
  return rows.length > 0;
}

/** Adds an entry; an entry already there is left as it is. */
export async function insertAccess(
  db: Executor,
  scope: { companyId: string; projectId: string },
  owner: AccessOwner,
  kind: AccessKind,
  targetId: string,
) {
  const existing = await db
    .select({ id: activityAccess.id })
    .from(activityAccess)
    .where(
      and(
        ownerCondition(owner),
        kind === 'group' ? eq(activityAccess.groupId, targetId) : eq(activityAccess.roleId, targetId),
      ),
    );
  if (existing.length > 0) return;
  await db.insert(activityAccess).values({
    ...scope,
    ...owner,
    groupId: kind === 'group' ? targetId : null,
    roleId: kind === 'role' ? targetId : null,
  });
}

/** Deletes one entry of the owner; false when there is none with this id. */
export async function deleteAccess(
  db: Executor,
  companyId: string,
  projectId: string,
  owner: AccessOwner,
  accessId: string,
) {
  const rows = await db
    .delete(activityAccess)
    .where(
      and(
        eq(activityAccess.companyId, companyId),
        eq(activityAccess.projectId, projectId),
        ownerCondition(owner),
        eq(activityAccess.id, accessId),
      ),
    )
    .returning({ id: activityAccess.id });
  return rows.length > 0;
}

// ---------- the subscribe tab's figures ----------

export async function countMembersByStatus(db: Executor, projectId: string, activityId: string) {
  return db
    .select({ status: activityMembers.status, n: count() })
    .from(activityMembers)
    .where(and(eq(activityMembers.projectId, projectId), eq(activityMembers.activityId, activityId)))
    .groupBy(activityMembers.status);
}

export async function countHosts(db: Executor, projectId: string, activityId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(activityHosts)
    .where(and(eq(activityHosts.projectId, projectId), eq(activityHosts.activityId, activityId)));
  return row.n;
}

/** The members of an activity with their status, by last and first name (for the CSV export). */
export async function listMembers(db: Executor, projectId: string, activityId: string) {
  return db
    .select({
      lastName: persons.lastName,
      firstName: persons.firstName,
      email: persons.email,
      organisation: persons.organisation,
      status: activityMembers.status,
      createdAt: activityMembers.createdAt,
    })
    .from(activityMembers)
    .innerJoin(participants, eq(participants.id, activityMembers.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(eq(activityMembers.projectId, projectId), eq(activityMembers.activityId, activityId)))
    .orderBy(
      sql`${persons.lastName} collate "und-x-icu"`,
      sql`${persons.firstName} collate "und-x-icu"`,
      asc(persons.id),
    );
}

export async function setParent(
  db: Executor,
  projectId: string,
  activityId: string,
  parentId: string | null,
) {
  await db
    .update(activities)
    .set({ parentId, updatedAt: new Date() })
    .where(and(eq(activities.projectId, projectId), eq(activities.id, activityId)));
}
