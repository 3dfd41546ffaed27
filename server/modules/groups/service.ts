import type { z } from 'zod';
import type { UploadedFile } from '../../../contracts/files';
import {
  GROUP_IMPORT_MAX_BYTES,
  GROUP_IMPORT_MAX_EMAILS,
  type GroupOrder,
  type groupInput,
  type groupName,
} from '../../../contracts/groups';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { auditTrail, changedFields } from '../audit/record';
import { deliverSoon } from '../mail/outbox';
import { notifyMembership } from '../notifications/trigger';
import type { AuthContext } from '../session/auth-context';
import { readEmailFile } from './email-file';
import * as repo from './repository';

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('group');
const auditCategory = auditTrail('groupCategory');
/** A change of a group's members: one event naming `members`, with how many joined or left. */
const auditMembers = (
  tx: Executor,
  auth: AuthContext,
  scope: repo.Scope,
  group: repo.GroupRow,
  count: number,
) =>
  audit(tx, auth, {
    action: 'update',
    projectId: scope.projectId,
    entityId: group.id,
    label: group.nameFr,
    fields: ['members'],
    count,
  });

type Name = z.output<typeof groupName>;
type GroupValues = z.output<typeof groupInput>;

const nameValues = (name: Name): repo.NameValues => ({ nameFr: name.fr, nameEn: name.en });
const presentGroup = (row: repo.GroupRow) => ({
  id: row.id,
  categoryId: row.categoryId,
  name: { fr: row.nameFr, en: row.nameEn },
  memberCount: row.memberCount,
});
const presentMember = (row: repo.MemberRow) => ({
  participantId: row.participantId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: { fr: row.roleFr, en: row.roleEn },
});

/** The project of the signed-in company, or not found. */
async function scopeOf(db: Executor, auth: AuthContext, projectId: string): Promise<repo.Scope> {
  const scope = { companyId: auth.companyId, projectId };
  if (!(await repo.projectExists(db, scope))) throw AppError.notFound();
  return scope;
}

async function categoryOrFail(db: Executor, scope: repo.Scope, id: string) {
  const row = await repo.findCategory(db, scope, id);
  if (!row) throw AppError.notFound();
  return row;
}

async function groupOrFail(db: Executor, scope: repo.Scope, id: string) {
  const row = await repo.findGroup(db, scope, id);
  if (!row) throw AppError.notFound();
  return row;
}

async function loadTree(db: Executor, scope: repo.Scope) {
  // In turn: the changes read the tree inside their transaction.
  const categories = await repo.listCategories(db, scope);
  const groups = await repo.listGroups(db, scope);
  return {
    categories: categories.map((c) => ({
      id: c.id,
      name: { fr: c.nameFr, en: c.nameEn },
      groups: groups.filter((g) => g.categoryId === c.id).map(presentGroup),
    })),
  };
}

async function loadCategory(db: Executor, scope: repo.Scope, id: string) {
  const tree = await loadTree(db, scope);
  const category = tree.categories.find((c) => c.id === id);
  if (!category) throw AppError.notFound();
  return category;
}

// ---------- categories ----------

export async function listGroups(deps: Deps, auth: AuthContext, projectId: string) {
  const scope = await scopeOf(deps.db, auth, projectId);
  return loadTree(deps.db, scope);
}

export async function createCategory(deps: Deps, auth: AuthContext, projectId: string, name: Name) {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const id = await repo.insertCategory(tx, scope, nameValues(name));
    await auditCategory(tx, auth, { action: 'create', projectId, entityId: id, label: name.fr });
    return loadCategory(tx, scope, id);
  });
}

export async function updateCategory(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  categoryId: string,
  name: Name,
) {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const before = await categoryOrFail(tx, scope, categoryId);
    await repo.updateCategory(tx, scope, categoryId, nameValues(name));
    const fields = changedFields({ name: { fr: before.nameFr, en: before.nameEn } }, { name });
    await auditCategory(tx, auth, {
      action: 'update',
      projectId,
      entityId: categoryId,
      label: name.fr,
      fields,
    });
    return loadCategory(tx, scope, categoryId);
  });
}

