import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { CampaignStatus } from '../../../contracts/campaigns';
import type { ListParams } from '../../../contracts/http';
import type { Executor } from '../../db/client';
import { listPage, orderBy, searchCondition } from '../../db/list';
import {
  type CampaignAudience,
  campaignRecipients,
  campaigns,
  mailMessages,
  participants,
  persons,
  users,
} from '../../db/schema';

/**
 * Campaigns and their recipients. The audience (C1) is one SQL condition on the project's participants (not
 * cancelled): membership of an activity or a group (or their inverse) and the preset's criteria. Recipients are
 * fixed in `campaign_recipients` when the sending starts, so a restart sends to the same people.
 */

/** The participants (alias `p`) a campaign with this audience reaches. */
function audienceCondition(projectId: string, audience: CampaignAudience): SQL {
  const parts: SQL[] = [sql`p.project_id = ${projectId}`, sql`p.status <> 'cancelled'`];
  if (audience.activityId) {
    const member = sql`exists (select 1 from activity_members am where am.activity_id = ${audience.activityId} and am.participant_id = p.id)`;
    parts.push(audience.notSubscribed ? sql`not ${member}` : member);
  }
  if (audience.groupId) {
    const member = sql`exists (select 1 from participant_groups pg where pg.group_id = ${audience.groupId} and pg.participant_id = p.id)`;
    parts.push(audience.groupInverse ? sql`not ${member}` : member);
  }
  if (audience.buyers) {
    // A buyer: an item of a paid or courtesy sale of this project, not refunded in full (a courtesy item costs 0).
    const ofPayment = audience.paymentId ? sql` and i.payment_id = ${audience.paymentId}` : sql``;
    parts.push(sql`exists (select 1 from payment_request_items i join payment_requests r on r.id = i.request_id
      where i.participant_id = p.id and r.project_id = ${projectId} and r.status in ('paid', 'courtesy')
      and (i.total_cents = 0 or i.refunded_cents < i.total_cents)${ofPayment})`);
  }
  for (const criterion of audience.criteria) {
    if (criterion === 'seated') {
      parts.push(sql`exists (select 1 from pairing_seats ps where ps.participant_id = p.id)`);
    } else if (criterion === 'hasMeetings') {
      parts.push(
        sql`exists (select 1 from meetings m where m.participant_a = p.id or m.participant_b = p.id)`,
      );
    } else if (criterion === 'noAnswers') {
      parts.push(sql`not exists (select 1 from participant_answers pa where pa.participant_id = p.id)`);
    }
  }
  return sql.join(parts, sql` and `);
}

/** Unsubscribed (CASL) participants, alias `p`. */
const unsubscribed = sql`exists (select 1 from mail_subscriptions ms where ms.participant_id = p.id and ms.unsubscribed_at is not null)`;

/** How many participants the audience reaches, and how many of them unsubscribed. */
export async function countAudience(db: Executor, projectId: string, audience: CampaignAudience) {
  const result = (await db.execute(sql`
    select count(*)::int as recipients, count(ms.participant_id)::int as unsubscribed
    from participants p
    left join mail_subscriptions ms on ms.participant_id = p.id and ms.unsubscribed_at is not null
    where ${audienceCondition(projectId, audience)}`)) as { rows: unknown[] };
  const row = result.rows[0] as { recipients: number; unsubscribed: number };
  return { recipients: Number(row.recipients), unsubscribed: Number(row.unsubscribed) };
}

export type CampaignRow = typeof campaigns.$inferSelect;

export async function insertCampaign(db: Executor, values: typeof campaigns.$inferInsert) {
  const [row] = await db.insert(campaigns).values(values).returning();
  return row;
}

export async function findCampaign(db: Executor, companyId: string, projectId: string, id: string) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.projectId, projectId), eq(campaigns.id, id)));
  return row;
}

export async function findCampaignById(db: Executor, id: string) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/**
 * Fixes the recipients of a campaign (once: a second call adds nothing) and counts them. Unsubscribed people are
 * recorded as skipped unless the campaign is transactional; so are people without an address.
 */
