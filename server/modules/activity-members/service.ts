import type {
  MemberAddSelection,
  MemberListValues,
  MemberRemoveSelection,
  MemberStatus,
} from '../../../contracts/activity-members';
import type { UploadedFile } from '../../../contracts/files';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { deliverSoon } from '../mail/outbox';
import { notifyMembership } from '../notifications/trigger';
import type { AuthContext } from '../session/auth-context';
import { readImportFile } from './import-file';
import * as repo from './repository';

type AddValues = MemberAddSelection;
type RemoveValues = MemberRemoveSelection;

const presentCandidate = (row: repo.CandidateRow) => ({
  participantId: row.participantId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  organisation: row.organisation,
  role: { fr: row.roleFr, en: row.roleEn },
});

const presentMember = (row: repo.MemberRow) => ({
  ...presentCandidate(row),
  status: row.status as MemberStatus,
});

const scopeOf = (auth: AuthContext, projectId: string, activityId: string): repo.Scope => ({
  companyId: auth.companyId,
  projectId,
  activityId,
});

/** The activity of this project and company, or 404 (another company's ids included). */
async function activityOrFail(db: Executor, scope: repo.Scope) {
  const activity = await repo.findActivity(db, scope);
  if (!activity) throw AppError.notFound();
  return activity;
}

export async function listMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  query: MemberListValues,
) {
  const scope = scopeOf(auth, projectId, activityId);
  const activity = await activityOrFail(deps.db, scope);
  const [page, members] = await Promise.all([
    repo.listMembers(deps.db, scope, { ...query, language: auth.locale }),
    repo.countMembers(deps.db, activityId),
  ]);
  return {
    ...page,
    items: page.items.map(presentMember),
    capacity: { members, maxMembers: activity.maxMembers },
  };
}

export async function listCandidates(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  query: ListParams,
) {
  const scope = scopeOf(auth, projectId, activityId);
  await activityOrFail(deps.db, scope);
  const page = await repo.listCandidates(deps.db, scope, { ...query, language: auth.locale });
  return { ...page, items: page.items.map(presentCandidate) };
}

/**
 * Adds members within the activity's maximum, in the caller's transaction: the activity row is locked first
 * (SELECT … FOR UPDATE), so that two organisers filling the last seats at once take turns and the second counts
 * what the first added; over the maximum, nothing is added (409 with the seats left). The automatic notifications
 * of those who joined (J5) are queued in the same transaction.
 */
async function addWithinCapacity(
  deps: Deps,
  tx: Executor,
  scope: repo.Scope,
  insert: () => Promise<string[]>,
): Promise<{ added: number; capacity: { members: number; maxMembers: number | null } }> {
  const activity = await repo.lockActivity(tx, scope);
  if (!activity) throw AppError.notFound();
  const before = await repo.countMembers(tx, scope.activityId);
  const ids = await insert();
  const added = ids.length;
  const { maxMembers } = activity;
  if (maxMembers !== null && before + added > maxMembers) {
    // Thrown inside the transaction: what was inserted is rolled back.
    throw new AppError('activityMembers.full', 'conflict', {
      params: { count: Math.max(0, maxMembers - before), maximum: maxMembers, asked: added },
    });
  }
  await notifyMembership(deps, tx, {
    ...scope,
    kind: 'activity',
    targetId: scope.activityId,
    direction: 'in',
    participantIds: ids,
  });
  return { added, capacity: { members: before + added, maxMembers } };
}

/**
 * Adds these participants of the project to the activity in the caller's transaction, within its maximum (409 when
 * full), with their notifications (J5); the public registration page's sales use it. The caller calls `deliverSoon`.
 */
export async function addMembersIn(deps: Deps, tx: Executor, scope: repo.Scope, participantIds: string[]) {
  return addWithinCapacity(deps, tx, scope, () => repo.insertMembers(tx, scope, { ids: participantIds }));
}

export async function addMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  selection: AddValues,
) {
  const scope = scopeOf(auth, projectId, activityId);
  const result = await deps.db.transaction(async (tx) => {
    if (selection.mode === 'matching') {
      const result = await addWithinCapacity(deps, tx, scope, () =>
        repo.insertMembers(tx, scope, { q: selection.q }),
      );
      return { ...result, already: 0 };
    }
    const ids = [...new Set(selection.participantIds)];
    const result = await addWithinCapacity(deps, tx, scope, async () => {
      if ((await repo.countParticipants(tx, scope, ids)) !== ids.length) {
        throw AppError.field('participantIds', 'validation.activityMembers.unknownParticipant');
      }
      return repo.insertMembers(tx, scope, { ids });
    });
    return { ...result, already: ids.length - result.added };
  });
  await deliverSoon(deps);
  return result;
}

export async function removeMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  selection: RemoveValues,
) {
  const scope = scopeOf(auth, projectId, activityId);
  const result = await deps.db.transaction(async (tx) => {
    const activity = await repo.lockActivity(tx, scope);
    if (!activity) throw AppError.notFound();
    const removed = await repo.deleteMembers(
      tx,
      scope,
      selection.mode === 'ids'
        ? { ids: [...new Set(selection.participantIds)] }
        : { q: selection.q, status: selection.status ?? 'all' },
    );
    await notifyMembership(deps, tx, {
      ...scope,
      kind: 'activity',
      targetId: activityId,
      direction: 'out',
      participantIds: removed,
    });
    const members = await repo.countMembers(tx, activityId);
    return { removed: removed.length, capacity: { members, maxMembers: activity.maxMembers } };
  });
  await deliverSoon(deps);
  return result;
}

export async function updateStatus(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  participantId: string,
  status: MemberStatus,
) {
  const scope = scopeOf(auth, projectId, activityId);
  return deps.db.transaction(async (tx) => {
    await activityOrFail(tx, scope);
    if (!(await repo.updateStatus(tx, scope, participantId, status))) throw AppError.notFound();
    const row = await repo.findMember(tx, scope, participantId);
    if (!row) throw AppError.notFound();
    return presentMember(row);
  });
}

/**
 * V7 import: the participants whose e-mails the file lists join the activity (within its maximum). The answer lists
 * the cells that are not addresses and the addresses not among the project's participants (spec 002 §8: warnings).
 */
export async function importMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  file: UploadedFile | undefined,
) {
  const scope = scopeOf(auth, projectId, activityId);
  await activityOrFail(deps.db, scope);
  const read = await readImportFile(file);
  const result = await deps.db.transaction(async (tx) => {
    const found = await repo.findParticipantsByEmails(tx, scope, read.emails);
    const foundEmails = new Set(found.map((f) => f.email));
    const ids = [...new Set(found.map((f) => f.id))];
    const result = await addWithinCapacity(deps, tx, scope, () =>
      ids.length ? repo.insertMembers(tx, scope, { ids }) : Promise.resolve([]),
    );
    return {
      ...result,
      already: ids.length - result.added,
      invalid: read.invalid,
      notFound: read.emails.filter((email) => !foundEmails.has(email)),
    };
  });
  await deliverSoon(deps);
  return result;
}
