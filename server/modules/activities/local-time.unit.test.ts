import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { describeInstant, offsetAt, offsetChoiceOf, resolveLocalTime, toLocalTime } from './local-time';

const instant = (iso: string) => ({ kind: 'instant', instant: new Date(iso) });

describe('local times of a project’s zone', () => {
  describe('America/Toronto (clocks forward on 2026-03-08 at 02:00, back on 2026-11-01 at 02:00)', () => {
    const zone = 'America/Toronto';

    it('an ordinary time is one instant, in winter and in summer', () => {
      expect(resolveLocalTime('2026-01-15T09:00', zone)).toEqual(instant('2026-01-15T14:00:00Z'));
      expect(resolveLocalTime('2026-07-15T09:00', zone)).toEqual(instant('2026-07-15T13:00:00Z'));
    });

    it('the hour skipped in spring does not exist, at its first and last minute', () => {
      expect(resolveLocalTime('2026-03-08T02:00', zone)).toEqual({ kind: 'nonexistent' });
      expect(resolveLocalTime('2026-03-08T02:30', zone)).toEqual({ kind: 'nonexistent' });
      expect(resolveLocalTime('2026-03-08T02:59', zone)).toEqual({ kind: 'nonexistent' });
      // A choice does not make it exist.
      expect(resolveLocalTime('2026-03-08T02:30', zone, 'later')).toEqual({ kind: 'nonexistent' });
    });

    it('the minutes around the spring gap exist', () => {
      expect(resolveLocalTime('2026-03-08T01:59', zone)).toEqual(instant('2026-03-08T06:59:00Z'));
      expect(resolveLocalTime('2026-03-08T03:00', zone)).toEqual(instant('2026-03-08T07:00:00Z'));
    });

    it('the hour repeated in autumn is ambiguous until a choice is made', () => {
      expect(resolveLocalTime('2026-11-01T01:30', zone)).toEqual({
        kind: 'ambiguous',
        earlier: new Date('2026-11-01T05:30:00Z'),
        later: new Date('2026-11-01T06:30:00Z'),
        earlierOffset: '-04:00',
        laterOffset: '-05:00',
      });
      expect(resolveLocalTime('2026-11-01T01:00', zone).kind).toBe('ambiguous');
      expect(resolveLocalTime('2026-11-01T01:59', zone).kind).toBe('ambiguous');
      expect(resolveLocalTime('2026-11-01T01:30', zone, 'earlier')).toEqual(instant('2026-11-01T05:30:00Z'));
      expect(resolveLocalTime('2026-11-01T01:30', zone, 'later')).toEqual(instant('2026-11-01T06:30:00Z'));
    });

    it('the minutes around the repeated hour are not ambiguous, and a choice changes nothing there', () => {
      expect(resolveLocalTime('2026-11-01T00:59', zone)).toEqual(instant('2026-11-01T04:59:00Z'));
      expect(resolveLocalTime('2026-11-01T02:00', zone)).toEqual(instant('2026-11-01T07:00:00Z'));
      expect(resolveLocalTime('2026-11-01T02:00', zone, 'earlier')).toEqual(instant('2026-11-01T07:00:00Z'));
    });

    it('an instant reads back as its wall time and offset', () => {
      expect(toLocalTime(new Date('2026-11-01T05:30:00Z'), zone)).toBe('2026-11-01T01:30');
      expect(toLocalTime(new Date('2026-11-01T06:30:00Z'), zone)).toBe('2026-11-01T01:30');
      expect(offsetAt(new Date('2026-11-01T05:30:00Z'), zone)).toBe('-04:00');
      expect(offsetAt(new Date('2026-11-01T06:30:00Z'), zone)).toBe('-05:00');
      expect(toLocalTime(new Date('2026-03-08T07:00:00Z'), zone)).toBe('2026-03-08T03:00');
    });

    it('an instant of the repeated hour says which choice names it; any other needs none', () => {
      expect(offsetChoiceOf(new Date('2026-11-01T05:30:00Z'), zone)).toBe('earlier');
      expect(offsetChoiceOf(new Date('2026-11-01T06:30:00Z'), zone)).toBe('later');
      expect(offsetChoiceOf(new Date('2026-11-01T07:30:00Z'), zone)).toBeNull();
      expect(offsetChoiceOf(new Date('2026-07-01T12:00:00Z'), zone)).toBeNull();
    });
  });

  describe('Europe/Paris (clocks forward on 2026-03-29 at 02:00, back on 2026-10-25 at 03:00)', () => {
    const zone = 'Europe/Paris';

    it('02:30 on the spring night does not exist', () => {
      expect(resolveLocalTime('2026-03-29T02:30', zone)).toEqual({ kind: 'nonexistent' });
      expect(resolveLocalTime('2026-03-29T01:59', zone)).toEqual(instant('2026-03-29T00:59:00Z'));
      expect(resolveLocalTime('2026-03-29T03:00', zone)).toEqual(instant('2026-03-29T01:00:00Z'));
    });

    it('02:30 on the autumn night is lived twice', () => {
      expect(resolveLocalTime('2026-10-25T02:30', zone)).toEqual({
        kind: 'ambiguous',
        earlier: new Date('2026-10-25T00:30:00Z'),
        later: new Date('2026-10-25T01:30:00Z'),
        earlierOffset: '+02:00',
        laterOffset: '+01:00',
      });
      expect(resolveLocalTime('2026-10-25T02:30', zone, 'later')).toEqual(instant('2026-10-25T01:30:00Z'));
      expect(resolveLocalTime('2026-10-25T03:00', zone)).toEqual(instant('2026-10-25T02:00:00Z'));
    });

    it('an instant reads as its wall time, its offset and, in the repeated hour only, which of the two it is', () => {
      expect(describeInstant(new Date('2026-10-25T00:30:00Z'), zone)).toEqual({
        local: '2026-10-25T02:30',
        offset: '+02:00',
        choice: 'earlier',
      });
      expect(describeInstant(new Date('2026-10-25T01:30:00Z'), zone)).toEqual({
        local: '2026-10-25T02:30',
        offset: '+01:00',
        choice: 'later',
      });
      // Near the change but outside the repeated hour.
      expect(describeInstant(new Date('2026-10-25T02:30:00Z'), zone).choice).toBeNull();
      expect(describeInstant(new Date('2026-03-29T01:30:00Z'), zone)).toEqual({
        local: '2026-03-29T03:30',
        offset: '+02:00',
        choice: null,
      });
    });

    it('an ordinary time is one instant', () => {
      expect(resolveLocalTime('2026-06-10T14:15', zone)).toEqual(instant('2026-06-10T12:15:00Z'));
      expect(toLocalTime(new Date('2026-06-10T12:15:00Z'), zone)).toBe('2026-06-10T14:15');
    });
  });

  describe('a zone without daylight saving time (Asia/Tokyo)', () => {
    const zone = 'Asia/Tokyo';

    it('every local time is one instant, on the nights other zones change', () => {
      for (const local of ['2026-03-08T02:30', '2026-03-29T02:30', '2026-10-25T02:30', '2026-11-01T01:30']) {
        const result = resolveLocalTime(local, zone);
        expect(result.kind).toBe('instant');
        if (result.kind === 'instant') expect(toLocalTime(result.instant, zone)).toBe(local);
      }
      expect(resolveLocalTime('2026-11-01T01:30', zone)).toEqual(instant('2026-10-31T16:30:00Z'));
    });
  });

  it('a time of a zone that moves by half an hour (Australia/Lord_Howe) follows the same rules', () => {
    expect(resolveLocalTime('2026-10-04T02:15', 'Australia/Lord_Howe')).toEqual({ kind: 'nonexistent' });
    expect(resolveLocalTime('2026-04-05T01:45', 'Australia/Lord_Howe').kind).toBe('ambiguous');
    expect(describeInstant(new Date('2026-04-04T14:45:00Z'), 'Australia/Lord_Howe')).toEqual({
      local: '2026-04-05T01:45',
      offset: '+11:00',
      choice: 'earlier',
    });
  });
});

