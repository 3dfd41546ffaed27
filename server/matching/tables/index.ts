import type { SolveOptions, TablesInstance, TablesResult } from '../instance';

/** Table rounds and score grouping (rounds = 1): see ./README or docs/matching/solvers.md. */
export async function solveTables(_instance: TablesInstance, _options: SolveOptions): Promise<TablesResult> {
  throw new Error('solveTables: not built yet');
}