/** A category that still has groups is kept: the reason says how many (U4, spec 001 §8). */
export async function deleteCategory(deps: Deps, auth: AuthContext, projectId: string, categoryId: string) {
  await deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const gone = await categoryOrFail(tx, scope, categoryId);
    const groupCount = await repo.countGroupsInCategory(tx, scope, categoryId);
    if (groupCount > 0)
      throw new AppError('groups.categoryNotEmpty', 'conflict', { params: { count: groupCount } });
    await repo.deleteCategory(tx, scope, categoryId);
    await auditCategory(tx, auth, { action: 'delete', projectId, entityId: categoryId, label: gone.nameFr });
  });
  return { ok: true as const };
}

// ---------- groups ----------

/** The category named by a form must be one of the project's: otherwise the field says so. */
async function assertCategory(db: Executor, scope: repo.Scope, categoryId: string) {
  if (!(await repo.findCategory(db, scope, categoryId))) {
    throw AppError.field('categoryId', 'validation.groups.unknownCategory');
  }
}

export async function createGroup(deps: Deps, auth: AuthContext, projectId: string, input: GroupValues) {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    await assertCategory(tx, scope, input.categoryId);
    const id = await repo.insertGroup(tx, scope, input.categoryId, nameValues(input.name));
    await audit(tx, auth, { action: 'create', projectId, entityId: id, label: input.name.fr });
    return presentGroup(await groupOrFail(tx, scope, id));
  });
}

export async function updateGroup(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  groupId: string,
  input: GroupValues,
) {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const current = await groupOrFail(tx, scope, groupId);
    const moved = current.categoryId !== input.categoryId;
    if (moved) await assertCategory(tx, scope, input.categoryId);
    await repo.updateGroup(tx, scope, groupId, {
      ...nameValues(input.name),
      categoryId: input.categoryId,
      moved,
    });
    const after = presentGroup(await groupOrFail(tx, scope, groupId));
    const fields = changedFields(presentGroup(current), after);
    await audit(tx, auth, { action: 'update', projectId, entityId: groupId, label: after.name.fr, fields });
    return after;
  });
}

/** The group goes; its members simply leave it (they stay participants of the project). */
export async function deleteGroup(deps: Deps, auth: AuthContext, projectId: string, groupId: string) {
  await deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const gone = await groupOrFail(tx, scope, groupId);
    await repo.deleteGroup(tx, scope, groupId);
    await audit(tx, auth, { action: 'delete', projectId, entityId: groupId, label: gone.nameFr });
  });
  return { ok: true as const };
}

/**
 * P11: the new order of the page. It must name every category and every group of the project exactly once, each
 * group inside a category; anything else (an id of another project, a group outside any category, a forgotten or
 * repeated entry) is refused.
 */
export async function reorderGroups(deps: Deps, auth: AuthContext, projectId: string, order: GroupOrder) {
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const categories = await repo.listCategories(tx, scope);
    const groups = await repo.listGroups(tx, scope);
    const categoryIds = new Set(categories.map((c) => c.id));
    const groupIds = new Set(groups.map((g) => g.id));
    const namedCategories = order.categories.map((c) => c.id);
    const namedGroups = order.categories.flatMap((c) => c.items);
    const exactly = (named: string[], known: Set<string>) =>
      named.length === known.size &&
      new Set(named).size === named.length &&
      named.every((id) => known.has(id));
    if (order.items.length > 0) throw new AppError('groups.groupOutsideCategory', 'validation');
    if (!exactly(namedCategories, categoryIds) || !exactly(namedGroups, groupIds)) {
      throw new AppError('groups.orderMismatch', 'validation');
    }
    await repo.placeCategories(
      tx,
      scope,
      namedCategories.map((id, position) => ({ id, position })),
    );
    await repo.placeGroups(
      tx,
      scope,
      order.categories.flatMap((c) => c.items.map((id, position) => ({ id, categoryId: c.id, position }))),
    );
    return loadTree(tx, scope);
  });
}

// ---------- members ----------

