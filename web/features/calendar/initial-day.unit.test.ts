import { describe, expect, it } from 'vitest';
import { initialDay } from './initial-day';

const project = { startsOn: '2026-12-09', endsOn: '2026-12-10' };

describe('the day the calendar opens on', () => {
  it('is the project’s first day when the project is ahead', () => {
    expect(initialDay({ ...project, urlDate: undefined, today: '2026-11-27' })).toBe('2026-12-09');
  });

  it('is today while the project is under way, its first and last days included', () => {
    expect(initialDay({ ...project, urlDate: undefined, today: '2026-12-09' })).toBe('2026-12-09');
    expect(initialDay({ ...project, urlDate: undefined, today: '2026-12-10' })).toBe('2026-12-10');
  });

  it('is the project’s first day when the project is over', () => {
    expect(initialDay({ ...project, urlDate: undefined, today: '2027-01-04' })).toBe('2026-12-09');
  });

  it('is the day in the URL, whatever the project’s dates', () => {
    expect(initialDay({ ...project, urlDate: '2026-11-02', today: '2026-12-09' })).toBe('2026-11-02');
    expect(initialDay({ ...project, urlDate: '2027-03-01', today: '2026-11-27' })).toBe('2027-03-01');
  });
});
