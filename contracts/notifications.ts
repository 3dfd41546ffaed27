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
/** The target's id: missing says which to choose, anything else that is not a uuid is an invalid id. */
const targetId = (required: string) =>
  z.uuid({ error: (issue) => (issue.input == null || issue.input === '' ? required : 'validation.id') });
const otherTarget = z.uuid({ error: 'validation.id' }).nullable().optional();
const message = {
  direction: notificationDirection,
  subject: z.object({ fr: subject, en: subject }),
  body: z.object({ fr: richText(), en: richText() }),
  active: z.boolean().default(true),
};

const ONE_LANGUAGE = 'validation.notifications.oneLanguage';
const always = () => true;
/** Both languages read and empty (a value refused for its shape is left to its own error). */
function saysNothing(text: unknown): boolean {
  const { fr, en } = (text ?? {}) as { fr?: unknown; en?: unknown };
  return typeof fr === 'string' && typeof en === 'string' && isEmptyText(fr) && isEmptyText(en);
}

/**
 * What the organiser writes. The target matching the trigger is required (`activityId` for `activity`, `groupId`
 * for `group`; the other one is ignored); the subject and the body each need at least one language.
 */
export const notificationInput = z
  .discriminatedUnion(
    'trigger',
    [
      z.object({
        trigger: z.literal('activity'),
        activityId: targetId('validation.notifications.activityRequired'),
        groupId: otherTarget,
        ...message,
      }),
      z.object({
        trigger: z.literal('group'),
        groupId: targetId('validation.notifications.groupRequired'),
        activityId: otherTarget,
        ...message,
      }),
    ],
    { error: 'validation.invalid' },
  )
  // Run even when another field is refused (a target not chosen yet), so that every error shows at once.
  .refine((value) => !saysNothing(value.subject), {
    path: ['subject', 'fr'],
    message: ONE_LANGUAGE,
    when: always,
  })
  .refine((value) => !saysNothing(value.body), { path: ['body', 'fr'], message: ONE_LANGUAGE, when: always });
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
