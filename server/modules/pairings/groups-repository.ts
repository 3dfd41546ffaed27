import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Language, ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import {
  activities,
  activityMembers,
  matchGroupMembers,
  matchGroups,
  pairingRules,
  participants,
  personSearchText,
  persons,
  roles,
} from '../../db/schema';
import { type CandidateRow, candidateColumns } from '../participants/repository';
import type { Scope } from './repository';

/** M2: match groups, their members (the in/out lists) and the pairing's rules. */

export async function listGroups(db: Executor, pairingId: string) {
  return db
    .select({
      id: matchGroups.id,
      name: matchGroups.name,
      vip: matchGroups.vip,
      members: sql<number>`(select count(*) from ${matchGroupMembers} m where m.group_id = ${matchGroups.id})::int`,
    })
    .from(matchGroups)
    .where(eq(matchGroups.pairingId, pairingId))
    .orderBy(asc(matchGroups.createdAt), asc(matchGroups.id));
}

export async function findGroup(db: Executor, pairingId: string, groupId: string) {
  const [row] = (await listGroups(db, pairingId)).filter((g) => g.id === groupId);
  return row;
}

export async function insertGroup(db: Executor, scope: Scope, pairingId: string, name: string, vip: boolean) {
  const [row] = await db
    .insert(matchGroups)
    .values({ ...scope, pairingId, name, vip })
    .returning({ id: matchGroups.id });
  return row.id;
}

export async function updateGroup(db: Executor, groupId: string, name: string, vip: boolean) {
  await db.update(matchGroups).set({ name, vip }).where(eq(matchGroups.id, groupId));
}

export async function deleteGroup(db: Executor, groupId: string) {
  await db.delete(matchGroups).where(eq(matchGroups.id, groupId));
}

/** Each activity's members become a group named after the activity (in the reader's language). */
export async function insertGroupsFromActivities(
  db: Executor,
  scope: Scope,
  pairingId: string,
  activityIds: string[],
  language: Language,
) {
  const found = await db
    .select({ id: activities.id, titleFr: activities.titleFr, titleEn: activities.titleEn })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, scope.companyId),
        eq(activities.projectId, scope.projectId),
        inArray(activities.id, activityIds),
      ),
    );
  for (const activity of found) {
    const groupId = await insertGroup(
      db,
      scope,
      pairingId,
      language === 'en' ? activity.titleEn : activity.titleFr,
      false,
    );
    await db.execute(sql`insert into ${matchGroupMembers} (company_id, project_id, group_id, participant_id)
      select ${scope.companyId}, ${scope.projectId}, ${groupId}, m.participant_id
      from ${activityMembers} m where m.activity_id = ${activity.id}`);
  }
  return found.length;
}

// ---------- the in / out lists ----------

export type { CandidateRow };

const isMember = (groupId: string) =>
  sql`exists (select 1 from ${matchGroupMembers} m where m.group_id = ${groupId}
    and m.participant_id = ${participants.id})`;

/** `in`: the group's members; `out`: the project's other participants; both searched. */
export function sideWhere(
  scope: Scope,
  groupId: string,
  side: 'in' | 'out',
  q: string | undefined,
): SQL | undefined {
  return and(
    eq(participants.companyId, scope.companyId),
    eq(participants.projectId, scope.projectId),
    side === 'in' ? isMember(groupId) : sql`not ${isMember(groupId)}`,
    searchCondition(q, [personSearchText(persons)]),
  );
}

