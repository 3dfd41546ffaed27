import type { EditionTabProps } from './tabs';

/** V4 participation tab. */
export function ParticipationTab(_props: EditionTabProps) {
  return null;
}