export async function fixRecipients(db: Executor, campaign: CampaignRow) {
  const skip = campaign.transactional
    ? sql`case when coalesce(pe.email, '') = '' then 'noEmail' end`
    : sql`case when coalesce(pe.email, '') = '' then 'noEmail' when ${unsubscribed} then 'unsubscribed' end`;
  await db.execute(sql`
    insert into campaign_recipients (campaign_id, participant_id, skipped)
    select ${campaign.id}, p.id, ${skip}
    from participants p join persons pe on pe.id = p.person_id
    where ${audienceCondition(campaign.projectId, campaign.audience)}
    on conflict do nothing`);
  const [{ n }] = await db
    .select({ n: count() })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaign.id));
  return n;
}

/** The next recipients still waiting for their message (locked: a second worker takes others). */
/** Whether recipients remain without a message or a skip reason, locked by another run or not. */
export async function hasWaiting(db: Executor, campaignId: string) {
  const [row] = await db
    .select({ participantId: campaignRecipients.participantId })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        isNull(campaignRecipients.mailMessageId),
        isNull(campaignRecipients.skipped),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function nextWaiting(db: Executor, campaignId: string, limit: number) {
  const rows = await db
    .select({ participantId: campaignRecipients.participantId })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        isNull(campaignRecipients.mailMessageId),
        isNull(campaignRecipients.skipped),
      ),
    )
    .orderBy(campaignRecipients.participantId)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((r) => r.participantId);
}

export async function linkMessages(
  db: Executor,
  campaignId: string,
  links: { participantId: string; messageId: string }[],
) {
  if (links.length === 0) return;
  const values = sql.join(
    links.map((l) => sql`(${l.participantId}::uuid, ${l.messageId}::uuid)`),
    sql`, `,
  );
  await db.execute(sql`
    update campaign_recipients r set mail_message_id = v.message_id
    from (values ${values}) as v(participant_id, message_id)
    where r.campaign_id = ${campaignId} and r.participant_id = v.participant_id`);
}

export async function markSkipped(
  db: Executor,
  campaignId: string,
  participantIds: string[],
  reason: string,
) {
  if (participantIds.length === 0) return;
  await db
    .update(campaignRecipients)
    .set({ skipped: reason })
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        inArray(campaignRecipients.participantId, participantIds),
      ),
    );
}

export async function updateCampaign(
  db: Executor,
  id: string,
  values: Partial<typeof campaigns.$inferInsert>,
) {
  const [row] = await db.update(campaigns).set(values).where(eq(campaigns.id, id)).returning();
  return row;
}

/** Moves a campaign from one status to another only if it still has the first (a second worker does nothing). */
export async function moveStatus(
  db: Executor,
  id: string,
  from: CampaignStatus[],
  values: Partial<typeof campaigns.$inferInsert> & { status: CampaignStatus },
) {
  const [row] = await db
    .update(campaigns)
    .set(values)
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, from)))
    .returning();
  return row;
}

/** Queued messages of a cancelled campaign that no worker has taken yet are not sent. */
export async function cancelQueuedMessages(db: Executor, campaignId: string) {
  await db
    .update(mailMessages)
    .set({ status: 'cancelled' })
    .where(and(eq(mailMessages.campaignId, campaignId), eq(mailMessages.status, 'queued')));
}

/** Planned campaigns whose time has come, and sending ones whose worker stopped beating (a restart). */
export async function campaignsToRun(db: Executor, now: Date, staleBefore: Date) {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      sql`(${campaigns.status} = 'planned' and ${campaigns.plannedAt} <= ${now.toISOString()}::timestamptz)
        or (${campaigns.status} = 'sending' and ${campaigns.finishedAt} is null
            and coalesce(${campaigns.heartbeatAt}, ${campaigns.createdAt}) < ${staleBefore.toISOString()}::timestamptz)`,
    );
  return rows.map((r) => r.id);
}

