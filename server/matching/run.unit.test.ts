import { describe, expect, it } from 'vitest';
import { checkMeetings } from './checker';
import { generateMeetingsInstance } from './meetings/generate';
import { randomMeetingsInstance, randomTablesInstance } from './random';
import { solveInWorker } from './run';

const tables = randomTablesInstance({ seed: 1, tables: 3, seats: 3, rounds: 2 });
const meetings = randomMeetingsInstance({ seed: 1, people: 8, requests: 12, slots: 3, tables: 2, cap: 3 });

describe('solveInWorker', () => {
  it('runs the tables solver in a worker and carries its result back', async () => {
    expect(await solveInWorker(tables, { seed: 1, timeLimitSeconds: 1 })).toHaveProperty('rounds');
  });

  it('runs the meetings solver in a worker and carries its result back', async () => {
    expect(await solveInWorker(meetings, { seed: 1, timeLimitSeconds: 1 })).toHaveProperty('meetings');
  });

  it('refuses a solve aborted before it starts', async () => {
    await expect(
      solveInWorker(meetings, { seed: 1, timeLimitSeconds: 1, signal: AbortSignal.abort() }),
    ).rejects.toThrow('aborted before it started');
  });

  it('relays progress, and an abort returns the best result so far, which the checker accepts', async () => {
    const instance = generateMeetingsInstance({
      people: 300,
      requests: 1500,
      slots: 16,
      tables: 80,
      cap: 12,
      seed: 4,
    });
    const controller = new AbortController();
    const progress: number[] = [];
    const solving = solveInWorker(instance, {
      seed: 1,
      // Far longer than the test's timeout: only the abort ends it in time.
      timeLimitSeconds: 600,
      signal: controller.signal,
      onProgress: ({ fraction }) => progress.push(fraction),
    });
    setTimeout(() => controller.abort(), 300);
    const result = await solving;
    expect(checkMeetings(instance, result).violations).toEqual([]);
    expect(result.meetings.length).toBeGreaterThan(0);
    expect(progress.length).toBeGreaterThan(0);
  }, 30_000);
});
