import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import {
  activityCategories,
  activityTableAssignments,
  activityTables,
  participants,
  personSearchText,
  persons,
  roles,
} from '../../db/schema';
import { candidateColumns } from '../participants/repository';

/** Every query is scoped to one company and one project: another's row is simply not found. */
export interface Scope {
  companyId: string;
  projectId: string;
}

// ---------- categories ----------

/**
 * A category (kind `category`, not a section) of this project, or undefined. With `lock`, the row is locked until
 * the transaction ends, so that two changes of the same category's tables run one after the other.
 */
export async function findCategory(db: Executor, scope: Scope, categoryId: string, lock = false) {
  const query = db
    .select({
      id: activityCategories.id,
      nameFr: activityCategories.nameFr,
      nameEn: activityCategories.nameEn,
    })
    .from(activityCategories)
    .where(
      and(
        eq(activityCategories.companyId, scope.companyId),
        eq(activityCategories.projectId, scope.projectId),
        eq(activityCategories.kind, 'category'),
        eq(activityCategories.id, categoryId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

// ---------- tables ----------

const assignedCount = sql<number>`(select count(*)::int from ${activityTableAssignments}
  where ${activityTableAssignments}.table_id = ${activityTables}.id)`;

const tableColumns = {
  id: activityTables.id,
  categoryId: activityTables.categoryId,
  number: activityTables.number,
  name: activityTables.name,
  location: activityTables.location,
  vip: activityTables.vip,
  seats: activityTables.seats,
  assignedCount,
};

export type TableRow = {
  id: string;
  categoryId: string;
  number: number;
  name: string | null;
  location: string | null;
  vip: boolean;
  seats: number;
  assignedCount: number;
};

const tableScope = (scope: Scope) =>
  and(eq(activityTables.companyId, scope.companyId), eq(activityTables.projectId, scope.projectId));

/** The tables of a category, by number. */
export async function listTables(db: Executor, scope: Scope, categoryId: string): Promise<TableRow[]> {
  return db
    .select(tableColumns)
    .from(activityTables)
    .where(and(tableScope(scope), eq(activityTables.categoryId, categoryId)))
    .orderBy(asc(activityTables.number));
}

/** A table of this project, or undefined; with `lock`, locked until the transaction ends. */
export async function findTable(
  db: Executor,
  scope: Scope,
  tableId: string,
  lock = false,
): Promise<TableRow | undefined> {
  const query = db
    .select(tableColumns)
    .from(activityTables)
    .where(and(tableScope(scope), eq(activityTables.id, tableId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Whether another table of the category already has this number. */
export async function numberTaken(db: Executor, categoryId: string, number: number, exceptId?: string) {
  const [row] = await db
    .select({ id: activityTables.id })
    .from(activityTables)
    .where(
      and(
        eq(activityTables.categoryId, categoryId),
        eq(activityTables.number, number),
        exceptId ? sql`${activityTables.id} <> ${exceptId}` : undefined,
      ),
    );
  return !!row;
}

export type TableValues = {
  number: number;
  name: string | null;
  location: string | null;
  vip: boolean;
  seats: number;
};

export async function insertTables(db: Executor, scope: Scope, categoryId: string, rows: TableValues[]) {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(activityTables)
    .values(rows.map((row) => ({ ...scope, categoryId, ...row })))
    .returning({ id: activityTables.id });
  return inserted.map((r) => r.id);
}

export async function updateTable(db: Executor, tableId: string, values: TableValues) {
  await db
    .update(activityTables)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(activityTables.id, tableId));
}

/** Deletes tables (their assignments go with them, by the foreign key). */
export async function deleteTables(db: Executor, scope: Scope, tableIds: string[]) {
  if (tableIds.length === 0) return;
  await db.delete(activityTables).where(and(tableScope(scope), inArray(activityTables.id, tableIds)));
}

/** The highest table number of the category, 0 when it has none. */
export async function lastNumber(db: Executor, categoryId: string) {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${activityTables.number}), 0)::int` })
    .from(activityTables)
    .where(eq(activityTables.categoryId, categoryId));
  return row.last;
}

/** The empty tables of one kind of the category, highest number first. */
export async function emptyTables(db: Executor, categoryId: string, vip: boolean) {
  return db
    .select({ id: activityTables.id, number: activityTables.number })
    .from(activityTables)
    .where(
      and(
        eq(activityTables.categoryId, categoryId),
        eq(activityTables.vip, vip),
        sql`not exists (select 1 from ${activityTableAssignments}
          where ${activityTableAssignments}.table_id = ${activityTables}.id)`,
      ),
    )
    .orderBy(desc(activityTables.number));
}

// ---------- participants and assignments ----------

const participantColumns = {
  ...candidateColumns,
  tableId: activityTables.id,
  tableNumber: activityTables.number,
  tableVip: activityTables.vip,
};

export type ParticipantRow = {
  participantId: string;
  firstName: string;
  lastName: string;
  email: string;
  organisation: string | null;
  roleFr: string;
  roleEn: string;
  tableId: string | null;
  tableNumber: number | null;
  tableVip: boolean | null;
};

const inParticipantScope = (scope: Scope) =>
  and(
    eq(participants.companyId, scope.companyId),
    eq(participants.projectId, scope.projectId),
    eq(persons.companyId, scope.companyId),
  );

/** Participants with their person, role and (left join) their table in this category. */
const participantsWithTable = (db: Executor, categoryId: string) =>
  db
    .select(participantColumns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId))
    .leftJoin(
      activityTableAssignments,
      and(
        eq(activityTableAssignments.participantId, participants.id),
        eq(activityTableAssignments.categoryId, categoryId),
      ),
    )
    .leftJoin(activityTables, eq(activityTables.id, activityTableAssignments.tableId));

const byName = [humanOrder(persons.lastName), humanOrder(persons.firstName)];

/** The participants assigned to a table, by name. */
export async function listAssigned(db: Executor, scope: Scope, categoryId: string, tableId: string) {
  return participantsWithTable(db, categoryId)
    .where(and(inParticipantScope(scope), eq(activityTableAssignments.tableId, tableId)))
    .orderBy(...byName, asc(participants.id)) as Promise<ParticipantRow[]>;
}

/** The participant list of the assignment page: without a table in the category, or all; searched, paged. */
export async function listParticipants(
  db: Executor,
  scope: Scope,
  categoryId: string,
  params: ListParams & { language: 'fr' | 'en'; show: 'unassigned' | 'all' },
) {
  const where = and(
    inParticipantScope(scope),
    params.show === 'unassigned' ? isNull(activityTableAssignments.participantId) : undefined,
    searchCondition(params.q, [personSearchText(persons)]),
  );
  const roleName = params.language === 'en' ? roles.nameEn : roles.nameFr;
  const order: SQL[] = orderBy(
    params,
    { name: humanOrder(persons.lastName), email: persons.email, role: humanOrder(roleName) },
    byName.map((c) => asc(c)),
    participants.id,
  );
  return listPage<ParticipantRow>(
    params,
    ({ limit, offset }) =>
      participantsWithTable(db, categoryId)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => {
      const [{ n }] = await db
        .select({ n: count() })
        .from(participants)
        .innerJoin(persons, eq(persons.id, participants.personId))
        .leftJoin(
          activityTableAssignments,
          and(
            eq(activityTableAssignments.participantId, participants.id),
            eq(activityTableAssignments.categoryId, categoryId),
          ),
        )
        .where(where);
      return n;
    },
  );
}

/** Which of these ids are participants of the project (held until the transaction ends, as a foreign key does). */
export async function holdParticipants(db: Executor, scope: Scope, ids: string[]) {
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(
      and(
        eq(participants.companyId, scope.companyId),
        eq(participants.projectId, scope.projectId),
        inArray(participants.id, ids),
      ),
    )
    .for('key share');
  return rows.map((r) => r.id);
}

/** The current table of each of these participants in the category (those who have one). */
export async function currentTables(db: Executor, categoryId: string, participantIds: string[]) {
  return db
    .select({
      participantId: activityTableAssignments.participantId,
      tableId: activityTableAssignments.tableId,
    })
    .from(activityTableAssignments)
    .where(
      and(
        eq(activityTableAssignments.categoryId, categoryId),
        inArray(activityTableAssignments.participantId, participantIds),
      ),
    );
}

/** Seats participants at a table: one already at another table of the category moves (one table per category). */
export async function upsertAssignments(
  db: Executor,
  scope: Scope,
  table: { id: string; categoryId: string },
  participantIds: string[],
) {
  await db
    .insert(activityTableAssignments)
    .values(
      participantIds.map((participantId) => ({
        ...scope,
        tableId: table.id,
        categoryId: table.categoryId,
        participantId,
      })),
    )
    .onConflictDoUpdate({
      target: [activityTableAssignments.categoryId, activityTableAssignments.participantId],
      set: { tableId: table.id, createdAt: new Date() },
    });
}

export async function deleteAssignment(db: Executor, tableId: string, participantId: string) {
  const deleted = await db
    .delete(activityTableAssignments)
    .where(
      and(
        eq(activityTableAssignments.tableId, tableId),
        eq(activityTableAssignments.participantId, participantId),
      ),
    )
    .returning({ participantId: activityTableAssignments.participantId });
  return deleted.length;
}
