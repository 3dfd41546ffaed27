import type { Executor } from '../../db/client';
import { meetings } from '../../db/schema';

/** What the B2B API tests share. */

export type MeetingRow = { a: string; b: string; slot: number; table: number };

/**
 * Meetings written straight into the table (as a generation would), 20 minutes a slot from the session's start, 15 of
 * them the meeting; their ids in the given order.
 */
export async function placeMeetings(
  db: Executor,
  companyId: string,
  projectId: string,
  session: { id: string; startsAt: string },
  rows: MeetingRow[],
) {
  const start = new Date(session.startsAt).getTime();
  const inserted = await db
    .insert(meetings)
    .values(
      rows.map((r) => ({
        companyId,
        projectId,
        sessionId: session.id,
        participantA: r.a,
        participantB: r.b,
        slot: r.slot,
        tableNumber: r.table,
        startsAt: new Date(start + r.slot * 20 * 60_000),
        endsAt: new Date(start + r.slot * 20 * 60_000 + 15 * 60_000),
      })),
    )
    .returning({ id: meetings.id });
  return inserted.map((r) => r.id);
}
