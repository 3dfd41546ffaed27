import { z } from 'zod';
import { localDateTime, offsetChoice } from './activities';
import { defineEndpoint, listQuery, listResponse, timestamp, uuidParam } from './http';
import { plainText, richText } from './texts';

/**
 * E-mail campaigns (C1 compose and send, C2 planned send, C5 the log of batches). A campaign is written once in
 * both languages (subject and body with merge tags, E5) and rendered for each recipient in their language when it
 * is sent, by a background job (progress, cancel; a restart never sends a message twice). See docs/campaigns/.
 */

/** The subject of a message: a line of text, at most this long (what mail clients show). */
export const SUBJECT_MAX = 200;

/**
 * Criteria a preset message type applies (C1: `CriteriaID[]`), each narrowing the recipients to the participants:
 * `seated` with a seat in a pairing's rounds; `hasMeetings` with at least one B2B meeting; `noAnswers` who answered
 * no question of the questionnaire yet.
 */
export const CAMPAIGN_CRITERIA = ['seated', 'hasMeetings', 'noAnswers'] as const;
export type CampaignCriterion = (typeof CAMPAIGN_CRITERIA)[number];

/**
 * Message types (C1): 0 custom (no criterion); the presets prefill the subject and body (locale keys
 * `campaigns.presets.<key>.subject|body`) and their criteria.
 */
export const MESSAGE_TYPES = [
  { id: 0, key: 'custom', criteria: [] },
  { id: 1, key: 'personalPage', criteria: [] },
  { id: 2, key: 'networking', criteria: ['seated'] },
  { id: 3, key: 'meetings', criteria: ['hasMeetings'] },
  { id: 4, key: 'questionnaire', criteria: ['noAnswers'] },
] as const satisfies readonly { id: number; key: string; criteria: readonly CampaignCriterion[] }[];

/** Who receives a campaign. With neither an activity nor a group: every participant of the project. */
export const campaignAudience = z.object({
  /** Members of this activity, or with `notSubscribed` the participants who are not its members. */
  activityId: z.uuid({ error: 'validation.id' }).nullable().default(null),
  notSubscribed: z.boolean().default(false),
  /** Members of this group, or with `groupInverse` everyone except them. */
  groupId: z.uuid({ error: 'validation.id' }).nullable().default(null),
  groupInverse: z.boolean().default(false),
  criteria: z
    .array(z.enum(CAMPAIGN_CRITERIA, { error: 'validation.invalid' }))
    .max(3)
    .default([]),
  /**
   * C1's buyers page: only the participants who bought (a paid or courtesy sale item not refunded in full), of this
   * payment when one is given.
   */
  buyers: z.boolean().default(false),
  paymentId: z.uuid({ error: 'validation.id' }).nullable().default(null),
});
export type CampaignAudienceInput = z.input<typeof campaignAudience>;

const subject = plainText(SUBJECT_MAX);
/** Subject and body in both languages; the server refuses a draft with an unknown merge tag (field named). */
export const campaignDraft = z.object({
  subject: z.object({ fr: subject, en: subject }),
  body: z.object({ fr: richText(), en: richText() }),
});
export type CampaignDraftInput = z.input<typeof campaignDraft>;

export const campaignInput = campaignDraft.extend({
  messageType: z.number().int().min(0).max(4).default(0),
  audience: campaignAudience,
  /** Needed for what they registered for (their schedule…): also sent to people who unsubscribed (CASL). */
  transactional: z.boolean().default(false),
  /** C2: leave at this local date and time in the project's zone (later than now); null: send now. */
  plannedAt: localDateTime.nullable().default(null),
  /** For a time daylight saving repeats: which of the two (otherwise refused, naming both). */
  plannedAtOffset: offsetChoice.optional(),
});
export type CampaignInput = z.input<typeof campaignInput>;

export const CAMPAIGN_STATUSES = ['planned', 'sending', 'sent', 'cancelled'] as const;
export const campaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatus>;

