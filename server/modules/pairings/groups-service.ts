import type { z } from 'zod';
import type { MemberAddSelection } from '../../../contracts/activity-members';
import type {
  GroupRemoveSelection,
  groupMemberQuery,
  MatchGroupInput,
  pairingRuleInput,
} from '../../../contracts/match-groups';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import type { AuthContext } from '../session/auth-context';
import * as repo from './groups-repository';
import { getPairingRow, scopeOf } from './service';

/** M2: a pairing's match groups, their members and its rules. Everything goes through the pairing's scope. */

async function pairingOf(deps: Deps, auth: AuthContext, projectId: string, pairingId: string) {
  const scope = scopeOf(auth, projectId);
  await getPairingRow(deps.db, scope, pairingId);
  return scope;
}

async function groupOf(deps: Deps, pairingId: string, groupId: string) {
  const group = await repo.findGroup(deps.db, pairingId, groupId);
  if (!group) throw AppError.notFound();
  return group;
}

export async function listGroups(deps: Deps, auth: AuthContext, projectId: string, pairingId: string) {
  await pairingOf(deps, auth, projectId, pairingId);
  return { items: await repo.listGroups(deps.db, pairingId) };
}

export async function createGroup(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  input: Required<MatchGroupInput>,
) {
  const scope = await pairingOf(deps, auth, projectId, pairingId);
  const id = await repo.insertGroup(deps.db, scope, pairingId, input.name, input.vip);
  return groupOf(deps, pairingId, id);
}

export async function updateGroup(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  groupId: string,
  input: Required<MatchGroupInput>,
) {
  await pairingOf(deps, auth, projectId, pairingId);
  await groupOf(deps, pairingId, groupId);
  await repo.updateGroup(deps.db, groupId, input.name, input.vip);
  return groupOf(deps, pairingId, groupId);
}

export async function deleteGroup(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  groupId: string,
) {
  await pairingOf(deps, auth, projectId, pairingId);
  await groupOf(deps, pairingId, groupId);
  await repo.deleteGroup(deps.db, groupId);
  return { ok: true as const };
}

/** The legacy createMatchGroupsFromMeeting, with its exact success sentence. */
export async function createFromActivities(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  activityIds: string[],
) {
  const scope = await pairingOf(deps, auth, projectId, pairingId);
  const created = await deps.db.transaction((tx) =>
    repo.insertGroupsFromActivities(tx, scope, pairingId, [...new Set(activityIds)], auth.locale),
  );
  if (created === 0) throw AppError.field('activityIds', 'validation.pairings.activities');
  return { created, message: translator(auth.locale)('pairings.groups.fromActivitiesDone') };
}

type MemberQuery = z.output<typeof groupMemberQuery>;

const presentCandidate = (row: repo.CandidateRow) => ({
  participantId: row.participantId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  organisation: row.organisation,
  role: { fr: row.roleFr, en: row.roleEn },
});

export async function listMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  groupId: string,
  side: 'in' | 'out',
  query: MemberQuery,
) {
  const scope = await pairingOf(deps, auth, projectId, pairingId);
  await groupOf(deps, pairingId, groupId);
  const page = await repo.listSide(deps.db, scope, groupId, side, { ...query, language: auth.locale });
  return { ...page, items: page.items.map(presentCandidate) };
}

export async function addMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  groupId: string,
  selection: MemberAddSelection,
) {
  const scope = await pairingOf(deps, auth, projectId, pairingId);
  await groupOf(deps, pairingId, groupId);
  const added = await repo.addMembers(
    deps.db,
    scope,
    groupId,
    selection.mode === 'ids' ? { participantIds: selection.participantIds } : { q: selection.q },
  );
  return { added };
}

export async function removeMembers(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  groupId: string,
  selection: GroupRemoveSelection,
) {
  const scope = await pairingOf(deps, auth, projectId, pairingId);
  await groupOf(deps, pairingId, groupId);
  const removed = await repo.removeMembers(
    deps.db,
    scope,
    groupId,
    selection.mode === 'ids' ? { participantIds: selection.participantIds } : { q: selection.q },
  );
  return { removed };
}

type RuleInput = z.output<typeof pairingRuleInput>;

async function checkedRule(deps: Deps, pairingId: string, input: RuleInput) {
  if (!(await repo.findGroup(deps.db, pairingId, input.groupAId)))
    throw AppError.field('groupAId', 'validation.pairings.group');
  if (!(await repo.findGroup(deps.db, pairingId, input.groupBId)))
    throw AppError.field('groupBId', 'validation.pairings.group');
  return input;
}

async function ruleOf(deps: Deps, pairingId: string, ruleId: string) {
  const rule = (await repo.listRules(deps.db, pairingId)).find((r) => r.id === ruleId);
  if (!rule) throw AppError.notFound();
  return rule;
}

export async function listRules(deps: Deps, auth: AuthContext, projectId: string, pairingId: string) {
  await pairingOf(deps, auth, projectId, pairingId);
  return { items: await repo.listRules(deps.db, pairingId) };
}

export async function createRule(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  input: RuleInput,
) {
  const scope = await pairingOf(deps, auth, projectId, pairingId);
  const id = await repo.insertRule(deps.db, scope, pairingId, await checkedRule(deps, pairingId, input));
  return ruleOf(deps, pairingId, id);
}

export async function updateRule(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  ruleId: string,
  input: RuleInput,
) {
  await pairingOf(deps, auth, projectId, pairingId);
  await ruleOf(deps, pairingId, ruleId);
  await repo.updateRule(deps.db, pairingId, ruleId, await checkedRule(deps, pairingId, input));
  return ruleOf(deps, pairingId, ruleId);
}

export async function deleteRule(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  ruleId: string,
) {
  await pairingOf(deps, auth, projectId, pairingId);
  if (!(await repo.deleteRule(deps.db, pairingId, ruleId))) throw AppError.notFound();
  return { ok: true as const };
}
