import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignAudience } from '../../../contracts/campaigns';
import { withTestApp } from '../../../tests/support/api-fixture';
import { buildActivity, buildProject, insertParticipants, testClock } from '../../../tests/support/test-app';
import {
  activityMembers,
  campaignRecipients,
  groupCategories,
  groups,
  mailMessages,
  mailSubscriptions,
  participantGroups,
  participants,
  paymentRequestItems,
  paymentRequests,
  payments,
  persons,
  projects,
} from '../../db/schema';
import { findFirstDemoProject } from '../../seed/groups';
import { queueMailBatch } from '../mail/outbox';
import { fixRecipients, insertCampaign } from './repository';
import { resumeCampaigns, sendCampaign } from './send-job';

const clock = testClock(new Date('2027-01-10T15:00:00.000Z'));
const { t, camille, jordan } = withTestApp({ now: clock.now });

const chip = (tag: string) => `<span data-merge-tag="${tag}" class="merge-tag">${tag}</span>`;
const draft = {
  subject: { fr: 'Bonjour à vous', en: 'Hello to you' },
  body: {
    fr: `<p>Bonjour ${chip('firstName')}, à bientôt!</p>`,
    en: `<p>Hi ${chip('firstName')}, see you!</p>`,
  },
};

/** Waits for the campaign's background sending to finish (it runs beside the request, as with JOBS=false). */
async function settled(projectId: string, campaignId: string) {
  for (let i = 0; i < 200; i += 1) {
    const response = await camille.get(`/api/projects/${projectId}/campaigns/${campaignId}`);
    if (response.body.status !== 'sending') return response.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the campaign is still sending');
}

/** Ana (French, in the activity and the group), Ben (English, in the activity), Chloé (in neither), Dan (cancelled). */
async function setUp() {
  const built = await buildProject(camille, { nameFr: 'Journée d’affaires', nameEn: 'Business day' });
  const [project] = await t.database.db.select().from(projects).where(eq(projects.id, built.id));
  const activity = await buildActivity(camille, project.id);
  const ids = await insertParticipants(t.database.db, project.id, [
    { first: 'Ana', last: 'Roy' },
    { first: 'Ben', last: 'Lee' },
    { first: 'Chloé', last: 'Tremblay' },
    { first: 'Dan', last: 'Gauthier' },
  ]);
  const [ana, ben, chloe, dan] = ids;
  const db = t.database.db;
  const [benRow] = await db.select().from(participants).where(eq(participants.id, ben));
  await db.update(persons).set({ language: 'en' }).where(eq(persons.id, benRow.personId));
  await db.update(participants).set({ status: 'cancelled' }).where(eq(participants.id, dan));
  await db.insert(activityMembers).values([
    { companyId: project.companyId, projectId: project.id, activityId: activity.id, participantId: ana },
    { companyId: project.companyId, projectId: project.id, activityId: activity.id, participantId: ben },
  ]);
  const [category] = await db
    .insert(groupCategories)
    .values({ companyId: project.companyId, projectId: project.id, nameFr: 'Statut', nameEn: 'Status' })
    .returning();
  const [group] = await db
    .insert(groups)
    .values({
      companyId: project.companyId,
      projectId: project.id,
      categoryId: category.id,
      nameFr: 'VIP',
      nameEn: 'VIP',
    })
    .returning();
  await db.insert(participantGroups).values({ participantId: ana, groupId: group.id });
  return { project, activity, group, ana, ben, chloe, dan };
}

const count = (projectId: string, audience: object) =>
  camille.post(`/api/projects/${projectId}/campaigns/recipients/count`, { audience });

describe('campaign audience (C1)', () => {
  it('counts everyone, an activity’s members or the others, a group or everyone but it — never the cancelled', async () => {
    const { project, activity, group } = await setUp();
    expect((await count(project.id, {})).body).toEqual({ recipients: 3, unsubscribed: 0 });
    expect((await count(project.id, { activityId: activity.id })).body.recipients).toBe(2);
    expect((await count(project.id, { activityId: activity.id, notSubscribed: true })).body.recipients).toBe(
      1,
    );
    expect((await count(project.id, { groupId: group.id })).body.recipients).toBe(1);
    expect((await count(project.id, { groupId: group.id, groupInverse: true })).body.recipients).toBe(2);
    expect(
      (await count(project.id, { activityId: activity.id, groupId: group.id, groupInverse: true })).body
        .recipients,
    ).toBe(1);
    expect((await count(project.id, { criteria: ['noAnswers'] })).body.recipients).toBe(3);
    expect((await count(project.id, { criteria: ['hasMeetings'] })).body.recipients).toBe(0);
  });

  it('on the buyers page, counts who bought (paid or courtesy, not refunded in full), of one payment or any', async () => {
    const { project, ana, ben, chloe } = await setUp();
    const db = t.database.db;
    const scope = { companyId: project.companyId, projectId: project.id };
    const [pass, gala] = await db
      .insert(payments)
      .values([
        { ...scope, nameFr: 'Passeport', nameEn: 'Pass', priceCents: 10_000 },
        { ...scope, kind: 'activity', nameFr: 'Gala', nameEn: 'Gala', priceCents: 5_000 },
      ])
      .returning();
    const sale = async (
      participantId: string,
      status: string,
      paymentId: string,
      total: number,
      refunded = 0,
    ) => {
      const [request] = await db
        .insert(paymentRequests)
        .values({
          ...scope,
          participantId,
          status,
          source: status === 'courtesy' ? 'courtesy' : 'card',
          currency: 'CAD',
          buyerName: 'x',
          buyerEmail: 'x@example.test',
          totalCents: total,
          refundedCents: refunded,
        })
        .returning();
      await db.insert(paymentRequestItems).values({
        requestId: request.id,
        paymentId,
        participantId,
        nameFr: 'x',
        nameEn: 'x',
        unitPriceCents: total,
        totalCents: total,
        refundedCents: refunded,
      });
    };
    await sale(ana, 'paid', pass.id, 11_498);
    await sale(ben, 'paid', gala.id, 5_749, 5_749); // refunded in full
    await sale(chloe, 'courtesy', pass.id, 0);
    await sale(chloe, 'pending', gala.id, 5_749); // not paid yet
    expect((await count(project.id, { buyers: true })).body.recipients).toBe(2);
    expect((await count(project.id, { buyers: true, paymentId: pass.id })).body.recipients).toBe(2);
    expect((await count(project.id, { buyers: true, paymentId: gala.id })).body.recipients).toBe(0);
    // Without the buyers page, a payment chosen changes nothing.
    expect((await count(project.id, { paymentId: gala.id })).body.recipients).toBe(3);
  });

  it('is the signed-in company’s only', async () => {
    const { project } = await setUp();
    expect(
      (await jordan.post(`/api/projects/${project.id}/campaigns/recipients/count`, { audience: {} })).status,
    ).toBe(404);
    expect((await jordan.get(`/api/projects/${project.id}/campaigns`)).status).toBe(404);
  });
});

describe('sending a campaign (C1)', () => {
  // First of its kind: no other test's messages are being delivered beside it.
  it('cancelled while it is being sent: what waits for the relay is cancelled, nobody else gets a message', async () => {
    const { project, ana } = await setUp();
    // A sending stopped after its first message was written and before the relay took it.
    const campaign = await insertCampaign(t.database.db, {
      companyId: project.companyId,
      projectId: project.id,
      messageType: 0,
      subjectFr: draft.subject.fr,
      subjectEn: draft.subject.en,
      bodyFr: draft.body.fr,
      bodyEn: draft.body.en,
      audience: campaignAudience.parse({}),
      status: 'sending',
    });
    await queueMailBatch(t.database.db, [
      {
        companyId: project.companyId,
        projectId: project.id,
        kind: 'campaign',
        dedupeKey: `campaign:${campaign.id}:${ana}`,
        to: { email: 'ana@example.test' },
        language: 'fr',
        subject: 'Bonjour',
        html: '<p>Bonjour</p>',
        text: 'Bonjour',
        participantId: ana,
        campaignId: campaign.id,
      },
    ]);
    await fixRecipients(t.database.db, campaign);
    const [message] = await t.database.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.campaignId, campaign.id));
    await t.database.db
      .update(campaignRecipients)
      .set({ mailMessageId: message.id })
      .where(eq(campaignRecipients.participantId, ana));
    const url = `/api/projects/${project.id}/campaigns/${campaign.id}`;
    expect((await camille.get(url)).body.figures).toMatchObject({ recipients: 3, prepared: 1, queued: 1 });

    const cancelled = await camille.post(`${url}/cancel`);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      figures: { prepared: 1, queued: 0, cancelled: 1 },
    });
    // A worker still running (or one after a restart) writes nothing more.
    await sendCampaign(t.deps, campaign.id);
    const rows = await t.database.db
      .select({ status: mailMessages.status })
      .from(mailMessages)
      .where(eq(mailMessages.campaignId, campaign.id));
    expect(rows).toEqual([{ status: 'cancelled' }]);
    expect((await camille.get(url)).body.figures).toMatchObject({
      prepared: 1,
      cancelled: 1,
      sent: 0,
      kept: 0,
    });
  });

  it('writes one message per recipient in their language, with the figures of the batch', async () => {
    const { project, activity, ana, ben } = await setUp();
    const created = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      audience: { activityId: activity.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const done = await settled(project.id, created.body.id);
    expect(done.status).toBe('sent');
    expect(done.figures).toMatchObject({ recipients: 2, prepared: 2, kept: 2, skipped: 0 });
    expect(done.createdBy).toBe('Camille Gagnon');
    const rows = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.campaignId, created.body.id));
    const byParticipant = new Map(rows.map((r) => [r.participantId, r]));
    expect(byParticipant.get(ana)?.subject).toBe('Bonjour à vous');
    expect(byParticipant.get(ana)?.html).toContain('Bonjour Ana, à bientôt!');
    expect(byParticipant.get(ben)?.subject).toBe('Hello to you');
    expect(byParticipant.get(ben)?.html).toContain('Hi Ben, see you!');
    // CASL: the organiser's identification and an unsubscribe link, with the one-click headers (RFC 8058).
    const unsubscribe = byParticipant.get(ana)?.headers?.['List-Unsubscribe'] ?? '';
    expect(unsubscribe).toMatch(/^<http:\/\/[^>]+\/u\/[A-Za-z0-9_-]{43}>$/);
    expect(byParticipant.get(ana)?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(byParticipant.get(ana)?.html).toContain(unsubscribe.slice(1, -1));
    expect(byParticipant.get(ana)?.text).toContain(unsubscribe.slice(1, -1));

    const recipients = await camille.get(
      `/api/projects/${project.id}/campaigns/${created.body.id}/recipients`,
    );
    expect(recipients.body.total).toBe(2);
    expect(recipients.body.items.map((r: { status: string }) => r.status)).toEqual(['kept', 'kept']);
    const preview = await camille.get(`/api/mail/messages/${recipients.body.items[0].messageId}`);
    expect(preview.status).toBe(200);

    const log = await camille.get(`/api/projects/${project.id}/campaigns`);
    expect(log.body.items[0]).toMatchObject({ id: created.body.id, status: 'sent' });
  });

  it('skips the unsubscribed unless the message is transactional', async () => {
    const { project, ana } = await setUp();
    await t.database.db.insert(mailSubscriptions).values({
      companyId: project.companyId,
      projectId: project.id,
      participantId: ana,
      token: `t-${ana}`,
      unsubscribedAt: clock.now(),
    });
    expect((await count(project.id, {})).body).toEqual({ recipients: 3, unsubscribed: 1 });
    const plain = await camille.post(`/api/projects/${project.id}/campaigns`, { ...draft, audience: {} });
    const plainDone = await settled(project.id, plain.body.id);
    expect(plainDone.figures).toMatchObject({ recipients: 3, prepared: 2, skipped: 1 });
    const [skipped] = await t.database.db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.participantId, ana));
    expect(skipped.skipped).toBe('unsubscribed');

    const needed = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      audience: {},
      transactional: true,
    });
    expect((await settled(project.id, needed.body.id)).figures).toMatchObject({ prepared: 3, skipped: 0 });
  });

  it('never writes a recipient’s message twice, however many times the sending runs', async () => {
    const { project } = await setUp();
    const created = await camille.post(`/api/projects/${project.id}/campaigns`, { ...draft, audience: {} });
    await Promise.all([sendCampaign(t.deps, created.body.id), sendCampaign(t.deps, created.body.id)]);
    await settled(project.id, created.body.id);
    await sendCampaign(t.deps, created.body.id);
    const rows = await t.database.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.campaignId, created.body.id));
    expect(rows).toHaveLength(3);
  });

  it('refuses a bad message, naming the field, in the reader’s language', async () => {
    const { project } = await setUp();
    const unknown = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      body: { ...draft.body, en: `<p>${chip('nosuchtag')}</p>` },
      audience: {},
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0]).toMatchObject({ field: 'body.en' });
    expect(unknown.body.fields[0].message).toContain('nosuchtag');
    const long = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      subject: { fr: 'x'.repeat(201), en: 'ok' },
      audience: {},
    });
    expect(long.status).toBe(400);
    expect(long.body.fields[0].field).toBe('subject.fr');
    const empty = await jordan.post(`/api/projects/${project.id}/campaigns`, { ...draft, audience: {} });
    expect(empty.status).toBe(404);
    const missing = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      subject: { fr: 'Bonjour', en: '' },
      audience: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0].field).toBe('subject.en');
    const badGroup = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      audience: { groupId: 'nope' },
    });
    expect(badGroup.status).toBe(400);
  });

  it('sends a test to the signed-in organiser, rendered for the chosen participant', async () => {
    const { project, ben } = await setUp();
    const sent = await camille.post(`/api/projects/${project.id}/campaigns/test`, {
      ...draft,
      participantId: ben,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.kind, 'campaignTest'));
    expect(row.toEmail).toBe(sent.body.to);
    expect(row.html).toContain('Hi Ben, see you!');
    expect(row.campaignId).toBeNull();
  });
});

