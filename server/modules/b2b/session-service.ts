import { and, eq, inArray } from 'drizzle-orm';
import type { B2bMode, B2bSessionValues } from '../../../contracts/b2b';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { activityCategories, groups, roles } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { describeInstant, toLocalTime } from '../activities/local-time';
import { instantOf } from '../activities/service';
import type { AuthContext } from '../session/auth-context';
import { retimeMeetings } from './meeting-repository';
import * as repo from './repository';

/** When slot `i` of a session starts and ends (slots follow each other with the break between them). */
export function slotTimes(
  session: Pick<repo.SessionRow, 'startsAt' | 'slotMinutes' | 'breakMinutes'>,
  i: number,
) {
  const start = session.startsAt.getTime() + i * (session.slotMinutes + session.breakMinutes) * 60_000;
  return { start: new Date(start), end: new Date(start + session.slotMinutes * 60_000) };
}

/** The session's end: the last slot's end. */
export const sessionEnd = (
  session: Pick<repo.SessionRow, 'startsAt' | 'slotMinutes' | 'breakMinutes' | 'slotCount'>,
) => slotTimes(session, session.slotCount - 1).end;

/** The tables each slot has: the category's tables when one is chosen, else the number given. */
export const tablesOf = (
  session: Pick<repo.SessionRow, 'tableCategoryId' | 'categoryTables' | 'tablesPerSlot'>,
) => (session.tableCategoryId ? session.categoryTables : (session.tablesPerSlot ?? 0));

export function presentSession(row: repo.SessionRow, timeZone: string) {
  const start = describeInstant(row.startsAt, timeZone);
  const end = sessionEnd(row);
  return {
    id: row.id,
    name: row.name,
    startsAt: row.startsAt,
    startsAtLocal: start.local,
    startsAtOffset: start.choice,
    endsAt: end,
    endsAtLocal: toLocalTime(end, timeZone),
    slotMinutes: row.slotMinutes,
    breakMinutes: row.breakMinutes,
    slotCount: row.slotCount,
    tablesPerSlot: row.tablesPerSlot,
    tableCategory: row.tableCategoryId
      ? {
          id: row.tableCategoryId,
          name: { fr: row.tableCategoryNameFr ?? '', en: row.tableCategoryNameEn ?? '' },
        }
      : null,
    tables: tablesOf(row),
    defaultCap: row.defaultCap,
    mode: row.mode as B2bMode,
    roleIds: row.roleIds,
    groupIds: row.groupIds,
    metSession: row.metSessionId ? { id: row.metSessionId, name: row.metSessionName ?? '' } : null,
    requestCount: row.requestCount,
    meetingCount: row.meetingCount,
    timeZone,
  };
}

/** The project (404 for another company's) and one of its sessions (404 when not of this project). */
export async function loadSession(db: Executor, auth: AuthContext, projectId: string, sessionId: string) {
  const project = await assertProject(db, auth, projectId);
  const session = await repo.findSession(db, auth.companyId, projectId, sessionId);
  if (!session) throw AppError.notFound();
  return { project, session };
}

export async function listSessions(deps: Deps, auth: AuthContext, projectId: string, query: ListParams) {
  const project = await assertProject(deps.db, auth, projectId);
  const page = await repo.listSessions(deps.db, auth.companyId, projectId, query);
  return { ...page, items: page.items.map((row) => presentSession(row, project.timeZone)) };
}

export async function getSession(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  const { project, session } = await loadSession(deps.db, auth, projectId, sessionId);
  return presentSession(session, project.timeZone);
}

/** The category, roles, groups and earlier session the input names belong to this project. */
async function checkReferences(
  db: Executor,
  projectId: string,
  companyId: string,
  input: B2bSessionValues,
  sessionId?: string,
) {
  if (input.tableCategoryId) {
    const [found] = await db
      .select({ id: activityCategories.id })
      .from(activityCategories)
      .where(
        and(
          eq(activityCategories.projectId, projectId),
          eq(activityCategories.kind, 'category'),
          eq(activityCategories.id, input.tableCategoryId),
        ),
      );
    if (!found) throw AppError.field('tableCategoryId', 'validation.activities.unknownCategory');
  }
  const roleIds = [...new Set(input.roleIds)];
  if (roleIds.length) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.projectId, projectId), inArray(roles.id, roleIds)));
    if (found.length !== roleIds.length) throw AppError.field('roleIds', 'validation.b2b.unknownRole');
  }
  const groupIds = [...new Set(input.groupIds)];
  if (groupIds.length) {
    const found = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.projectId, projectId), inArray(groups.id, groupIds)));
    if (found.length !== groupIds.length) throw AppError.field('groupIds', 'validation.b2b.unknownGroup');
  }
  if (input.metSessionId) {
    const met = await repo.findSession(db, companyId, projectId, input.metSessionId);
    if (!met || input.metSessionId === sessionId)
      throw AppError.field('metSessionId', 'validation.b2b.unknownSession');
  }
  return { roleIds, groupIds };
}

async function valuesOf(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  input: B2bSessionValues,
  sessionId?: string,
) {
  const project = await assertProject(db, auth, projectId);
  if (!input.startsAtLocal) throw AppError.field('startsAtLocal', 'validation.required');
  if (input.tablesPerSlot === null && input.tableCategoryId === null) {
    throw AppError.field('tablesPerSlot', 'validation.b2b.tablesRequired');
  }
  const { roleIds, groupIds } = await checkReferences(db, projectId, auth.companyId, input, sessionId);
  return {
    project,
    values: {
      name: input.name,
      startsAt: instantOf(input.startsAtLocal, project.timeZone, input.startsAtOffset, 'startsAtLocal'),
      slotMinutes: input.slotMinutes,
      breakMinutes: input.breakMinutes,
      slotCount: input.slotCount,
      tablesPerSlot: input.tableCategoryId ? null : input.tablesPerSlot,
      tableCategoryId: input.tableCategoryId,
      defaultCap: input.defaultCap,
      mode: input.mode,
      roleIds,
      groupIds,
      metSessionId: input.metSessionId,
    },
  };
}

export async function createSession(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: B2bSessionValues,
) {
  const id = await deps.db.transaction(async (tx) => {
    const { values } = await valuesOf(tx, auth, projectId, input);
    return repo.insertSession(tx, { companyId: auth.companyId, projectId, ...values });
  });
  return getSession(deps, auth, projectId, id);
}

/**
 * Edits a session. Meetings already placed keep their slot and table; their times follow the new start and
 * durations (a slot or table now beyond the session is shown as a conflict on the schedule).
 */
export async function updateSession(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  sessionId: string,
  input: B2bSessionValues,
) {
  await deps.db.transaction(async (tx) => {
    await loadSession(tx, auth, projectId, sessionId);
    const { values } = await valuesOf(tx, auth, projectId, input, sessionId);
    await repo.updateSession(tx, sessionId, values);
    await retimeMeetings(tx, sessionId, values.mode);
  });
  return getSession(deps, auth, projectId, sessionId);
}

export async function deleteSession(deps: Deps, auth: AuthContext, projectId: string, sessionId: string) {
  await loadSession(deps.db, auth, projectId, sessionId);
  await repo.deleteSession(deps.db, sessionId);
  return { ok: true as const };
}
