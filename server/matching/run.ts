/**
 * Placeholder until the worker runner lands (it runs the solver in a worker thread): same signature, solves in the
 * calling thread.
 */
import type { MatchingInstance, MatchingResult, SolveOptions } from './instance';
import { solveMeetings } from './meetings';
import { solveTables } from './tables';

export function solveInWorker(instance: MatchingInstance, options: SolveOptions): Promise<MatchingResult> {
  return instance.kind === 'tables' ? solveTables(instance, options) : solveMeetings(instance, options);
}
