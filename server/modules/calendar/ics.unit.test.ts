import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { readIcsEvents, unfold, wallTimeInstant } from '../../../tests/support/ics-reader';
import { writeFeed } from './ics';
import type { CalendarRow } from './repository';

/**
 * Instants on both sides of both daylight-saving changes of 2027 in Toronto: clocks move forward at 02:00 on
 * 14 March (02:00–02:59 do not exist) and fall back at 02:00 on 7 November (01:00–01:59 are lived twice).
 */
const EDGES: { name: string; start: string; end: string }[] = [
  {
    name: '01:59 EST, the last minute before spring',
    start: '2027-03-14T06:59:00.000Z',
    end: '2027-03-14T07:00:00.000Z',
  },
  {
    name: '03:00 EDT, the first minute after spring',
    start: '2027-03-14T07:00:00.000Z',
    end: '2027-03-14T07:30:00.000Z',
  },
  {
    name: '01:30 EST → 04:30 EDT, across spring',
    start: '2027-03-14T06:30:00.000Z',
    end: '2027-03-14T08:30:00.000Z',
  },
  {
    name: '00:59 EDT, before the repeated hour',
    start: '2027-11-07T04:59:00.000Z',
    end: '2027-11-07T05:00:00.000Z',
  },
  { name: 'the first 01:30 (EDT)', start: '2027-11-07T05:30:00.000Z', end: '2027-11-07T06:15:00.000Z' },
  { name: 'the second 01:30 (EST)', start: '2027-11-07T06:30:00.000Z', end: '2027-11-07T07:15:00.000Z' },
  {
    name: '02:00 EST, after the repeated hour',
    start: '2027-11-07T07:00:00.000Z',
    end: '2027-11-07T07:30:00.000Z',
  },
  {
    name: '00:30 EDT → the second 01:30, across autumn',
    start: '2027-11-07T04:30:00.000Z',
    end: '2027-11-07T06:30:00.000Z',
  },
];

const minutes = (start: string, end: string) => (Date.parse(end) - Date.parse(start)) / 60_000;

function activity(i: number, edge: (typeof EDGES)[number]): CalendarRow {
  return {
    id: `activity-${i}`,
    titleFr: edge.name,
    titleEn: edge.name,
    type: 'workshop',
    sectionId: null,
    sectionNameFr: null,
    sectionNameEn: null,
    location: null,
    startsAt: new Date(edge.start),
    durationMinutes: minutes(edge.start, edge.end),
    backgroundColor: null,
    updatedAt: new Date('2027-01-01T00:00:00Z'),
  };
}

const feed = writeFeed({
  name: 'Salon',
  timeZone: 'America/Toronto',
  language: 'fr',
  now: new Date('2027-01-02T03:04:05Z'),
  activities: EDGES.map((edge, i) => activity(i, edge)),
  meetings: EDGES.map((edge, i) => ({
    id: `meeting-${i}`,
    startsAt: new Date(edge.start),
    endsAt: new Date(edge.end),
    summary: edge.name,
    location: null,
    updatedAt: new Date('2027-01-01T00:00:00Z'),
  })),
});

describe('the strict reader follows RFC 5545 §3.3.5 on a TZID wall time', () => {
  const toronto = (month: number, day: number, hour: number, minute: number) =>
    wallTimeInstant('America/Toronto', { year: 2027, month, day, hour, minute, second: 0 }).toISOString();

  it('reads a wall time lived twice as its first occurrence, and one skipped with the offset before the gap', () => {
    expect(toronto(11, 7, 0, 59)).toBe('2027-11-07T04:59:00.000Z');
    expect(toronto(11, 7, 1, 30)).toBe('2027-11-07T05:30:00.000Z');
    expect(toronto(11, 7, 2, 0)).toBe('2027-11-07T07:00:00.000Z');
    expect(toronto(3, 14, 1, 59)).toBe('2027-03-14T06:59:00.000Z');
    expect(toronto(3, 14, 2, 30)).toBe('2027-03-14T07:30:00.000Z');
    expect(toronto(3, 14, 3, 0)).toBe('2027-03-14T07:00:00.000Z');
  });

  it('so the former form of the second 01:30 meant the first one, an hour early', () => {
    const [event] = readIcsEvents(
      [
        'BEGIN:VEVENT',
        'UID:x',
        'DTSTART;TZID=America/Toronto:20271107T013000',
        'DTEND;TZID=America/Toronto:202711',
        ' 07T021500',
        'END:VEVENT',
        '',
      ].join('\r\n'),
    );
    expect(event.start.iso).toBe('2027-11-07T05:30:00.000Z');
    expect(event.end.iso).toBe('2027-11-07T07:15:00.000Z');
  });

  it('refuses a floating time, which is no instant', () => {
    expect(() =>
      readIcsEvents(
        ['BEGIN:VEVENT', 'UID:x', 'DTSTART:20271107T013000', 'DTEND:20271107T023000Z', 'END:VEVENT'].join(
          '\r\n',
        ),
      ),
    ).toThrow(/floating/);
  });
});

describe('the feed writes every start and end as the one instant it is', () => {
  it('in UTC, activities and meetings alike, on both sides of both changes', () => {
    const events = readIcsEvents(feed);
    const expected = EDGES.flatMap((edge, i) =>
      [`activity-${i}@maillage`, `meeting-${i}@maillage-meeting`].map((uid) => [uid, edge.start, edge.end]),
    );
    expect(events.map((e) => [e.uid, e.start.iso, e.end.iso]).sort()).toEqual(expected.sort());
    for (const event of events) {
      const utc = (iso: string) => iso.replace(/[-:]|\.000/g, '');
      expect([event.start.line, event.end.line]).toEqual([
        `DTSTART:${utc(event.start.iso)}`,
        `DTEND:${utc(event.end.iso)}`,
      ]);
    }
  });

  it('names the project’s zone for display, with no TZID nor VTIMEZONE left to interpret', () => {
    const lines = unfold(feed);
    expect(lines).toContain('X-WR-TIMEZONE:America/Toronto');
    expect(lines.filter((line) => /TZID|VTIMEZONE/.test(line) && !line.startsWith('X-WR-'))).toEqual([]);
    expect(lines).toContain('DTSTAMP:20270102T030405Z');
  });

  it('reads the same with ical.js', () => {
    const calendar = new ICAL.Component(ICAL.parse(feed));
    const read = calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return [event.uid, event.startDate.toJSDate().toISOString(), event.endDate.toJSDate().toISOString()];
    });
    expect(read).toEqual(readIcsEvents(feed).map((e) => [e.uid, e.start.iso, e.end.iso]));
  });
});
