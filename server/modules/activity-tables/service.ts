import type { z } from 'zod';
import {
  type ActivityTableCounts,
  type AssignmentInput,
  TABLE_SEATS_DEFAULT,
  type TableParticipant,
  type tableParticipantQuery,
} from '../../../contracts/activity-tables';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/**
 * J7: the tables of a meeting category and who is assigned to them. Every change of a category's tables or
 * assignments first locks the category's row, so that two changes of one category (counts, a deletion, an
 * assignment) run one after the other and each sees what the other did.
 */

const scopeOf = (auth: AuthContext, projectId: string): repo.Scope => ({
  companyId: auth.companyId,
  projectId,
});

async function getCategory(db: Executor, scope: repo.Scope, categoryId: string, lock = false) {
  const category = await repo.findCategory(db, scope, categoryId, lock);
  if (!category) throw AppError.notFound();
  return category;
}

/** A table of the project, with its category locked (the table is read once the lock is held). */
async function getTableLocked(db: Executor, scope: repo.Scope, tableId: string) {
  const first = await repo.findTable(db, scope, tableId);
  if (!first) throw AppError.notFound();
  await getCategory(db, scope, first.categoryId, true);
  const table = await repo.findTable(db, scope, tableId);
  if (!table) throw AppError.notFound();
  return table;
}

const presentTable = (row: repo.TableRow) => ({
  id: row.id,
  number: row.number,
  name: row.name,
  location: row.location,
  vip: row.vip,
  seats: row.seats,
  assignedCount: row.assignedCount,
});

const presentParticipant = (row: repo.ParticipantRow): TableParticipant => ({
  participantId: row.participantId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  organisation: row.organisation,
  role: { fr: row.roleFr, en: row.roleEn },
  table: row.tableId ? { id: row.tableId, number: row.tableNumber ?? 0, vip: row.tableVip ?? false } : null,
});

async function tableList(db: Executor, scope: repo.Scope, categoryId: string) {
  const category = await getCategory(db, scope, categoryId);
  const rows = await repo.listTables(db, scope, categoryId);
  const vip = rows.filter((r) => r.vip).length;
  return {
    category: { id: category.id, name: { fr: category.nameFr, en: category.nameEn } },
    items: rows.map(presentTable),
    counts: { standard: rows.length - vip, vip },
  };
}

export async function listTables(deps: Deps, auth: AuthContext, projectId: string, categoryId: string) {
  return tableList(deps.db, scopeOf(auth, projectId), categoryId);
}

async function assertNumberFree(db: Executor, categoryId: string, number: number, exceptId?: string) {
  if (await repo.numberTaken(db, categoryId, number, exceptId)) {
    throw AppError.field('number', 'validation.activityTables.numberTaken', { number });
  }
}

export async function createTable(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  categoryId: string,
  values: repo.TableValues,
) {
  const scope = scopeOf(auth, projectId);
  return deps.db.transaction(async (tx) => {
    await getCategory(tx, scope, categoryId, true);
    await assertNumberFree(tx, categoryId, values.number);
    const [id] = await repo.insertTables(tx, scope, categoryId, [values]);
    return presentTable((await repo.findTable(tx, scope, id)) as repo.TableRow);
  });
}

/** Seats may not go below the participants already assigned (they would have no seat). */
export async function updateTable(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  tableId: string,
  values: repo.TableValues,
) {
  const scope = scopeOf(auth, projectId);
  return deps.db.transaction(async (tx) => {
    const table = await getTableLocked(tx, scope, tableId);
    await assertNumberFree(tx, table.categoryId, values.number, table.id);
    if (values.seats < table.assignedCount) {
      throw AppError.field('seats', 'validation.activityTables.seatsBelowAssigned', {
        count: table.assignedCount,
      });
    }
    await repo.updateTable(tx, table.id, values);
    return presentTable((await repo.findTable(tx, scope, tableId)) as repo.TableRow);
  });
}

/**
 * Deletes a table. Its participants lose their table in this category (they stay in the project); the answer says
 * how many, as the confirmation did before.
 */
export async function deleteTable(deps: Deps, auth: AuthContext, projectId: string, tableId: string) {
  const scope = scopeOf(auth, projectId);
  return deps.db.transaction(async (tx) => {
    const table = await getTableLocked(tx, scope, tableId);
    await repo.deleteTables(tx, scope, [table.id]);
    return { ok: true as const, unassigned: table.assignedCount };
  });
}

