import { DateTime } from 'luxon';
import type { ActivityType } from '../../../contracts/activities';
import type { ActivityScheduleInput, CalendarQuery } from '../../../contracts/calendar';
import { UNDATED_MAX } from '../../../contracts/calendar';
import type { Deps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertProject } from '../activities/category-service';
import { describeInstant, toLocalTime } from '../activities/local-time';
import * as activityRepo from '../activities/repository';
import { getActivity, instantOf } from '../activities/service';
import { projectMeetings } from '../b2b/meeting-repository';
import type { AuthContext } from '../session/auth-context';
import * as repo from './repository';

/** Midnight starting a day (`YYYY-MM-DD`) of the zone, as an instant (a day starting in a skipped hour starts later). */
export function startOfDay(day: string, zone: string): Date {
  return DateTime.fromISO(day, { zone }).startOf('day').toJSDate();
}

/** The end of an activity: its start plus its duration. */
export const endOf = (row: { startsAt: Date | null; durationMinutes: number }) =>
  new Date((row.startsAt as Date).getTime() + row.durationMinutes * 60_000);

/** The calendar's days from..to (of the project's zone): the activities overlapping them, and those without date. */
export async function getCalendar(deps: Deps, auth: AuthContext, projectId: string, query: CalendarQuery) {
  const project = await assertProject(deps.db, auth, projectId);
  const zone = project.timeZone;
  const plusDays = (day: string, days: number) => DateTime.fromISO(day).plus({ days }).toISODate() as string;
  const today = DateTime.fromJSDate(deps.now(), { zone }).toISODate() as string;
  const firstDay = query.from ?? (query.to ? plusDays(query.to, -12) : plusDays(today, -6));
  const lastDay = query.to ?? plusDays(firstDay, 12);
  const from = startOfDay(firstDay, zone);
  const to = startOfDay(plusDays(lastDay, 1), zone);
  const [rows, undated, meetings] = await Promise.all([
    repo.listDatedBetween(deps.db, auth.companyId, projectId, from, to),
    repo.listUndated(deps.db, auth.companyId, projectId, auth.locale, UNDATED_MAX),
    projectMeetings(deps.db, auth.companyId, projectId, { from, to }),
  ]);
  return {
    timeZone: zone,
    items: rows.map((row) => {
      const start = describeInstant(row.startsAt as Date, zone);
      const end = endOf(row);
      return {
        id: row.id,
        title: { fr: row.titleFr, en: row.titleEn },
        type: row.type as ActivityType,
        section: row.sectionId
          ? { id: row.sectionId, name: { fr: row.sectionNameFr ?? '', en: row.sectionNameEn ?? '' } }
          : null,
        location: row.location,
        startsAt: row.startsAt,
        startsAtLocal: start.local,
        startsAtOffset: start.choice,
        endsAt: end,
        endsAtLocal: toLocalTime(end, zone),
        durationMinutes: row.durationMinutes,
        backgroundColor: row.backgroundColor,
      };
    }),
    undated: undated.items.map((row) => ({
      id: row.id,
      title: { fr: row.titleFr, en: row.titleEn },
      type: row.type as ActivityType,
    })),
    undatedTotal: undated.total,
    meetings: meetings.map((m) => ({
      id: m.id,
      sessionId: m.sessionId,
      sessionName: m.sessionName,
      startsAt: m.startsAt,
      startsAtLocal: toLocalTime(m.startsAt, zone),
      endsAt: m.endsAt,
      endsAtLocal: toLocalTime(m.endsAt, zone),
      table: m.tableNumber,
      people: [`${m.aFirstName} ${m.aLastName}`, `${m.bFirstName} ${m.bLastName}`] as [string, string],
    })),
  };
}

/**
 * A drag or a resize in the calendar: the activity gets this start (a local time of the project's zone, under the
 * same daylight-saving rules as the activity form) and duration, and a date if it had none. Nothing else changes.
 */
export async function rescheduleActivity(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  activityId: string,
  input: ActivityScheduleInput,
) {
  await deps.db.transaction(async (tx) => {
    const project = await assertProject(tx, auth, projectId);
    const [locked] = await activityRepo.lockActivities(tx, auth.companyId, projectId, [activityId]);
    if (!locked) throw AppError.notFound();
    if (!input.startsAt) throw AppError.field('startsAt', 'validation.activities.startRequired');
    const startsAt = instantOf(input.startsAt, project.timeZone, input.startsAtOffset, 'startsAt');
    await activityRepo.updateActivities(tx, projectId, [activityId], {
      startsAt,
      durationMinutes: input.durationMinutes ?? locked.durationMinutes,
      noDate: false,
    });
  });
  return getActivity(deps, auth, projectId, activityId);
}
