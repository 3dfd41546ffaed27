import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companies, companySwitches, projectAccess, sessions, users } from '../../db/schema';

export async function insertSession(
  db: Executor,
  row: {
    id: string;
    userId: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
  },
) {
  await db.insert(sessions).values(row);
}

/**
 * The session with its user, the company the user works in now (their own unless switched) and the user's access
 * (A4: their role, and their role per project when restricted to some), kept with the session by ./cache.ts.
 */
export async function findSession(db: Executor, id: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      homeCompanyId: users.companyId,
      // Only a super-admin works in another company: a user who lost the right is back in their own at once.
      companyId: sql<string>`case when ${users.isSuperAdmin} then coalesce(${sessions.companyId}, ${users.companyId}) else ${users.companyId} end`,
      isSuperAdmin: users.isSuperAdmin,
      locale: users.locale,
      role: users.role,
      allProjects: users.allProjects,
      homeArchivedAt: companies.archivedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.id, id));
  if (!row) return undefined;
  const restricted = !row.isSuperAdmin && row.role !== 'administrator' && !row.allProjects;
  const projects = restricted
    ? await db
        .select({ projectId: projectAccess.projectId, role: projectAccess.role })
        .from(projectAccess)
        .where(eq(projectAccess.userId, row.userId))
    : [];
  return { ...row, projects };
}

export async function extendSession(db: Executor, id: string, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Executor, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of a user (A1: a new password, a deleted account). */
export async function deleteUserSessions(db: Executor, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function setSessionCompany(db: Executor, id: string, companyId: string | null) {
  await db.update(sessions).set({ companyId }).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return deleted.length;
}

export async function insertCompanySwitch(db: Executor, row: typeof companySwitches.$inferInsert) {
  await db.insert(companySwitches).values(row);
}
