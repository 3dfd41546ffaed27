import ical from 'ical-generator';
import { DateTime } from 'luxon';
import type { Language } from '../../../contracts/http';
import type { CalendarRow } from './repository';

export interface FeedContent {
  /** The calendar's name as applications show it. */
  name: string;
  /** The project's zone, named to calendar applications (X-WR-TIMEZONE); the times themselves are written in UTC. */
  timeZone: string;
  /** Titles are written in the project's default language. */
  language: Language;
  activities: CalendarRow[];
  /** DTSTAMP: when the file is written. */
  now: Date;
  /** B2B meetings, each with its title already written in the feed's language. */
  meetings?: {
    id: string;
    startsAt: Date;
    endsAt: Date;
    summary: string;
    location: string | null;
    updatedAt: Date;
  }[];
}

/**
 * An iCalendar file (RFC 5545) of dated activities, written by ical-generator (escaping of commas, semicolons,
 * backslashes and newlines, lines folded at 75 octets without cutting a character). Each event's UID is the
 * activity's id, so that a calendar application updates an event rather than adding another when it moves.
 * Every DTSTART and DTEND is an instant in UTC (`…Z`, RFC 5545 §3.3.5 form 2), which means exactly one moment: a
 * wall time with TZID would mean the FIRST of the two 01:30 of the night clocks fall back (§3.3.5), so an activity
 * saved on the second one would show an hour early. The project's zone is named by X-WR-TIMEZONE, for the
 * applications that use it as the calendar's display zone (docs/activities/calendar.md).
 */
export function writeFeed(content: FeedContent): string {
  const calendar = ical({
    name: content.name,
    prodId: { company: 'Maillage', product: 'Maillage', language: content.language.toUpperCase() },
    // Subscribed applications are told how often to read the feed again.
    ttl: 60 * 60,
  });
  calendar.x('X-WR-TIMEZONE', content.timeZone);
  // An instant in UTC: written `…Z` (no event names a zone, so the file needs no VTIMEZONE).
  const at = (instant: Date) => DateTime.fromJSDate(instant, { zone: 'utc' });
  for (const activity of content.activities) {
    const start = activity.startsAt as Date;
    const end = new Date(start.getTime() + activity.durationMinutes * 60_000);
    calendar.createEvent({
      id: `${activity.id}@maillage`,
      start: at(start),
      end: at(end),
      stamp: at(content.now),
      lastModified: at(activity.updatedAt),
      summary: content.language === 'en' ? activity.titleEn : activity.titleFr,
      location: activity.location,
    });
  }
  for (const meeting of content.meetings ?? []) {
    calendar.createEvent({
      id: `${meeting.id}@maillage-meeting`,
      start: at(meeting.startsAt),
      end: at(meeting.endsAt),
      stamp: at(content.now),
      lastModified: at(meeting.updatedAt),
      summary: meeting.summary,
      location: meeting.location,
    });
  }
  return calendar.toString();
}
