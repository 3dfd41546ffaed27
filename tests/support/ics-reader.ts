import { IANAZone } from 'luxon';

/**
 * A small, strict reader of the events of an iCalendar file, for the tests: it checks what the feeds' DTSTART and
 * DTEND MEAN under RFC 5545, not what one library makes of them. ical.js 2.2.1 reads the second 01:30 of the night
 * clocks fall back from a TZID wall time, and 02:30 of the spring night as 01:30 (it compares a zone's changes as if
 * they were in UTC, kewisch/ical.js#847): not what RFC 5545 says, so it cannot prove that a written time means one
 * instant.
 *
 * - Lines are unfolded as §3.1 says: a CRLF followed by one space or tab is removed.
 * - `…Z` (§3.3.5 form 2) is that instant in UTC.
 * - `TZID=<zone>` with a wall time (form 3) is read with the zone's rules (IANA, through Intl, as Google and Outlook
 *   resolve a zone by its name): a wall time lived twice is its FIRST occurrence, and one that does not exist is
 *   read with the offset in force before the gap (§3.3.5).
 * - A floating time (form 1, no Z and no TZID) or a DATE is no instant: the reader throws.
 */

export interface IcsInstant {
  /** The instant, ISO 8601 in UTC (as `Date.toISOString()`). */
  iso: string;
  /** The property as written, unfolded: `DTSTART:20271107T063000Z`. */
  line: string;
}

export interface IcsEvent {
  uid: string;
  start: IcsInstant;
  end: IcsInstant;
}

/** The unfolded content lines (§3.1). */
export function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

const WALL = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;

/** The instant a wall time of `zone` means under RFC 5545 §3.3.5. */
export function wallTimeInstant(
  zone: string,
  wall: { year: number; month: number; day: number; hour: number; minute: number; second: number },
): Date {
  const iana = IANAZone.create(zone);
  if (!iana.isValid) throw new Error(`unknown TZID ${zone}`);
  // The wall time's fields read as if in UTC; an instant is this minus the offset in force then.
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const day = 24 * 60 * 60_000;
  // Offsets never change twice within a day: those of the day before and after are every candidate.
  const offsets = [...new Set([iana.offset(local - day), iana.offset(local), iana.offset(local + day)])];
  const instants = offsets
    .map((offset) => local - offset * 60_000)
    .filter((instant) => local - iana.offset(instant) * 60_000 === instant)
    .sort((a, b) => a - b);
  // Lived twice: the first occurrence. Skipped (none): the offset before the gap.
  return new Date(instants[0] ?? local - iana.offset(local - day) * 60_000);
}

function instantOf(line: string): IcsInstant {
  const colon = line.indexOf(':');
  const [, ...parameters] = line.slice(0, colon).split(';');
  const value = line.slice(colon + 1);
  const match = WALL.exec(value);
  if (!match) throw new Error(`not a DATE-TIME: ${line}`);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const tzid = parameters.find((p) => p.toUpperCase().startsWith('TZID='))?.slice(5);
  if (match[7] === 'Z') {
    if (tzid) throw new Error(`a UTC time with a TZID: ${line}`);
    return { iso: new Date(Date.UTC(year, month - 1, day, hour, minute, second)).toISOString(), line };
  }
  if (!tzid) throw new Error(`a floating time is no instant: ${line}`);
  return { iso: wallTimeInstant(tzid, { year, month, day, hour, minute, second }).toISOString(), line };
}

/** Every VEVENT of the file with its UID, start and end. */
export function readIcsEvents(text: string): IcsEvent[] {
  const events: IcsEvent[] = [];
  let current: Map<string, string> | null = null;
  for (const line of unfold(text)) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT' && current) {
      const uid = current.get('UID');
      const start = current.get('DTSTART');
      const end = current.get('DTEND');
      if (!uid || !start || !end) throw new Error(`an event without UID, DTSTART or DTEND: ${uid}`);
      events.push({ uid: uid.slice(4), start: instantOf(start), end: instantOf(end) });
      current = null;
    } else if (current) {
      const name = /^[A-Za-z0-9-]+/.exec(line)?.[0].toUpperCase();
      if (name && ['UID', 'DTSTART', 'DTEND'].includes(name)) {
        if (current.has(name)) throw new Error(`${name} twice in an event: ${line}`);
        current.set(name, line);
      }
    }
  }
  return events;
}
