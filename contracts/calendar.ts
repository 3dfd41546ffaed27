import { z } from 'zod';
import { activityListItem, activityType, DURATION_MAX, localDateTime, offsetChoice } from './activities';
import { calendarDate, defineEndpoint, timestamp, uuidParam } from './http';

/**
 * The activities calendar (day and week views, grouped by section or location) and the iCalendar feeds of a
 * project and of each participant, read at secret addresses (`/calendar/<token>.ics`). Times are local times of the
 * project's zone, as everywhere in activities. See docs/activities/calendar.md.
 */

/** The widest range the calendar asks for at once: a week view and its margins, with room to spare. */
export const CALENDAR_RANGE_MAX_DAYS = 62;
/** At most this many activities without date are listed beside the calendar. */
export const UNDATED_MAX = 500;

const localizedName = z.object({ fr: z.string(), en: z.string() });

export const calendarQuery = z
  .object({
    /** The first day shown (a day of the project's zone); by default 6 days before today (or before `to`). */
    from: calendarDate.optional(),
    /** The last day shown, included; by default 12 days after `from`. */
    to: calendarDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'validation.calendar.range', path: ['to'] })
  .refine(
    (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < CALENDAR_RANGE_MAX_DAYS,
    { error: 'validation.calendar.range', path: ['to'] },
  );
export type CalendarQuery = z.input<typeof calendarQuery>;

/** An activity placed in the calendar: its times as instants and as wall times of the project's zone. */
export const calendarActivity = activityListItem.pick({
  id: true,
  title: true,
  type: true,
  section: true,
  location: true,
  startsAt: true,
  startsAtLocal: true,
  startsAtOffset: true,
  endsAt: true,
  endsAtLocal: true,
  durationMinutes: true,
  backgroundColor: true,
});
export type CalendarActivity = z.input<typeof calendarActivity>;

export const undatedActivity = z.object({ id: z.uuid(), title: localizedName, type: activityType });
export type UndatedActivity = z.input<typeof undatedActivity>;

/** A one-to-one meeting of a B2B session, shown in the calendar as an event of its own (not moved by dragging). */
export const calendarMeeting = z.object({
  id: z.uuid(),
  sessionId: z.uuid().nullable(),
  sessionName: z.string().nullable(),
  startsAt: timestamp,
  startsAtLocal: z.string(),
  endsAt: timestamp,
  endsAtLocal: z.string(),
  table: z.number().int(),
  /** The two people, « First Last ». */
  people: z.tuple([z.string(), z.string()]),
});
export type CalendarMeeting = z.input<typeof calendarMeeting>;

export const calendarResponse = z.object({
  /** The project's zone, in which the local times are written. */
  timeZone: z.string(),
  /** The dated activities that overlap the range, by start. */
  items: z.array(calendarActivity),
  /** The activities without date (the first UNDATED_MAX by title), and how many there are. */
  undated: z.array(undatedActivity),
  undatedTotal: z.number().int(),
  /** The B2B meetings that overlap the range, by start. */
  meetings: z.array(calendarMeeting),
});
export type CalendarResponse = z.input<typeof calendarResponse>;

/**
 * A drag or a resize in the calendar: the new start (local time of the project's zone) and duration (left out: kept).
 * The start is required by the service (`validation.activities.startRequired`), as in the activity form; any other
 * field is refused.
 */
export const activityScheduleInput = z.strictObject({
  startsAt: localDateTime.optional(),
  startsAtOffset: offsetChoice.optional(),
  durationMinutes: z
    .number({ error: 'validation.activities.duration' })
    .int({ error: 'validation.activities.duration' })
    .min(0, { error: 'validation.activities.duration' })
    .max(DURATION_MAX, { error: 'validation.activities.duration' })
    .optional(),
});
export type ActivityScheduleInput = z.input<typeof activityScheduleInput>;

// ---------- iCalendar feeds ----------

/** A feed's address: its secret (32 characters of base64url, 24 random bytes) and `.ics`. */
export const FEED_FILE_PATTERN = /^([A-Za-z0-9_-]{32})\.ics$/;

export const calendarFeed = z.object({
  /** The feed's address on this server, from its root (`/calendar/<token>.ics`); null until one is made. */
  path: z.string().nullable(),
  createdAt: timestamp.nullable(),
});
export type CalendarFeed = z.input<typeof calendarFeed>;

const tag = 'calendar';
const projectParams = z.object({ projectId: uuidParam });
const participantParams = projectParams.extend({ participantId: uuidParam });

export const getActivityCalendar = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/activity-calendar',
  access: 'user',
  tag,
  summary:
    'The calendar of the activities: the dated activities overlapping the days from..to (project zone, 62 days at most; by default the 13 days around today) and those without date',
  params: projectParams,
  query: calendarQuery,
  response: calendarResponse,
});

export const rescheduleActivity = defineEndpoint({
  method: 'PUT',
  path: '/api/projects/:projectId/activities/:activityId/schedule',
  access: 'user',
  tag,
  summary:
    'Move or resize an activity (calendar drag): new start as a local time of the project’s zone (required) and duration (left out: kept); a time daylight saving skips is refused, a repeated one needs startsAtOffset',
  params: projectParams.extend({ activityId: uuidParam }),
  body: activityScheduleInput,
  response: activityListItem,
});

export const getProjectCalendarFeed = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/calendar-feed',
  access: 'user',
  tag,
  summary: 'The address of the project’s iCalendar feed (null until made)',
  params: projectParams,
  response: calendarFeed,
});

export const regenerateProjectCalendarFeed = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/calendar-feed',
  access: 'user',
  tag,
  summary: 'Make the project’s feed a new secret address; the previous one stops answering (404)',
  params: projectParams,
  response: calendarFeed,
});

export const getParticipantCalendarFeed = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId/calendar-feed',
  access: 'user',
  tag,
  summary: 'The address of a participant’s iCalendar feed (the activities they are inscribed in or host)',
  params: participantParams,
  response: calendarFeed,
});

export const regenerateParticipantCalendarFeed = defineEndpoint({
  method: 'POST',
  path: '/api/projects/:projectId/participants/:participantId/calendar-feed',
  access: 'user',
  tag,
  summary: 'Make a participant’s feed a new secret address; the previous one stops answering (404)',
  params: participantParams,
  response: calendarFeed,
});

export const downloadProjectCalendar = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/calendar.ics',
  access: 'user',
  tag,
  summary: 'Download the project’s activities as an iCalendar file (RFC 5545)',
  params: projectParams,
  response: z.string(),
});

export const downloadParticipantCalendar = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId/calendar.ics',
  access: 'user',
  tag,
  summary: 'Download a participant’s activities as an iCalendar file (RFC 5545)',
  params: participantParams,
  response: z.string(),
});

export const readCalendarFeed = defineEndpoint({
  method: 'GET',
  path: '/calendar/:file',
  access: 'public',
  // A read of the feed is not the organiser's activity, even from a signed-in browser.
  touchesSession: false,
  tag,
  summary:
    'A feed read by a calendar application at its secret address (`<token>.ics`, no session): text/calendar; an unknown or replaced token is 404; rate-limited',
  // Any name is read (an unknown one is 404, whatever its shape): the address tells nothing beyond found or not.
  params: z.object({ file: z.string().max(100, { error: 'validation.invalid' }) }),
  response: z.string(),
});