/** The figures of a batch (C5): messages by state, and the recipients skipped (unsubscribed, no address). */
export const campaignFigures = z.object({
  recipients: z.number().int(),
  /** Recipients whose message is written to the outbox (the progress of the send job). */
  prepared: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  kept: z.number().int(),
  /** Refused for good by the receiving server (a 5xx answer), where known. */
  bounced: z.number().int(),
  cancelled: z.number().int(),
  skipped: z.number().int(),
});
export type CampaignFigures = z.input<typeof campaignFigures>;

export const campaignSummary = z.object({
  id: z.uuid(),
  messageType: z.number().int(),
  subject: z.object({ fr: z.string(), en: z.string() }),
  status: campaignStatus,
  transactional: z.boolean(),
  plannedAt: timestamp.nullable(),
  /** `plannedAt` in the project's zone, YYYY-MM-DDTHH:mm. */
  plannedAtLocal: z.string().nullable(),
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  cancelledAt: timestamp.nullable(),
  /** Who sent it (the organiser's name), when known. */
  createdBy: z.string().nullable(),
  figures: campaignFigures,
});
export type CampaignSummary = z.input<typeof campaignSummary>;

export const campaignDetail = campaignSummary.extend({
  body: z.object({ fr: z.string(), en: z.string() }),
  audience: campaignAudience,
});
export type CampaignDetail = z.input<typeof campaignDetail>;

const tag = 'campaigns';
const projectParams = z.object({ projectId: uuidParam });
const campaignParams = z.object({ projectId: uuidParam, campaignId: uuidParam });

export const countCampaignRecipients = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/campaigns/recipients/count',
  access: 'user',
  tag,
  summary:
    'How many participants a campaign with this audience would reach (the confirmation before sending), and how many of them unsubscribed',
  params: projectParams,
  body: z.object({ audience: campaignAudience, transactional: z.boolean().default(false) }),
  response: z.object({ recipients: z.number().int(), unsubscribed: z.number().int() }),
});

export const sendTestCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/campaigns/test',
  access: 'user',
  tag,
  summary:
    'Send the message once to the signed-in organiser, rendered for the chosen participant (merge tags, QR code)',
  params: projectParams,
  body: campaignDraft.extend({ participantId: z.uuid({ error: 'validation.id' }) }),
  response: z.object({ to: z.string() }),
});

export const createCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/campaigns',
  access: 'user',
  tag,
  summary:
    'Send a campaign now (a background job writes each recipient’s message to the outbox) or plan it for a local date and time',
  params: projectParams,
  body: campaignInput,
  response: campaignDetail,
});

export const campaignSortable = ['createdAt', 'plannedAt', 'status'] as const;

export const listCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/campaigns',
  access: 'user',
  tag,
  summary: 'The e-mail log of the project (C5): every campaign with its figures, newest first',
  params: projectParams,
  query: listQuery(campaignSortable).extend({ status: campaignStatus.optional() }),
  response: listResponse(campaignSummary),
});

export const getCampaign = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/campaigns/:campaignId',
  access: 'user',
  tag,
  summary: 'One campaign: its message, audience and figures (polled for the progress of a send)',
  params: campaignParams,
  response: campaignDetail,
});

export const cancelCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/campaigns/:campaignId/cancel',
  access: 'user',
  tag,
  summary:
    'Cancel a planned campaign, or stop one being sent: messages not yet handed to the SMTP server are not sent',
  params: campaignParams,
  response: campaignDetail,
});

export const campaignRecipientSortable = ['toEmail', 'status', 'sentAt'] as const;

export const listCampaignRecipients = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/campaigns/:campaignId/recipients',
  access: 'user',
  tag,
  summary:
    'The details of a batch (C5): each recipient with the state of their message; its preview is the outbox message',
  params: campaignParams,
  query: listQuery(campaignRecipientSortable),
  response: listResponse(
    z.object({
      participantId: z.uuid(),
      messageId: z.uuid().nullable(),
      toEmail: z.string(),
      toName: z.string().nullable(),
      status: z.string().nullable(),
      skipped: z.string().nullable(),
      sentAt: timestamp.nullable(),
      lastError: z.string().nullable(),
    }),
  ),
});
