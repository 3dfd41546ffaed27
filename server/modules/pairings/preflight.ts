import type { PairingPreflight } from '../../../contracts/pairing-seats';
import type { Deps } from '../../deps';
import { tablesPreflight } from '../../matching/preflight';
import type { AuthContext } from '../session/auth-context';
import { buildTablesInstance } from './instance-builder';
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
  const instance = buildTablesInstance(data);
  if (!instance.tables.length) {
    const people = instance.people.length;
    return {
      people,
      tableSize: 0,
      roundsBound: 0,
      predictedMeetingsPerPerson: 0,
      findings: [{ code: 'seatsShort', people, seats: 0 }],
    };
  }
  const result = tablesPreflight(instance);
  const numbers = new Map((await categoryTables(deps.db, pairing.categoryId)).map((t) => [t.id, t.number]));
  return {
    ...result,
    findings: result.findings.map((finding) =>
      finding.code === 'chosenTableOverbooked'
        ? { ...finding, table: numbers.get(finding.table) ?? 0 }
        : finding,
    ),
  };
}
