import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { participants, projects, roles } from '../../db/schema';

/** How many participants have the role (qualified by hand: the subquery must not compare a table with itself). */
const participantCount = sql<number>`(select count(*)::int from ${participants} where ${participants}.${sql.identifier(
  participants.roleId.name,
)} = ${roles}.${sql.identifier(roles.id.name)})`;

const columns = {
  id: roles.id,
  nameFr: roles.nameFr,
  nameEn: roles.nameEn,
  position: roles.position,
  participantCount,
};

export type RoleRow = {
  id: string;
  nameFr: string;
  nameEn: string;
  position: number;
  participantCount: number;
};

/**
 * A role of this project of this company, or undefined: other modules (participants) use it to check that a role
 * belongs to the project.
 */
export async function findRole(
  db: Executor,
  companyId: string,
  projectId: string,
  roleId: string,
): Promise<RoleRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.projectId, projectId), eq(roles.id, roleId)));
  return row;
}

/** The roles of a project, in their order (then by creation, then id: never two orders for the same data). */
export async function listRoles(db: Executor, companyId: string, projectId: string): Promise<RoleRow[]> {
  return db
    .select(columns)
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.projectId, projectId)))
    .orderBy(asc(roles.position), asc(roles.createdAt), asc(roles.id));
}

/** The next position: after the last role of the project. */
export async function nextPosition(db: Executor, projectId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${roles.position}) + 1, 0)::int` })
    .from(roles)
    .where(eq(roles.projectId, projectId));
  return row.next;
}

export async function insertRole(db: Executor, row: typeof roles.$inferInsert): Promise<string> {
  const [inserted] = await db.insert(roles).values(row).returning({ id: roles.id });
  return inserted.id;
}

export async function renameRole(db: Executor, roleId: string, name: { fr: string; en: string }) {
  await db
    .update(roles)
    .set({ nameFr: name.fr, nameEn: name.en, updatedAt: new Date() })
    .where(eq(roles.id, roleId));
}

/** Writes the position of every role of the project at once. */
export async function placeRoles(db: Executor, projectId: string, ids: string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${roles} set position = v.position
    from (values ${values}) as v(id, position)
    where ${roles}.id = v.id and ${roles}.project_id = ${projectId}`);
}

/** Gives every participant of the project who has role `from` the role `to`. */
export async function moveParticipants(db: Executor, projectId: string, from: string, to: string) {
  await db
    .update(participants)
    .set({ roleId: to, updatedAt: new Date() })
    .where(and(eq(participants.projectId, projectId), eq(participants.roleId, from)));
}

export async function deleteRole(db: Executor, projectId: string, roleId: string) {
  await db.delete(roles).where(and(eq(roles.projectId, projectId), eq(roles.id, roleId)));
}

export async function findRoleDefaults(db: Executor, companyId: string, projectId: string) {
  const [row] = await db
    .select({ defaultRoleId: projects.defaultRoleId, defaultPersonaRoleId: projects.defaultPersonaRoleId })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row;
}

export async function saveRoleDefaults(
  db: Executor,
  projectId: string,
  defaults: { defaultRoleId: string | null; defaultPersonaRoleId: string | null },
) {
  await db
    .update(projects)
    .set({ ...defaults, updatedAt: new Date() })
    .where(eq(projects.id, projectId));
}

/**
 * Locks the role until the transaction ends: a participant added meanwhile (its key-share lock on the role) waits,
 * so the count read after this is still true when the role is deleted.
 */
export async function lockRole(db: Executor, projectId: string, roleId: string) {
  await db.execute(
    sql`select 1 from ${roles} where ${roles}.id = ${roleId} and ${roles}.project_id = ${projectId} for update`,
  );
}
