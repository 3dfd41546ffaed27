import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditFilters } from '../../../contracts/audit';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { listPage, orderBy, searchCondition } from '../../db/list';
import { auditEvents, projects, users } from '../../db/schema';

/** One event as the services give it (the company and the author come from the caller's session). */
export interface AuditRow {
  companyId: string;
  actorUserId: string;
  projectId?: string | null;
  entity: string;
  entityId?: string | null;
  entityLabel?: string;
  action: string;
  fields?: string[];
  count?: number;
}

/** Writes the event; the author's name is read from their account at this moment (a snapshot). */
export async function insertEvent(db: Executor, row: AuditRow) {
  const name = sql<string>`coalesce((select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${row.actorUserId}), '')`;
  await db.insert(auditEvents).values({ ...row, actorName: name });
}

/** The filters with the days already turned into instants (from included, before excluded). */
export type AuditWhere = Omit<AuditFilters, 'from' | 'to'> & { from?: Date; before?: Date };

function whereOf(companyId: string, q: string | undefined, f: AuditWhere): SQL | undefined {
  return and(
    eq(auditEvents.companyId, companyId),
    f.actor ? eq(auditEvents.actorUserId, f.actor) : undefined,
    f.entity ? eq(auditEvents.entity, f.entity) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.project ? eq(auditEvents.projectId, f.project) : undefined,
    f.from ? gte(auditEvents.at, f.from) : undefined,
    f.before ? lt(auditEvents.at, f.before) : undefined,
    searchCondition(q, [auditEvents.actorName, auditEvents.entityLabel]),
  );
}

const columns = {
  id: auditEvents.id,
  at: auditEvents.at,
  actorName: auditEvents.actorName,
  actorUserId: auditEvents.actorUserId,
  projectId: auditEvents.projectId,
  projectName: projects.nameFr,
  projectNameEn: projects.nameEn,
  entity: auditEvents.entity,
  entityId: auditEvents.entityId,
  entityLabel: auditEvents.entityLabel,
  action: auditEvents.action,
  fields: auditEvents.fields,
  count: auditEvents.count,
};

function select(
  db: Executor,
  companyId: string,
  params: Pick<ListParams, 'q' | 'sort' | 'dir'>,
  f: AuditWhere,
) {
  const order = orderBy(
    params,
    {
      at: auditEvents.at,
      actor: auditEvents.actorName,
      entity: auditEvents.entity,
      action: auditEvents.action,
    },
    [sql`${auditEvents.at} desc`],
    auditEvents.id,
  );
  return db
    .select(columns)
    .from(auditEvents)
    .leftJoin(projects, eq(projects.id, auditEvents.projectId))
    .where(whereOf(companyId, params.q, f))
    .orderBy(...order)
    .$dynamic();
}

export async function listEvents(db: Executor, companyId: string, params: ListParams, f: AuditWhere) {
  return listPage(
    params,
    ({ limit, offset }) => select(db, companyId, params, f).limit(limit).offset(offset),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditEvents)
        .where(whereOf(companyId, params.q, f));
      return row.n;
    },
  );
}

/** Every matching event, in pages of `size`, for the CSV export. */
export async function* eventBatches(
  db: Executor,
  companyId: string,
  params: Pick<ListParams, 'q' | 'sort' | 'dir'>,
  f: AuditWhere,
  size = 1000,
) {
  for (let offset = 0; ; offset += size) {
    const rows = await select(db, companyId, params, f).limit(size).offset(offset);
    if (rows.length) yield rows;
    if (rows.length < size) return;
  }
}

/** The authors named in the company's log (their latest name), for the actor filter. */
export async function listActors(db: Executor, companyId: string) {
  const rows = await db
    .selectDistinctOn([auditEvents.actorUserId], { id: auditEvents.actorUserId, name: auditEvents.actorName })
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), sql`${auditEvents.actorUserId} is not null`))
    .orderBy(auditEvents.actorUserId, sql`${auditEvents.at} desc`);
  return rows as { id: string; name: string }[];
}

export async function findProjectZone(db: Executor, companyId: string, projectId: string) {
  const [row] = await db
    .select({ timeZone: projects.timeZone })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
  return row?.timeZone;
}

/** Retention: deletes the events older than `before`; answers how many. */
export async function purgeBefore(db: Executor, before: Date) {
  const gone = await db
    .delete(auditEvents)
    .where(lt(auditEvents.at, before))
    .returning({ id: auditEvents.id });
  return gone.length;
}
