import type { Deps } from '../../deps';
import { isInterrupted, runAlive, whileHolding } from '../../jobs/liveness';
import type { JobDefinition } from '../../jobs/queue';
import * as repo from './repository';
import { createMeeting, deleteMeeting, WherebyError } from './whereby';

/**
 * V6: the job that makes an activity's room at Whereby. It works only while the activity's room is `pending`, so a
 * job delivered twice (pg-boss retries one a restart interrupted), or one whose activity was deleted, does
 * nothing; the room is written only if the activity still waits for it (else the new meeting is deleted again).
 */

export const VIDEO_ROOM_JOB = 'activities.video-room';

export interface VideoRoomJobData {
  activityId: string;
  /** 1 for the first try; a 429 queues the next one after Retry-After. */
  attempt: number;
}

/** Tries at Whereby for one room while it answers 429 (rate limited): then the room fails. */
export const VIDEO_ROOM_ATTEMPTS = 3;
/** Whereby's Retry-After, within these bounds (seconds); 5 s when it sends none. */
const RETRY_DEFAULT_SECONDS = 5;
const RETRY_MAX_SECONDS = 600;

/** Failure reasons kept in `video_room_error`, translated when read (service.ts `reasonText`). */
export type FailureReason =
  | 'keyRefused'
  | 'rateLimited'
  | 'invalidDate'
  | 'notConfigured'
  | 'unreachable'
  | 'interrupted'
  | `status:${number}`
  | `provider:${string}`;

/**
 * The 45-minute rule (server/jobs/liveness.ts): a room pending for longer than any creation can take (three tries,
 * each after a Retry-After of at most 10 minutes, plus pg-boss's retries) was lost, e.g. its job failed for a reason
 * that is not Whereby's: it shows as interrupted and can be generated again.
 */
export function isStale(row: Pick<repo.RoomRow, 'status' | 'updatedAt'>, now: Date) {
  return row.status === 'pending' && isInterrupted(row.updatedAt, now);
}

/** The lock a try holds while it works (server/jobs/liveness.ts): one try of a room at a time, in any process. */
const roomLock = (activityId: string) => `activities.video-room:${activityId}`;

/** The end of the activity, when a room can be made for it now (Whereby needs an end in the future). */
export function roomEnd(row: Pick<repo.RoomRow, 'noDate' | 'startsAt' | 'durationMinutes'>, now: Date) {
  if (row.noDate || !row.startsAt) return { locked: 'noDate' as const };
  const end = new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);
  if (end.getTime() <= now.getTime()) return { locked: 'ended' as const };
  return { locked: null, end };
}

/** Queues a try through pg-boss when this process has the queue; otherwise runs it here, in the background. */
export async function enqueueVideoRoom(deps: Deps, data: VideoRoomJobData, delaySeconds = 0) {
  const queue = deps.jobs.boss ? await deps.jobs.boss.getQueue(VIDEO_ROOM_JOB).catch(() => null) : null;
  if (queue) {
    // A job interrupted by a restart is delivered again once it expires.
    await deps.jobs.send(VIDEO_ROOM_JOB, data, {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: 120,
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
    });
    return;
  }
  const run = () =>
    void runVideoRoomJob(deps, data).catch((error) =>
      console.error('video room job failed:', String((error as Error).message).slice(0, 300)),
    );
  if (delaySeconds > 0) setTimeout(run, delaySeconds * 1000).unref();
  else run();
}

/** A try: only while no other try of the same room works (a job delivered again, a recovery), holding its lock. */
export async function runVideoRoomJob(deps: Deps, data: VideoRoomJobData): Promise<void> {
  await whileHolding(deps, roomLock(data.activityId), () => tryRoom(deps, data));
}

/**
 * Start-up: the rooms left pending with no try at work (the last stop cut one short, whose pg-boss job would only be
 * delivered again once expired) are tried again now. A room waiting for a Retry-After is tried early: harmless, a
 * second 429 puts it back to wait.
 */
export async function recoverVideoRooms(deps: Deps) {
  let recovered = 0;
  for (const id of await repo.pendingRoomIds(deps.db)) {
    if (await runAlive(deps, roomLock(id))) continue;
    await enqueueVideoRoom(deps, { activityId: id, attempt: 1 });
    recovered++;
  }
  return recovered;
}

async function tryRoom(deps: Deps, data: VideoRoomJobData): Promise<void> {
  const row = await repo.findRoomById(deps.db, data.activityId);
  if (row?.status !== 'pending') return;
  const whereby = deps.config.whereby;
  if (!whereby) return repo.setFailed(deps.db, row.id, 'notConfigured');
  const when = roomEnd(row, deps.now());
  if (!when.end) return repo.setFailed(deps.db, row.id, 'invalidDate');
  try {
    // Regenerating: the old meeting goes first, so that an activity never holds two rooms at Whereby.
    if (row.meetingId) {
      await deleteMeeting(whereby, row.meetingId);
      await repo.forgetMeeting(deps.db, row.id);
    }
    const meeting = await createMeeting(whereby, when.end);
    if (!(await repo.setReady(deps.db, row.id, meeting))) {
      // Deleted (or no longer waiting) meanwhile: the room is nobody's.
      await deleteMeeting(whereby, meeting.meetingId).catch(() => undefined);
    }
  } catch (error) {
    if (!(error instanceof WherebyError)) throw error;
    if (error.status === 429 && data.attempt < VIDEO_ROOM_ATTEMPTS) {
      const wait = Math.min(RETRY_MAX_SECONDS, error.retryAfterSeconds ?? RETRY_DEFAULT_SECONDS);
      await enqueueVideoRoom(deps, { activityId: row.id, attempt: data.attempt + 1 }, Math.max(1, wait));
      return;
    }
    await repo.setFailed(deps.db, row.id, failureReason(error));
  }
}

function failureReason(error: WherebyError): FailureReason {
  if (error.status === 401 || error.status === 403) return 'keyRefused';
  if (error.status === 429) return 'rateLimited';
  if (error.status === 400) return `provider:${error.message}`;
  if (error.status === 0) return 'unreachable';
  return `status:${error.status}`;
}

export function activityVideoJobs(deps: () => Deps): JobDefinition[] {
  return [{ name: VIDEO_ROOM_JOB, run: async (data) => runVideoRoomJob(deps(), data as VideoRoomJobData) }];
}
