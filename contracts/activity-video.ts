import { z } from 'zod';
import { defineEndpoint, uuidParam } from './http';

/**
 * V6: an activity's video room, created at Whereby by a background job. The status goes `pending` at once, then
 * `ready` (both addresses) or `failed` (a reason in the reader's language). See docs/activities/link-and-video.md.
 */

export const VIDEO_ROOM_STATUSES = ['none', 'pending', 'ready', 'failed'] as const;
export type VideoRoomStatus = (typeof VIDEO_ROOM_STATUSES)[number];

/** Why a room cannot be made now: no date, or the activity has ended (Whereby needs an end in the future). */
export const VIDEO_ROOM_LOCKS = ['noDate', 'ended'] as const;

export const videoRoom = z.object({
  status: z.enum(VIDEO_ROOM_STATUSES),
  /** The participants' address and the host's (who can lock the room, let people in…); set when ready. */
  roomUrl: z.string().nullable(),
  hostRoomUrl: z.string().nullable(),
  /** When failed: why, translated. */
  error: z.string().nullable(),
  /** False when the server has no Whereby key (WHEREBY_API_KEY): rooms cannot be made. */
  configured: z.boolean(),
  /** Non-null: a room cannot be made for this activity now. */
  locked: z.enum(VIDEO_ROOM_LOCKS).nullable(),
});
export type VideoRoom = z.input<typeof videoRoom>;

export const generateVideoRoomInput = z.object({
  /** A room exists (or failed): replace it; the old meeting is deleted at Whereby first. */
  replace: z.boolean({ error: 'validation.invalid' }),
});
export type GenerateVideoRoomInput = z.input<typeof generateVideoRoomInput>;

const tag = 'activities';
const activityParams = z.object({ projectId: uuidParam, activityId: uuidParam });
const path = '/api/projects/:projectId/activities/:activityId/video-room';

export const getVideoRoom = defineEndpoint({
  method: 'GET',
  path,
  access: 'user',
  tag,
  summary: 'V6 the activity’s video room: status (none, pending, ready, failed), addresses, why it is locked',
  params: activityParams,
  response: videoRoom,
});

export const generateVideoRoom = defineEndpoint({
  method: 'POST',
  path,
  access: 'user',
  tag,
  summary:
    'V6 generate the video room at Whereby (answers at once with status pending; a job creates it). Refused without WHEREBY_API_KEY, for an activity without date or ended, while pending, and when a room exists unless replace=true',
  params: activityParams,
  body: generateVideoRoomInput,
  response: videoRoom,
});
