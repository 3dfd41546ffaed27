import { z } from 'zod';
import { defineEndpoint, ok, timestamp, uuidParam } from './http';
import { plainText } from './texts';

/**
 * V5 hosts of an activity (and V3's host step): people known by e-mail who host an activity (a speaker, an
 * exhibitor…), linked to the participant of the project who has that e-mail. See docs/activities/hosts.md.
 */

export const HOST_NAME_MAX = 100;
export const HOST_EMAIL_MAX = 254;

/**
 * Spec 002 §5/§9: a host's first and last names each need more than 1 character once one space is removed
 * (« A B » passes, « A » or « A  » does not). Tags are stripped and the ends trimmed first.
 */
export function isHostName(value: string): boolean {
  return value.replace(' ', '').length > 1;
}

const hostName = plainText(HOST_NAME_MAX).pipe(
  z.string().refine(isHostName, { error: 'validation.activityHosts.nameTooShort' }),
);

/** An e-mail address, trimmed and lower-cased. */
export const hostEmail = z
  .string({ error: 'validation.email' })
  .trim()
  .toLowerCase()
  .max(HOST_EMAIL_MAX, { error: 'validation.email' })
  .meta({ format: 'email' })
  .pipe(z.email({ error: 'validation.email' }));

export const activityHostInput = z.object({
  email: hostEmail,
  firstName: hostName,
  lastName: hostName,
});
export type ActivityHostInput = z.input<typeof activityHostInput>;
export type ActivityHostValues = z.output<typeof activityHostInput>;

export const activityHost = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The participant of the project with this e-mail, when there is one. */
  participantId: z.uuid().nullable(),
  createdAt: timestamp,
});
export type ActivityHost = z.input<typeof activityHost>;

/** The spec's GetEmailIsExist: any text is accepted; the answer says whether it is an e-mail address. */
export const hostLookupInput = z.object({ email: z.string({ error: 'validation.email' }).max(1000) });

/** IsValid, EntityFirstName, EntityName: the names are those of the person of the company with this e-mail. */
export const hostLookup = z.object({
  valid: z.boolean(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type HostLookup = z.input<typeof hostLookup>;

/** The spec's SendMailToHost answer: success and a title to show. */
export const hostMailResult = z.object({ success: z.boolean(), title: z.string() });

// ---------- endpoints ----------

const tag = 'activity hosts';
const projectParams = z.object({ projectId: uuidParam });
const activityParams = projectParams.extend({ activityId: uuidParam });
const hostParams = activityParams.extend({ hostId: uuidParam });

export const listActivityHosts = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activities/:activityId/hosts',
  access: 'user',
  tag,
  summary: 'V5 the hosts of an activity, by last and first name',
  params: activityParams,
  response: z.object({ items: z.array(activityHost) }),
});

export const createActivityHost = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activities/:activityId/hosts',
  access: 'user',
  tag,
  summary:
    'V5 add a host (e-mail unique per activity; names of more than 1 character once one space is removed)',
  params: activityParams,
  body: activityHostInput,
  response: activityHost,
});

export const updateActivityHost = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activities/:activityId/hosts/:hostId',
  access: 'user',
  tag,
  summary: 'V5 edit a host (same rules as adding one)',
  params: hostParams,
  body: activityHostInput,
  response: activityHost,
});

export const deleteActivityHost = defineEndpoint({
  method: 'DELETE',
  path: '/api/projects/:projectId/activities/:activityId/hosts/:hostId',
  access: 'user',
  tag,
  summary: 'V5 remove a host from an activity',
  params: hostParams,
  response: ok,
});

export const sendActivityHostMail = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/activities/:activityId/hosts/:hostId/mail',
  access: 'user',
  tag,
  summary:
    'V5 e-mail the host which activity they host (title, date and time in the project’s zone, location), through the outbox',
  params: hostParams,
  response: hostMailResult,
});

export const lookupHostEmail = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/host-lookup',
  access: 'user',
  tag,
  summary:
    'V3/V5 whether a text is an e-mail address and, when a person of the company has it, their first and last names',
  params: projectParams,
  body: hostLookupInput,
  response: hostLookup,
});
