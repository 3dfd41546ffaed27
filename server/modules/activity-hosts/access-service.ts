import { stringify } from 'csv-stringify/sync';
import type { ActivityCategoryKind } from '../../../contracts/activities';
import {
  type AccessInput,
  type ActivitySettingsInput,
  INSCRIPTION_STATUSES,
  type InscriptionStatus,
} from '../../../contracts/activity-access';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import * as activityRepo from '../activities/repository';
import type { AuthContext } from '../session/auth-context';
import { getText, saveText } from '../texts/repository';
import * as repo from './access-repository';
import { ACTIVITY_DEFAULT_MENU } from './texts';

/**
 * V2's permissions editor and V4's subscribe tab: who may see a section, a category or an activity (no entry:
 * visible to all; one or more: restricted), the inscription figures, the parent, and the activities' defaults.
 */

/** Where the access of a request belongs: an activity or a section/category of the project. */
export type AccessTarget = { activityId: string } | { kind: ActivityCategoryKind; categoryId: string };

const ownerOf = (target: AccessTarget): repo.AccessOwner =>
  'activityId' in target ? { activityId: target.activityId } : { categoryId: target.categoryId };

/** The owner exists in the caller's company and project (locked while its access changes), or 404. */
async function assertOwner(db: Executor, auth: AuthContext, projectId: string, target: AccessTarget) {
  await assertProject(db, auth, projectId);
  const found =
    'activityId' in target
      ? await activityRepo.holdActivity(db, auth.companyId, projectId, target.activityId)
      : await repo.lockCategory(db, auth.companyId, projectId, target.kind, target.categoryId);
  if (!found) throw AppError.notFound();
}

async function presentAccess(db: Executor, auth: AuthContext, projectId: string, target: AccessTarget) {
  const rows = await repo.listAccess(db, auth.companyId, projectId, ownerOf(target));
  const items = rows.map((row) => ({
    id: row.id,
    kind: row.groupId ? ('group' as const) : ('role' as const),
    targetId: (row.groupId ?? row.roleId) as string,
    name: row.groupId
      ? { fr: row.groupNameFr ?? '', en: row.groupNameEn ?? '' }
      : { fr: row.roleNameFr ?? '', en: row.roleNameEn ?? '' },
  }));
  return { restricted: items.length > 0, items };
}

export async function listAccess(deps: Deps, auth: AuthContext, projectId: string, target: AccessTarget) {
  await assertOwner(deps.db, auth, projectId, target);
  return presentAccess(deps.db, auth, projectId, target);
}

/** A group or role of another project (or company) is a field error under targetId. */
export async function addAccess(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  target: AccessTarget,
  input: AccessInput,
) {
  return deps.db.transaction(async (tx) => {
    await assertOwner(tx, auth, projectId, target);
    if (!(await repo.holdTarget(tx, auth.companyId, projectId, input.kind, input.targetId))) {
      throw AppError.field('targetId', `validation.activityHosts.unknown.${input.kind}`);
    }
    await repo.insertAccess(
      tx,
      { companyId: auth.companyId, projectId },
      ownerOf(target),
      input.kind,
      input.targetId,
    );
    return presentAccess(tx, auth, projectId, target);
  });
}

export async function removeAccess(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  target: AccessTarget,
  accessId: string,
) {
  return deps.db.transaction(async (tx) => {
    await assertOwner(tx, auth, projectId, target);
    if (!(await repo.deleteAccess(tx, auth.companyId, projectId, ownerOf(target), accessId))) {
      throw AppError.notFound();
    }
    return presentAccess(tx, auth, projectId, target);
  });
}

// ---------- the subscribe tab ----------

async function loadActivity(db: Executor, auth: AuthContext, projectId: string, activityId: string) {
  await assertProject(db, auth, projectId);
  const row = await activityRepo.findActivity(db, auth.companyId, projectId, activityId);
  if (!row) throw AppError.notFound();
  return row;
}

export async function getReport(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  const activity = await loadActivity(deps.db, auth, projectId, activityId);
  const [rows, hostCount] = await Promise.all([
    repo.countMembersByStatus(deps.db, projectId, activityId),
    repo.countHosts(deps.db, projectId, activityId),
  ]);
  const counts = Object.fromEntries(INSCRIPTION_STATUSES.map((s) => [s, 0])) as Record<
    InscriptionStatus,
    number
  >;
  for (const row of rows) counts[row.status as InscriptionStatus] = row.n;
  const total = rows.reduce((sum, row) => sum + row.n, 0);
  const max = activity.maxMembers;
  return {
    counts,
    total,
    maxMembers: max,
    seatsLeft: max === null ? null : Math.max(0, max - total),
    hostCount,
  };
}

/** The members with their status, as CSV in the caller's language (a byte-order mark for spreadsheet programs). */
export async function exportMembersCsv(deps: Deps, auth: AuthContext, projectId: string, activityId: string) {
  const activity = await loadActivity(deps.db, auth, projectId, activityId);
  const t = translator(auth.locale);
  const rows = await repo.listMembers(deps.db, projectId, activityId);
  const header = ['lastName', 'firstName', 'email', 'organisation', 'status'].map((c) =>
    t(`activities.subscribe.csv.${c}`),
  );
  const body = rows.map((r) => [
    r.lastName,
    r.firstName,
    r.email,
    r.organisation ?? '',
    t(`activities.subscribe.statuses.${r.status}`),
  ]);
  const title = auth.locale === 'en' ? activity.titleEn : activity.titleFr;
  const name = `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'activity'}.csv`;
  return { filename: name, content: `\ufeff${stringify([header, ...body])}` };
}

/** The parent: another activity of the project, never the activity itself nor one below it. */
export async function setParent(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  parentId: string | null,
) {
  await deps.db.transaction(async (tx) => {
    await assertProject(tx, auth, projectId);
    if (!(await activityRepo.holdActivity(tx, auth.companyId, projectId, activityId)))
      throw AppError.notFound();
    if (parentId) {
      if (parentId === activityId) throw AppError.field('parentId', 'validation.activities.parentCycle');
      if (!(await activityRepo.holdActivity(tx, auth.companyId, projectId, parentId))) {
        throw AppError.field('parentId', 'validation.activities.unknownParent');
      }
      if ((await activityRepo.listAncestors(tx, projectId, parentId)).includes(activityId)) {
        throw AppError.field('parentId', 'validation.activities.parentCycle');
      }
    }
    await repo.setParent(tx, projectId, activityId, parentId);
  });
  return { ok: true as const };
}

// ---------- the activities' defaults (V2) ----------

export async function getSettings(deps: Deps, auth: AuthContext, projectId: string) {
  await assertProject(deps.db, auth, projectId);
  const menu = await getText(deps.db, ACTIVITY_DEFAULT_MENU, projectId);
  return { defaultMenu: menu.fr || menu.en ? menu : null };
}

/** Switching the default menu off forgets its name (both languages are empty again). */
export async function saveSettings(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: ActivitySettingsInput,
) {
  await assertProject(deps.db, auth, projectId);
  await saveText(
    deps.db,
    { companyId: auth.companyId, projectId },
    ACTIVITY_DEFAULT_MENU,
    projectId,
    input.defaultMenu ?? { fr: '', en: '' },
  );
  return getSettings(deps, auth, projectId);
}
