import type { OffsetChoice } from '../../../contracts/activities';
import type { CampaignAudienceInput, CampaignStatus } from '../../../contracts/campaigns';
import type { ListParams } from '../../../contracts/http';
import { isEmptyText } from '../../../contracts/texts';
import type { CampaignAudience } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { toLocalTime } from '../activities/local-time';
import { instantOf } from '../activities/service';
import { auditTrail } from '../audit/record';
import { findParticipant } from '../calendar/repository';
import { deliverSoon, queueMailBatch } from '../mail/outbox';
import { findProject } from '../projects/repository';
import type { AuthContext } from '../session/auth-context';
import { sanitizeRichText } from '../texts/sanitize';
import { findUserById } from '../users/repository';
import { campaignFooter } from './casl';
import { type MessageDraft, renderForRecipients, unknownTags } from './render';
import * as repo from './repository';
import { enqueueCampaign } from './send-job';

/**
 * C1/C2/C5: writing, sending, planning and cancelling campaigns, and reading their log. The sending itself is the
 * `campaign.send` job (./send-job.ts).
 */

/** Issue 22: this module's changes in the audit log, in their transaction (docs/audit.md). */
const audit = auditTrail('campaign');

async function ownProject(deps: Deps, auth: AuthContext, projectId: string) {
  const project = await findProject(deps.db, auth.companyId, projectId);
  if (!project) throw AppError.notFound();
  return project;
}

interface DraftInput {
  subject: { fr: string; en: string };
  body: { fr: string; en: string };
}

/**
 * A draft as it will be sent: bodies sanitised; every language the project speaks has a subject and a body; no
 * merge tag that does not exist. Each refusal names its field.
 */
function checkedDraft(input: DraftInput, languages: readonly string[]): MessageDraft {
  const draft: MessageDraft = {
    subject: { fr: input.subject.fr.trim(), en: input.subject.en.trim() },
    body: { fr: sanitizeRichText(input.body.fr), en: sanitizeRichText(input.body.en) },
  };
  for (const lang of ['fr', 'en'] as const) {
    for (const part of ['subject', 'body'] as const) {
      const value = draft[part][lang];
      const unknown = unknownTags(value, { subject: part === 'subject' });
      if (unknown.length > 0) {
        throw AppError.field(`${part}.${lang}`, 'validation.campaigns.unknownTag', { tag: unknown[0] });
      }
      if (languages.includes(lang) && isEmptyText(value)) {
        throw AppError.field(`${part}.${lang}`, 'validation.required');
      }
    }
  }
  return draft;
}

const audienceOf = (input: CampaignAudienceInput): CampaignAudience => ({
  activityId: input.activityId ?? null,
  notSubscribed: Boolean(input.activityId) && Boolean(input.notSubscribed),
  groupId: input.groupId ?? null,
  groupInverse: Boolean(input.groupId) && Boolean(input.groupInverse),
  criteria: [...new Set(input.criteria ?? [])],
  buyers: Boolean(input.buyers),
  paymentId: input.buyers ? (input.paymentId ?? null) : null,
});

export async function countRecipients(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: { audience: CampaignAudienceInput },
) {
  await ownProject(deps, auth, projectId);
  return repo.countAudience(deps.db, projectId, audienceOf(input.audience));
}

/** Sends the message once to the signed-in organiser, rendered for the chosen participant. */
export async function sendTest(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: DraftInput & { participantId: string },
) {
  const project = await ownProject(deps, auth, projectId);
  const draft = checkedDraft(input, project.languages);
  const participant = await findParticipant(deps.db, auth.companyId, projectId, input.participantId);
  if (!participant) throw AppError.field('participantId', 'validation.campaigns.participant');
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw AppError.notFound();
  await deps.db.transaction(async (tx) => {
    const scope = { companyId: auth.companyId, projectId };
    const footer = await campaignFooter(deps, tx, scope, [participant.id]);
    const [mail] = await renderForRecipients(deps, tx, scope, draft, [participant.id], {
      campaign: true,
      footer,
    });
    if (!mail) throw AppError.field('participantId', 'validation.campaigns.participantNoEmail');
    await queueMailBatch(tx, [
      {
        companyId: auth.companyId,
        projectId,
        kind: 'campaignTest',
        to: { email: user.email, name: `${user.firstName} ${user.lastName}` },
        language: mail.language,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        participantId: participant.id,
        headers: mail.headers ?? null,
        attachments: mail.attachments ?? null,
      },
    ]);
  });
  await deliverSoon(deps);
  return { to: user.email };
}

export interface CampaignCreateInput extends DraftInput {
  messageType: number;
  audience: CampaignAudienceInput;
  transactional: boolean;
  plannedAt: string | null;
  plannedAtOffset?: OffsetChoice;
}

