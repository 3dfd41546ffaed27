import {
  type ActivityBulkValues,
  type ActivityListValues,
  type ActivityValues,
  DURATION_MAX,
  type OffsetChoice,
} from '../../../contracts/activities';
import type { Localized } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import { activities } from '../../db/schema';
import { claimVersion } from '../../db/versioned-update';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { auditTrail, changedFields } from '../audit/record';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import { findTextKind } from '../texts/kinds';
import { deleteTexts, getText, saveText } from '../texts/repository';
import { cleanText } from '../texts/service';
import { assertMaxFitsMembers } from './capacity';
import { assertProject } from './category-service';
import { listActivities as listActivityPage } from './list-repository';
import { describeInstant, resolveLocalTime, toLocalTime } from './local-time';
import * as repo from './repository';
import { ACTIVITY_DESCRIPTION } from './texts';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('activity');

// ---------- times ----------

/**
 * The instant of a local time of the project's zone. A time that daylight saving skips is refused; one it repeats
 * is refused unless `choice` says which, and the refusal names both instants (with their UTC offsets).
 */
export function instantOf(
  local: string,
  timeZone: string,
  choice: OffsetChoice | undefined,
  field: string,
): Date {
  const result = resolveLocalTime(local, timeZone, choice);
  const [date, time] = local.split('T');
  if (result.kind === 'nonexistent') {
    throw AppError.field(field, 'validation.activities.nonexistentTime', { date, time, timeZone });
  }
  if (result.kind === 'ambiguous') {
    throw AppError.field(field, 'validation.activities.ambiguousTime', {
      date,
      time,
      timeZone,
      earlier: `${time} UTC${result.earlierOffset} (${result.earlier.toISOString()})`,
      later: `${time} UTC${result.laterOffset} (${result.later.toISOString()})`,
    });
  }
  return result.instant;
}

// ---------- activities ----------

const named = (id: string | null, fr: string | null, en: string | null) =>
  id ? { id, name: { fr: fr ?? '', en: en ?? '' } } : null;

function presentActivity(row: repo.ActivityRow, timeZone: string) {
  const dated = !row.noDate && row.startsAt !== null;
  const end = row.startsAt ? new Date(row.startsAt.getTime() + row.durationMinutes * 60_000) : null;
  const start = row.startsAt ? describeInstant(row.startsAt, timeZone) : null;
  return {
    id: row.id,
    title: { fr: row.titleFr, en: row.titleEn },
    type: row.type as ActivityValues['type'],
    category: named(row.categoryId, row.categoryNameFr, row.categoryNameEn),
    section: named(row.sectionId, row.sectionNameFr, row.sectionNameEn),
    noDate: row.noDate,
    startsAt: dated ? row.startsAt : null,
    startsAtLocal: start?.local ?? null,
    startsAtOffset: start?.choice ?? null,
    startsAtUtcOffset: start?.offset ?? null,
    durationMinutes: row.durationMinutes,
    endsAt: dated ? end : null,
    endsAtLocal: end ? toLocalTime(end, timeZone) : null,
    maxMembers: row.maxMembers,
    hybridType: row.hybridType as ActivityValues['hybridType'],
    location: row.location,
    parentId: row.parentId,
    backgroundColor: row.backgroundColor,
    timeZone,
  };
}

async function loadActivity(db: Executor, auth: AuthContext, projectId: string, activityId: string) {
  const row = await repo.findActivity(db, auth.companyId, projectId, activityId);
  if (!row) throw AppError.notFound();
  return row;
}

