import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { DateTime } from 'luxon';
import type { Language } from '../../../contracts/http';
import type { CalendarRow } from './repository';

export interface FeedContent {
  /** The calendar's name as applications show it. */
  name: string;
  /** The project's zone: every time is written in it (TZID) with its VTIMEZONE. */
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
 * Times are wall times of the project's zone with its VTIMEZONE (@touch4it/ical-timezones); a zone it does not
 * know is written in UTC instead, the instants staying the same.
 */
export function writeFeed(content: FeedContent): string {
  const zone = getVtimezoneComponent(content.timeZone) ? content.timeZone : null;
  const calendar = ical({
    name: content.name,
    prodId: { company: 'Maillage', product: 'Maillage', language: content.language.toUpperCase() },
    // Only a generator at the calendar's level: DTSTAMP stays in UTC, each event names its zone.
    timezone: { name: null, generator: getVtimezoneComponent },
    // Subscribed applications are told how often to read the feed again.
    ttl: 60 * 60,
  });
  if (zone) calendar.x('X-WR-TIMEZONE', zone);
  const at = (instant: Date) => (zone ? DateTime.fromJSDate(instant, { zone }) : instant);
  for (const activity of content.activities) {
    const start = activity.startsAt as Date;
    const end = new Date(start.getTime() + activity.durationMinutes * 60_000);
    calendar.createEvent({
      id: `${activity.id}@maillage`,
      start: at(start),
      end: at(end),
      timezone: zone,
      stamp: DateTime.fromJSDate(content.now, { zone: 'utc' }),
      lastModified: DateTime.fromJSDate(activity.updatedAt, { zone: 'utc' }),
      summary: content.language === 'en' ? activity.titleEn : activity.titleFr,
      location: activity.location,
    });
  }
  for (const meeting of content.meetings ?? []) {
    calendar.createEvent({
      id: `${meeting.id}@maillage-meeting`,
      start: at(meeting.startsAt),
      end: at(meeting.endsAt),
      timezone: zone,
      stamp: DateTime.fromJSDate(content.now, { zone: 'utc' }),
      lastModified: DateTime.fromJSDate(meeting.updatedAt, { zone: 'utc' }),
      summary: meeting.summary,
      location: meeting.location,
    });
  }
  return calendar.toString();
}