describe('the demo’s e-mail log', () => {
  it('has a campaign sent to everyone, its kept messages readable, and a planned one', async () => {
    const demo = await findFirstDemoProject(t.database.db);
    const list = await camille.get(`/api/projects/${demo.id}/campaigns`);
    const sent = list.body.items.find((c: { status: string }) => c.status === 'sent');
    const planned = list.body.items.find((c: { status: string }) => c.status === 'planned');
    expect(planned.plannedAtLocal).toEqual(expect.any(String));
    expect(sent.figures.recipients).toBeGreaterThan(0);
    expect(sent.figures.kept).toBe(sent.figures.recipients - sent.figures.skipped);
    const recipients = await camille.get(`/api/projects/${demo.id}/campaigns/${sent.id}/recipients`);
    const first = recipients.body.items.find((r: { messageId: string | null }) => r.messageId);
    const message = await camille.get(`/api/mail/messages/${first.messageId}`);
    expect(message.body.html).toMatch(/\/p\/[A-Za-z0-9_-]{43}/);
    expect(message.body.text).not.toContain('{{');
  });
});

describe('planned sending (C2)', () => {
  it('leaves at the local time of the project’s zone, and a planned one can be cancelled', async () => {
    const { project } = await setUp();
    const past = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      audience: {},
      plannedAt: '2027-01-10T09:59',
    });
    expect(past.status).toBe(400);
    expect(past.body.fields[0].field).toBe('plannedAt');
    // Daylight saving as for activities: a time the zone skips is refused, one it repeats needs its offset.
    const plan = (plannedAt: string, extra: object = {}) =>
      camille.post(`/api/projects/${project.id}/campaigns`, { ...draft, audience: {}, plannedAt, ...extra });
    const skipped = await plan('2027-03-14T02:30');
    expect(skipped.body.fields[0]).toMatchObject({
      field: 'plannedAt',
      code: 'validation.activities.nonexistentTime',
    });
    const twice = await plan('2027-11-07T01:30');
    expect(twice.body.fields[0]).toMatchObject({
      field: 'plannedAt',
      code: 'validation.activities.ambiguousTime',
    });
    const later = await plan('2027-11-07T01:30', { plannedAtOffset: 'later' });
    expect(later.body.plannedAt).toBe('2027-11-07T06:30:00.000Z');
    await camille.post(`/api/projects/${project.id}/campaigns/${later.body.id}/cancel`);
    const planned = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      audience: {},
      plannedAt: '2027-01-10T10:05',
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    expect(planned.body).toMatchObject({ status: 'planned', plannedAtLocal: '2027-01-10T10:05' });
    expect(planned.body.plannedAt).toBe('2027-01-10T15:05:00.000Z'); // Toronto, UTC−5 in January

    const other = await camille.post(`/api/projects/${project.id}/campaigns`, {
      ...draft,
      audience: {},
      plannedAt: '2027-01-10T10:06',
    });
    const cancelled = await camille.post(`/api/projects/${project.id}/campaigns/${other.body.id}/cancel`);
    expect(cancelled.body.status).toBe('cancelled');
    expect((await camille.post(`/api/projects/${project.id}/campaigns/${other.body.id}/cancel`)).status).toBe(
      409,
    );

    await resumeCampaigns(t.deps);
    expect((await camille.get(`/api/projects/${project.id}/campaigns/${planned.body.id}`)).body.status).toBe(
      'planned',
    );
    clock.advanceSeconds(6 * 60);
    await resumeCampaigns(t.deps);
    const sent = await camille.get(`/api/projects/${project.id}/campaigns/${planned.body.id}`);
    expect(sent.body).toMatchObject({ status: 'sent', figures: { recipients: 3, prepared: 3 } });
    const stillCancelled = await camille.get(`/api/projects/${project.id}/campaigns/${other.body.id}`);
    expect(stillCancelled.body.figures.prepared).toBe(0);
    const messages = await t.database.db
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(inArray(mailMessages.campaignId, [planned.body.id, other.body.id]));
    expect(messages).toHaveLength(3);
  });
});
