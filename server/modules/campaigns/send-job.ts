import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { deliverSoon, queueMailBatch } from '../mail/outbox';
import { campaignFooter } from './casl';
import { loadRenderer, type RecipientMail } from './render';
import * as repo from './repository';

/**
 * The sending of a campaign (C1, C2): fixes its recipients once, then writes their messages to the outbox a chunk at
 * a time, each chunk in one transaction with the recipients it covers (a message per recipient, its dedupe key
 * `campaign:<id>:<participant>`), so a process killed at any point leaves each recipient either done or waiting,
 * never both. A restart takes the campaign up again where it stood (`campaign.resume`, every minute: planned
 * campaigns whose time has come, and sending ones whose heartbeat stopped). The delivery job sends the outbox.
 */

export const SEND_JOB = 'campaign.send';
export const RESUME_JOB = 'campaign.resume';
/**
 * Within a chunk, messages rendered and written per statement: a few at a time, so that a chunk's rendered messages
 * (bodies, QR images) are not all held until one statement of the whole chunk is built and answered. Held that
 * long, they outlive V8's young generation and end as old garbage: with 250 a statement, the send of 10,000
 * messages peaked hundreds of MB above idle (bench/README.md, "campaigns").
 */
const WRITE_BATCH = 50;
/**
 * Messages rendered between two turns of the event loop. Rendering is CPU work (QR codes): 50 at once blocked the
 * loop for tens of ms, and the messages then in flight to the SMTP server (the delivery runs beside) waited through
 * it, long enough for their nodemailer streams to reach V8's old generation (3× more there than without other work
 * beside, measured). A few at a time let each SMTP round trip go on between them.
 */
const RENDER_SLICE = 5;

/** Renders these recipients a few at a time, letting the event loop run between (see RENDER_SLICE). */
async function renderSliced(render: (ids: readonly string[]) => RecipientMail[], ids: readonly string[]) {
  const mails: RecipientMail[] = [];
  for (let start = 0; start < ids.length; start += RENDER_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    mails.push(...render(ids.slice(start, start + RENDER_SLICE)));
  }
  return mails;
}
/** A `sending` campaign without a heartbeat for this long lost its worker (a restart): it is taken up again. */
export const STALE_MS = 2 * 60_000;

/** Asks for the sending: through the queue when this process has one, else here in the background. */
export async function enqueueCampaign(deps: Deps, campaignId: string) {
  const queue = deps.jobs.boss ? await deps.jobs.boss.getQueue(SEND_JOB).catch(() => null) : null;
  if (queue) {
    await deps.jobs.send(SEND_JOB, { campaignId }, { retryLimit: 2, singletonKey: campaignId });
    return;
  }
  setImmediate(() => {
    void sendCampaign(deps, campaignId).catch((error) =>
      console.error('campaign send failed:', String((error as Error).message).slice(0, 300)),
    );
  });
}

/**
 * Sends one campaign to the end (or until it is cancelled). Safe to run twice at once or again after a crash:
 * recipients are locked per chunk and a message is never queued twice for one recipient.
 */
export async function sendCampaign(deps: Deps, campaignId: string): Promise<void> {
  const { db } = deps;
  const start = await repo.findCampaignById(db, campaignId);
  if (!start) return;
  if (start.status === 'planned') {
    if (!start.plannedAt || start.plannedAt.getTime() > deps.now().getTime()) return;
    const moved = await repo.moveStatus(db, campaignId, ['planned'], { status: 'sending' });
    if (!moved) return;
  } else if (start.status !== 'sending') {
    return;
  }
  // The recipients are fixed once, with `startedAt`: a restart sends to the same people.
  const campaign = start.startedAt
    ? await repo.updateCampaign(db, campaignId, { heartbeatAt: deps.now() })
    : await db.transaction(async (tx) => {
        const total = await repo.fixRecipients(tx, start);
        return repo.updateCampaign(tx, campaignId, {
          recipientCount: total,
          startedAt: deps.now(),
          heartbeatAt: deps.now(),
        });
      });
  const project = { companyId: campaign.companyId, projectId: campaign.projectId };
  const draft = {
    subject: { fr: campaign.subjectFr, en: campaign.subjectEn },
    body: { fr: campaign.bodyFr, en: campaign.bodyEn },
  };
  for (;;) {
    const current = await repo.findCampaignById(db, campaignId);
    if (current?.status !== 'sending') return;
    const queued = await db.transaction(async (tx) => {
      const ids = await repo.nextWaiting(tx, campaignId, deps.config.mail.campaignChunk);
      if (ids.length === 0) return 0;
      const footer = await campaignFooter(deps, tx, project, ids);
      const render = await loadRenderer(deps, tx, project, draft, ids, { campaign: true, footer });
      const rendered = new Set<string>();
      const links: { participantId: string; messageId: string }[] = [];
      for (let start = 0; start < ids.length; start += WRITE_BATCH) {
        const mails = await renderSliced(render, ids.slice(start, start + WRITE_BATCH));
        for (const m of mails) rendered.add(m.participantId);
        const written = await queueMailBatch(
          tx,
          mails.map((m) => ({
            companyId: project.companyId,
            projectId: project.projectId,
            kind: 'campaign',
            dedupeKey: `campaign:${campaignId}:${m.participantId}`,
            to: m.to,
            language: m.language,
            subject: m.subject,
            html: m.html,
            text: m.text,
            participantId: m.participantId,
            campaignId,
            headers: m.headers ?? null,
            attachments: m.attachments ?? null,
          })),
        );
        const byKey = new Map(written.map((w) => [w.dedupeKey, w.id]));
        for (const m of mails) {
          const messageId = byKey.get(`campaign:${campaignId}:${m.participantId}`);
          if (messageId) links.push({ participantId: m.participantId, messageId });
        }
      }
      await repo.markSkipped(
        tx,
        campaignId,
        ids.filter((id) => !rendered.has(id)),
        'noEmail',
      );
      await repo.linkMessages(tx, campaignId, links);
      await repo.updateCampaign(tx, campaignId, { heartbeatAt: deps.now() });
      return ids.length;
    });
    if (queued === 0) break;
    await deliverSoon(deps);
    const pause = deps.config.mail.campaignPauseMs;
    if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
  }
  // Nothing left for this run; but a chunk another run has locked (skipped above) may still be being written: that
  // run marks the campaign sent when it finds nothing left, so the status never says sent before every message is.
  if (await repo.hasWaiting(db, campaignId)) return;
  await repo.moveStatus(db, campaignId, ['sending'], { status: 'sent', finishedAt: deps.now() });
}

/**
 * Planned campaigns whose time has come, and sending ones left by a stopped process (at start-up: every sending
 * one, whatever its heartbeat — running one twice at once is harmless, see sendCampaign).
 */
export async function resumeCampaigns(deps: Deps, options: { atStartUp?: boolean } = {}) {
  const now = deps.now();
  const staleBefore = options.atStartUp ? new Date(now.getTime() + 1) : new Date(now.getTime() - STALE_MS);
  const ids = await repo.campaignsToRun(deps.db, now, staleBefore);
  for (const id of ids) await sendCampaign(deps, id);
  return { campaigns: ids.length };
}

export function campaignJobs(deps: () => Deps): JobDefinition[] {
  return [
    {
      name: SEND_JOB,
      run: async (data) => sendCampaign(deps(), (data as { campaignId: string }).campaignId),
    },
    { name: RESUME_JOB, cron: '* * * * *', run: async () => resumeCampaigns(deps()) },
  ];
}