async function presentFull(db: Executor, auth: AuthContext, projectId: string, activityId: string) {
  const project = await assertProject(db, auth, projectId);
  const row = await loadActivity(db, auth, projectId, activityId);
  // One query after the other: `db` may be a transaction (create, update), whose one client takes them in turn.
  const description = await getText(db, ACTIVITY_DESCRIPTION, activityId);
  const childCount = await repo.countChildren(db, projectId, activityId);
  return {
    ...presentActivity(row, project.timeZone),
    description,
    childCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

export async function listActivities(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  query: ActivityListValues,
) {
  // The project check rides on the count (its zone, null for another company's project): one statement less.
  const { timeZone, ...page } = await listActivityPage(deps.db, auth.companyId, projectId, {
    ...query,
    language: auth.locale,
    now: deps.now(),
  });
  if (!timeZone) throw AppError.notFound();
  return { ...page, items: page.items.map((row) => presentActivity(row, timeZone)) };
}

export async function getActivity(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  return presentFull(deps.db, auth, projectId, activityId);
}

/**
 * The section, the category and the parent named by the input belong to this project (the parent not below itself).
 * They are held until the transaction ends, so that one deleted at the same moment is either still there once this
 * is saved (the deletion waits, then sees it in use) or already not found here.
 */
async function checkReferences(
  db: Executor,
  auth: AuthContext,
  projectId: string,
  input: Partial<Pick<ActivityValues, 'categoryId' | 'sectionId' | 'parentId'>>,
  activityId?: string,
) {
  const { companyId } = auth;
  if (
    input.categoryId &&
    !(await repo.holdCategory(db, companyId, projectId, 'category', input.categoryId))
  ) {
    throw AppError.field('categoryId', 'validation.activities.unknownCategory');
  }
  if (input.sectionId && !(await repo.holdCategory(db, companyId, projectId, 'section', input.sectionId))) {
    throw AppError.field('sectionId', 'validation.activities.unknownSection');
  }
  if (input.parentId) {
    if (input.parentId === activityId) throw AppError.field('parentId', 'validation.activities.parentCycle');
    if (!(await repo.holdActivity(db, companyId, projectId, input.parentId))) {
      throw AppError.field('parentId', 'validation.activities.unknownParent');
    }
    if (activityId && (await repo.listAncestors(db, projectId, input.parentId)).includes(activityId)) {
      throw AppError.field('parentId', 'validation.activities.parentCycle');
    }
  }
}

/** The row of an input: its local start turned into an instant of the project's zone. */
function activityFields(input: ActivityValues, timeZone: string): repo.ActivityFields {
  if (!input.noDate && input.startsAt === null) {
    throw AppError.field('startsAt', 'validation.activities.startRequired');
  }
  return {
    type: input.type,
    categoryId: input.categoryId,
    sectionId: input.sectionId,
    titleFr: input.title.fr,
    titleEn: input.title.en,
    noDate: input.noDate,
    startsAt:
      input.startsAt === null ? null : instantOf(input.startsAt, timeZone, input.startsAtOffset, 'startsAt'),
    durationMinutes: input.durationMinutes,
    maxMembers: input.maxMembers,
    hybridType: input.hybridType,
    location: input.location,
    parentId: input.parentId,
    backgroundColor: input.backgroundColor,
  };
}

/** The description as it is stored: sanitised, at most the kind's length (field errors under description.fr/en). */
function cleanDescription(description: Localized | undefined): Localized | undefined {
  const kind = findTextKind(ACTIVITY_DESCRIPTION);
  if (!description || !kind) return undefined;
  return {
    fr: cleanText(kind, description.fr, 'description.fr'),
    en: cleanText(kind, description.en, 'description.en'),
  };
}

export async function createActivity(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: ActivityValues,
) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const fields = activityFields(input, project.timeZone);
    const description = cleanDescription(input.description);
    await checkReferences(tx, auth, projectId, input);
    const id = await repo.insertActivity(tx, auth.companyId, projectId, fields);
    if (description)
      await saveText(tx, { companyId: auth.companyId, projectId }, ACTIVITY_DESCRIPTION, id, description);
    const made = await presentFull(tx, auth, projectId, id);
    await audit(tx, auth, { action: 'create', projectId, entityId: id, label: made.title.fr });
    return made;
  });
}

export async function updateActivity(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  input: ActivityValues,
) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const before = await presentFull(tx, auth, projectId, activityId);
    // RS4: the configuration tab's save claims the activity (docs/conflicts.md).
    await claimVersion(tx, auth, { table: activities, id: activityId, projectId }, input.version);
    await assertMaxFitsMembers(tx, projectId, [activityId], input.maxMembers);
    const fields = activityFields(input, project.timeZone);
    const description = cleanDescription(input.description);
    await checkReferences(tx, auth, projectId, input, activityId);
    await repo.updateActivity(tx, projectId, activityId, fields);
    if (description) {
      await saveText(
        tx,
        { companyId: auth.companyId, projectId },
        ACTIVITY_DESCRIPTION,
        activityId,
        description,
      );
    }
    const after = await presentFull(tx, auth, projectId, activityId);
    const [changed, label] = [changedFields(before, after), after.title.fr];
    await audit(tx, auth, { action: 'update', projectId, entityId: activityId, label, fields: changed });
    return after;
  });
}

