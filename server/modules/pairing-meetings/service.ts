import { randomUUID } from 'node:crypto';
import {
  meetingHybridType,
  type PairingMeetingsResult,
  type PairingMeetingsStateValues,
  type PairingMeetingsValues,
} from '../../../contracts/pairing-meetings';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import { instantOf } from '../activities/service';
import { ACTIVITY_DESCRIPTION } from '../activities/texts';
import { enqueueVideoRoom, roomEnd, VIDEO_ROOM_JOB } from '../activity-video/room-job';
import * as gens from '../pairings/generation-repository';
import { getPairingRow, scopeOf } from '../pairings/service';
import type { AuthContext } from '../session/auth-context';
import { deleteTexts } from '../texts/repository';
import * as repo from './repository';

/**
 * M6 (000 §3, §7, §8): a pairing's seats become meetings — for each round and each table with people, one activity
 * (titles « {prefix} {round} – Table {n} », the pairing's meeting category, the table as location) whose members are
 * the people seated there. All in one transaction; a new generation replaces the meetings of the previous one.
 */

export const DEFAULT_PREFIX = { fr: 'Ronde', en: 'Round' };
const DEFAULT_DURATION = 20;
const DEFAULT_INTERVAL = 5;

/**
 * After the commit, as the video tab does: one `activities.video-room` job per room, inserted 500 at a time through
 * pg-boss (one statement each, not one request per room); a process without the queue runs them in the background.
 * Rooms whose jobs cannot be queued are marked failed (« interrompue »): the link tab offers to try again.
 */
async function queueRooms(deps: Deps, ids: string[]) {
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

function tablesPerRound(rows: { round: number }[]) {
  const counts: number[] = [];
  for (const row of rows) counts[row.round] = (counts[row.round] ?? 0) + 1;
  return Array.from(counts, (n) => n ?? 0);
}

/** The form: last settings or defaults, the meetings per round, and what a new generation would replace. */
export async function getMeetingsState(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
): Promise<PairingMeetingsStateValues> {
  const pairing = await getPairingRow(deps.db, scopeOf(auth, projectId), pairingId);
  const project = await assertProject(deps.db, auth, projectId);
  const [tables, set, ids, latest] = await Promise.all([
    repo.seatedTables(deps.db, pairingId),
    repo.findSet(deps.db, pairingId),
    repo.meetingIds(deps.db, pairingId),
    repo.latestDoneGeneration(deps.db, pairingId),
  ]);
  const counts = await repo.memberCounts(deps.db, pairingId);
  let startsAt: string;
  if (set) startsAt = toLocalTime(set.startsAt, project.timeZone);
  else {
    const first = await repo.firstActivityStart(deps.db, projectId, pairing.categoryId);
    startsAt = first ? toLocalTime(first, project.timeZone) : `${project.startsOn}T09:00`;
  }
  return {
    timeZone: project.timeZone,
    settings: {
      prefix: set ? { fr: set.prefixFr, en: set.prefixEn } : DEFAULT_PREFIX,
      startsAt,
      durationMinutes: set?.durationMinutes ?? DEFAULT_DURATION,
      intervalMinutes: set?.intervalMinutes ?? DEFAULT_INTERVAL,
      type: (set?.type ?? 'meeting') as PairingMeetingsStateValues['settings']['type'],
      inPerson: set?.inPerson ?? true,
      virtual: set?.virtual ?? false,
    },
    tablesPerRound: tablesPerRound(tables),
    existing: {
      meetings: ids.length,
      members: counts.members,
      addedByHand: counts.addedByHand,
      createdAt: set?.createdAt ?? null,
    },
    outOfDate: set !== undefined && ids.length > 0 && set.seatsGenerationId !== latest,
  };
}

/**
 * Generates the meetings: refuses while a seat generation is queued or running (409), with no seats (409), and a
 * start that daylight saving skips or repeats (400 under startsAt, as the activity form). The earlier meetings of
 * this pairing are deleted (members added by hand with them: the form says so first), the new activities, links and
 * members written in batches, all in one transaction. Virtual or hybrid meetings get their Whereby room queued
 * afterwards, as « Générer la salle vidéo » does.
 */
export async function generateMeetings(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
  input: PairingMeetingsValues,
): Promise<PairingMeetingsResult> {
  const scope = scopeOf(auth, projectId);
  const hybridType = meetingHybridType(input.inPerson, input.virtual);
  const whereby = deps.config.whereby !== null && hybridType !== 'inPerson';
  const result = await deps.db.transaction(async (tx) => {
    // The pairing row is the lock: two generations at once run one after the other, the second replacing the first.
    const pairing = await getPairingRow(tx, scope, pairingId, true);
    const project = await assertProject(tx, auth, projectId);
    if (!input.startsAt) throw AppError.field('startsAt', 'validation.pairingMeetings.startRequired');
    if (!input.inPerson && !input.virtual)
      throw AppError.field('inPerson', 'validation.pairingMeetings.mode');
    if (await gens.activeGeneration(tx, pairingId))
      throw new AppError('pairings.generationRunning', 'conflict');
    const first = instantOf(input.startsAt, project.timeZone, input.startsAtOffset, 'startsAt');
    const tables = await repo.seatedTables(tx, pairingId);
    if (!tables.length) throw new AppError('pairingMeetings.noSeats', 'conflict');

    const old = await repo.meetingIds(tx, pairingId);
    await deleteTexts(tx, [ACTIVITY_DESCRIPTION], old);
    await repo.deleteMeetings(tx, projectId, old);

    const now = deps.now();
    const rooms: string[] = [];
    const activityRows = tables.map((table) => {
      const id = randomUUID();
      const startsAt = roundStart(first, table.round, input.durationMinutes, input.intervalMinutes);
      const room =
        whereby && !roomEnd({ noDate: false, startsAt, durationMinutes: input.durationMinutes }, now).locked;
      if (room) rooms.push(id);
      return {
        id,
        companyId: auth.companyId,
        projectId,
        type: input.type,
        categoryId: pairing.categoryId,
        titleFr: meetingTitle(input.prefix.fr, table.round, table.number),
        titleEn: meetingTitle(input.prefix.en, table.round, table.number),
        startsAt,
        durationMinutes: input.durationMinutes,
        hybridType,
        location: meetingLocation(table),
        videoRoomStatus: room ? 'pending' : 'none',
      };
    });
    await repo.insertActivities(tx, activityRows);
    await repo.insertLinks(
      tx,
      tables.map((table, i) => ({
        ...scope,
        pairingId,
        activityId: activityRows[i].id,
        round: table.round,
        tableId: table.tableId,
      })),
    );
    const members = await repo.insertMembersFromSeats(tx, pairingId);
    await repo.replaceSet(tx, {
      ...scope,
      pairingId,
      prefixFr: input.prefix.fr,
      prefixEn: input.prefix.en,
      startsAt: first,
      durationMinutes: input.durationMinutes,
      intervalMinutes: input.intervalMinutes,
      type: input.type,
      inPerson: input.inPerson,
      virtual: input.virtual,
      seatsGenerationId: await repo.latestDoneGeneration(tx, pairingId),
    });
    return { created: activityRows.length, members, replaced: old.length, rooms };
  });
  await queueRooms(deps, result.rooms);
  return {
    created: result.created,
    members: result.members,
    replaced: result.replaced,
    videoRooms: result.rooms.length,
    message: translator(auth.locale)('pairingMeetings.done'),
  };
}