export async function createCampaign(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  input: CampaignCreateInput,
) {
  const project = await ownProject(deps, auth, projectId);
  const draft = checkedDraft(input, project.languages);
  const now = deps.now();
  let plannedAt: Date | null = null;
  if (input.plannedAt) {
    plannedAt = instantOf(input.plannedAt, project.timeZone, input.plannedAtOffset, 'plannedAt');
    if (plannedAt.getTime() <= now.getTime()) {
      throw AppError.field('plannedAt', 'validation.campaigns.plannedInPast', { timeZone: project.timeZone });
    }
  }
  const campaign = await deps.db.transaction(async (tx) => {
    const row = await repo.insertCampaign(tx, {
      companyId: auth.companyId,
      projectId,
      messageType: input.messageType,
      subjectFr: draft.subject.fr,
      subjectEn: draft.subject.en,
      bodyFr: draft.body.fr,
      bodyEn: draft.body.en,
      audience: audienceOf(input.audience),
      transactional: input.transactional,
      status: plannedAt ? 'planned' : 'sending',
      plannedAt,
      createdBy: auth.userId,
    });
    const action = plannedAt ? 'plan' : 'send';
    await audit(tx, auth, { action, projectId, entityId: row.id, label: row.subjectFr || row.subjectEn });
    return row;
  });
  // Committed first: the job reads the campaign.
  if (!plannedAt) await enqueueCampaign(deps, campaign.id);
  return present(deps, campaign, project.timeZone);
}

export async function cancelCampaign(deps: Deps, auth: AuthContext, projectId: string, campaignId: string) {
  const project = await ownProject(deps, auth, projectId);
  const existing = await repo.findCampaign(deps.db, auth.companyId, projectId, campaignId);
  if (!existing) throw AppError.notFound();
  const row = await deps.db.transaction(async (tx) => {
    const moved = await repo.moveStatus(tx, campaignId, ['planned', 'sending'], {
      status: 'cancelled',
      cancelledAt: deps.now(),
    });
    if (!moved) throw new AppError('campaigns.notCancellable', 'conflict');
    await repo.cancelQueuedMessages(tx, campaignId);
    await audit(tx, auth, {
      action: 'cancel',
      projectId,
      entityId: campaignId,
      label: moved.subjectFr || moved.subjectEn,
    });
    return moved;
  });
  return present(deps, row, project.timeZone);
}

export async function getCampaign(deps: Deps, auth: AuthContext, projectId: string, campaignId: string) {
  const project = await ownProject(deps, auth, projectId);
  const row = await repo.findCampaign(deps.db, auth.companyId, projectId, campaignId);
  if (!row) throw AppError.notFound();
  return present(deps, row, project.timeZone);
}

export async function listCampaigns(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  params: ListParams & { status?: CampaignStatus },
) {
  const project = await ownProject(deps, auth, projectId);
  const page = await repo.listCampaigns(deps.db, auth.companyId, projectId, params);
  const figures = await repo.figuresOf(
    deps.db,
    page.items.map((r) => r.campaign.id),
  );
  return {
    ...page,
    items: page.items.map((r) =>
      summary(
        r.campaign,
        project.timeZone,
        r.creatorFirst ? `${r.creatorFirst} ${r.creatorLast}` : r.campaign.createdByName,
        figures,
      ),
    ),
  };
}

export async function listRecipients(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  campaignId: string,
  params: ListParams,
) {
  await ownProject(deps, auth, projectId);
  const row = await repo.findCampaign(deps.db, auth.companyId, projectId, campaignId);
  if (!row) throw AppError.notFound();
  return repo.listRecipients(deps.db, campaignId, params);
}

const EMPTY_FIGURES = {
  recipients: 0,
  prepared: 0,
  queued: 0,
  sent: 0,
  failed: 0,
  kept: 0,
  bounced: 0,
  cancelled: 0,
  skipped: 0,
};

function summary(
  row: repo.CampaignRow,
  timeZone: string,
  createdBy: string | null,
  figures: Map<string, Record<string, number>>,
) {
  return {
    id: row.id,
    messageType: row.messageType,
    subject: { fr: row.subjectFr, en: row.subjectEn },
    status: row.status as CampaignStatus,
    transactional: row.transactional,
    plannedAt: row.plannedAt,
    plannedAtLocal: row.plannedAt ? toLocalTime(row.plannedAt, timeZone) : null,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    cancelledAt: row.cancelledAt,
    createdBy,
    figures: { ...EMPTY_FIGURES, ...figures.get(row.id) },
  };
}

/** Who sent a campaign, by name (the users repository's lookup). */
async function creatorName(deps: Deps, userId: string | null) {
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  return user ? `${user.firstName} ${user.lastName}` : null;
}

async function present(deps: Deps, row: repo.CampaignRow, timeZone: string) {
  const figures = await repo.figuresOf(deps.db, [row.id]);
  return {
    ...summary(row, timeZone, (await creatorName(deps, row.createdBy)) ?? row.createdByName, figures),
    body: { fr: row.bodyFr, en: row.bodyEn },
    audience: row.audience,
  };
}
