import { and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activities, activityHosts, activityMembers, pairingMeetings } from '../../db/schema';
import { roundTimes } from './repository';

/**
 * Seats reject code 4 (calendar, 001 §2): once the pairing's meetings are generated, a round has a time (its
 * meetings' earliest start to latest end). Among `ids`, the people who are a member or a host of another activity
 * (not one of this pairing's meetings) overlapping that time. Before the meetings exist, nobody.
 */
export async function busyDuringRound(
  db: Executor,
  pairingId: string,
  round: number,
  ids: string[],
): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const time = (await roundTimes(db, pairingId)).find((r) => r.round === round);
  if (!time) return new Set();
  const end = sql`${activities.startsAt} + make_interval(mins => ${activities.durationMinutes})`;
  const overlapping = and(
    eq(activities.noDate, false),
    isNotNull(activities.startsAt),
    sql`${activities.startsAt} < ${time.end}`,
    sql`${end} > ${time.start}`,
    notExists(
      db
        .select({ one: sql`1` })
        .from(pairingMeetings)
        .where(and(eq(pairingMeetings.activityId, activities.id), eq(pairingMeetings.pairingId, pairingId))),
    ),
  );
  const [members, hosts] = await Promise.all([
    db
      .selectDistinct({ id: activityMembers.participantId })
      .from(activityMembers)
      .innerJoin(activities, eq(activities.id, activityMembers.activityId))
      .where(and(inArray(activityMembers.participantId, ids), overlapping)),
    db
      .selectDistinct({ id: sql<string>`${activityHosts.participantId}` })
      .from(activityHosts)
      .innerJoin(activities, eq(activities.id, activityHosts.activityId))
      .where(and(inArray(activityHosts.participantId, ids), overlapping)),
  ]);
  return new Set([...members, ...hosts].map((r) => r.id));
}
