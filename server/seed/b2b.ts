import { asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Executor } from '../db/client';
import { meetingRequests, meetingSessions, participants, projects } from '../db/schema';
import type { MeetingsResult } from '../matching/instance';
import { solveMeetings } from '../matching/meetings';
import { meetingRows } from '../modules/b2b/generation';
import { sessionInstance } from '../modules/b2b/instance';
import { replaceMeetings } from '../modules/b2b/meeting-repository';
import { findSession } from '../modules/b2b/repository';
import { findFirstDemoProject } from './groups';

/** The demo's B2B session: the first day's afternoon, 12 slots of 15 minutes, 20 tables, about 300 requests. */
export const DEMO_B2B_SESSION = 'Rencontres B2B de l’après-midi';
export const DEMO_B2B_REQUESTS = 300;

/** A small deterministic generator (the same demo at every seed; no Math.random). */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Issue 11: the first demo project gets a B2B session on its first day (13:30, 12 × 15 min, no break, 20 tables,
 * at most 8 meetings a person) and about 300 requests among its participants (weights 1–5), and — once the
 * meetings solver exists (solveMeetings does not throw) — its generated schedule. Owner: b2b.
 */
export async function seedB2b(db: Executor) {
  const found = await findFirstDemoProject(db);
  if (!found) return;
  const [project] = await db.select().from(projects).where(eq(projects.id, found.id));
  const scope = { companyId: project.companyId, projectId: project.id };
  const start = DateTime.fromISO(`${project.startsOn}T13:30`, { zone: project.timeZone }).toJSDate();
  const [session] = await db
    .insert(meetingSessions)
    .values({
      ...scope,
      name: DEMO_B2B_SESSION,
      startsAt: start,
      slotMinutes: 15,
      breakMinutes: 0,
      slotCount: 12,
      tablesPerSlot: 20,
      defaultCap: 8,
    })
    .returning({ id: meetingSessions.id });
  const people = await db
    .select({ id: participants.id })
    .from(participants)
    .where(eq(participants.projectId, project.id))
    .orderBy(asc(participants.createdAt), asc(participants.id));
  if (people.length < 2) return;
  const random = lcg(11);
  const seen = new Set<string>();
  const rows: (typeof meetingRequests.$inferInsert)[] = [];
  for (let tries = 0; rows.length < DEMO_B2B_REQUESTS && tries < DEMO_B2B_REQUESTS * 20; tries++) {
    const a = people[Math.floor(random() * people.length)].id;
    const b = people[Math.floor(random() * people.length)].id;
    if (a === b || seen.has(`${a}>${b}`) || seen.has(`${b}>${a}`)) continue;
    seen.add(`${a}>${b}`);
    rows.push({
      ...scope,
      sessionId: session.id,
      requesterId: a,
      requestedId: b,
      weight: 1 + Math.floor(random() * 5),
      source: rows.length % 3 === 0 ? 'import' : 'manual',
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(meetingRequests).values(rows.slice(i, i + 500));
  await seedSchedule(db, project.companyId, project.id, session.id);
}

/** The generated schedule, when the solver exists (until then the demo has requests and no meetings). */
async function seedSchedule(db: Executor, companyId: string, projectId: string, sessionId: string) {
  const session = await findSession(db, companyId, projectId, sessionId);
  if (!session) return;
  const { instance } = await sessionInstance(db, session);
  const result: MeetingsResult = await solveMeetings(instance, { seed: 1, timeLimitSeconds: 2 });
  await replaceMeetings(db, { companyId, projectId, sessionId }, meetingRows(session, instance, result));
}