/**
 * An activity that is the parent of others is not deleted (409 with their count): its children would lose their
 * place in the programme without anyone deciding it. Delete or detach them first.
 */
export async function deleteActivity(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  await deps.db.transaction(async (tx) => {
    const gone = await loadActivity(tx, auth, projectId, activityId);
    // Locked: a child added meanwhile (its key-share lock on the parent) waits, so the count stays true.
    await repo.lockActivities(tx, auth.companyId, projectId, [activityId]);
    const children = await repo.countChildren(tx, projectId, activityId);
    if (children > 0)
      throw new AppError('activities.hasChildren', 'conflict', { params: { count: children } });
    await deleteTexts(tx, [ACTIVITY_DESCRIPTION], [activityId]);
    await repo.deleteActivity(tx, projectId, activityId);
    await audit(tx, auth, { action: 'delete', projectId, entityId: activityId, label: gone.titleFr });
  });
  return { ok: true as const };
}

// ---------- V1 bulk actions ----------

/**
 * One bulk action on activities of the project, all of them in one transaction or none. An id that is not an
 * activity of this project (another company's, another project's, or deleted) makes the whole action 404.
 */
export async function applyBulkAction(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  body: ActivityBulkValues,
) {
  return deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const ids = [...new Set(body.ids)];
    const rows = await repo.lockActivities(tx, auth.companyId, projectId, ids);
    if (rows.length !== ids.length) throw AppError.notFound();
    const update = (fields: Parameters<typeof repo.updateActivities>[3]) =>
      repo.updateActivities(tx, projectId, ids, fields);
    let updated: number;
    switch (body.action) {
      case 'startDate': {
        if (body.noDate) updated = await update({ noDate: true });
        else {
          if (!body.startsAt) throw AppError.field('startsAt', 'validation.activities.startRequired');
          const start = instantOf(body.startsAt, project.timeZone, body.startsAtOffset, 'startsAt');
          updated = await update({ startsAt: start, noDate: false });
        }
        break;
      }
      case 'endDate': {
        if (body.noDate) {
          updated = await update({ noDate: true });
          break;
        }
        if (!body.endsAt) throw AppError.field('endsAt', 'validation.activities.endRequired');
        const end = instantOf(body.endsAt, project.timeZone, body.endsAtOffset, 'endsAt');
        const undated = rows.filter((r) => r.noDate || r.startsAt === null).length;
        if (undated)
          throw AppError.field('endsAt', 'validation.activities.endWithoutStart', { count: undated });
        const minutes = rows.map((r) =>
          Math.round((end.getTime() - (r.startsAt as Date).getTime()) / 60_000),
        );
        const before = minutes.filter((m) => m < 0).length;
        if (before) throw AppError.field('endsAt', 'validation.activities.endBeforeStart', { count: before });
        const tooLong = minutes.filter((m) => m > DURATION_MAX).length;
        if (tooLong) throw AppError.field('endsAt', 'validation.activities.endTooFar', { count: tooLong });
        updated = await repo.setEnds(tx, projectId, ids, end);
        break;
      }
      case 'type':
        updated = await update({ type: body.type });
        break;
      case 'category':
        await checkReferences(tx, auth, projectId, {
          categoryId: body.categoryId,
          sectionId: null,
          parentId: null,
        });
        updated = await update({ categoryId: body.categoryId });
        break;
      case 'section':
        await checkReferences(tx, auth, projectId, {
          categoryId: null,
          sectionId: body.sectionId,
          parentId: null,
        });
        updated = await update({ sectionId: body.sectionId });
        break;
      case 'maxMembers':
        await assertMaxFitsMembers(tx, projectId, ids, body.maxMembers);
        updated = await update({ maxMembers: body.maxMembers });
        break;
      case 'hybridType':
        updated = await update({ hybridType: body.hybridType });
        break;
      case 'migration': {
        const target = await findProject(tx, auth.companyId, body.projectId);
        if (!target || target.id === projectId) {
          throw AppError.field('projectId', 'validation.activities.targetProject');
        }
        updated = await repo.moveActivities(tx, projectId, target.id, ids);
        break;
      }
    }
    const fields = [body.action === 'migration' ? 'projectId' : body.action];
    await audit(tx, auth, { action: 'update', projectId, fields, count: updated });
    return { updated };
  });
}
