import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  activities,
  activityMembers,
  dashboardFeeds,
  dashboardTaskCompletions,
  participants,
  paymentRequests,
  roles,
  users,
} from '../../db/schema';

// ---------- tasks ----------

export async function listCompletions(db: Executor, projectId: string) {
  return db
    .select({
      taskId: dashboardTaskCompletions.taskId,
      doneAt: dashboardTaskCompletions.doneAt,
      firstName: users.firstName,
      lastName: users.lastName,
      doneByName: dashboardTaskCompletions.doneByName,
    })
    .from(dashboardTaskCompletions)
    .leftJoin(users, eq(users.id, dashboardTaskCompletions.doneBy))
    .where(eq(dashboardTaskCompletions.projectId, projectId));
}

/** Marks these tasks done by this user; one already done keeps who and when it was first marked. */
export async function markDone(
  db: Executor,
  owner: { companyId: string; projectId: string },
  taskIds: readonly string[],
  userId: string,
  now: Date,
) {
  if (taskIds.length === 0) return;
  await db
    .insert(dashboardTaskCompletions)
    .values(taskIds.map((taskId) => ({ ...owner, taskId, doneBy: userId, doneAt: now })))
    .onConflictDoNothing();
}

export async function markNotDone(db: Executor, projectId: string, taskIds: readonly string[]) {
  if (taskIds.length === 0) return;
  await db
    .delete(dashboardTaskCompletions)
    .where(
      and(
        eq(dashboardTaskCompletions.projectId, projectId),
        inArray(dashboardTaskCompletions.taskId, [...taskIds]),
      ),
    );
}

// ---------- warnings: each one count, computed from the data ----------

/** One count per warning, in one statement (scalar subqueries, each on the project's own rows). */
export async function warningCounts(db: Executor, projectId: string, now: Date) {
  const result = await db.execute(sql`
    select
      (select count(*) from participants p
        where p.project_id = ${projectId} and p.status <> 'cancelled' and p.inscription_sent_at is null
      ) as "inscriptionNotSent",
      (select count(*) from participants p
        where p.project_id = ${projectId} and p.status = 'registered'
      ) as "unconfirmed",
      (select count(*) from activities a
        where a.project_id = ${projectId} and a.max_members is not null
          and (select count(*) from activity_members m where m.activity_id = a.id) > a.max_members
      ) as "overCapacity",
      (select count(*) from activities a
        where a.project_id = ${projectId} and not a.no_date and a.hybrid_type in ('inPerson', 'hybrid')
          and coalesce(btrim(a.location), '') = ''
      ) as "noLocation",
      (select count(*) from activities a
        where a.project_id = ${projectId} and a.no_date and a.type = 'session'
      ) as "withoutDate",
      (select count(*) from questions q
        where q.project_id = ${projectId} and q.status = 'active'
          and not exists (select 1 from question_choices c where c.question_id = q.id)
      ) as "questionWithoutChoices",
      (select count(*) from pairings g
        where g.project_id = ${projectId} and not g.held
          and not exists (select 1 from pairing_generations r where r.pairing_id = g.id and r.status = 'done')
      ) as "pairingNotGenerated",
      (select count(*) from pairings g
        where g.project_id = ${projectId} and not g.held
          and (select max(r.finished_at) from pairing_generations r where r.pairing_id = g.id and r.status = 'done')
            < (select greatest(max(p.created_at), max(p.updated_at)) from participants p where p.project_id = ${projectId})
      ) as "pairingOutdated",
      (select count(*) from meeting_sessions s
        where s.project_id = ${projectId}
          and not exists (select 1 from meeting_generations r where r.session_id = s.id and r.status = 'done')
          and not exists (select 1 from meetings m where m.session_id = s.id)
      ) as "b2bNotGenerated",
      (select count(*) from campaigns c
        where c.project_id = ${projectId} and c.status = 'planned' and c.planned_at < ${now.toISOString()}::timestamptz
      ) as "plannedInPast",
      (select count(*) from payments y
        where y.project_id = ${projectId} and y.on_sale
          and not exists (select 1 from registration_pages r where r.project_id = y.project_id and r.open)
      ) as "onSaleWithoutPage"
  `);
  const [row] = (result as unknown as { rows: Record<string, number | string>[] }).rows;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

// ---------- the figures feed ----------

export async function findFeed(db: Executor, projectId: string) {
  const [row] = await db
    .select({ token: dashboardFeeds.token, createdAt: dashboardFeeds.createdAt })
    .from(dashboardFeeds)
    .where(eq(dashboardFeeds.projectId, projectId));
  return row;
}

export async function findFeedByToken(db: Executor, token: string) {
  const [row] = await db
    .select({ projectId: dashboardFeeds.projectId, companyId: dashboardFeeds.companyId })
    .from(dashboardFeeds)
    .where(eq(dashboardFeeds.token, token));
  return row;
}

/** Gives the project's feed this token, replacing the one it had (one statement). */
export async function saveFeedToken(
  db: Executor,
  owner: { companyId: string; projectId: string },
  token: string,
  now: Date,
) {
  await db
    .insert(dashboardFeeds)
    .values({ ...owner, token, createdAt: now })
    .onConflictDoUpdate({ target: dashboardFeeds.projectId, set: { token, createdAt: now } });
}

export async function deleteFeed(db: Executor, projectId: string) {
  await db.delete(dashboardFeeds).where(eq(dashboardFeeds.projectId, projectId));
}

export async function participantsByRole(db: Executor, projectId: string) {
  return db
    .select({ fr: roles.nameFr, en: roles.nameEn, count: count(participants.id) })
    .from(roles)
    .leftJoin(
      participants,
      and(eq(participants.roleId, roles.id), sql`${participants.status} <> 'cancelled'`),
    )
    .where(eq(roles.projectId, projectId))
    .groupBy(roles.id, roles.nameFr, roles.nameEn)
    .orderBy(desc(count(participants.id)), asc(roles.nameFr));
}

export async function inscriptionsByActivity(db: Executor, projectId: string) {
  return db
    .select({ fr: activities.titleFr, en: activities.titleEn, count: count(activityMembers.participantId) })
    .from(activities)
    .leftJoin(activityMembers, eq(activityMembers.activityId, activities.id))
    .where(eq(activities.projectId, projectId))
    .groupBy(activities.id, activities.titleFr, activities.titleEn, activities.startsAt)
    .orderBy(asc(activities.startsAt), asc(activities.titleFr));
}

export async function salesTotals(db: Executor, projectId: string) {
  const [row] = await db
    .select({
      paidCents: sql<string>`coalesce(sum(${paymentRequests.totalCents} - ${paymentRequests.refundedCents}) filter (where ${paymentRequests.status} = 'paid'), 0)`,
      pendingCents: sql<string>`coalesce(sum(${paymentRequests.totalCents}) filter (where ${paymentRequests.status} = 'pending'), 0)`,
      paidCount: sql<string>`count(*) filter (where ${paymentRequests.status} = 'paid')`,
    })
    .from(paymentRequests)
    .where(eq(paymentRequests.projectId, projectId));
  return {
    paidCents: Number(row.paidCents),
    pendingCents: Number(row.pendingCents),
    paidCount: Number(row.paidCount),
  };
}