export async function listSide(
  db: Executor,
  scope: Scope,
  groupId: string,
  side: 'in' | 'out',
  params: ListParams & { language: Language },
) {
  const where = sideWhere(scope, groupId, side, params.q);
  const order = orderBy(
    params,
    {
      name: humanOrder(persons.lastName),
      email: persons.email,
      organisation: humanOrder(sql`coalesce(${persons.organisation}, '')`),
      role: humanOrder(params.language === 'en' ? roles.nameEn : roles.nameFr),
    },
    [asc(humanOrder(persons.lastName)), asc(humanOrder(persons.firstName))],
    participants.id,
  );
  return listPage<CandidateRow>(
    params,
    ({ limit, offset }) =>
      db
        .select(candidateColumns)
        .from(participants)
        .innerJoin(persons, eq(persons.id, participants.personId))
        .innerJoin(roles, eq(roles.id, participants.roleId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(participants)
          .innerJoin(persons, eq(persons.id, participants.personId))
          .where(where)
      )[0].n,
  );
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** Adds the project's participants among these ids (or every `out` row found by the search). */
export async function addMembers(
  db: Executor,
  scope: Scope,
  groupId: string,
  selection: { participantIds: string[] } | { q: string | undefined },
) {
  const chosen =
    'participantIds' in selection
      ? and(
          eq(participants.companyId, scope.companyId),
          eq(participants.projectId, scope.projectId),
          inArray(participants.id, selection.participantIds),
          sql`not ${isMember(groupId)}`,
        )
      : sideWhere(scope, groupId, 'out', selection.q);
  const result =
    await db.execute(sql`insert into ${matchGroupMembers} (company_id, project_id, group_id, participant_id)
    select ${scope.companyId}, ${scope.projectId}, ${groupId}, ${participants.id}
    from ${participants} join ${persons} on ${persons.id} = ${participants.personId}
    where ${chosen} on conflict do nothing returning participant_id`);
  return rowsOf(result).length;
}

export async function removeMembers(
  db: Executor,
  scope: Scope,
  groupId: string,
  selection: { participantIds: string[] } | { q: string | undefined },
) {
  const chosen =
    'participantIds' in selection
      ? inArray(matchGroupMembers.participantId, selection.participantIds)
      : sql`${matchGroupMembers.participantId} in (select ${participants.id} from ${participants}
          join ${persons} on ${persons.id} = ${participants.personId}
          where ${sideWhere(scope, groupId, 'in', selection.q)})`;
  const rows = await db
    .delete(matchGroupMembers)
    .where(and(eq(matchGroupMembers.groupId, groupId), chosen))
    .returning({ id: matchGroupMembers.participantId });
  return rows.length;
}

// ---------- rules ----------

export async function listRules(db: Executor, pairingId: string) {
  const groups = new Map((await listGroups(db, pairingId)).map((g) => [g.id, g.name]));
  const rows = await db
    .select()
    .from(pairingRules)
    .where(eq(pairingRules.pairingId, pairingId))
    .orderBy(asc(pairingRules.createdAt), asc(pairingRules.id));
  return rows.map((r) => ({
    id: r.id,
    groupA: { id: r.groupAId, name: groups.get(r.groupAId) ?? '' },
    groupB: { id: r.groupBId, name: groups.get(r.groupBId) ?? '' },
    kind: r.kind as 'meets' | 'never',
    useForPlanned: r.useForPlanned,
  }));
}

export type RuleValues = { groupAId: string; groupBId: string; kind: string; useForPlanned: boolean };

export async function insertRule(db: Executor, scope: Scope, pairingId: string, values: RuleValues) {
  const [row] = await db
    .insert(pairingRules)
    .values({ ...scope, pairingId, ...values })
    .returning({ id: pairingRules.id });
  return row.id;
}

export async function updateRule(db: Executor, pairingId: string, ruleId: string, values: RuleValues) {
  const rows = await db
    .update(pairingRules)
    .set(values)
    .where(and(eq(pairingRules.pairingId, pairingId), eq(pairingRules.id, ruleId)))
    .returning({ id: pairingRules.id });
  return rows.length > 0;
}

export async function deleteRule(db: Executor, pairingId: string, ruleId: string) {
  const rows = await db
    .delete(pairingRules)
    .where(and(eq(pairingRules.pairingId, pairingId), eq(pairingRules.id, ruleId)))
    .returning({ id: pairingRules.id });
  return rows.length > 0;
}
