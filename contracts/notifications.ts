import { z } from 'zod';
import { SUBJECT_MAX } from './campaigns';
import { defineEndpoint, listQuery, listResponse, ok, timestamp, uuidParam } from './http';
import { isEmptyText, plainText, richText } from './texts';

/**
 * J5 automatic notifications: a message written once in both languages (subject and body with merge tags, E5),
 * queued for a participant when they go into (`in`) or out of (`out`) an activity or a group, in the same
 * transaction as that change. See docs/campaigns/notifications.md.
 */

export const NOTIFICATION_TRIGGERS = ['activity', 'group'] as const;
export const notificationTrigger = z.enum(NOTIFICATION_TRIGGERS, { error: 'validation.invalid' });
export type NotificationTrigger = z.infer<typeof notificationTrigger>;

/** `in`: the participant is added; `out`: the participant is removed. */
export const NOTIFICATION_DIRECTIONS = ['in', 'out'] as const;
export const notificationDirection = z.enum(NOTIFICATION_DIRECTIONS, { error: 'validation.invalid' });
export type NotificationDirection = z.infer<typeof notificationDirection>;

const subject = plainText(SUBJECT_MAX);
const targetId = z.uuid({ error: 'validation.id' }).nullable().default(null);

/**
 * What the organiser writes. The target matching the trigger is required (`activityId` for `activity`, `groupId`
 * for `group`; the other one is ignored); the subject and the body each need at least one language.
 */
export const notificationInput = z
  .object({
    trigger: notificationTrigger,
    activityId: targetId,
    groupId: targetId,
    direction: notificationDirection,
    subject: z.object({ fr: subject, en: subject }),
    body: z.object({ fr: richText(), en: richText() }),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.trigger === 'activity' && !value.activityId)
      ctx.addIssue({
        code: 'custom',
        path: ['activityId'],
        message: 'validation.notifications.activityRequired',
      });
    if (value.trigger === 'group' && !value.groupId)
      ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'validation.notifications.groupRequired' });
    if (isEmptyText(value.subject.fr) && isEmptyText(value.subject.en))
      ctx.addIssue({
        code: 'custom',
        path: ['subject', 'fr'],
        message: 'validation.notifications.oneLanguage',
      });
    if (isEmptyText(value.body.fr) && isEmptyText(value.body.en))
      ctx.addIssue({ code: 'custom', path: ['body', 'fr'], message: 'validation.notifications.oneLanguage' });
  });
export type NotificationInput = z.input<typeof notificationInput>;
export type NotificationValues = z.output<typeof notificationInput>;

/** A row of the list: what fires it (with the target's names) and the subject, without the body. */
export const notificationSummary = z.object({
  id: z.uuid(),
  trigger: notificationTrigger,
  activityId: z.uuid().nullable(),
  groupId: z.uuid().nullable(),
  /** The activity's title or the group's name, in both languages. */
  targetName: z.object({ fr: z.string(), en: z.string() }),
  direction: notificationDirection,
  subject: z.object({ fr: z.string(), en: z.string() }),
  active: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type NotificationSummary = z.input<typeof notificationSummary>;

export const notificationDetail = notificationSummary.extend({
  body: z.object({ fr: z.string(), en: z.string() }),
});
export type NotificationDetail = z.input<typeof notificationDetail>;

// ---------- endpoints ----------

const tag = 'notifications';
const projectParams = z.object({ projectId: uuidParam });
const notificationParams = projectParams.extend({ notificationId: uuidParam });

export const notificationSortable = [
  'trigger',
  'target',
  'direction',
  'subject',
  'active',
  'createdAt',
] as const;

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/notifications',
  access: 'user',
  tag,
  summary:
    'J5 the automatic notifications of a project (search over the subjects and the target’s names), newest first',
  params: projectParams,
  query: listQuery(notificationSortable),
  response: listResponse(notificationSummary),
});

export const getNotification = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/notifications/:notificationId',
  access: 'user',
  tag,
  summary: 'J5 one automatic notification with its body in both languages',
  params: notificationParams,
  response: notificationDetail,
});

export const createNotification = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/notifications',
  access: 'user',
  tag,
  summary:
    'J5 create an automatic notification: sent to a participant added to (in) or removed from (out) an activity or a group of the project',
  params: projectParams,
  body: notificationInput,
  response: notificationDetail,
});

export const updateNotification = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/notifications/:notificationId',
  access: 'user',
  tag,
  summary: 'J5 change an automatic notification (trigger, target, direction, subject, body, active)',
  params: notificationParams,
  body: notificationInput,
  response: notificationDetail,
});

export const setNotificationActive = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/notifications/:notificationId/active',
  access: 'user',
  tag,
  summary: 'J5 turn an automatic notification on or off (the list’s switch)',
  params: notificationParams,
  body: z.object({ active: z.boolean({ error: 'validation.invalid' }) }),
  response: notificationSummary,
});

export const deleteNotification = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/notifications/:notificationId',
  access: 'user',
  tag,
  summary: 'J5 delete an automatic notification (messages already queued stay in the outbox)',
  params: notificationParams,
  response: ok,
});
