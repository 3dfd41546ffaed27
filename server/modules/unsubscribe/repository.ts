import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { humanOrder, listPage, orderBy, searchCondition } from '../../db/list';
import { companies, mailSubscriptions, participants, persons, projects } from '../../db/schema';

/** Where the project's participants stand (company and project: a query never crosses them). */
export interface ProjectScope {
  companyId: string;
  projectId: string;
}

/** The unsubscribe tokens these participants of the project already have. */
export async function findTokens(db: Executor, scope: ProjectScope, participantIds: readonly string[]) {
  if (participantIds.length === 0) return [];
  return db
    .select({ participantId: mailSubscriptions.participantId, token: mailSubscriptions.token })
    .from(mailSubscriptions)
    .where(
      and(
        eq(mailSubscriptions.companyId, scope.companyId),
        eq(mailSubscriptions.projectId, scope.projectId),
        inArray(mailSubscriptions.participantId, [...participantIds]),
      ),
    );
}

/**
 * Gives each participant the token beside it, in one statement, when they have none: an id that is not a participant
 * of this project is left out, and a participant who got a token meanwhile (another send at the same time) keeps it
 * (on conflict do nothing): a token is never replaced.
 */
export async function insertTokens(
  db: Executor,
  scope: ProjectScope,
  rows: readonly { participantId: string; token: string }[],
) {
  if (rows.length === 0) return;
  const list = (values: SQL[]) => sql.join(values, sql`, `);
  await db.execute(sql`
    insert into ${mailSubscriptions} (participant_id, company_id, project_id, token)
    select p.id, p.company_id, p.project_id, v.token
    from unnest(
      array[${list(rows.map((r) => sql`${r.participantId}`))}]::uuid[],
      array[${list(rows.map((r) => sql`${r.token}`))}]::text[]
    ) as v(participant_id, token)
    join ${participants} p on p.id = v.participant_id
    where p.company_id = ${scope.companyId} and p.project_id = ${scope.projectId}
    on conflict do nothing`);
}

/** What an unsubscribe address shows: its participant, their project and whether they unsubscribed. */
export async function findByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      participantId: mailSubscriptions.participantId,
      companyId: mailSubscriptions.companyId,
      projectId: mailSubscriptions.projectId,
      unsubscribedAt: mailSubscriptions.unsubscribedAt,
      language: persons.language,
      projectNameFr: projects.nameFr,
      projectNameEn: projects.nameEn,
      timeZone: projects.timeZone,
      companyName: companies.name,
    })
    .from(mailSubscriptions)
    .innerJoin(participants, eq(participants.id, mailSubscriptions.participantId))
    .innerJoin(persons, eq(persons.id, participants.personId))
    .innerJoin(projects, eq(projects.id, mailSubscriptions.projectId))
    .innerJoin(companies, eq(companies.id, mailSubscriptions.companyId))
    .where(eq(mailSubscriptions.token, token));
  return row;
}

