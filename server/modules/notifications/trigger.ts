import type { NotificationDirection, NotificationTrigger } from '../../../contracts/notifications';
import { inLanguage } from '../../../contracts/texts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { renderForRecipients } from '../campaigns/render';
import { queueMail } from '../mail/outbox';
import { findActiveFor, targetsWithActive } from './repository';

/** Participants who went into (`in`) or out of (`out`) one activity or one group of a project. */
export interface MembershipChange {
  companyId: string;
  projectId: string;
  kind: NotificationTrigger;
  /** The activity's or the group's id. */
  targetId: string;
  direction: NotificationDirection;
  /** Only those whose membership really changed (an insert's or a delete's returned rows). */
  participantIds: readonly string[];
}

/**
 * J5: queues, in the caller's transaction (the one that changes the membership), the message of every active
 * notification of the project that this change fires, rendered for each participant in their language (a language
 * left empty falls back to the other). Rolled back with the change; sent once per change because the caller passes
 * only the memberships its statement changed. The caller calls `deliverSoon(deps)` after the commit. Answers how
 * many messages were queued.
 */
export async function notifyMembership(deps: Deps, tx: Executor, change: MembershipChange): Promise<number> {
  if (change.participantIds.length === 0) return 0;
  const scope = { companyId: change.companyId, projectId: change.projectId };
  const notifications = await findActiveFor(tx, scope, change);
  let queued = 0;
  for (const notification of notifications) {
    const subject = { fr: notification.subjectFr, en: notification.subjectEn };
    const body = { fr: notification.bodyFr, en: notification.bodyEn };
    const draft = {
      subject: { fr: inLanguage(subject, 'fr'), en: inLanguage(subject, 'en') },
      body: { fr: inLanguage(body, 'fr'), en: inLanguage(body, 'en') },
    };
    const mails = await renderForRecipients(deps, tx, scope, draft, change.participantIds, {
      campaign: false,
    });
    for (const mail of mails) {
      await queueMail(tx, {
        ...scope,
        kind: 'notification',
        to: mail.to,
        language: mail.language,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        participantId: mail.participantId,
        headers: mail.headers,
        attachments: mail.attachments,
      });
      queued += 1;
    }
  }
  return queued;
}

/** The same for changes spread over several activities or groups: one `notifyMembership` per target. */
export async function notifyMemberships(
  deps: Deps,
  tx: Executor,
  change: Omit<MembershipChange, 'targetId' | 'participantIds'> & {
    pairs: readonly { targetId: string; participantId: string }[];
  },
): Promise<number> {
  const scope = { companyId: change.companyId, projectId: change.projectId };
  const targets = [...new Set(change.pairs.map((pair) => pair.targetId))];
  // One query for all the targets first: a change over many activities (meetings) or groups (an import) reads
  // further only for those that have a notification.
  const notified = await targetsWithActive(tx, scope, change.kind, change.direction, targets);
  const byTarget = new Map<string, string[]>();
  for (const { targetId, participantId } of change.pairs) {
    if (!notified.has(targetId)) continue;
    const ids = byTarget.get(targetId) ?? [];
    ids.push(participantId);
    byTarget.set(targetId, ids);
  }
  let queued = 0;
  for (const [targetId, participantIds] of byTarget) {
    queued += await notifyMembership(deps, tx, { ...change, targetId, participantIds });
  }
  return queued;
}

type Pair = { targetId: string; participantId: string };

/** Memberships made and ended by one change (meetings following the seats): `in` for the first, `out` for the others. */
export async function notifyJoinedAndLeft(
  deps: Deps,
  tx: Executor,
  change: { companyId: string; projectId: string; kind: NotificationTrigger; joined: Pair[]; left: Pair[] },
): Promise<number> {
  const { joined, left, ...scope } = change;
  return (
    (await notifyMemberships(deps, tx, { ...scope, direction: 'in', pairs: joined })) +
    (await notifyMemberships(deps, tx, { ...scope, direction: 'out', pairs: left }))
  );
}

/** One participant's groups changed (the participant form): `in` for the groups joined, `out` for those left. */
export async function notifyGroupChanges(
  deps: Deps,
  tx: Executor,
  scope: { companyId: string; projectId: string },
  participantId: string,
  change: { joined: readonly string[]; left: readonly string[] },
): Promise<number> {
  const pairs = (ids: readonly string[]) => ids.map((targetId) => ({ targetId, participantId }));
  return notifyJoinedAndLeft(deps, tx, {
    ...scope,
    kind: 'group',
    joined: pairs(change.joined),
    left: pairs(change.left),
  });
}
