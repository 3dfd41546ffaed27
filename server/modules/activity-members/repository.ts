import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { MemberStatus, MemberStatusFilter } from '../../../contracts/activity-members';
import type { Language, ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { activities, activityMembers, participants, personSearchText, persons, roles } from '../../db/schema';
import { type CandidateRow, candidateColumns } from '../participants/repository';

/** The company, project and activity every statement of this module is scoped by. */
export interface Scope {
  companyId: string;
  projectId: string;
  activityId: string;
}

export type { CandidateRow };
export type MemberRow = CandidateRow & { status: string };

/**
 * The activity of this project of this company, locked until the transaction ends (SELECT … FOR UPDATE): two
 * organisers adding members at once take turns, so that the second counts what the first added. Undefined when not
 * found (another company's, another project's).
 */
export async function lockActivity(db: Executor, scope: Scope) {
  const [row] = await db
    .select({ id: activities.id, maxMembers: activities.maxMembers })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, scope.companyId),
        eq(activities.projectId, scope.projectId),
        eq(activities.id, scope.activityId),
      ),
    )
    .for('update');
  return row;
}

export async function findActivity(db: Executor, scope: Scope) {
  const [row] = await db
    .select({ id: activities.id, maxMembers: activities.maxMembers })
    .from(activities)
    .where(
      and(
        eq(activities.companyId, scope.companyId),
        eq(activities.projectId, scope.projectId),
        eq(activities.id, scope.activityId),
      ),
    );
  return row;
}

export async function countMembers(db: Executor, activityId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(activityMembers)
    .where(eq(activityMembers.activityId, activityId));
  return row.n;
}

// ---------- the two lists ----------

/** The project's participants with their person (always of the company: it lets the name index serve the order). */
const inProject = (scope: Scope) =>
  and(
    eq(participants.companyId, scope.companyId),
    eq(participants.projectId, scope.projectId),
    eq(persons.companyId, scope.companyId),
  );

/** The participants list's search: names, e-mail and organisation, accents ignored, on its trigram index. */
const personSearch = (q: string | undefined) => searchCondition(q, [personSearchText(persons)]);

const isMember = (activityId: string) =>
  sql`exists (select 1 from ${activityMembers} m where m.activity_id = ${activityId}
    and m.participant_id = ${participants.id})`;

export type MemberListParams = ListParams & { status: MemberStatusFilter; language: Language };

/** The "in" list's rows: members of the activity, searched and filtered by status. */
export function memberWhere(scope: Scope, params: { q?: string; status: MemberStatusFilter }) {
  return and(
    eq(activityMembers.activityId, scope.activityId),
    eq(activityMembers.companyId, scope.companyId),
    eq(activityMembers.projectId, scope.projectId),
    params.status === 'all' ? undefined : eq(activityMembers.status, params.status),
    personSearch(params.q),
  );
}

/** The "out" list's rows: participants of the project not in the activity, searched. */
export function candidateWhere(scope: Scope, q: string | undefined): SQL | undefined {
  return and(inProject(scope), sql`not ${isMember(scope.activityId)}`, personSearch(q));
}

/**
 * People's order of names. With a search, `(last_name || '')` keeps the order but hides the name index, so that the
 * few rows found are sorted rather than the index walked filtering every row (see the participant list).
 */
function nameOrder(q: string | undefined) {
  const lastName = q?.trim() ? sql`(${persons.lastName} || '')` : persons.lastName;
  return [asc(humanOrder(lastName)), asc(humanOrder(persons.firstName))];
}

const sortColumns = (language: Language, q: string | undefined) => ({
  name: humanOrder(q?.trim() ? sql`(${persons.lastName} || '')` : persons.lastName),
  email: persons.email,
  organisation: humanOrder(sql`coalesce(${persons.organisation}, '')`),
  role: humanOrder(language === 'en' ? roles.nameEn : roles.nameFr),
});

export function memberPageQuery(db: Executor, scope: Scope, params: MemberListParams) {
  const order = orderBy(
    params,
    { ...sortColumns(params.language, params.q), status: activityMembers.status },
    nameOrder(params.q),
    participants.id,
  );
  return db
    .select({ ...candidateColumns, status: activityMembers.status })
    .from(activityMembers)
    .innerJoin(participants, eq(participants.id, activityMembers.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId))
    .where(memberWhere(scope, params))
    .orderBy(...order);
}

export function memberCountQuery(
  db: Executor,
  scope: Scope,
  params: { q?: string; status: MemberStatusFilter },
) {
  const query = db.select({ n: count() }).from(activityMembers);
  if (!params.q?.trim()) return query.where(memberWhere(scope, params));
  return query
    .innerJoin(participants, eq(participants.id, activityMembers.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(memberWhere(scope, params));
}

export async function listMembers(db: Executor, scope: Scope, params: MemberListParams) {
  return listPage<MemberRow>(
    params,
    ({ limit, offset }) => memberPageQuery(db, scope, params).limit(limit).offset(offset),
    async () => (await memberCountQuery(db, scope, params))[0].n,
  );
}

export type CandidateListParams = ListParams & { language: Language };

export function candidatePageQuery(db: Executor, scope: Scope, params: CandidateListParams) {
  const order = orderBy(params, sortColumns(params.language, params.q), nameOrder(params.q), participants.id);
  return db
    .select(candidateColumns)
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId))
    .where(candidateWhere(scope, params.q))
    .orderBy(...order);
}

