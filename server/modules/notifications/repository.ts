import { type AnyColumn, and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { NotificationDirection, NotificationTrigger } from '../../../contracts/notifications';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { activities, groups, mailNotifications } from '../../db/schema';

/** J5: the only SQL of automatic notifications; every query is scoped by company and project. */

export interface Scope {
  companyId: string;
  projectId: string;
}

export type NotificationFields = Pick<
  typeof mailNotifications.$inferInsert,
  | 'trigger'
  | 'activityId'
  | 'groupId'
  | 'direction'
  | 'subjectFr'
  | 'subjectEn'
  | 'bodyFr'
  | 'bodyEn'
  | 'active'
>;

const inScope = (scope: Scope) =>
  and(eq(mailNotifications.companyId, scope.companyId), eq(mailNotifications.projectId, scope.projectId));

const targetFr = sql<string>`coalesce(${activities.titleFr}, ${groups.nameFr}, '')`;
const targetEn = sql<string>`coalesce(${activities.titleEn}, ${groups.nameEn}, '')`;

const summaryColumns = {
  id: mailNotifications.id,
  trigger: mailNotifications.trigger,
  activityId: mailNotifications.activityId,
  groupId: mailNotifications.groupId,
  targetFr,
  targetEn,
  direction: mailNotifications.direction,
  subjectFr: mailNotifications.subjectFr,
  subjectEn: mailNotifications.subjectEn,
  active: mailNotifications.active,
  createdAt: mailNotifications.createdAt,
  updatedAt: mailNotifications.updatedAt,
};

export interface SummaryRow {
  id: string;
  trigger: string;
  activityId: string | null;
  groupId: string | null;
  targetFr: string;
  targetEn: string;
  direction: string;
  subjectFr: string;
  subjectEn: string;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The notifications with the name of what fires them (the activity's title or the group's name). */
function selectSummaries(db: Executor, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(mailNotifications)
    .leftJoin(activities, eq(activities.id, mailNotifications.activityId))
    .leftJoin(groups, eq(groups.id, mailNotifications.groupId))
    .where(where);
}

export async function listNotifications(
  db: Executor,
  scope: Scope,
  params: ListParams & { language: 'fr' | 'en' },
) {
  const where = and(
    inScope(scope),
    searchCondition(params.q, [mailNotifications.subjectFr, mailNotifications.subjectEn, targetFr, targetEn]),
  );
  const sortable: Record<string, SQL | AnyColumn> = {
    trigger: mailNotifications.trigger,
    target: humanOrder(params.language === 'en' ? targetEn : targetFr),
    direction: mailNotifications.direction,
    subject: humanOrder(params.language === 'en' ? mailNotifications.subjectEn : mailNotifications.subjectFr),
    active: mailNotifications.active,
    createdAt: mailNotifications.createdAt,
  };
  return listPage(
    params,
    ({ limit, offset }) =>
      selectSummaries(db, where)
        .orderBy(...orderBy(params, sortable, [desc(mailNotifications.createdAt)], mailNotifications.id))
        .limit(limit)
        .offset(offset) as Promise<SummaryRow[]>,
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(mailNotifications)
        .leftJoin(activities, eq(activities.id, mailNotifications.activityId))
        .leftJoin(groups, eq(groups.id, mailNotifications.groupId))
        .where(where);
      return row.n;
    },
  );
}

export async function findNotification(db: Executor, scope: Scope, id: string) {
  const [row] = await db
    .select({ ...summaryColumns, bodyFr: mailNotifications.bodyFr, bodyEn: mailNotifications.bodyEn })
    .from(mailNotifications)
    .leftJoin(activities, eq(activities.id, mailNotifications.activityId))
    .leftJoin(groups, eq(groups.id, mailNotifications.groupId))
    .where(and(inScope(scope), eq(mailNotifications.id, id)));
  return row as (SummaryRow & { bodyFr: string; bodyEn: string }) | undefined;
}

export async function insertNotification(db: Executor, scope: Scope, fields: NotificationFields) {
  const [row] = await db
    .insert(mailNotifications)
    .values({ ...scope, ...fields })
    .returning({ id: mailNotifications.id });
  return row.id;
}

/** False when the notification is not one of this project. */
export async function updateNotification(
  db: Executor,
  scope: Scope,
  id: string,
  fields: Partial<NotificationFields>,
) {
  const rows = await db
    .update(mailNotifications)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(inScope(scope), eq(mailNotifications.id, id)))
    .returning({ id: mailNotifications.id });
  return rows.length > 0;
}

export async function deleteNotification(db: Executor, scope: Scope, id: string) {
  const rows = await db
    .delete(mailNotifications)
    .where(and(inScope(scope), eq(mailNotifications.id, id)))
    .returning({ id: mailNotifications.id });
  return rows.length > 0;
}

export async function activityInProject(db: Executor, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, scope.companyId),
        eq(activities.projectId, scope.projectId),
        eq(activities.id, id),
      ),
    );
  return Boolean(row);
}

export async function groupInProject(db: Executor, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(eq(groups.companyId, scope.companyId), eq(groups.projectId, scope.projectId), eq(groups.id, id)),
    );
  return Boolean(row);
}

/** The active notifications fired when a participant goes `direction` of this activity or group. */
export async function findActiveFor(
  db: Executor,
  scope: Scope,
  change: { kind: NotificationTrigger; targetId: string; direction: NotificationDirection },
) {
  const target =
    change.kind === 'activity'
      ? eq(mailNotifications.activityId, change.targetId)
      : eq(mailNotifications.groupId, change.targetId);
  return db
    .select({
      id: mailNotifications.id,
      subjectFr: mailNotifications.subjectFr,
      subjectEn: mailNotifications.subjectEn,
      bodyFr: mailNotifications.bodyFr,
      bodyEn: mailNotifications.bodyEn,
    })
    .from(mailNotifications)
    .where(
      and(
        inScope(scope),
        eq(mailNotifications.trigger, change.kind),
        target,
        eq(mailNotifications.direction, change.direction),
        eq(mailNotifications.active, true),
      ),
    )
    .orderBy(mailNotifications.createdAt, mailNotifications.id);
}

/** Of these activities or groups, those that have an active notification for this direction (one query). */
export async function targetsWithActive(
  db: Executor,
  scope: Scope,
  kind: NotificationTrigger,
  direction: NotificationDirection,
  targetIds: string[],
): Promise<Set<string>> {
  if (!targetIds.length) return new Set();
  const column = kind === 'activity' ? mailNotifications.activityId : mailNotifications.groupId;
  const rows = await db
    .selectDistinct({ id: column })
    .from(mailNotifications)
    .where(
      and(
        inScope(scope),
        eq(mailNotifications.trigger, kind),
        eq(mailNotifications.direction, direction),
        eq(mailNotifications.active, true),
        inArray(column, targetIds),
      ),
    );
  return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
}
