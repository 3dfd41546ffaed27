import { describe, expect, it } from 'vitest';
import { addDays, dayOf, floating, minutesBetween, nowIn, rangeOf, wallTimeOf } from './floating-time';

describe('floating wall times of the project’s zone', () => {
  it('keep the wall time as it is, whatever the zone and daylight saving', () => {
    // 02:30 on the night clocks move forward in Toronto: a slot of its own, the server decides.
    for (const local of ['2027-03-14T02:30', '2027-11-07T01:30', '1999-12-31T23:59', '2027-06-01T00:00']) {
      expect(wallTimeOf(floating(local))).toBe(local);
    }
    expect(dayOf(floating('2027-06-01T23:30'))).toBe('2027-06-01');
    expect(minutesBetween(floating('2027-03-14T01:30'), floating('2027-03-14T03:30'))).toBe(120);
  });

  it('give the present wall time of a zone, and the days a view asks for', () => {
    const instant = new Date('2027-06-02T03:30:00Z');
    expect(wallTimeOf(nowIn('America/Toronto', instant))).toBe('2027-06-01T23:30');
    expect(wallTimeOf(nowIn('Asia/Tokyo', instant))).toBe('2027-06-02T12:30');
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(rangeOf('day', '2027-06-01')).toEqual({ from: '2027-06-01', to: '2027-06-01' });
    expect(rangeOf('week', '2027-06-01')).toEqual({ from: '2027-05-26', to: '2027-06-07' });
  });
});
