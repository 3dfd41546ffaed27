import { describe, expect, it } from 'vitest';
import { meetingsOptimum } from '../../../bench/matching/highs';
import type { MeetingsInstance } from '../instance';
import { generateMeetingsInstance } from './generate';
import { solveMeetings } from './index';
import { recountMeetings } from './recount.unit-support';

const solve = (instance: MeetingsInstance, seed = 1, signal?: AbortSignal) =>
  solveMeetings(instance, { seed, timeLimitSeconds: 30, signal });

const event = generateMeetingsInstance({
  people: 100,
  requests: 400,
  slots: 12,
  tables: 30,
  cap: 10,
  seed: 7,
});

describe('solveMeetings', () => {
  it('places meetings that keep every rule, and reports the weight it placed and a bound above it', async () => {
    const result = await solve(event);
    const { weight, errors } = recountMeetings(event, result);
    expect(errors).toEqual([]);
    expect(result.stats.weight).toBe(weight);
    expect(result.stats.bound).toBeGreaterThanOrEqual(weight);
    // Tables are full or people are at their cap: most of the requests are placed.
    expect(result.meetings.length).toBeGreaterThan(300);
  });

  it('gives the same meetings for the same seed', async () => {
    const first = await solve(event, 5);
    const second = await solve(event, 5);
    expect(second.meetings).toEqual(first.meetings);
    expect(second.stats.weight).toBe(first.stats.weight);
  });

  it('returns a valid result when aborted, before it starts or while it runs', async () => {
    const before = new AbortController();
    before.abort();
    const early = await solve(event, 1, before.signal);
    expect(recountMeetings(event, early).errors).toEqual([]);

    const during = new AbortController();
    const progress: number[] = [];
    const result = await solveMeetings(event, {
      seed: 1,
      timeLimitSeconds: 30,
      signal: during.signal,
      onProgress: ({ best }) => {
        progress.push(best);
        during.abort();
      },
    });
    const { weight, errors } = recountMeetings(event, result);
    expect(errors).toEqual([]);
    expect(result.stats.weight).toBe(weight);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('keeps the heaviest of a pair asked twice, leaves out a person with herself, ignores slots past the last', async () => {
    const instance: MeetingsInstance = {
      kind: 'meetings',
      slots: 1,
      tables: 5,
      people: [
        { id: 'ana', available: [0, 3], max: 5 },
        { id: 'bo', available: [0], max: 5 },
      ],
      requests: [
        { a: 'ana', b: 'bo', weight: 2 },
        { a: 'bo', b: 'ana', weight: 4 },
        { a: 'ana', b: 'ana', weight: 5 },
      ],
    };
    const result = await solve(instance);
    expect(result.meetings).toEqual([{ a: 'bo', b: 'ana', slot: 0, table: 0 }]);
    expect(result.stats.weight).toBe(4);
  });

  it('refuses a request naming someone who is not among the people', async () => {
    const instance: MeetingsInstance = {
      kind: 'meetings',
      slots: 2,
      tables: 1,
      people: [{ id: 'ana', available: [0, 1], max: 1 }],
      requests: [{ a: 'ana', b: 'zoe', weight: 1 }],
    };
    await expect(solve(instance)).rejects.toThrow('unknown person "zoe"');
  });

  it('reaches the optimum HiGHS proves on small events, and bounds it from above', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const instance = generateMeetingsInstance({
        people: 12,
        requests: 30,
        slots: 4,
        tables: 3,
        cap: 3,
        seed,
      });
      const optimum = await meetingsOptimum(instance, { timeLimitSeconds: 20 });
      expect(optimum.status).toBe('optimal');
      const result = await solve(instance, seed);
      expect(recountMeetings(instance, result).errors).toEqual([]);
      expect({ seed, weight: result.stats.weight }).toEqual({ seed, weight: Math.round(optimum.objective) });
      // A bound is never under what can be placed.
      expect(result.stats.bound).toBeGreaterThanOrEqual(Math.round(optimum.objective));
    }
  }, 60_000);
});
