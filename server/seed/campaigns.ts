import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { projects, users } from '../db/schema';
import type { Deps } from '../deps';
import { noJobs } from '../jobs/queue';
import { resolveLocalTime } from '../modules/activities/local-time';
import { insertCampaign } from '../modules/campaigns/repository';
import { sendCampaign } from '../modules/campaigns/send-job';
import { findFirstDemoProject } from './groups';

/**
 * The demo project's e-mail log (docs/campaigns/): a campaign already sent to every participant (its messages kept
 * in the outbox, readable, as with no SMTP server) and one planned for the eve of the event. Owner: campaigns.
 */

const chip = (tag: string, label: string) =>
  `<span data-merge-tag="${tag}" class="merge-tag">${label}</span>`;

export const DEMO_SENT_CAMPAIGN = {
  subject: { fr: 'Votre page personnelle est prête', en: 'Your personal page is ready' },
  body: {
    fr: `<p>Bonjour ${chip('firstName', 'Prénom')},</p><p>Votre programme, vos tables de réseautage et vos rendez-vous d’affaires vous attendent sur votre page personnelle : ${chip('dashboardLink', 'Page personnelle')}</p><p>Au plaisir de vous accueillir à ${chip('projectName', 'Nom du projet')}!</p>`,
    en: `<p>Hello ${chip('firstName', 'First name')},</p><p>Your programme, networking tables and business meetings are waiting on your personal page: ${chip('dashboardLink', 'Personal page')}</p><p>We look forward to welcoming you to ${chip('projectName', 'Project name')}!</p>`,
  },
};

export const DEMO_PLANNED_CAMPAIGN = {
  subject: { fr: 'C’est demain : votre horaire', en: 'It’s tomorrow: your schedule' },
  body: {
    fr: `<p>Bonjour ${chip('firstName', 'Prénom')},</p><p>Voici votre programme de demain :</p>${chip('program', 'Programme')}<p>Vos tables de réseautage :</p>${chip('networking', 'Réseautage')}`,
    en: `<p>Hello ${chip('firstName', 'First name')},</p><p>Here is your programme for tomorrow:</p>${chip('program', 'Programme')}<p>Your networking tables:</p>${chip('networking', 'Networking')}`,
  },
};

export async function seedCampaigns(db: Executor) {
  const first = await findFirstDemoProject(db);
  if (!first) return;
  const [project] = await db
    .select({
      id: projects.id,
      companyId: projects.companyId,
      startsOn: projects.startsOn,
      zone: projects.timeZone,
    })
    .from(projects)
    .where(eq(projects.id, first.id));
  const [organiser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, project.companyId))
    .limit(1);
  const audience = {
    activityId: null,
    notSubscribed: false,
    groupId: null,
    groupInverse: false,
    buyers: false,
    paymentId: null,
    criteria: [],
  };
  const sent = await insertCampaign(db, {
    companyId: project.companyId,
    projectId: project.id,
    messageType: 1,
    subjectFr: DEMO_SENT_CAMPAIGN.subject.fr,
    subjectEn: DEMO_SENT_CAMPAIGN.subject.en,
    bodyFr: DEMO_SENT_CAMPAIGN.body.fr,
    bodyEn: DEMO_SENT_CAMPAIGN.body.en,
    audience,
    status: 'sending',
    createdBy: organiser?.id ?? null,
  });
  // The seed has no app: the links of the messages point at the default address (PUBLIC_URL when set).
  const seedDeps = {
    db,
    config: {
      publicUrl: (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
      mail: { smtp: null, ratePerMinute: 0 },
    },
    jobs: noJobs,
    now: () => new Date(),
  } as unknown as Deps;
  await sendCampaign(seedDeps, sent.id);

  // The eve of the event at 9:00 in its zone.
  const [y, m, d] = project.startsOn.split('-').map(Number);
  const eve = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  const resolved = resolveLocalTime(`${eve}T09:00`, project.zone);
  const plannedAt = resolved.kind === 'instant' ? resolved.instant : new Date(Date.UTC(y, m - 1, d - 1, 14));
  await insertCampaign(db, {
    companyId: project.companyId,
    projectId: project.id,
    messageType: 0,
    subjectFr: DEMO_PLANNED_CAMPAIGN.subject.fr,
    subjectEn: DEMO_PLANNED_CAMPAIGN.subject.en,
    bodyFr: DEMO_PLANNED_CAMPAIGN.body.fr,
    bodyEn: DEMO_PLANNED_CAMPAIGN.body.en,
    audience,
    transactional: true,
    status: 'planned',
    plannedAt,
    createdBy: organiser?.id ?? null,
  });
}
