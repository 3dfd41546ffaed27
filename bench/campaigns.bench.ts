/**
 * campaigns (issue 19, "Scale and speed"):
 * (a) delivery: a campaign with merge tags to 10,000 participants, end to end (`sendCampaign` renders and queues,
 *     then `deliverQueuedMail` until the outbox is empty) to a local SMTP server, against the same 10,000 rendered
 *     messages (the rows the subject wrote) sent by a raw pooled nodemailer transport with the delivery's pool
 *     settings; with the memory it takes above idle;
 * (b) audience: resolving recipients by activity and group (`countAudience`, `fixRecipients`) among 100,000
 *     participants, against the same condition as a raw SQL count (or INSERT … SELECT).
 */
import { and, eq, inArray } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { MERGE_TAG_IDS } from '../contracts/merge-tags';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import {
  type CampaignAudience,
  campaignRecipients,
  campaigns,
  groups,
  mailMessages,
  participantGroups,
  participants,
} from '../server/db/schema';
import * as campaignRepo from '../server/modules/campaigns/repository';
import { sendCampaign } from '../server/modules/campaigns/send-job';
import { closeMailTransports, deliverQueuedMail, deliveryPool } from '../server/modules/mail/delivery';
import { seedScale } from '../server/seed/scale';
import { seedScaleActivities } from '../server/seed/scale-activities';
import { startSmtpSink, withMemoryPeak } from './campaign-support';
import { type BenchCase, createBenchCompanies, defineBenchmark, wantsCase } from './harness';

/** The merge tags the issue names, measured when the catalogue offers them (and said when one renders nothing). */
const WANTED_TAGS = ['firstName', 'lastName', 'projectName', 'dashboardLink', 'qrCode'];

const chip = (tag: string) => `<span data-merge-tag="${tag}" class="merge-tag">${tag}</span>`;

/** A realistic body (about 1.5 kB per language) around the tags. */
function body(language: 'fr' | 'en', tags: string[]) {
  const has = (tag: string) => tags.includes(tag);
  const para =
    language === 'fr'
      ? 'Nous avons hâte de vous accueillir. Le programme complet, vos rencontres et vos tables de réseautage sont en ligne ; consultez-les avant votre arrivée, et présentez-vous à l’accueil dès 8 h pour retirer votre cocarde.'
      : 'We look forward to welcoming you. The full programme, your meetings and your networking tables are online; look at them before you arrive, and come to the front desk from 8 a.m. to collect your badge.';
  return [
    `<p>${language === 'fr' ? 'Bonjour' : 'Hello'} ${has('firstName') ? chip('firstName') : ''} ${has('lastName') ? chip('lastName') : ''},</p>`,
    `<p>${language === 'fr' ? 'Bienvenue à' : 'Welcome to'} <strong>${has('projectName') ? chip('projectName') : ''}</strong>.</p>`,
    `<p>${para}</p><p>${para}</p>`,
    has('dashboardLink') ? `<p>${chip('dashboardLink')}</p>` : '',
    has('qrCode') ? `<p>${chip('qrCode')}</p>` : '',
    `<p>${language === 'fr' ? 'À bientôt,' : 'See you soon,'}<br>${language === 'fr' ? 'L’équipe des événements' : 'The events team'}</p>`,
  ].join('\n');
}

const everyone: CampaignAudience = {
  activityId: null,
  notSubscribed: false,
  groupId: null,
  groupInverse: false,
  buyers: false,
  paymentId: null,
  criteria: [],
};