/**
 * The counts form: as many standard and VIP tables as asked. New tables are numbered after the category's last
 * (standard ones first), with 8 seats; surplus ones are the highest-numbered empty tables of their kind. When too
 * few are empty, nothing changes and the field of that kind says how many the category must keep.
 */
export async function setCounts(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  categoryId: string,
  counts: ActivityTableCounts,
) {
  const scope = scopeOf(auth, projectId);
  return deps.db.transaction(async (tx) => {
    await getCategory(tx, scope, categoryId, true);
    const current = await repo.listTables(tx, scope, categoryId);
    const plan: { vip: boolean; wanted: number; field: 'standard' | 'vip' }[] = [
      { vip: false, wanted: counts.standard, field: 'standard' },
      { vip: true, wanted: counts.vip, field: 'vip' },
    ];
    const toDelete: string[] = [];
    const toCreate: boolean[] = [];
    for (const { vip, wanted, field } of plan) {
      const have = current.filter((t) => t.vip === vip).length;
      if (wanted > have) toCreate.push(...Array.from({ length: wanted - have }, () => vip));
      if (wanted < have) {
        const empty = await repo.emptyTables(tx, categoryId, vip);
        const surplus = have - wanted;
        if (empty.length < surplus) {
          throw AppError.field(field, 'validation.activityTables.assignedTables', {
            minimum: have - empty.length,
          });
        }
        toDelete.push(...empty.slice(0, surplus).map((t) => t.id));
      }
    }
    await repo.deleteTables(tx, scope, toDelete);
    let next = (await repo.lastNumber(tx, categoryId)) + 1;
    await repo.insertTables(
      tx,
      scope,
      categoryId,
      toCreate.map((vip) => ({
        number: next++,
        name: null,
        location: null,
        vip,
        seats: TABLE_SEATS_DEFAULT,
      })),
    );
    return tableList(tx, scope, categoryId);
  });
}

// ---------- assignments ----------

export async function listAssignments(deps: Deps, auth: AuthContext, projectId: string, tableId: string) {
  const scope = scopeOf(auth, projectId);
  const table = await repo.findTable(deps.db, scope, tableId);
  if (!table) throw AppError.notFound();
  const rows = await repo.listAssigned(deps.db, scope, table.categoryId, table.id);
  return { items: rows.map(presentParticipant) };
}

/**
 * Seats participants of the project at a table. One at another table of the category moves here; one already here
 * stays. Refused whole (field `participantIds`) when one is not a participant of the project, or when the table's
 * seats would not suffice.
 */
export async function assign(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  tableId: string,
  input: AssignmentInput,
) {
  const scope = scopeOf(auth, projectId);
  const ids = [...new Set(input.participantIds)];
  return deps.db.transaction(async (tx) => {
    const table = await getTableLocked(tx, scope, tableId);
    const known = await repo.holdParticipants(tx, scope, ids);
    if (known.length < ids.length) {
      throw AppError.field('participantIds', 'validation.activityTables.unknownParticipant');
    }
    const current = new Map(
      (await repo.currentTables(tx, table.categoryId, ids)).map((a) => [a.participantId, a.tableId]),
    );
    const arriving = ids.filter((id) => current.get(id) !== table.id);
    if (table.assignedCount + arriving.length > table.seats) {
      throw AppError.field('participantIds', 'validation.activityTables.tableFull', {
        seats: table.seats,
        free: Math.max(0, table.seats - table.assignedCount),
      });
    }
    if (arriving.length) await repo.upsertAssignments(tx, scope, table, arriving);
    const moved = arriving.filter((id) => current.has(id)).length;
    return { assigned: arriving.length - moved, moved };
  });
}

export async function unassign(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  tableId: string,
  participantId: string,
) {
  const scope = scopeOf(auth, projectId);
  return deps.db.transaction(async (tx) => {
    const table = await getTableLocked(tx, scope, tableId);
    if ((await repo.deleteAssignment(tx, table.id, participantId)) === 0) throw AppError.notFound();
    return { ok: true as const };
  });
}

export async function listParticipants(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  categoryId: string,
  query: z.output<typeof tableParticipantQuery> & ListParams,
) {
  const scope = scopeOf(auth, projectId);
  await getCategory(deps.db, scope, categoryId);
  const page = await repo.listParticipants(deps.db, scope, categoryId, { ...query, language: auth.locale });
  return { ...page, items: page.items.map(presentParticipant) };
}
