import type {
  PairingMeetingsResult,
  PairingMeetingsStateValues,
  PairingMeetingsValues,
} from '../../../contracts/pairing-meetings';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { translator } from '../../i18n';
import { assertProject } from '../activities/category-service';
import { toLocalTime } from '../activities/local-time';
import { instantOf } from '../activities/service';
import { ACTIVITY_DESCRIPTION } from '../activities/texts';
import { notifyJoinedAndLeft } from '../notifications/trigger';
import * as gens from '../pairings/generation-repository';
import { getPairingRow, scopeOf } from '../pairings/service';
import type { AuthContext } from '../session/auth-context';
import { deleteTexts } from '../texts/repository';
import { insertMeetings, queueRooms } from './meeting-writer';
import * as repo from './repository';

/**
 * M6 (000 §3, §7, §8): a pairing's seats become meetings — for each round and each table with people, one activity
 * (titles « {prefix} {round} – Table {n} », the pairing's meeting category, the table as location) whose members are
 * the people seated there. All in one transaction; a new generation replaces the meetings of the previous one.
 */

export const DEFAULT_PREFIX = { fr: 'Ronde', en: 'Round' };
const DEFAULT_DURATION = 20;
const DEFAULT_INTERVAL = 5;

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

    const set = await repo.replaceSet(tx, {
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
    const rooms = await insertMeetings(
      deps,
      tx,
      { ...scope, id: pairingId, categoryId: pairing.categoryId },
      set,
      tables,
    );
    const { added: members, joined, left } = await repo.followSeats(tx, pairingId);
    await notifyJoinedAndLeft(deps, tx, { ...scope, kind: 'activity', joined, left });
    return { created: tables.length, members, replaced: old.length, rooms };
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
