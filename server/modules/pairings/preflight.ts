import type { PairingPreflight, PreflightFinding } from '../../../contracts/pairing-seats';
import type { Deps } from '../../deps';
import { TOGETHER_LIMIT } from '../../matching/instance';
import { tablesPreflight } from '../../matching/preflight';
import type { AuthContext } from '../session/auth-context';
import { buildTablesInstance, togetherPairs } from './instance-builder';
import { loadPairingData } from './instance-loader';
import { categoryTables } from './seats-repository';
import { getPairingRow, scopeOf } from './service';

/**
 * X10 on the pairing page: the instance a generation would solve, built the same way (instance-loader + builder),
 * read by `tablesPreflight` before anything runs. Table ids become their numbers, which the organiser knows.
 */
export async function getPreflight(
  deps: Deps,
  auth: AuthContext,
  projectId: string,
  pairingId: string,
): Promise<PairingPreflight> {
  const pairing = await getPairingRow(deps.db, scopeOf(auth, projectId), pairingId);
  const data = await loadPairingData(deps.db, pairing, projectId);
  // Past TOGETHER_LIMIT « rencontre » pairs the generation refuses: say so, and check the rest without them.
  const { requested } = togetherPairs(data);
  const tooMany = requested > TOGETHER_LIMIT;
  const instance = buildTablesInstance(tooMany ? { ...data, meetRules: [] } : data);
  const refused: PreflightFinding[] = tooMany
    ? [{ code: 'togetherTooMany', pairs: requested, limit: TOGETHER_LIMIT }]
    : [];
  if (!instance.tables.length) {
    const people = instance.people.length;
    return {
      people,
      tableSize: 0,
      roundsBound: 0,
      predictedMeetingsPerPerson: 0,
      findings: [{ code: 'seatsShort', people, seats: 0 }, ...refused],
    };
  }
  const result = tablesPreflight(instance);
  const numbers = new Map((await categoryTables(deps.db, pairing.categoryId)).map((t) => [t.id, t.number]));
  return {
    ...result,
    findings: [
      ...result.findings.map((finding) =>
        finding.code === 'chosenTableOverbooked'
          ? { ...finding, table: numbers.get(finding.table) ?? 0 }
          : finding,
      ),
      ...refused,
    ],
  };
}
