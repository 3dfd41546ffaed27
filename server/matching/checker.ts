/**
 * The independent checker of matching results (matching.md: stats are recomputed from the result, never trusted
 * from the solver): `checkResult` recounts every statistic of a result from its instance and lists the rules it
 * breaks. Used by `npm run pairing`, `npm run bench -- matching` and the tests.
 */
import { checkMeetings, type MeetingsCheck } from './check-meetings';
import { checkTables, type TablesCheck } from './check-tables';
import type {
  MatchingInstance,
  MatchingResult,
  MeetingsInstance,
  MeetingsResult,
  TablesInstance,
  TablesResult,
} from './instance';

export { checkMeetings, type MeetingsCheck } from './check-meetings';
export { checkTables, type TablesCheck } from './check-tables';

export function checkResult(instance: TablesInstance, result: TablesResult): TablesCheck;
export function checkResult(instance: MeetingsInstance, result: MeetingsResult): MeetingsCheck;
export function checkResult(instance: MatchingInstance, result: MatchingResult): TablesCheck | MeetingsCheck;
export function checkResult(instance: MatchingInstance, result: MatchingResult): TablesCheck | MeetingsCheck {
  return instance.kind === 'tables'
    ? checkTables(instance, result as TablesResult)
    : checkMeetings(instance, result as MeetingsResult);
}
