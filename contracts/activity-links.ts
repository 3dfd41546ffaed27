import { z } from 'zod';
import { LOCATION_MAX } from './activities';
import { defineEndpoint, ok, uuidParam } from './http';
import { localized, plainText } from './texts';

/**
 * V4 link tab: the activity's location and its other links, each titled and addressed in French and in English.
 * See docs/activities/link-and-video.md.
 */

export const ACTIVITY_LINK_TITLE_MAX = 200;
export const ACTIVITY_LINK_URL_MAX = 2000;
/** An activity holds at most this many other links. */
export const ACTIVITY_LINKS_MAX = 50;

const linkTitleOne = plainText(ACTIVITY_LINK_TITLE_MAX).pipe(
  z.string().min(2, { error: 'validation.required' }),
);

/** An address a participant can open: http or https only (never javascript:, data:, mailto:…), with a host. */
export const webAddress = z
  .string({ error: 'validation.activityLinks.url' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(ACTIVITY_LINK_URL_MAX, { error: `validation.tooLong|maximum=${ACTIVITY_LINK_URL_MAX}` })
  .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'validation.activityLinks.url' });

export const activityLinkInput = z.object({
  title: localized(linkTitleOne),
  url: localized(webAddress),
});
export type ActivityLinkInput = z.input<typeof activityLinkInput>;

export const activityLink = z.object({
  id: z.uuid(),
  title: z.object({ fr: z.string(), en: z.string() }),
  url: z.object({ fr: z.string(), en: z.string() }),
  position: z.number().int(),
});
export type ActivityLink = z.input<typeof activityLink>;

export const activityLocationInput = z.object({
  /** Plain text; empty (or null) clears it. */
  location: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(LOCATION_MAX, { error: `validation.tooLong|maximum=${LOCATION_MAX}` })
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type ActivityLocationInput = z.input<typeof activityLocationInput>;

// ---------- endpoints ----------

const tag = 'activities';
const activityParams = z.object({ projectId: uuidParam, activityId: uuidParam });
const linkParams = activityParams.extend({ linkId: uuidParam });
const base = '/api/projects/:projectId/activities/:activityId';

export const updateActivityLocation = defineEndpoint({
  method: 'PUT',
  path: `${base}/location`,
  access: 'user',
  tag,
  summary: 'V4 link tab: save the activity’s location (plain text, 300 characters at most; empty clears it)',
  params: activityParams,
  body: activityLocationInput,
  response: z.object({ location: z.string().nullable() }),
});

export const listActivityLinks = defineEndpoint({
  method: 'GET',
  path: `${base}/links`,
  access: 'user',
  tag,
  summary: 'V4 link tab: the activity’s other links, in order',
  params: activityParams,
  response: z.object({ items: z.array(activityLink) }),
});

export const createActivityLink = defineEndpoint({
  method: 'POST',
  path: `${base}/links`,
  access: 'user',
  tag,
  summary: 'V4 add another link (title and http/https address in French and in English), placed last',
  params: activityParams,
  body: activityLinkInput,
  response: activityLink,
});

export const updateActivityLink = defineEndpoint({
  method: 'PUT',
  path: `${base}/links/:linkId`,
  access: 'user',
  tag,
  summary: 'V4 edit another link',
  params: linkParams,
  body: activityLinkInput,
  response: activityLink,
});

export const deleteActivityLink = defineEndpoint({
  method: 'DELETE',
  path: `${base}/links/:linkId`,
  access: 'user',
  tag,
  summary: 'V4 delete another link',
  params: linkParams,
  response: ok,
});
