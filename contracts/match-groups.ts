import { z } from 'zod';
import { candidateSortable, memberAddSelection, memberCandidate } from './activity-members';
import { defineEndpoint, listQuery, listResponse, ok, requiredText, uuidParam } from './http';
import { pairingParams } from './pairings';

/**
 * M2: a pairing's match groups (name, VIP flag, members), its rules (group A meets / never meets group B, use for
 * planned), and groups made from activities. See docs/matching/pairings.md.
 */

export const MATCH_GROUP_NAME_MAX = 150;
export const RULE_KINDS = ['meets', 'never'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const matchGroupInput = z.object({
  name: requiredText(MATCH_GROUP_NAME_MAX),
  vip: z.boolean().default(false),
});
export type MatchGroupInput = z.input<typeof matchGroupInput>;

export const matchGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  vip: z.boolean(),
  members: z.number().int(),
});
export type MatchGroup = z.input<typeof matchGroup>;

const id = z.uuid({ error: 'validation.id' });

/** Group A and B may be the same group: « never » then keeps its members apart from one another. */
export const pairingRuleInput = z.object({
  groupAId: id,
  groupBId: id,
  kind: z.enum(RULE_KINDS, { error: 'validation.pairings.ruleKind' }),
  useForPlanned: z.boolean().default(false),
});
export type PairingRuleInput = z.input<typeof pairingRuleInput>;

export const pairingRule = z.object({
  id: z.uuid(),
  groupA: z.object({ id: z.uuid(), name: z.string() }),
  groupB: z.object({ id: z.uuid(), name: z.string() }),
  kind: z.enum(RULE_KINDS),
  useForPlanned: z.boolean(),
});
export type PairingRule = z.input<typeof pairingRule>;

export const groupMemberQuery = listQuery(candidateSortable);
export type GroupMemberQuery = z.input<typeof groupMemberQuery>;

export const groupRemoveSelection = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('ids'), participantIds: z.array(id).min(1).max(10_000) }),
    z.object({ mode: z.literal('matching'), q: z.string().trim().max(200).optional() }),
  ],
  { error: 'validation.activityMembers.selection' },
);
export type GroupRemoveSelection = z.input<typeof groupRemoveSelection>;

// ---------- endpoints ----------

const tag = 'match groups';
const base = '/api/projects/:projectId/pairings/:pairingId';
const groupParams = pairingParams.extend({ groupId: uuidParam });
const ruleParams = pairingParams.extend({ ruleId: uuidParam });

export const listMatchGroups = defineEndpoint({
  method: 'GET',
  path: `${base}/groups`,
  access: 'user',
  tag,
  summary: 'M2 the pairing’s match groups with their member counts',
  params: pairingParams,
  response: z.object({ items: z.array(matchGroup) }),
});

export const createMatchGroup = defineEndpoint({
  method: 'POST',
  path: `${base}/groups`,
  access: 'user',
  tag,
  summary: 'M2 add a match group',
  params: pairingParams,
  body: matchGroupInput,
  response: matchGroup,
});

export const updateMatchGroup = defineEndpoint({
  method: 'PUT',
  path: `${base}/groups/:groupId`,
  access: 'user',
  tag,
  summary: 'M2 rename a match group or change its VIP flag',
  params: groupParams,
  body: matchGroupInput,
  response: matchGroup,
});

export const deleteMatchGroup = defineEndpoint({
  method: 'DELETE',
  path: `${base}/groups/:groupId`,
  access: 'user',
  tag,
  summary: 'M2 delete a match group (its members stay participants; its rules go with it)',
  params: groupParams,
  response: ok,
});

export const createGroupsFromActivities = defineEndpoint({
  method: 'POST',
  path: `${base}/groups/from-activities`,
  access: 'user',
  tag,
  summary: 'M2 the legacy createMatchGroupsFromMeeting: each chosen activity’s members become a match group',
  params: pairingParams,
  body: z.object({ activityIds: z.array(id).min(1, { error: 'validation.required' }).max(200) }),
  response: z.object({ created: z.number().int(), message: z.string() }),
});

export const listGroupMembers = defineEndpoint({
  method: 'GET',
  path: `${base}/groups/:groupId/members`,
  access: 'user',
  tag,
  summary: 'M2 the "in" list: the group’s members, searched and paged',
  params: groupParams,
  query: groupMemberQuery,
  response: listResponse(memberCandidate),
});

export const listGroupCandidates = defineEndpoint({
  method: 'GET',
  path: `${base}/groups/:groupId/candidates`,
  access: 'user',
  tag,
  summary: 'M2 the "out" list: the project’s participants not in the group, searched and paged',
  params: groupParams,
  query: groupMemberQuery,
  response: listResponse(memberCandidate),
});

export const addGroupMembers = defineEndpoint({
  method: 'POST',
  path: `${base}/groups/:groupId/members`,
  access: 'user',
  tag,
  summary: 'M2 move participants into the group: by ids, or every one the "out" list finds',
  params: groupParams,
  body: memberAddSelection,
  response: z.object({ added: z.number().int() }),
});

export const removeGroupMembers = defineEndpoint({
  method: 'POST',
  path: `${base}/groups/:groupId/members/remove`,
  access: 'user',
  tag,
  summary: 'M2 move participants out of the group: by ids, or every member the "in" list finds',
  params: groupParams,
  body: groupRemoveSelection,
  response: z.object({ removed: z.number().int() }),
});

export const listPairingRules = defineEndpoint({
  method: 'GET',
  path: `${base}/rules`,
  access: 'user',
  tag,
  summary: 'M2 the pairing’s rules (the legacy /PairingRule/getList)',
  params: pairingParams,
  response: z.object({ items: z.array(pairingRule) }),
});

export const createPairingRule = defineEndpoint({
  method: 'POST',
  path: `${base}/rules`,
  access: 'user',
  tag,
  summary: 'M2 add a rule: group A meets / never meets group B',
  params: pairingParams,
  body: pairingRuleInput,
  response: pairingRule,
});

export const updatePairingRule = defineEndpoint({
  method: 'PUT',
  path: `${base}/rules/:ruleId`,
  access: 'user',
  tag,
  summary: 'M2 edit a rule (the edit modal, use for planned)',
  params: ruleParams,
  body: pairingRuleInput,
  response: pairingRule,
});

export const deletePairingRule = defineEndpoint({
  method: 'DELETE',
  path: `${base}/rules/:ruleId`,
  access: 'user',
  tag,
  summary: 'M2 delete a rule',
  params: ruleParams,
  response: ok,
});
