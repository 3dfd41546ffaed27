/**
 * The independent checker of matching results (matching.md: stats are recomputed from the result, never trusted
 * from the solver): `checkResult` recounts every statistic of a result from its instance and lists the rules it
 * breaks. Used by `npm run pairing`, `npm run bench -- matching` and the tests.
 */
import { type CheckedMeetings, checkMeetings, type MeetingsCheck } from './check-meetings';
import { type CheckedTables, checkTables, type TablesCheck } from './check-tables';
import type { MatchingInstance, MatchingResult, MeetingsInstance, TablesInstance } from './instance';

export { type CheckedMeetings, checkMeetings, type MeetingsCheck } from './check-meetings';
export { type CheckedTables, checkTables, type TablesCheck } from './check-tables';

export function checkResult(instance: TablesInstance, result: CheckedTables): TablesCheck;
export function checkResult(instance: MeetingsInstance, result: CheckedMeetings): MeetingsCheck;
export function checkResult(instance: MatchingInstance, result: MatchingResult): TablesCheck | MeetingsCheck;
export function checkResult(
  instance: MatchingInstance,
  result: CheckedTables | CheckedMeetings,
): TablesCheck | MeetingsCheck {
  return instance.kind === 'tables'
    ? checkTables(instance, result as CheckedTables)
    : checkMeetings(instance, result as CheckedMeetings);
}
