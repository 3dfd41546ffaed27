import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { activities, activityHosts, activityMembers } from '../../db/schema';
import { type MeetingsInstance, meetingsInstance } from '../../matching/instance';
import * as meetingRepo from './meeting-repository';
import * as repo from './repository';
import * as requests from './request-repository';
import { sessionEnd, slotTimes, tablesOf } from './session-service';

/** A dated activity someone is inscribed in or hosts, as an interval. */
export interface Busy {
  participantId: string;
  activityId: string;
  titleFr: string;
  titleEn: string;
  start: number;
  end: number;
}

/**
 * The dated activities the session's people are inscribed in (activity_members) or host (activity_hosts) that
 * overlap the session, except those of the session's own meeting category.
 */
export async function busyTimes(db: Executor, session: repo.SessionRow, ids: string[]): Promise<Busy[]> {
  if (!ids.length) return [];
  const from = session.startsAt;
  const to = sessionEnd(session);
  const endsAt = sql`(${activities.startsAt} + ${activities.durationMinutes} * interval '1 minute')`;
  const overlapping = and(
    eq(activities.projectId, session.projectId),
    eq(activities.noDate, false),
    isNotNull(activities.startsAt),
    sql`${activities.startsAt} < ${to}`,
    sql`${endsAt} > ${from}`,
    session.tableCategoryId
      ? or(sql`${activities.categoryId} is null`, ne(activities.categoryId, session.tableCategoryId))
      : undefined,
  );
  const columns = {
    activityId: activities.id,
    titleFr: activities.titleFr,
    titleEn: activities.titleEn,
    startsAt: activities.startsAt,
    durationMinutes: activities.durationMinutes,
  };
  // In turn: the demo's seed builds a session's instance inside its transaction.
  const members = await db
    .select({ ...columns, participantId: activityMembers.participantId })
    .from(activityMembers)
    .innerJoin(activities, eq(activities.id, activityMembers.activityId))
    .where(and(overlapping, inArray(activityMembers.participantId, ids)));
  const hosts = await db
    .select({ ...columns, participantId: sql<string>`${activityHosts.participantId}` })
    .from(activityHosts)
    .innerJoin(activities, eq(activities.id, activityHosts.activityId))
    .where(and(overlapping, inArray(activityHosts.participantId, ids)));
  return [...members, ...hosts].map((r) => {
    const start = (r.startsAt as Date).getTime();
    return {
      participantId: r.participantId,
      activityId: r.activityId,
      titleFr: r.titleFr,
      titleEn: r.titleEn,
      start,
      end: start + r.durationMinutes * 60_000,
    };
  });
}

/** The slots (indexes) of the session an interval overlaps. */
export function slotsOverlapping(session: repo.SessionRow, start: number, end: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < session.slotCount; i++) {
    const slot = slotTimes(session, i);
    if (slot.start.getTime() < end && start < slot.end.getTime()) out.push(i);
  }
  return out;
}

export interface SessionInstance {
  instance: MeetingsInstance;
  people: Map<string, repo.PersonRow>;
  busy: Busy[];
  blocked: [string, string][];
  met: [string, string][];
  /** Requests left out before solving (blocked or already met pairs). */
  removed: { a: string; b: string; weight: number }[];
  caps: Map<string, number>;
}

/**
 * A session as the meetings solver reads it: its people (free slots: the session's slots minus those overlapping
 * their activities; cap: their own or the session's), the tables per slot, and the requests of both directions
 * merged into one per pair (weights added), without blocked or already-met pairs.
 */
export async function sessionInstance(db: Executor, session: repo.SessionRow): Promise<SessionInstance> {
  const peopleRows = await repo.sessionPeople(db, session);
  const people = new Map(peopleRows.map((p) => [p.id, p]));
  const ids = [...people.keys()];
  // In turn: `db` is the demo seed's transaction as well as the pool.
  const busy = await busyTimes(db, session, ids);
  const caps = await repo.capsOf(db, session.id);
  const blocked = await requests.blockedPairs(db, session.id);
  const met = session.metSessionId ? await meetingRepo.metPairs(db, session.metSessionId) : [];
  const requestRows = await requests.allRequests(db, session.id);
  const unavailable = new Map<string, Set<number>>();
  for (const b of busy) {
    const set = unavailable.get(b.participantId) ?? new Set<number>();
    unavailable.set(b.participantId, set);
    for (const slot of slotsOverlapping(session, b.start, b.end)) set.add(slot);
  }
  const blockedKeys = new Set(blocked.map(([a, b]) => requests.pairKey(a, b)));
  const metKeys = new Set(met.map(([a, b]) => requests.pairKey(a, b)));
  const merged = new Map<string, { a: string; b: string; weight: number }>();
  for (const r of requestRows) {
    if (!people.has(r.requesterId) || !people.has(r.requestedId)) continue;
    const key = requests.pairKey(r.requesterId, r.requestedId);
    const before = merged.get(key);
    if (before) before.weight += r.weight;
    else merged.set(key, { a: r.requesterId, b: r.requestedId, weight: r.weight });
  }
  const kept: { a: string; b: string; weight: number }[] = [];
  const removed: { a: string; b: string; weight: number }[] = [];
  for (const [key, request] of merged) {
    (blockedKeys.has(key) || metKeys.has(key) ? removed : kept).push(request);
  }
  const instance = meetingsInstance.parse({
    kind: 'meetings',
    slots: session.slotCount,
    tables: Math.max(1, tablesOf(session)),
    people: ids.map((id) => ({
      id,
      available: [...Array(session.slotCount).keys()].filter((slot) => !unavailable.get(id)?.has(slot)),
      max: caps.get(id) ?? session.defaultCap,
    })),
    requests: kept,
  });
  return { instance, people, busy, blocked, met, removed, caps };
}
