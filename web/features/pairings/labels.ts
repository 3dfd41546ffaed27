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