export default defineBenchmark({
  name: 'campaigns',
  description:
    'a campaign with merge tags rendered and delivered end to end to a local SMTP server vs the same rendered messages through a raw pooled nodemailer transport; recipients resolved by activity/group vs raw SQL',
  async setup({ database, options, log }) {
    const size = options.quick
      ? { messages: 1_000, audience: 10_000, activities: 100, inscriptions: 30_000 }
      : { messages: 10_000, audience: 100_000, activities: 500, inscriptions: 300_000 };
    const { db } = database;
    const { main } = await createBenchCompanies(db);
    const sink = await startSmtpSink();
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JOBS: 'false',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Événements Banc d’essai <evenements@banc.test>',
    });
    const { app, deps } = await buildApp({ config, database, logger: false });

    // ---------- seeds: the delivery's project (everyone registered), and the audience's ----------
    const seedStarted = performance.now();
    const delivery = await seedScale(db, { companyId: main.id, participants: size.messages, seed: 3 });
    await db
      .update(participants)
      .set({ status: 'registered' })
      .where(eq(participants.projectId, delivery.projectId));
    // `--only=deliver` skips the audience project's seed (most of a full run's time).
    const audienceCases = ['audience-activity', 'audience-not-activity', 'audience-group', 'fix-recipients'];
    const withAudience = audienceCases.some((name) => wantsCase(options, name));
    const audience = withAudience
      ? await seedScale(db, { companyId: main.id, participants: size.audience, seed: 1 })
      : null;
    if (audience) {
      await seedScaleActivities(db, {
        companyId: main.id,
        projectId: audience.projectId,
        activities: size.activities,
        inscriptions: size.inscriptions,
      });
    }
    await database.sql.exec('vacuum analyze');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const newCampaign = async (
      projectId: string,
      tags: string[],
      who: CampaignAudience = everyone,
      draft?: { fr: string; en: string },
    ) =>
      campaignRepo.insertCampaign(db, {
        companyId: main.id,
        projectId,
        subjectFr: `${tags.includes('firstName') ? chip('firstName') : ''}, votre programme`,
        subjectEn: `${tags.includes('firstName') ? chip('firstName') : ''}, your programme`,
        bodyFr: draft?.fr ?? body('fr', tags),
        bodyEn: draft?.en ?? body('en', tags),
        audience: who,
        status: 'sending',
      });

    // ---------- which of the wanted tags this renderer fills (a probe campaign to one participant per tag) ----------
    const offered = WANTED_TAGS.filter((tag) => MERGE_TAG_IDS.includes(tag));
    const [someGroup] = await db
      .select({ categoryId: groups.categoryId })
      .from(groups)
      .where(eq(groups.projectId, delivery.projectId))
      .limit(1);
    const [probeGroup] = await db
      .insert(groups)
      .values({
        companyId: main.id,
        projectId: delivery.projectId,
        categoryId: someGroup.categoryId,
        nameFr: 'Sonde',
        nameEn: 'Probe',
      })
      .returning({ id: groups.id });
    const [probePerson] = await db
      .select({ id: participants.id })
      .from(participants)
      .where(eq(participants.projectId, delivery.projectId))
      .limit(1);
    await db.insert(participantGroups).values({ participantId: probePerson.id, groupId: probeGroup.id });
    const rendered: string[] = [];
    for (const tag of offered) {
      const probe = `<p>[${chip(tag)}]</p>`;
      const c = await newCampaign(
        delivery.projectId,
        [],
        { ...everyone, groupId: probeGroup.id },
        { fr: probe, en: probe },
      );
      await sendCampaign(deps, c.id);
      const [row] = await db
        .select({ html: mailMessages.html, attachments: mailMessages.attachments })
        .from(mailMessages)
        .where(eq(mailMessages.campaignId, c.id));
      const inside = /\[([\s\S]*?)\]/
        .exec(row?.html ?? '')?.[1]
        ?.replace(/<[^>]*>/g, '')
        .trim();
      if (inside || row?.attachments?.length) rendered.push(tag);
      await db.delete(mailMessages).where(eq(mailMessages.campaignId, c.id));
      await db.delete(campaigns).where(eq(campaigns.id, c.id));
    }
    const tags = rendered;
    const emptyTags = offered.filter((tag) => !rendered.includes(tag));

    // ---------- (a) delivery, end to end vs raw ----------
    let campaignId = '';
    const clearOutbox = async () => {
      await db.delete(mailMessages).where(eq(mailMessages.projectId, delivery.projectId));
      await db.delete(campaigns).where(eq(campaigns.projectId, delivery.projectId));
      // As autovacuum would (PGlite has none): every round writes into the same room, not a table grown by the last.
      await database.sql.exec('vacuum mail_messages, campaigns, campaign_recipients');
    };
    const fmt = (n: number) => n.toLocaleString('en');
    const endToEnd = async () => {
      const started = performance.now();
      let queuedAt = 0;
      const { value: sent, peak } = await withMemoryPeak(async () => {
        // As in the product: the campaign.send job queues chunk after chunk while the mail.deliver job sends.
        let queued = false;
        const campaign = sendCampaign(deps, campaignId).finally(() => {
          queued = true;
          queuedAt = performance.now();
        });
        let total = 0;
        for (;;) {
          const finished = queued;
          const report = await deliverQueuedMail(deps);
          total += report.sent;
          if (finished && report.sent + report.retried + report.failed === 0) break;
          if (report.sent === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        }
        await campaign;
        return total;
      });
      const seconds = (performance.now() - started) / 1000;
      log(
        `    end to end: ${fmt(sent)} messages in ${seconds.toFixed(2)} s (render and queue ${((queuedAt - started) / 1000).toFixed(2)} s), ` +
          `${fmt(Math.round(sent / seconds))} messages/s; ` +
          `peak above idle: RSS ${peak.rssMb.toFixed(0)} MB, heap ${peak.heapMb.toFixed(0)} MB; kept after: ${peak.retainedMb.toFixed(0)} MB`,
      );
      if (sent !== size.messages) {
        const statuses = await database.sql.query(
          'select status, count(*)::int as n, min(sent_at) as min, max(sent_at) as max from mail_messages group by status',
        );
        throw new Error(`end to end sent ${sent} of ${size.messages}: ${JSON.stringify(statuses.rows)}`);
      }
    };

    type RawRow = typeof mailMessages.$inferSelect;
    let rows: RawRow[] = [];
    const { domain, from } = config.mail;
    const raw = nodemailer.createTransport({
      ...deliveryPool(60_000),
      host: '127.0.0.1',
      port: sink.port,
      secure: false,
    });
    const rawSend = async () => {
      const started = performance.now();
      const { peak } = await withMemoryPeak(() =>
        Promise.all(
          rows.map((m) =>
            raw.sendMail({
              from,
              to: m.toName ? { name: m.toName, address: m.toEmail } : m.toEmail,
              subject: m.subject,
              html: m.html,
              text: m.text,
              messageId: `<${m.id}@${domain}>`,
              headers: { ...m.headers, 'Content-Language': m.language },
              attachments: m.attachments?.map((file) => ({ ...file, encoding: 'base64' })),
            }),
          ),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      log(
        `    raw pooled nodemailer: ${fmt(rows.length)} messages in ${seconds.toFixed(2)} s, ` +
          `${fmt(Math.round(rows.length / seconds))} messages/s; peak above idle: RSS ${peak.rssMb.toFixed(0)} MB, heap ${peak.heapMb.toFixed(0)} MB; kept after: ${peak.retainedMb.toFixed(0)} MB`,
      );
    };
    const deliveryCase: BenchCase = {
      name: `deliver-${size.messages / 1000}k`,
      description: `${fmt(size.messages)} messages: sendCampaign + deliverQueuedMail until the outbox is empty vs the same rendered rows through a raw pooled transport (${deliveryPool(60_000).maxConnections} connections), in ms per run`,
      rounds: { warmup: 0, iterations: 2 },
      async prepare() {
        await clearOutbox();
        campaignId = (await newCampaign(delivery.projectId, tags)).id;
      },
      subject: endToEnd,
      baseline: rawSend,
      async check() {
        await this.prepare?.();
        const before = await sink.accepted();
        await endToEnd();
        rows = await db
          .select()
          .from(mailMessages)
          .where(and(eq(mailMessages.campaignId, campaignId), eq(mailMessages.status, 'sent')));
        const accepted = (await sink.accepted()) - before;
        if (rows.length !== size.messages || accepted !== size.messages) {
          throw new Error(`delivery: ${rows.length} rows sent, ${accepted} accepted, of ${size.messages}`);
        }
        const bytes = rows.reduce((n, r) => n + r.html.length + r.text.length, 0) / rows.length;
        log(`    rendered message: ${fmt(Math.round(bytes))} characters of bodies on average`);
      },
    };

    // ---------- (b) the audience ----------
    const audienceBench = async (audience: {
      projectId: string;
      groupIds: string[];
    }): Promise<BenchCase[]> => {
      const [activity] = (
        await database.sql.query<{ id: string; n: number }>(
          `select a.id, count(*)::int as n from activities a join activity_members am on am.activity_id = a.id
           where a.project_id = $1 group by a.id order by n desc, a.id limit 1`,
          [audience.projectId],
        )
      ).rows;
      const group = audience.groupIds[0];
      const rawCount = async (where: string, params: unknown[]) =>
        Number(
          (
            await database.sql.query<{ n: number }>(
              `select count(*)::int as n from participants p where p.project_id = $1 and p.status <> 'cancelled' and ${where}`,
              [audience.projectId, ...params],
            )
          ).rows[0].n,
        );
      const memberOf =
        'exists (select 1 from activity_members am where am.activity_id = $2 and am.participant_id = p.id)';
      const inGroup = (n: number) =>
        `exists (select 1 from participant_groups pg where pg.group_id = $${n} and pg.participant_id = p.id)`;
      const audienceCase = (
        name: string,
        description: string,
        who: CampaignAudience,
        where: string,
        params: unknown[],
      ): BenchCase => ({
        name,
        description: `countAudience, ${description} vs a raw count of the same condition`,
        subject: () => campaignRepo.countAudience(db, audience.projectId, who),
        baseline: () => rawCount(where, params),
        async check() {
          const [counted, direct] = [
            await campaignRepo.countAudience(db, audience.projectId, who),
            await rawCount(where, params),
          ];
          if (counted.recipients !== direct || !direct) {
            throw new Error(`${name}: countAudience ${counted.recipients}, raw count ${direct}`);
          }
          log(`    ${name}: ${fmt(direct)} recipients`);
        },
      });
      const inverse: CampaignAudience = { ...everyone, groupId: group, groupInverse: true };
      const [fixed, fixedRaw] = [
        await newCampaign(audience.projectId, tags, inverse),
        await newCampaign(audience.projectId, tags, inverse),
      ];
      const fixedRow = await campaignRepo.findCampaignById(db, fixed.id);
      const rawFix = `insert into campaign_recipients (campaign_id, participant_id)
        select $3, p.id from participants p where p.project_id = $1 and p.status <> 'cancelled' and not ${inGroup(2)}`;
      const fixCase: BenchCase = {
        name: 'fix-recipients',
        description:
          'fixRecipients for everyone but one group (skip reasons, then the count) vs a raw INSERT … SELECT of the same rows',
        rounds: options.quick ? { warmup: 1, iterations: 10 } : { warmup: 2, iterations: 20 },
        async prepare() {
          await db
            .delete(campaignRecipients)
            .where(inArray(campaignRecipients.campaignId, [fixed.id, fixedRaw.id]));
        },
        subject: () => campaignRepo.fixRecipients(db, fixedRow),
        baseline: () => database.sql.query(rawFix, [audience.projectId, group, fixedRaw.id]),
        async check() {
          await this.prepare?.();
          const n = await campaignRepo.fixRecipients(db, fixedRow);
          const direct = await rawCount(`not ${inGroup(2)}`, [group]);
          if (n !== direct) throw new Error(`fix-recipients: ${n} fixed, raw count ${direct}`);
          log(`    fix-recipients: ${fmt(n)} recipients`);
        },
      };
      return [
        audienceCase(
          'audience-activity',
          'members of the largest activity',
          { ...everyone, activityId: activity.id },
          memberOf,
          [activity.id],
        ),
        audienceCase(
          'audience-not-activity',
          'everyone not in that activity',
          { ...everyone, activityId: activity.id, notSubscribed: true },
          `not ${memberOf}`,
          [activity.id],
        ),
        audienceCase('audience-group', 'members of one group', { ...everyone, groupId: group }, inGroup(2), [
          group,
        ]),
        audienceCase(
          'audience-activity-and-not-group',
          'not in the activity and not in the group',
          { ...everyone, activityId: activity.id, notSubscribed: true, groupId: group, groupInverse: true },
          `not ${memberOf} and not ${inGroup(3)}`,
          [activity.id, group],
        ),
        fixCase,
      ];
    };
    const cases = [deliveryCase, ...(audience ? await audienceBench(audience) : [])];
    const facts: Record<string, string | number> = {
      'messages delivered per run': size.messages,
      'merge tags measured': tags.join(', '),
      ...(emptyTags.length
        ? { 'offered but rendered empty by this render.ts (not measured)': emptyTags.join(', ') }
        : {}),
      'audience project: participants, activities / inscriptions': audience
        ? `${fmt(size.audience)}, ${size.activities} / ${fmt(size.inscriptions)}`
        : 'not seeded (--only)',
      'seed (both projects, programme, vacuum analyze)': `${seedSeconds.toFixed(1)} s`,
      'goals (issue 19)': 'deliver ≤ 1.5× raw, < 150 MB above idle; audience p95 < 200 ms',
    };
    return {
      facts,
      cases,
      close: async () => {
        raw.close();
        closeMailTransports();
        sink.stop();
        await app.close();
      },
    };
  },
});
