import { and, eq, sql } from 'drizzle-orm';
import type { VideoRoomStatus } from '../../../contracts/activity-video';
import type { Executor } from '../../db/client';
import { activities } from '../../db/schema';

/** V6: the video-room columns of `activities`. The job's writes apply only while the room is still pending. */

const roomColumns = {
  id: activities.id,
  noDate: activities.noDate,
  startsAt: activities.startsAt,
  durationMinutes: activities.durationMinutes,
  status: activities.videoRoomStatus,
  roomUrl: activities.videoRoomUrl,
  hostRoomUrl: activities.videoHostRoomUrl,
  meetingId: activities.videoMeetingId,
  error: activities.videoRoomError,
  updatedAt: activities.updatedAt,
};

export type RoomRow = {
  id: string;
  noDate: boolean;
  startsAt: Date | null;
  durationMinutes: number;
  status: string;
  roomUrl: string | null;
  hostRoomUrl: string | null;
  meetingId: string | null;
  error: string | null;
  /** Set when the room turns pending: how long a creation has been waiting (see room-job.ts isStale). */
  updatedAt: Date;
};

const scoped = (companyId: string, projectId: string, activityId: string) =>
  and(
    eq(activities.companyId, companyId),
    eq(activities.projectId, projectId),
    eq(activities.id, activityId),
  );

export async function findRoom(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
): Promise<RoomRow | undefined> {
  const [row] = await db
    .select(roomColumns)
    .from(activities)
    .where(scoped(companyId, projectId, activityId));
  return row;
}

/** The room of an activity, locked until the transaction ends: two requests at once see each other's choice. */
export async function lockRoom(
  db: Executor,
  companyId: string,
  projectId: string,
  activityId: string,
): Promise<RoomRow | undefined> {
  const [row] = await db
    .select(roomColumns)
    .from(activities)
    .where(scoped(companyId, projectId, activityId))
    .for('update');
  return row;
}

/** The job's read: by id alone (the request that queued it checked the company). */
export async function findRoomById(db: Executor, activityId: string): Promise<RoomRow | undefined> {
  const [row] = await db.select(roomColumns).from(activities).where(eq(activities.id, activityId));
  return row;
}

export async function setStatus(
  db: Executor,
  activityId: string,
  status: VideoRoomStatus,
  error: string | null,
) {
  await db
    .update(activities)
    .set({ videoRoomStatus: status, videoRoomError: error, updatedAt: sql`now()` })
    .where(eq(activities.id, activityId));
}

const whilePending = (activityId: string) =>
  and(eq(activities.id, activityId), eq(activities.videoRoomStatus, 'pending'));

/** The old meeting is deleted at Whereby: the activity no longer names it. */
export async function forgetMeeting(db: Executor, activityId: string) {
  await db
    .update(activities)
    .set({ videoMeetingId: null, videoRoomUrl: null, videoHostRoomUrl: null })
    .where(whilePending(activityId));
}

/** The new room; false when the activity is no longer waiting for it (deleted meanwhile). */
export async function setReady(
  db: Executor,
  activityId: string,
  room: { meetingId: string; roomUrl: string; hostRoomUrl: string },
) {
  const rows = await db
    .update(activities)
    .set({
      videoRoomStatus: 'ready',
      videoMeetingId: room.meetingId,
      videoRoomUrl: room.roomUrl,
      videoHostRoomUrl: room.hostRoomUrl,
      videoRoomError: null,
      updatedAt: sql`now()`,
    })
    .where(whilePending(activityId))
    .returning({ id: activities.id });
  return rows.length > 0;
}

/** Every room still being made (start-up recovery, by id alone: each job is the one its request queued). */
export async function pendingRoomIds(db: Executor) {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(eq(activities.videoRoomStatus, 'pending'));
  return rows.map((row) => row.id);
}

export async function setFailed(db: Executor, activityId: string, reason: string) {
  await db
    .update(activities)
    .set({ videoRoomStatus: 'failed', videoRoomError: reason })
    .where(whilePending(activityId));
}
