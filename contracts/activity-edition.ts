import { z } from 'zod';
import { uploadedFile } from './files';
import { defineEndpoint, ok, timestamp, uuidParam } from './http';
import { hexColor } from './projects';

/** P12: the two language slots of an activity's documents (the spec's LanguageID 1 and 2). */
export const ACTIVITY_LANGUAGES = ['fr', 'en'] as const;
export type ActivityLanguage = (typeof ACTIVITY_LANGUAGES)[number];

/**
 * V4's options and visual tabs, E9 (the activity's image) and P12 (its documents per language). The configuration
 * tab uses `PUT /api/projects/:projectId/activities/:activityId` (contracts/activities.ts). See
 * docs/activities/edition.md.
 */

// ---------- options (V4) ----------

/** A maximum of members: a whole number from 1 (null: no limit, the spec's "no limit" radio, value 0). */
const maxMembers = z
  .number({ error: 'validation.activities.maxMembers' })
  .int({ error: 'validation.activities.maxMembers' })
  .min(1, { error: 'validation.activities.maxMembers' })
  .max(1_000_000, { error: 'validation.activities.maxMembers' });

const flag = z.boolean({ error: 'validation.invalid' });

export const activityOptions = z.object({
  /** Whether participants see the activity's date (the spec's IsDisplayDate). */
  displayDate: z.boolean(),
  /** Whether participants may still subscribe themselves. */
  registrationOpen: z.boolean(),
  /** Shown on the registration landing page. */
  onLanding: z.boolean(),
  /** Null: no limit. */
  maxMembers: z.number().int().nullable(),
});
export type ActivityOptions = z.infer<typeof activityOptions>;

/** Only what changes: each switch saves on its own. */
export const activityOptionsPatch = z.strictObject({
  displayDate: flag.optional(),
  registrationOpen: flag.optional(),
  onLanding: flag.optional(),
  maxMembers: maxMembers.nullable().optional(),
});
export type ActivityOptionsPatch = z.input<typeof activityOptionsPatch>;

// ---------- visual (V4, E9) ----------

/** E9: the activity's image is 650 pixels wide and at least 320 high (image type 12: free ratio, fixed width). */
export const ACTIVITY_IMAGE = { width: 650, height: 320, imageType: 12 } as const;

export const activityVisual = z.object({
  /** `#rrggbb` in lower case, or null (the programme's default). */
  backgroundColor: z.string().nullable(),
  image: z.object({ id: z.uuid(), url: z.string() }).nullable(),
});
export type ActivityVisual = z.infer<typeof activityVisual>;

/** Null (or left out): no colour of its own. */
export const activityBackgroundColorInput = z.strictObject({
  backgroundColor: hexColor.nullable().default(null),
});
export const activityImageInput = z.object({ fileId: z.uuid({ error: 'validation.id' }).nullable() });

// ---------- documents per language (P12) ----------

export const activityDocument = z.object({
  /** The attachment's id (what DELETE takes). */
  id: z.uuid(),
  language: z.enum(ACTIVITY_LANGUAGES),
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** Served as a download to users of the company. */
  url: z.string(),
  createdAt: timestamp,
});
export type ActivityDocument = z.input<typeof activityDocument>;

export const uploadActivityDocumentBody = z.object({
  language: z.enum(ACTIVITY_LANGUAGES, { error: 'validation.activityEdition.language' }),
  file: uploadedFile,
});

// ---------- endpoints ----------

const tag = 'activities';
const activityParams = z.object({ projectId: uuidParam, activityId: uuidParam });
const base = '/api/projects/:projectId/activities/:activityId';

export const getActivityOptions = defineEndpoint({
  method: 'GET',
  path: `${base}/options`,
  access: 'user',
  tag,
  summary:
    'V4 the options of an activity: date shown, registration open, on the landing page, maximum members',
  params: activityParams,
  response: activityOptions,
});

export const updateActivityOptions = defineEndpoint({
  method: 'PATCH',
  path: `${base}/options`,
  access: 'user',
  tag,
  summary: 'V4 change some options of an activity (only the fields sent); maxMembers null is no limit',
  params: activityParams,
  body: activityOptionsPatch,
  response: activityOptions,
});

export const getActivityVisual = defineEndpoint({
  method: 'GET',
  path: `${base}/visual`,
  access: 'user',
  tag,
  summary: 'V4 the background colour and the image of an activity',
  params: activityParams,
  response: activityVisual,
});

export const setActivityBackgroundColor = defineEndpoint({
  method: 'PUT',
  path: `${base}/background-color`,
  access: 'user',
  tag,
  summary: 'V4 the background colour of an activity (#rrggbb, or null), saved on each change',
  params: activityParams,
  body: activityBackgroundColorInput,
  response: activityVisual,
});

export const setActivityImage = defineEndpoint({
  method: 'PUT',
  path: `${base}/image`,
  access: 'user',
  tag,
  summary:
    'E9 the image of an activity: an image of the company uploaded for activity.image, or null; the image it replaces is deleted',
  params: activityParams,
  body: activityImageInput,
  response: activityVisual,
});

export const listActivityDocuments = defineEndpoint({
  method: 'GET',
  path: `${base}/documents`,
  access: 'user',
  tag,
  summary: 'P12 the documents of an activity, French and English, oldest first',
  params: activityParams,
  response: z.object({ items: z.array(activityDocument) }),
});

/** Multipart: `language` (fr or en), then `file` (a PDF of at most 10 MB). One file per request. */
export const uploadActivityDocument = defineEndpoint({
  method: 'POST',
  path: `${base}/documents`,
  access: 'user',
  tag,
  summary: 'P12 attach a PDF document (at most 10 MB) to an activity, in French or English (multipart)',
  multipart: true,
  params: activityParams,
  body: uploadActivityDocumentBody,
  response: activityDocument,
});

export const deleteActivityDocument = defineEndpoint({
  method: 'DELETE',
  path: `${base}/documents/:documentId`,
  access: 'user',
  tag,
  summary: 'P12 delete a document of an activity (the file goes with it)',
  params: activityParams.extend({ documentId: uuidParam }),
  response: ok,
});
