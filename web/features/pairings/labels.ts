import type { Algorithm } from '../../../contracts/pairings';

/** The name (locale key under pairings.algorithms) of each legacy algorithm value (docs/matching/pairings.md). */
const ALGORITHM_NAMES: Record<string, string> = {
  '-1': 'choices1',
  '-2': 'choices2',
  '-3': 'choices3',
  '1': 'rotation',
  '2': 'similar',
  '3': 'diverse',
  '7': 'byQuestion',
};

export const algorithmName = (algorithm: Algorithm | number) =>
  ALGORITHM_NAMES[String(algorithm)] ?? 'rotation';

/**
 * Whether a table's name says more than its number: not when empty or « Table 3 » for table 3 (the default name of
 * J7 tables, the same in French and English), which a heading « Table 3 · Table 3 » would only repeat.
 */
export function tableHasOwnName(table: { number: number; name?: string | null }): boolean {
  const name = table.name?.trim();
  if (!name) return false;
  const plain = /^table\s*(\d+)$/i.exec(name);
  return !plain || Number(plain[1]) !== table.number;
}
