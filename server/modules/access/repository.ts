import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, orderBy } from '../../db/list';
import { projectAccess, projects, users } from '../../db/schema';
import { pageOfCompanyUsers, userNameOrder } from '../users/repository';

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  isSuperAdmin: users.isSuperAdmin,
  role: users.role,
  allProjects: users.allProjects,
};
export type AccessUserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

/** A4: the users of the company, a page of them, with their role (their projects are read by `projectsOf`). */
export async function listUsers(db: Executor, companyId: string, params: ListParams) {
  const order = orderBy(
    params,
    { name: userNameOrder, email: users.email, role: users.role },
    [userNameOrder],
    users.id,
  );
  return pageOfCompanyUsers(db, companyId, params, userColumns, undefined, order);
}

export async function findUser(db: Executor, companyId: string, userId: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
}

/** The project rows of these users, with the projects' names. */
export async function projectsOf(db: Executor, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      userId: projectAccess.userId,
      projectId: projectAccess.projectId,
      role: projectAccess.role,
      nameFr: projects.nameFr,
      nameEn: projects.nameEn,
    })
    .from(projectAccess)
    .innerJoin(projects, eq(projects.id, projectAccess.projectId))
    .where(inArray(projectAccess.userId, userIds))
    .orderBy(humanOrder(projects.nameFr));
}

export async function listCompanyProjects(db: Executor, companyId: string) {
  return db
    .select({ id: projects.id, nameFr: projects.nameFr, nameEn: projects.nameEn })
    .from(projects)
    .where(eq(projects.companyId, companyId))
    .orderBy(humanOrder(projects.nameFr), projects.id);
}

/** Which of these ids are projects of the company. */
export async function companyProjectIds(db: Executor, companyId: string, ids: string[]) {
  if (!ids.length) return new Set<string>();
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), inArray(projects.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * The other administrators of the company, super-admins (Maillage's staff) not counted; locked, so that two
 * administrators demoting each other at once cannot both win.
 */
export async function otherAdministrators(db: Executor, companyId: string, userId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, 'administrator'),
        eq(users.isSuperAdmin, false),
        ne(users.id, userId),
      ),
    )
    .for('update');
  return rows.length;
}

export async function setUserRole(
  db: Executor,
  userId: string,
  values: { role: string; allProjects: boolean; updatedAt: Date },
) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Replaces the user's project rows by these (granted now by `grantedBy`; unchanged rows keep their date). */
export async function replaceProjectAccess(
  db: Executor,
  userId: string,
  rows: { projectId: string; role: string }[],
  grantedBy: string,
  now: Date,
) {
  const keep = rows.map((r) => r.projectId);
  await db
    .delete(projectAccess)
    .where(
      keep.length
        ? and(eq(projectAccess.userId, userId), notInArray(projectAccess.projectId, keep))
        : eq(projectAccess.userId, userId),
    );
  for (const row of rows) {
    await db
      .insert(projectAccess)
      .values({ userId, projectId: row.projectId, role: row.role, grantedBy, grantedAt: now })
      .onConflictDoUpdate({
        target: [projectAccess.userId, projectAccess.projectId],
        set: { role: row.role },
        setWhere: sql`${projectAccess.role} <> excluded.role`,
      });
  }
}

/** One project row for a user (a restricted organiser's own new project). */
export async function grantProject(
  db: Executor,
  row: { userId: string; projectId: string; role: string; grantedBy: string; grantedAt: Date },
) {
  await db.insert(projectAccess).values(row).onConflictDoNothing();
}

export async function deleteProjectAccess(db: Executor, userId: string, projectId: string) {
  const deleted = await db
    .delete(projectAccess)
    .where(and(eq(projectAccess.userId, userId), eq(projectAccess.projectId, projectId)))
    .returning({ userId: projectAccess.userId });
  return deleted.length > 0;
}
