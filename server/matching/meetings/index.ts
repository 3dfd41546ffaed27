import type { MeetingsInstance, MeetingsResult, SolveOptions } from '../instance';

/** One-to-one meetings: requests placed in slots and tables (docs/matching/solvers.md). */
export async function solveMeetings(
  _instance: MeetingsInstance,
  _options: SolveOptions,
): Promise<MeetingsResult> {
  throw new Error('solveMeetings: not built yet');
}