export function candidateCountQuery(db: Executor, scope: Scope, q: string | undefined) {
  return db
    .select({ n: count() })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(candidateWhere(scope, q));
}

export async function listCandidates(db: Executor, scope: Scope, params: CandidateListParams) {
  return listPage<CandidateRow>(
    params,
    ({ limit, offset }) => candidatePageQuery(db, scope, params).limit(limit).offset(offset),
    async () => (await candidateCountQuery(db, scope, params.q))[0].n,
  );
}

// ---------- moves ----------

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** Which of these ids are participants of the project. */
export async function countParticipants(db: Executor, scope: Scope, ids: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(participants)
    .where(
      and(
        eq(participants.companyId, scope.companyId),
        eq(participants.projectId, scope.projectId),
        sql`${participants.id} = any(${sql.param(ids)}::uuid[])`,
      ),
    );
  return row.n;
}

/**
 * The statement that registers participants of the project to the activity, one INSERT … SELECT: by ids (bound as
 * one array), or every one the "out" list finds for a search. Those already in are left as they are.
 */
export function insertMembersSql(scope: Scope, selection: { ids: string[] } | { q: string | undefined }) {
  const which =
    'ids' in selection
      ? sql`${participants.id} = any(${sql.param(selection.ids)}::uuid[])`
      : and(sql`not ${isMember(scope.activityId)}`, personSearch(selection.q));
  return sql`
    insert into ${activityMembers} (company_id, project_id, activity_id, participant_id)
    select ${participants.companyId}, ${participants.projectId}, ${scope.activityId}::uuid, ${participants.id}
    from ${participants} join ${persons} on ${persons.id} = ${participants.personId}
    where ${and(inProject(scope), which)}
    on conflict do nothing`;
}

/** Registers participants (see insertMembersSql); answers the ids of those added (not those already in). */
export async function insertMembers(
  db: Executor,
  scope: Scope,
  selection: { ids: string[] } | { q: string | undefined },
): Promise<string[]> {
  const result = await db.execute(sql`${insertMembersSql(scope, selection)} returning participant_id`);
  return rowsOf(result).map((row) => String(row.participant_id));
}

/** Takes participants out of the activity: by ids, or every member the "in" list finds. Answers their ids. */
export async function deleteMembers(
  db: Executor,
  scope: Scope,
  selection: { ids: string[] } | { q: string | undefined; status: MemberStatusFilter },
): Promise<string[]> {
  const which =
    'ids' in selection
      ? sql`m.participant_id = any(${sql.param(selection.ids)}::uuid[])`
      : and(
          selection.status === 'all' ? undefined : sql`m.status = ${selection.status}`,
          selection.q?.trim()
            ? sql`exists (select 1 from ${participants} join ${persons} on ${persons.id} = ${participants.personId}
                where ${participants.id} = m.participant_id and ${personSearch(selection.q)})`
            : undefined,
        );
  const result = await db.execute(sql`delete from ${activityMembers} m
      where m.activity_id = ${scope.activityId} and m.company_id = ${scope.companyId}
        and m.project_id = ${scope.projectId} ${which ? sql`and ${which}` : sql``}
      returning m.participant_id`);
  return rowsOf(result).map((row) => String(row.participant_id));
}

/** Sets one inscription's status; false when the participant is not a member. */
export async function updateStatus(db: Executor, scope: Scope, participantId: string, status: MemberStatus) {
  const rows = await db
    .update(activityMembers)
    .set({ status, updatedAt: new Date() })
    .where(and(memberWhere(scope, { status: 'all' }), eq(activityMembers.participantId, participantId)))
    .returning({ participantId: activityMembers.participantId });
  return rows.length > 0;
}

export async function findMember(db: Executor, scope: Scope, participantId: string) {
  const [row] = await db
    .select({ ...candidateColumns, status: activityMembers.status })
    .from(activityMembers)
    .innerJoin(participants, eq(participants.id, activityMembers.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId))
    .where(and(memberWhere(scope, { status: 'all' }), eq(activityMembers.participantId, participantId)));
  return row as MemberRow | undefined;
}

/** The participants of the project among these e-mails (given in lower case): their ids and e-mails. */
export async function findParticipantsByEmails(db: Executor, scope: Scope, emails: string[]) {
  if (!emails.length) return [];
  return db
    .select({ id: participants.id, email: sql<string>`lower(${persons.email})` })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .where(and(inProject(scope), sql`lower(${persons.email}) = any(${sql.param(emails)}::text[])`));
}
