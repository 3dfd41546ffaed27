import { and, asc, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { ReportFilters } from '../../../contracts/reports';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { pageWindow, searchCondition } from '../../db/list';
import {
  activities,
  activityCategories,
  activityMembers,
  meetings,
  participantAnswers,
  participants,
  paymentRequestItems,
  paymentRequests,
  payments,
  persons,
  projects,
  questionChoices,
  questions,
  roles,
} from '../../db/schema';
import {
  listOrder,
  listWhere,
  type ParticipantListParams,
  pageOfParticipants,
  participantFilters,
  rowBatches,
  rowColumns,
} from '../participants/repository';

/** The report's filters as the repository reads them: the dates already turned into instants of the project's zone. */
export type ReportWhere = Omit<ReportFilters, 'createdFrom' | 'createdTo' | 'activityFrom' | 'activityTo'> & {
  createdFrom?: Date;
  /** Exclusive: the start of the day after the last one asked. */
  createdBefore?: Date;
  activityFrom?: Date;
  /** Exclusive, as createdBefore. */
  activityBefore?: Date;
};

export type ReportParams = ParticipantListParams & { filters: ReportWhere };

const ids = (list: string[] | undefined) => (list?.length ? list : undefined);

/** A sale of this participant (the buyer, or a participant an item was bought for) matching `condition`. */
function saleOf(condition: SQL) {
  return sql`exists (select 1 from ${paymentRequests} where ${paymentRequests.projectId} = ${participants.projectId}
    and ${condition} and (${paymentRequests.participantId} = ${participants.id} or exists (select 1 from
    ${paymentRequestItems} where ${paymentRequestItems.requestId} = ${paymentRequests.id}
    and ${paymentRequestItems.participantId} = ${participants.id})))`;
}

/**
 * Subscribed to at least one activity that meets every activity filter given: one of these activities, of these
 * types, in these categories, starting within the days asked (an activity without date has none to match).
 */
function activityCondition(f: ReportWhere) {
  const activityIds = ids(f.activityIds);
  const types = ids(f.activityTypes);
  const categoryIds = ids(f.categoryIds);
  if (!activityIds && !types && !categoryIds && !f.activityFrom && !f.activityBefore) return undefined;
  const conditions = [
    activityIds ? anyOf(activityMembers.activityId, activityIds) : undefined,
    types ? inArray(activities.type, types) : undefined,
    categoryIds ? anyOf(activities.categoryId, categoryIds) : undefined,
    f.activityFrom || f.activityBefore ? sql`not ${activities.noDate}` : undefined,
    f.activityFrom ? sql`${activities.startsAt} >= ${f.activityFrom.toISOString()}` : undefined,
    f.activityBefore ? sql`${activities.startsAt} < ${f.activityBefore.toISOString()}` : undefined,
  ];
  // The activities are read only when a filter is about them, not for a list of activity ids alone.
  const joined = types || categoryIds || f.activityFrom || f.activityBefore;
  return sql`exists (select 1 from ${activityMembers}
    ${joined ? sql`inner join ${activities} on ${activities.id} = ${activityMembers.activityId}` : sql``}
    where ${activityMembers.participantId} = ${participants.id} and ${and(...conditions)})`;
}

/** A paid or courtesy sale, by or for the participant, with an item of a payment of this kind. */
function costTypeCondition(kind: ReportWhere['costType']) {
  if (!kind) return undefined;
  return sql`exists (select 1 from ${paymentRequestItems}
    inner join ${paymentRequests} on ${paymentRequests.id} = ${paymentRequestItems.requestId}
    inner join ${payments} on ${payments.id} = ${paymentRequestItems.paymentId}
    where ${paymentRequests.projectId} = ${participants.projectId} and ${paymentRequests.status} in ('paid', 'courtesy')
    and ${payments.kind} = ${kind}
    and (${paymentRequests.participantId} = ${participants.id} or ${paymentRequestItems.participantId} = ${participants.id}))`;
}

/** Personas: the participants whose role is the project's persona role (J4's default persona role). */
function personaCondition(persona: ReportWhere['persona']) {
  if (!persona) return undefined;
  const personaRole = sql`(select ${projects.defaultPersonaRoleId} from ${projects} where ${projects.id} = ${participants.projectId})`;
  return persona === 'yes'
    ? sql`${participants.roleId} = ${personaRole}`
    : sql`${participants.roleId} is distinct from ${personaRole}`;
}

function paymentCondition(payment: ReportWhere['payment']) {
  if (payment === 'paid') return saleOf(sql`${paymentRequests.status} = 'paid'`);
  if (payment === 'courtesy') return saleOf(sql`${paymentRequests.status} = 'courtesy'`);
  if (payment === 'unpaid') return sql`not ${saleOf(sql`${paymentRequests.status} in ('paid', 'courtesy')`)}`;
  return undefined;
}

/** The conditions of the report's own filters, beside the list's (company, project, search). All must hold. */
export function reportConditions(f: ReportWhere): (SQL | undefined)[] {
  const roleIds = ids(f.roleIds);
  const groupIds = ids(f.groupIds);
  const participantIds = ids(f.participantIds);
  const statuses = ids(f.statuses);
  const choiceIds = ids(f.choiceIds);
  return [
    personaCondition(f.persona),
    roleIds ? anyOf(participants.roleId, roleIds) : undefined,
    groupIds
      ? sql`exists (select 1 from participant_groups g where g.participant_id = ${participants.id} and ${anyOf(sql`g.group_id`, groupIds)})`
      : undefined,
    participantIds ? anyOf(participants.id, participantIds) : undefined,
    f.createdFrom ? sql`${participants.createdAt} >= ${f.createdFrom.toISOString()}` : undefined,
    f.createdBefore ? sql`${participants.createdAt} < ${f.createdBefore.toISOString()}` : undefined,
    statuses ? inArray(participants.status, statuses) : undefined,
    f.active === 'yes' ? ne(participants.status, 'cancelled') : undefined,
    f.active === 'no' ? eq(participants.status, 'cancelled') : undefined,
    f.new === 'yes' ? isNull(participants.inscriptionSentAt) : undefined,
    f.new === 'no' ? isNotNull(participants.inscriptionSentAt) : undefined,
    searchCondition(f.who, [
      sql`coalesce(${persons.organisation}, '')`,
      sql`(${persons.firstName} || ' ' || ${persons.lastName})`,
      persons.email,
    ]),
    activityCondition(f),
    f.questionId || choiceIds
      ? sql`exists (select 1 from ${participantAnswers} where ${participantAnswers.participantId} = ${participants.id}
          ${f.questionId ? sql`and ${participantAnswers.questionId} = ${f.questionId}` : sql``}
          ${choiceIds ? sql`and ${anyOf(participantAnswers.choiceId, choiceIds)}` : sql``})`
      : undefined,
    f.b2b
      ? sql`${f.b2b === 'withoutMeetings' ? sql`not ` : sql``}exists (select 1 from ${meetings} where ${meetings.projectId} = ${participants.projectId} and (${meetings.participantA} = ${participants.id} or ${meetings.participantB} = ${participants.id}))`
      : undefined,
    f.fieldId && f.fieldValue
      ? sql`(${participants.profile} ->> ${f.fieldId}) ilike ${`%${f.fieldValue.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : f.fieldId
        ? sql`coalesce(${participants.profile} ->> ${f.fieldId}, '') <> ''`
        : undefined,
    paymentCondition(f.payment),
    costTypeCondition(f.costType),
    f.paymentSource
      ? saleOf(sql`${paymentRequests.status} = 'paid' and ${paymentRequests.source} = ${f.paymentSource}`)
      : undefined,
  ];
}

export function reportWhere(companyId: string, projectId: string, params: ReportParams) {
  return and(listWhere(companyId, projectId, params), ...reportConditions(params.filters));
}

/**
 * The report's total, joined with persons only when a filter reads them (the search, company / name / e-mail), as the
 * list's count (participants/repository.ts listCount): at 100,000 participants the join was a scan of the company's
 * persons and a hash join, about a fifth of the count's time.
 */
export function reportCount(db: Executor, companyId: string, projectId: string, params: ReportParams) {
  const count = db.select({ n: sql<number>`count(*)::int` }).from(participants);
  if (params.q?.trim() || params.filters.who?.trim()) {
    return count
      .innerJoin(persons, eq(persons.id, participants.personId))
      .where(reportWhere(companyId, projectId, params));
  }
  return count.where(
    and(participantFilters(companyId, projectId, params), ...reportConditions(params.filters)),
  );
}

/**
 * Whether a filter reads other tables than the participant's own row (memberships, answers, activities, meetings,
 * sales). Then the list's way — the page read in name order until it is full, the count beside it — evaluates those
 * conditions twice at once on 2 cores, and the page's walk grows with how few people match (report-five-filters,
 * 100,000 participants: page 36 ms + count 65 ms at once, p95 115–147 ms). One statement that finds the matches once,
 * then counts them and sorts only them, is what pays (bench/README.md « reports »).
 */
export function readsOtherTables(f: ReportWhere) {
  return Boolean(
    ids(f.groupIds) ||
      activityCondition(f) ||
      f.questionId ||
      ids(f.choiceIds) ||
      f.b2b ||
      f.payment ||
      f.costType ||
      f.paymentSource,
  );
}

/** A column of the report's matches, by its name in the `matched` statement. */
const matchedColumn = (name: string) => sql`${sql.identifier(name)}`;

/**
 * The page of the report with, on each row, the total of its matches, in one statement (`readsOtherTables`): the
 * matches found once with what they are sorted by (a CTE read twice, so PostgreSQL computes it once, in parallel
 * where it can), counted, sorted, and only the page's rows read in full.
 */
export function reportPageCounted(db: Executor, companyId: string, projectId: string, params: ReportParams) {
  const { limit, offset } = pageWindow(params);
  const matched = db.$with('matched').as(
    db
      .select({
        id: sql<string>`${participants.id}`.as('m_id'),
        lastName: sql<string>`${persons.lastName}`.as('m_last_name'),
        firstName: sql<string>`${persons.firstName}`.as('m_first_name'),
        email: sql<string>`${persons.email}`.as('m_email'),
        organisation: sql<string | null>`${persons.organisation}`.as('m_organisation'),
        roleNameFr: sql<string>`${roles.nameFr}`.as('m_role_fr'),
        roleNameEn: sql<string>`${roles.nameEn}`.as('m_role_en'),
        createdAt: sql<Date>`${participants.createdAt}`.as('m_created_at'),
      })
      .from(participants)
      .innerJoin(persons, eq(persons.id, participants.personId))
      .innerJoin(roles, eq(roles.id, participants.roleId))
      .where(reportWhere(companyId, projectId, params)),
  );
  const page = db.$with('page').as(
    db
      .select({ pageId: sql<string>`${matched.id}`.as('page_id') })
      .from(matched)
      .orderBy(
        ...listOrder(params, {
          lastName: matchedColumn('m_last_name'),
          firstName: matchedColumn('m_first_name'),
          email: matchedColumn('m_email'),
          organisation: matchedColumn('m_organisation'),
          roleNameFr: matchedColumn('m_role_fr'),
          roleNameEn: matchedColumn('m_role_en'),
          createdAt: matchedColumn('m_created_at'),
          id: matchedColumn('m_id'),
        }),
      )
      .limit(limit)
      .offset(offset),
  );
  return db
    .with(matched, page)
    .select({ ...rowColumns, total: sql<number>`(select count(*) from ${matched})::int` })
    .from(participants)
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(roles, eq(roles.id, participants.roleId))
    .where(sql`${participants.id} in (select ${page.pageId} from ${page})`)
    .orderBy(...listOrder(params));
}

/** One page of the report, with its total. */
export async function listReport(db: Executor, companyId: string, projectId: string, params: ReportParams) {
  const total = async () => (await reportCount(db, companyId, projectId, params))[0].n;
  if (!readsOtherTables(params.filters)) {
    return pageOfParticipants(db, params, reportWhere(companyId, projectId, params), total);
  }
  const counted = await reportPageCounted(db, companyId, projectId, params);
  const items = counted.map(({ total: _, ...row }) => row);
  // A page past the last match has no row to carry the total.
  const n = counted.length ? counted[0].total : await total();
  return { items, page: params.page, pageSize: params.pageSize, total: n };
}

/** Every row of the report, in batches (the Excel export streams them). */
export async function* reportBatches(
  db: Executor,
  companyId: string,
  projectId: string,
  params: Omit<ReportParams, 'page' | 'pageSize'>,
  batchSize = 1000,
) {
  const listParams = { ...params, page: 1, pageSize: batchSize };
  yield* rowBatches(db, reportWhere(companyId, projectId, listParams), listOrder(listParams), batchSize);
}

// ---------- what the form offers ----------

export function listActivities(db: Executor, projectId: string) {
  return db
    .select({ id: activities.id, nameFr: activities.titleFr, nameEn: activities.titleEn })
    .from(activities)
    .where(eq(activities.projectId, projectId))
    .orderBy(asc(activities.titleFr), asc(activities.id));
}

/** The project's activity categories (V2, not its sections), in the organiser's order. */
export function listActivityCategories(db: Executor, projectId: string) {
  return db
    .select({
      id: activityCategories.id,
      nameFr: activityCategories.nameFr,
      nameEn: activityCategories.nameEn,
    })
    .from(activityCategories)
    .where(and(eq(activityCategories.projectId, projectId), eq(activityCategories.kind, 'category')))
    .orderBy(asc(activityCategories.position), asc(activityCategories.id));
}

/** Whether the project has a persona role (J4): the persona filter is offered only then. */
export async function projectHasPersonaRole(db: Executor, projectId: string) {
  const [row] = await db
    .select({ id: projects.defaultPersonaRoleId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return Boolean(row?.id);
}

export async function listQuestionsWithChoices(db: Executor, projectId: string) {
  const [list, choices] = await Promise.all([
    db
      .select({ id: questions.id, nameFr: questions.titleFr, nameEn: questions.titleEn })
      .from(questions)
      .where(eq(questions.projectId, projectId))
      .orderBy(asc(questions.position), asc(questions.id)),
    db
      .select({
        id: questionChoices.id,
        questionId: questionChoices.questionId,
        nameFr: questionChoices.labelFr,
        nameEn: questionChoices.labelEn,
      })
      .from(questionChoices)
      .where(eq(questionChoices.projectId, projectId))
      .orderBy(asc(questionChoices.position), asc(questionChoices.id)),
  ]);
  return list.map((q) => ({ ...q, choices: choices.filter((c) => c.questionId === q.id) }));
}

/** Whether the project sells anything (a payment in its catalogue): the payment filters are offered only then. */
export async function projectHasSales(db: Executor, projectId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.projectId, projectId))
    .limit(1);
  return Boolean(row);
}
