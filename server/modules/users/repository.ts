import { and, count, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { ListParams } from '../../../contracts/http';
import type { UserRole } from '../../../contracts/users';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { campaigns, companies, dashboardTaskCompletions, users, userTokens } from '../../db/schema';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ user: users, companyArchivedAt: companies.archivedAt })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertUser(db: Executor, row: typeof users.$inferInsert) {
  const [created] = await db.insert(users).values(row).returning();
  return created;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<
    Pick<
      typeof users.$inferInsert,
      | 'locale'
      | 'lastProjectId'
      | 'lastSignInAt'
      | 'firstName'
      | 'lastName'
      | 'email'
      | 'role'
      | 'passwordHash'
    >
  >,
) {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

// ---------- A1: the company's users ----------

/** The end of the user's latest invitation, while they have no password. */
const invitationEnd = sql<Date | null>`(select max(${userTokens.expiresAt}) from ${userTokens}
  where ${userTokens.userId} = ${users.id} and ${userTokens.kind} = 'invitation' and ${userTokens.usedAt} is null)`;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  locale: users.locale,
  lastProjectId: users.lastProjectId,
  lastSignInAt: users.lastSignInAt,
  invited: sql<boolean>`${users.passwordHash} is null`,
  invitationExpiresAt:
    sql<Date | null>`case when ${users.passwordHash} is null then ${invitationEnd} end`.mapWith((v) =>
      v === null ? null : new Date(v),
    ),
  isSuperAdmin: users.isSuperAdmin,
};
export type UserRow = Awaited<ReturnType<typeof findCompanyUser>> & {};

/** The name order of the users' lists: last name, then first name, as people read them. */
export const userNameOrder = humanOrder(sql`${users.lastName} || ' ' || ${users.firstName}`);

/**
 * One page of a company's users as the users page (A1) and the access page (A4) list them: their search (first name,
 * last name, e-mail) and `filter`, in `order`; `columns` are what each page shows.
 */
export function pageOfCompanyUsers<C extends SelectedFields>(
  db: Executor,
  companyId: string,
  params: ListParams,
  columns: C,
  filter: SQL | undefined,
  order: SQL[],
) {
  const where = and(
    eq(users.companyId, companyId),
    filter,
    searchCondition(params.q, [users.firstName, users.lastName, users.email]),
  );
  return listPage(
    params,
    ({ limit, offset }) =>
      // The builder's types do not follow a generic selection: it is built as the users page's, and typed back.
      db
        .select(columns as SelectedFields as typeof userColumns)
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as unknown as Promise<SelectResultFields<C>[]>,
    async () => (await db.select({ n: count() }).from(users).where(where))[0].n,
  );
}

export async function listCompanyUsers(
  db: Executor,
  companyId: string,
  params: ListParams & { role?: UserRole },
) {
  const name = userNameOrder;
  // By role: administrators, organisers, read-only (the list's groups), then by name.
  const roleRank = sql`case ${users.role} when 'administrator' then 0 when 'organiser' then 1 else 2 end`;
  const order = orderBy(
    params,
    { name, email: users.email, role: roleRank, lastSignInAt: sql`${users.lastSignInAt} nulls last` },
    [roleRank as SQL, name],
    users.id,
  );
  const filter = params.role ? eq(users.role, params.role) : undefined;
  return pageOfCompanyUsers(db, companyId, params, userColumns, filter, order);
}

export async function findCompanyUser(db: Executor, companyId: string, id: string) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

export async function countAdministrators(db: Executor, companyId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'administrator')));
  return row.n;
}

/**
 * Deletes a user. What they made stays: every reference to them is set null by its foreign key (files, company
 * switches, project access grants, tokens they created), and where a screen says « par <nom> » the name is copied
 * first (dashboard task ticks, campaigns). Their sessions and tokens go with them (cascade).
 */
export async function deleteUserKeepingNames(db: Executor, user: { id: string; name: string }) {
  await db
    .update(dashboardTaskCompletions)
    .set({ doneByName: user.name })
    .where(eq(dashboardTaskCompletions.doneBy, user.id));
  await db.update(campaigns).set({ createdByName: user.name }).where(eq(campaigns.createdBy, user.id));
  await db.delete(users).where(eq(users.id, user.id));
}

// ---------- tokens: invitations, resets, PINs ----------

export type TokenKind = 'invitation' | 'reset' | 'pin';

/** Replaces the user's unused tokens of this kind by a new one. */
export async function replaceToken(
  db: Executor,
  row: { kind: TokenKind; userId: string; tokenHash: string; expiresAt: Date; createdBy: string | null },
) {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, row.userId), eq(userTokens.kind, row.kind), isNull(userTokens.usedAt)));
  await db.insert(userTokens).values(row);
}

/** A token of this kind by its hash, unused and not expired, with its user. */
export async function findLiveToken(db: Executor, kind: TokenKind, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: userTokens, user: users, companyName: companies.name, archivedAt: companies.archivedAt })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(userTokens.kind, kind),
        eq(userTokens.tokenHash, tokenHash),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    );
  return row;
}

/** The user's live PIN, if any. */
export async function findLivePin(db: Executor, userId: string, now: Date) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.kind, 'pin'),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Marks a token used; false when another request used it first. */
export async function useToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const used = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.id, id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  return used.length === 1;
}

/** Counts a wrong PIN; past `max` failures the PIN is spent. */
export async function countPinFailure(db: Executor, id: string, max: number, now: Date) {
  await db
    .update(userTokens)
    .set({
      failures: sql`${userTokens.failures} + 1`,
      usedAt: sql`case when ${userTokens.failures} + 1 >= ${max} then ${now.toISOString()}::timestamptz end`,
    })
    .where(eq(userTokens.id, id));
}

export async function deleteTokens(db: Executor, userId: string, kind: TokenKind) {
  await db.delete(userTokens).where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind)));
}
