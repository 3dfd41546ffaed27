import { describe, expect, it } from 'vitest';
import { addMinutes, formatWallTime, meetingsPreview } from './preview';

describe('meetings preview', () => {
  it('counts rounds × tables and ends after the last round, without the last interval', () => {
    expect(meetingsPreview([25, 25, 25, 25, 25], '2027-06-01T09:00', 20, 5)).toEqual({
      rounds: 5,
      tables: 25,
      count: 125,
      start: '2027-06-01T09:00',
      end: '2027-06-01T11:00',
    });
    expect(meetingsPreview([2, 3], '2027-06-01T23:50', 20, 0)).toMatchObject({
      tables: null,
      count: 5,
      end: '2027-06-02T00:30',
    });
  });

  it('shows nothing without rounds, start or duration', () => {
    expect(meetingsPreview([], '2027-06-01T09:00', 20, 5)).toBeNull();
    expect(meetingsPreview([1], '', 20, 5)).toBeNull();
    expect(meetingsPreview([1], '2027-06-01T09:00', 0, 5)).toBeNull();
  });

  it('adds minutes to a wall time and writes its hour in each language', () => {
    expect(addMinutes('2027-12-31T23:30', 45)).toBe('2028-01-01T00:15');
    expect(formatWallTime('2027-06-01T09:00', 'fr-CA')).toBe('9 h 00');
    expect(formatWallTime('2027-06-01T11:40', 'en-CA')).toBe('11:40 a.m.');
  });
});