/** Unsubscribes the token's participant at `now`, or keeps the moment of a first unsubscription; answers it. */
export async function markUnsubscribed(db: Executor, token: string, now: Date) {
  const [row] = await db
    .update(mailSubscriptions)
    .set({
      unsubscribedAt: sql`coalesce(${mailSubscriptions.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(mailSubscriptions.token, token))
    .returning({ unsubscribedAt: mailSubscriptions.unsubscribedAt });
  return row?.unsubscribedAt ?? null;
}

/** Clears a participant's unsubscription; answers whether they were unsubscribed. */
export async function clearUnsubscribed(db: Executor, scope: ProjectScope, participantId: string) {
  const rows = await db
    .update(mailSubscriptions)
    .set({ unsubscribedAt: null })
    .where(
      and(
        eq(mailSubscriptions.companyId, scope.companyId),
        eq(mailSubscriptions.projectId, scope.projectId),
        eq(mailSubscriptions.participantId, participantId),
        isNotNull(mailSubscriptions.unsubscribedAt),
      ),
    )
    .returning({ participantId: mailSubscriptions.participantId });
  return rows.length > 0;
}

/** The participants among these who unsubscribed from the project's campaigns. */
export async function findUnsubscribed(db: Executor, projectId: string, participantIds: readonly string[]) {
  if (participantIds.length === 0) return [];
  const rows = await db
    .select({ participantId: mailSubscriptions.participantId })
    .from(mailSubscriptions)
    .where(
      and(
        eq(mailSubscriptions.projectId, projectId),
        isNotNull(mailSubscriptions.unsubscribedAt),
        inArray(mailSubscriptions.participantId, [...participantIds]),
      ),
    );
  return rows.map((r) => r.participantId);
}

/**
 * A condition for a recipient query: true when the participant (a `participants.id` column or expression) has not
 * unsubscribed. `where(and(…, notUnsubscribed(participants.id)))`; served by the primary key of mail_subscriptions.
 */
export const notUnsubscribed = (participantId: AnyPgColumn | SQL) =>
  sql`not exists (select 1 from ${mailSubscriptions} where ${mailSubscriptions.participantId} = ${participantId} and ${mailSubscriptions.unsubscribedAt} is not null)`;

type Searched = Pick<ListParams, 'q' | 'sort' | 'dir'>;

/** The project's unsubscribed participants as searched, in the order asked (latest first by default). */
function unsubscribedQuery(db: Executor, scope: ProjectScope, params: Searched) {
  const where = and(
    eq(mailSubscriptions.companyId, scope.companyId),
    eq(mailSubscriptions.projectId, scope.projectId),
    isNotNull(mailSubscriptions.unsubscribedAt),
    searchCondition(params.q, [persons.firstName, persons.lastName, persons.email, persons.organisation]),
  );
  const order = orderBy(
    params,
    {
      name: humanOrder(sql`(${persons.lastName} || ' ' || ${persons.firstName})`),
      email: persons.email,
      unsubscribedAt: mailSubscriptions.unsubscribedAt,
    },
    [sql`${mailSubscriptions.unsubscribedAt} desc`],
    mailSubscriptions.participantId,
  );
  const rows = () =>
    db
      .select({
        participantId: mailSubscriptions.participantId,
        firstName: persons.firstName,
        lastName: persons.lastName,
        email: persons.email,
        organisation: persons.organisation,
        // Never null here (the condition above): typed so.
        unsubscribedAt: sql<Date>`${mailSubscriptions.unsubscribedAt}`.mapWith(
          mailSubscriptions.unsubscribedAt,
        ),
      })
      .from(mailSubscriptions)
      .innerJoin(participants, eq(participants.id, mailSubscriptions.participantId))
      .innerJoin(persons, eq(persons.id, participants.personId))
      .where(where)
      .orderBy(...order);
  const total = async () => {
    const [row] = await db
      .select({ n: count() })
      .from(mailSubscriptions)
      .innerJoin(participants, eq(participants.id, mailSubscriptions.participantId))
      .innerJoin(persons, eq(persons.id, participants.personId))
      .where(where);
    return row.n;
  };
  return { rows, total };
}

/** The organiser's list: the project's unsubscribed participants, searched, sorted and paged. */
export async function listUnsubscribed(db: Executor, scope: ProjectScope, params: ListParams) {
  const query = unsubscribedQuery(db, scope, params);
  return listPage(params, ({ limit, offset }) => query.rows().limit(limit).offset(offset), query.total);
}

/** Every unsubscribed participant of the project as searched and sorted (the CSV export). */
export async function listAllUnsubscribed(db: Executor, scope: ProjectScope, params: Searched) {
  return unsubscribedQuery(db, scope, params).rows();
}

/** Who sends a project's campaigns: the company's identification and the project's names and support e-mail. */
export async function findOrganiser(db: Executor, scope: ProjectScope) {
  const [row] = await db
    .select({
      name: companies.name,
      address: companies.address,
      contactEmail: companies.contactEmail,
      phone: companies.phone,
      website: companies.website,
      projectNameFr: projects.nameFr,
      projectNameEn: projects.nameEn,
      supportEmail: projects.supportEmail,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(eq(projects.companyId, scope.companyId), eq(projects.id, scope.projectId)));
  return row;
}