export async function listMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  groupId: string,
  params: ListParams,
) {
  const scope = await scopeOf(deps.db, auth, projectId);
  await groupOrFail(deps.db, scope, groupId);
  const page = await repo.listMembers(deps.db, scope, groupId, { ...params, language: auth.locale });
  return { ...page, items: page.items.map(presentMember) };
}

export async function listCandidates(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  groupId: string,
  q: string | undefined,
) {
  const scope = await scopeOf(deps.db, auth, projectId);
  await groupOrFail(deps.db, scope, groupId);
  return (await repo.listCandidates(deps.db, scope, groupId, q)).map(presentMember);
}

/** Adds members, and queues the automatic notifications of those who joined (J5) in the same transaction. */
async function joinGroup(deps: Deps, tx: Executor, scope: repo.Scope, groupId: string, ids: string[]) {
  const added = await repo.addMembers(tx, groupId, ids);
  await notifyMembership(deps, tx, {
    ...scope,
    kind: 'group',
    targetId: groupId,
    direction: 'in',
    participantIds: added,
  });
  return added;
}

/** Every id must be a participant of the project; those already in the group are counted, not added twice. */
export async function addMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  groupId: string,
  participantIds: string[],
) {
  const result = await deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const group = await groupOrFail(tx, scope, groupId);
    const unique = [...new Set(participantIds)];
    const known = await repo.findParticipantIds(tx, scope, unique);
    if (known.length !== unique.length) {
      throw AppError.field('participantIds', 'validation.groups.unknownParticipant');
    }
    const added = await joinGroup(deps, tx, scope, groupId, unique);
    await auditMembers(tx, auth, scope, group, added.length);
    return { added: added.length, already: unique.length - added.length };
  });
  await deliverSoon(deps);
  return result;
}

export async function removeMember(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  groupId: string,
  participantId: string,
) {
  await deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, auth, projectId);
    const group = await groupOrFail(tx, scope, groupId);
    if ((await repo.removeMember(tx, groupId, participantId)) === 0) throw AppError.notFound();
    await auditMembers(tx, auth, scope, group, 1);
    await notifyMembership(deps, tx, {
      ...scope,
      kind: 'group',
      targetId: groupId,
      direction: 'out',
      participantIds: [participantId],
    });
  });
  await deliverSoon(deps);
  return { ok: true as const };
}

/**
 * U4 import: every e-mail of the file found among the project's participants joins the group. The answer says how
 * many joined, how many were in it already, and which addresses were not found (the web shows them in a warning).
 */
export async function importMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  groupId: string,
  file: UploadedFile | undefined,
) {
  const scope = await scopeOf(deps.db, auth, projectId);
  await groupOrFail(deps.db, scope, groupId);
  if (!file) throw AppError.field('file', 'validation.empty');
  if (file.truncated || file.bytes.length > GROUP_IMPORT_MAX_BYTES) {
    throw AppError.field('file', 'validation.groups.fileTooLarge', {
      maximum: GROUP_IMPORT_MAX_BYTES / 1024 / 1024,
    });
  }
  const read = readEmailFile(file.bytes);
  if (!read.ok) throw AppError.field('file', 'validation.groups.notText');
  if (read.emails.length === 0) throw AppError.field('file', 'validation.groups.noEmail');
  if (read.emails.length > GROUP_IMPORT_MAX_EMAILS) {
    throw AppError.field('file', 'validation.groups.tooManyEmails', { maximum: GROUP_IMPORT_MAX_EMAILS });
  }
  const result = await deps.db.transaction(async (tx) => {
    const group = await groupOrFail(tx, scope, groupId);
    const found = await repo.findParticipantsByEmails(tx, scope, read.emails);
    const foundEmails = new Set(found.map((f) => f.email));
    const ids = [...new Set(found.map((f) => f.id))];
    const added = await joinGroup(deps, tx, scope, groupId, ids);
    await auditMembers(tx, auth, scope, group, added.length);
    return {
      added: added.length,
      already: ids.length - added.length,
      notFound: read.emails.filter((email) => !foundEmails.has(email)),
    };
  });
  await deliverSoon(deps);
  return result;
}