describe('offsets read once per hour (the zone behind describeInstant, toLocalTime, offsetAt)', () => {
  // Zones with quarter-hour and half-hour offsets and changes (Kathmandu, Chatham, Lord Howe) beside the usual ones.
  const zones = [
    'America/Toronto',
    'Europe/Paris',
    'Asia/Kathmandu',
    'Pacific/Chatham',
    'Australia/Lord_Howe',
  ];
  const HOUR = 3_600_000;

  it('reads, every 3 h 10 min of a year and at each minute around each change, what Luxon reads at that instant', () => {
    for (const zone of zones) {
      const offset = (ts: number) => DateTime.fromMillis(ts, { zone }).offset;
      const instants: number[] = [];
      for (let ts = Date.UTC(2026, 0, 1); ts < Date.UTC(2027, 0, 1); ts += (19 * HOUR) / 6) instants.push(ts);
      // Each change of offset, to the second, found between the two samples around it.
      const changes: number[] = [];
      for (let i = 1; i < instants.length; i++) {
        let [before, after] = [instants[i - 1], instants[i]];
        if (offset(before) === offset(after)) continue;
        while (after - before > 1000) {
          const middle = Math.floor((before + after) / 2);
          if (offset(middle) === offset(before)) before = middle;
          else after = middle;
        }
        changes.push(after);
      }
      expect(changes.length, zone).toBe(zone === 'Asia/Kathmandu' ? 0 : 2);
      // Around each change of offset: every minute of the two hours either side.
      for (const change of changes) {
        for (let ts = change - 2 * HOUR; ts <= change + 2 * HOUR; ts += 60_000) instants.push(ts);
      }
      const differences = instants
        .map((ts) => {
          const plain = DateTime.fromMillis(ts, { zone });
          const at = new Date(ts);
          const expected = `${plain.toFormat("yyyy-MM-dd'T'HH:mm")} ${plain.toFormat('ZZ')}`;
          const read = `${toLocalTime(at, zone)} ${offsetAt(at, zone)}`;
          return read === expected ? null : `${at.toISOString()}: ${read} instead of ${expected}`;
        })
        .filter(Boolean);
      expect(differences, zone).toEqual([]);
    }
  }, 60_000);
});