/** The figures of each campaign (C5), from its recipients and their messages. */
export async function figuresOf(db: Executor, campaignIds: string[]) {
  const out = new Map<string, Record<string, number>>();
  if (campaignIds.length === 0) return out;
  const result = (await db.execute(sql`
    select r.campaign_id as id,
      count(*)::int as recipients,
      count(r.mail_message_id)::int as prepared,
      count(*) filter (where m.status in ('queued', 'sending'))::int as queued,
      count(*) filter (where m.status = 'sent')::int as sent,
      count(*) filter (where m.status = 'failed')::int as failed,
      count(*) filter (where m.status = 'kept')::int as kept,
      count(*) filter (where m.status = 'bounced')::int as bounced,
      count(*) filter (where m.status = 'cancelled')::int as cancelled,
      count(r.skipped)::int as skipped
    from campaign_recipients r left join mail_messages m on m.id = r.mail_message_id
    where r.campaign_id in (${sql.join(
      campaignIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by r.campaign_id`)) as { rows: unknown[] };
  for (const row of result.rows as Record<string, number | string>[]) {
    const { id, ...figures } = row;
    out.set(String(id), Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)])));
  }
  return out;
}

const campaignColumns = {
  campaign: campaigns,
  creatorFirst: users.firstName,
  creatorLast: users.lastName,
};

export async function listCampaigns(
  db: Executor,
  companyId: string,
  projectId: string,
  params: ListParams & { status?: CampaignStatus },
) {
  const where = and(
    eq(campaigns.companyId, companyId),
    eq(campaigns.projectId, projectId),
    params.status ? eq(campaigns.status, params.status) : undefined,
    searchCondition(params.q, [campaigns.subjectFr, campaigns.subjectEn]),
  );
  const order = orderBy(
    params,
    { createdAt: campaigns.createdAt, plannedAt: campaigns.plannedAt, status: campaigns.status },
    [sql`${campaigns.createdAt} desc`],
    campaigns.id,
  );
  return listPage(
    params,
    ({ limit, offset }) =>
      db
        .select(campaignColumns)
        .from(campaigns)
        .leftJoin(users, eq(users.id, campaigns.createdBy))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: count() }).from(campaigns).where(where))[0].n,
  );
}

/** The recipients of a campaign with their message's state (C5 details). */
export async function listRecipients(db: Executor, campaignId: string, params: ListParams) {
  const where = and(
    eq(campaignRecipients.campaignId, campaignId),
    searchCondition(params.q, [persons.email, persons.lastName, persons.firstName]),
  );
  const toEmail = sql<string>`coalesce(${mailMessages.toEmail}, ${persons.email})`;
  const order = orderBy(
    params,
    { toEmail, status: mailMessages.status, sentAt: mailMessages.sentAt },
    [sql`${persons.lastName}`, sql`${persons.firstName}`],
    campaignRecipients.participantId,
  );
  const base = () =>
    db
      .select({
        participantId: campaignRecipients.participantId,
        messageId: campaignRecipients.mailMessageId,
        toEmail,
        toName: sql<string>`coalesce(${mailMessages.toName}, ${persons.firstName} || ' ' || ${persons.lastName})`,
        status: mailMessages.status,
        skipped: campaignRecipients.skipped,
        sentAt: mailMessages.sentAt,
        lastError: mailMessages.lastError,
      })
      .from(campaignRecipients)
      .innerJoin(participants, eq(participants.id, campaignRecipients.participantId))
      .innerJoin(persons, eq(persons.id, participants.personId))
      .leftJoin(mailMessages, eq(mailMessages.id, campaignRecipients.mailMessageId));
  return listPage(
    params,
    ({ limit, offset }) =>
      base()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () =>
      (
        await db
          .select({ n: count() })
          .from(campaignRecipients)
          .innerJoin(participants, eq(participants.id, campaignRecipients.participantId))
          .innerJoin(persons, eq(persons.id, participants.personId))
          .where(where)
      )[0].n,
  );
}
