import { describe, expect, it } from 'vitest';
import { randomMeetingsInstance, randomTablesInstance } from './random';
import { solveInWorker } from './run';

// While the solvers are stubs, the runner must carry their error back as a rejection with its message; once they
// land, it returns a result the checker accepts.
const tables = randomTablesInstance({ seed: 1, tables: 3, seats: 3, rounds: 2 });
const meetings = randomMeetingsInstance({ seed: 1, people: 8, requests: 12, slots: 3, tables: 2, cap: 3 });

async function outcome(promise: Promise<unknown>) {
  try {
    return { result: await promise };
  } catch (error) {
    return { error: error as Error };
  }
}

describe('solveInWorker', () => {
  it('runs the tables solver in a worker and carries its result or its error back', async () => {
    const { result, error } = await outcome(solveInWorker(tables, { seed: 1, timeLimitSeconds: 1 }));
    if (error) expect(error.message).toBe('solveTables: not built yet');
    else expect(result).toHaveProperty('rounds');
  });

  it('runs the meetings solver in a worker and carries its result or its error back', async () => {
    const { result, error } = await outcome(solveInWorker(meetings, { seed: 1, timeLimitSeconds: 1 }));
    if (error) expect(error.message).toBe('solveMeetings: not built yet');
    else expect(result).toHaveProperty('meetings');
  });

  it('refuses a solve aborted before it starts', async () => {
    await expect(
      solveInWorker(meetings, { seed: 1, timeLimitSeconds: 1, signal: AbortSignal.abort() }),
    ).rejects.toThrow('aborted before it started');
  });
});
