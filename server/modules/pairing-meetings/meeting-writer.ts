import { randomUUID } from 'node:crypto';
import { meetingHybridType } from '../../../contracts/pairing-meetings';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { enqueueVideoRoom, roomEnd, VIDEO_ROOM_JOB } from '../activity-video/room-job';
import { deliverSoon } from '../mail/outbox';
import { notifyJoinedAndLeft } from '../notifications/trigger';
import * as repo from './repository';

/**
 * M6's writes shared by the generation (service.ts) and the seat changes that meetings follow (a move, an absence,
 * « Reprendre les rondes restantes »): the meeting activities of some tables from the set's settings, their Whereby
 * rooms after the commit, and the members following the seats (docs/matching/pairing-meetings.md).
 */

type MeetingSet = NonNullable<Awaited<ReturnType<typeof repo.findSet>>>;
type SeatedTable = Awaited<ReturnType<typeof repo.seatedTables>>[number];

/** « Ronde 2 – Table 7 » (rounds counted from 1, as the screens show them). */
export function meetingTitle(prefix: string, round: number, table: number) {
  return `${prefix} ${round + 1} – Table ${table}`;
}

/** Where the meeting happens: the table's name (or « Table n »), then its location when it has one. */
export function meetingLocation(table: { number: number; name: string | null; location: string | null }) {
  return [table.name?.trim() || `Table ${table.number}`, table.location?.trim()].filter(Boolean).join(' – ');
}

/** The start of round `round` (from 0): each round is the duration plus the interval after the one before. */
export function roundStart(first: Date, round: number, durationMinutes: number, intervalMinutes: number) {
  return new Date(first.getTime() + round * (durationMinutes + intervalMinutes) * 60_000);
}

/**
 * Inserts one meeting per table (activities 500 a statement, links 1,000) from the set's settings, in the caller's
 * transaction. Returns the ids whose Whereby room is now pending: `queueRooms` after the commit.
 */
export async function insertMeetings(
  deps: Deps,
  tx: Executor,
  pairing: { id: string; categoryId: string; companyId: string; projectId: string },
  set: MeetingSet,
  tables: SeatedTable[],
): Promise<string[]> {
  const hybridType = meetingHybridType(set.inPerson, set.virtual);
  const whereby = deps.config.whereby !== null && hybridType !== 'inPerson';
  const now = deps.now();
  const rooms: string[] = [];
  const rows = tables.map((table) => {
    const id = randomUUID();
    const startsAt = roundStart(set.startsAt, table.round, set.durationMinutes, set.intervalMinutes);
    const room =
      whereby && !roomEnd({ noDate: false, startsAt, durationMinutes: set.durationMinutes }, now).locked;
    if (room) rooms.push(id);
    return {
      id,
      companyId: pairing.companyId,
      projectId: pairing.projectId,
      type: set.type,
      categoryId: pairing.categoryId,
      titleFr: meetingTitle(set.prefixFr, table.round, table.number),
      titleEn: meetingTitle(set.prefixEn, table.round, table.number),
      startsAt,
      durationMinutes: set.durationMinutes,
      hybridType,
      location: meetingLocation(table),
      videoRoomStatus: room ? 'pending' : 'none',
    };
  });
  await repo.insertActivities(tx, rows);
  await repo.insertLinks(
    tx,
    tables.map((table, i) => ({
      companyId: pairing.companyId,
      projectId: pairing.projectId,
      pairingId: pairing.id,
      activityId: rows[i].id,
      round: table.round,
      tableId: table.tableId,
    })),
  );
  return rooms;
}

/**
 * After a seat change, in its transaction: a person now seated at a table that has no meeting in that round gets
 * one (made as the generation makes them), then the members follow the seats of `only`. Nothing without meetings.
 * Returns the new meetings' pending rooms, to queue after the commit.
 */
export async function meetingsFollowSeats(
  deps: Deps,
  tx: Executor,
  pairing: { id: string; categoryId: string; companyId: string; projectId: string },
  only: repo.SeatScope,
): Promise<string[]> {
  const set = await repo.findSet(tx, pairing.id);
  if (!set) return [];
  const missing = await repo.seatedTables(tx, pairing.id, only);
  const rooms = missing.length ? await insertMeetings(deps, tx, pairing, set, missing) : [];
  await notifyJoinedAndLeft(deps, tx, {
    ...pairing,
    kind: 'activity',
    ...(await repo.followSeats(tx, pairing.id, only)),
  });
  return rooms;
}

/**
 * After the commit, as the video tab does: one `activities.video-room` job per room, inserted 500 at a time through
 * pg-boss (one statement each, not one request per room); a process without the queue runs them in the background.
 * Rooms whose jobs cannot be queued are marked failed (« interrompue »): the link tab offers to try again. The
 * automatic notifications the members' changes queued (J5) are asked to leave too.
 */
export async function queueRooms(deps: Deps, ids: string[]) {
  await deliverSoon(deps);
  if (!ids.length) return;
  const boss = deps.jobs.boss;
  const queue = boss ? await boss.getQueue(VIDEO_ROOM_JOB).catch(() => null) : null;
  try {
    if (!boss || !queue) {
      for (const activityId of ids) await enqueueVideoRoom(deps, { activityId, attempt: 1 });
      return;
    }
    for (let i = 0; i < ids.length; i += 500) {
      await boss.insert(
        ids.slice(i, i + 500).map((activityId) => ({
          name: VIDEO_ROOM_JOB,
          data: { activityId, attempt: 1 },
          retryLimit: 2,
          retryDelay: 5,
          expireInSeconds: 120,
        })),
      );
    }
  } catch (error) {
    console.error(
      'pairing meetings: video rooms not queued:',
      String((error as Error).message).slice(0, 300),
    );
    await repo.failRooms(deps.db, ids, 'interrupted');
  }
}
